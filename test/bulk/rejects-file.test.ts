import { describe, expect, it } from 'vitest';
import { RejectsFile } from '../../src/bulk/index.js';
import { csvCells, workspace } from '../helpers/files.js';

describe('rows to fix cut from rows to fix', () => {
  it.each(['사유', 'error'])(
    'a header ending in the column of reasons (%s) is repeated without it: each row with its new reason alone',
    async (column) => {
      // As the terminal and the page both write them, from a file that was itself rows to fix.
      const files = workspace();
      const file = await RejectsFile.create(files.path('again.csv'), {
        header: ['order_id', 'recipient_cellphone', column],
        delimiter: ',',
        reasonColumn: '사유',
      });
      await file.add(['ORD-1', '1012345678', 'the reason of the round before'], 'the reason of this round');
      await file.close(undefined);
      expect(csvCells(files.read('again.csv'))).toEqual([
        ['order_id', 'recipient_cellphone', '사유'],
        ['ORD-1', '1012345678', 'the reason of this round'],
      ]);
    },
  );
});

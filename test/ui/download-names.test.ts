import { describe, expect, it } from 'vitest';
import { rejectsRound } from '../../src/bulk/index.js';
import { downloadName } from '../../src/ui/downloads.js';
import type { UploadSession } from '../../src/ui/session.js';

const named = (label: string) => ({ label }) as UploadSession;

describe('the names of rejects files', () => {
  it('a rejects file is a round of its input, whatever its extension', () => {
    expect(rejectsRound('orders.csv')).toEqual({ name: 'orders', round: 0 });
    expect(rejectsRound('/a/b/orders.rejects.xlsx')).toEqual({ name: 'orders', round: 1 });
    expect(rejectsRound('주문.rejects-2.csv')).toEqual({ name: '주문', round: 2 });
    // Not a round: a name that only looks like one, or one with nothing before it.
    expect(rejectsRound('orders.rejects-0.csv')).toEqual({ name: 'orders.rejects-0', round: 0 });
    expect(rejectsRound('.rejects.csv')).toEqual({ name: '.rejects', round: 0 });
    expect(rejectsRound('my.rejects.list.csv')).toEqual({ name: 'my.rejects.list', round: 0 });
  });

  it('the page names the rows to fix of a rejects file as the terminal does: the next round', () => {
    expect(downloadName(named('orders.xlsx'), 'rejects', 'xlsx')).toBe('orders.rejects.xlsx');
    expect(downloadName(named('orders.rejects.xlsx'), 'rejects', 'csv')).toBe('orders.rejects-2.csv');
    expect(downloadName(named('orders.rejects-2.csv'), 'rejects', 'csv')).toBe('orders.rejects-3.csv');
    expect(downloadName(named('orders.rejects.xlsx'), 'report', 'csv')).toBe('orders.rejects.report.csv');
  });
});

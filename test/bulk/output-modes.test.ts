import { chmodSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { workspace } from '../helpers/files.js';
import { writeWorkbook } from '../helpers/workbook.js';

const t = useService();

const modeOf = (path: string) => statSync(path).mode & 0o777;

const HEADER = ['order_id', 'recipient_name', 'recipient_cellphone', 'item_id', 'product_id', 'product_name'];
/** One order to send and one whose phone lost its leading 0 (a row to fix). */
const ROWS = [
  ['MODE-1', '김민지', '010-1234-5678', 'MODE-1-1', 'P-1', '사과'],
  ['MODE-2', '박지훈', '1012345678', 'MODE-2-1', 'P-1', '사과'],
];
const csv = (rows: string[][]) => `${[HEADER, ...rows].map((row) => row.join(',')).join('\n')}\n`;

describe("the files an upload writes from a file's rows are no more open than the file", () => {
  it('a CSV readable by its owner alone: its rows to fix and its report too', async () => {
    const files = workspace();
    const input = files.write('orders.csv', csv(ROWS));
    chmodSync(input, 0o600);
    const report = files.path('orders.report.csv');
    const result = await cli(['order', 'create', input, '--report', report, '-q'], { env: t.env });
    expect(result.code).toBe(4);
    expect(modeOf(files.path('orders.rejects.csv'))).toBe(0o600);
    expect(modeOf(report)).toBe(0o600);
  });

  it("the mode is the input's own (here readable by its group), not a fixed one", async () => {
    const files = workspace();
    const input = files.write('orders.ndjson', `${JSON.stringify({ id: 'MODE-3' })}\n`);
    chmodSync(input, 0o640);
    const result = await cli(['order', 'create', input, '-q'], { env: t.env });
    expect(result.code).toBe(4);
    // The umask may take bits away, never add any.
    expect(modeOf(files.path('orders.rejects.ndjson')) & ~0o640).toBe(0);
    expect(modeOf(files.path('orders.rejects.ndjson')) & 0o600).toBe(0o600);
  });

  it('rows to fix an earlier run left open to all are closed when the input is closed', async () => {
    const files = workspace();
    const input = files.write('orders.csv', csv(ROWS));
    chmodSync(input, 0o644);
    expect((await cli(['order', 'create', input, '-q'], { env: t.env })).code).toBe(4);
    const rejects = files.path('orders.rejects.csv');
    chmodSync(rejects, 0o644);
    chmodSync(input, 0o600);
    expect((await cli(['order', 'create', input, '-q'], { env: t.env })).code).toBe(4);
    expect(modeOf(rejects)).toBe(0o600);
  });

  it('a workbook, locked or not', async () => {
    const files = workspace();
    for (const password of [undefined, '비밀 1234']) {
      const name = password === undefined ? 'open' : 'locked';
      const input = await writeWorkbook(
        files.path(`${name}.xlsx`),
        [{ name: '주문', rows: [HEADER, ...ROWS] }],
        password === undefined ? {} : { password },
      );
      chmodSync(input, 0o600);
      const result = await cli(
        ['order', 'create', input, '-q', ...(password === undefined ? [] : ['--password-stdin'])],
        { env: t.env, ...(password === undefined ? {} : { stdin: `${password}\n` }) },
      );
      expect(result.code).toBe(4);
      expect(modeOf(files.path(`${name}.rejects.xlsx`))).toBe(0o600);
    }
  });
});

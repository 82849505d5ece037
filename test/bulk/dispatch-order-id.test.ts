import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { SMARTSTORE_37, smartstoreDownload } from '../helpers/downloads.js';
import { workspace } from '../helpers/files.js';
import { ORDERS_HEADER } from '../helpers/samples.js';
import { tempDir } from '../helpers/temp.js';
import { writeWorkbook } from '../helpers/workbook.js';

const t = useService({ applyDelay: { minMs: 0, maxMs: 0 } });

const ORDER = SMARTSTORE_37.indexOf('주문번호');
const ITEM = SMARTSTORE_37.indexOf('상품주문번호');
const CARRIER = SMARTSTORE_37.indexOf('택배사');
const TRACKING = SMARTSTORE_37.indexOf('송장번호');

describe('a Smartstore dispatch sheet whose orders were sent from another computer', () => {
  it('goes in by its 주문번호 when it has one; the four-column form can only find orders sent from here', async () => {
    const files = workspace();
    const download = smartstoreDownload('20261130777', 3);
    const lines = download.slice(2);
    // The orders go in from another computer: a ledger this one does not have.
    const elsewhere = { ...t.env, INTAKE_DATA_DIR: tempDir('intake-data-') };
    const orders = files.write(
      'orders.csv',
      [
        ORDERS_HEADER,
        ...lines.map(
          (row) =>
            `${row[ORDER]},김민지,010-2000-1000,${row[ITEM]},81001,감귤,https://cdn.example.com/81001.jpg`,
        ),
      ].join('\n') + '\n',
    );
    expect((await cli(['order', 'create', orders], { env: elsewhere })).code).toBe(0);
    await t.service.local.apply();

    // Here: the order download with 택배사 and 송장번호 filled in.
    for (const [index, row] of lines.entries()) {
      row[CARRIER] = 'CJ대한통운';
      row[TRACKING] = `64012345${String(6700 + index)}`;
    }
    const sheet = await writeWorkbook(files.path('발주발송관리.xlsx'), [
      { name: '발주발송관리', rows: download },
    ]);
    const sent = await cli(['shipment', 'create', sheet, '--json'], { env: t.env });
    expect(sent.stderr).toContain('reading them with the preset smartstore-dispatch');
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.summary()).toMatchObject({ records: 4, accepted: 4 });
    await t.service.local.apply();
    const shipped = await t.service.local.order('202611307770003');
    expect(shipped?.shipments.map((shipment) => shipment.order_item_ids)).toEqual([
      ['2026113077700031'],
      ['2026113077700032'],
    ]);

    // The four-column 발송처리 form has no 주문번호: its items are looked for in this computer's ledger.
    const form = [
      ['상품주문번호', '배송방법', '택배사', '송장번호'],
      [lines[0]?.[ITEM] as string, '택배,등기,소포', 'CJ대한통운', '640123459999'],
    ];
    const formSheet = await writeWorkbook(files.path('발송처리.xlsx'), [{ name: '발송처리', rows: form }]);
    const refused = await cli(['shipment', 'create', formSheet, '--dry-run'], { env: t.env });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain(
      `1 row names no order_id, and no order sent from here has its item: ${lines[0]?.[ITEM]} (row 2)`,
    );
  });
});

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectKind, openFile, plainOptions } from '../../src/bulk/index.js';
import { csvRow } from '../../src/util/csv.js';
import { SMARTSTORE_37, smartstoreDownload } from '../helpers/downloads.js';
import { FIXTURES } from '../helpers/files.js';
import { tempDir } from '../helpers/temp.js';

async function kindOf(path: string, format: 'csv' | 'xlsx' = 'csv') {
  const reading = {
    options: plainOptions({ dryRun: true, format }),
    password: () => Promise.reject(new Error('no password here')),
  };
  return (await detectKind(await openFile(path), format, reading)).kind;
}

function csv(name: string, lines: readonly string[]): string {
  const path = join(tempDir('detect-kind-'), name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

describe('what a file holds, when the person lets Intake say', () => {
  it("by Intake's columns and by a marketplace's layout", async () => {
    expect(await kindOf(`${FIXTURES}/orders.csv`)).toBe('order');
    expect(await kindOf(`${FIXTURES}/shipments.csv`)).toBe('shipment');
    expect(await kindOf(`${FIXTURES}/products.csv`)).toBe('product');
    expect(await kindOf(`${FIXTURES}/smartstore-orders.xlsx`, 'xlsx')).toBe('order');
  });

  it("by the shop's own headers, when Intake's guess of them finds every column one kind needs", async () => {
    // Korean headers of the shop's own, in CP949: orders.
    expect(await kindOf(`${FIXTURES}/orders-cp949.csv`)).toBe('order');
    expect(
      await kindOf(
        csv('송장.csv', [
          '주문번호,주문상품번호,택배사,송장번호',
          'ORD-1,ORD-1-1,kr.cjlogistics,640123456789',
        ]),
      ),
    ).toBe('shipment');
    expect(
      await kindOf(
        csv('상품.csv', [
          '상품번호,상품명,상품 이미지',
          'P-1,제주 감귤 5kg,https://shop.example.com/p-1.jpg',
        ]),
      ),
    ).toBe('product');
    // A shop system's English export: the words such exports use (customer, line, item name, picture).
    expect(
      await kindOf(
        csv('export.csv', [
          'Order No,Customer,Mobile,Line,SKU,Item name,Picture',
          'A-1,Kim,010-1111-2222,A-1-1,S1,Apple,https://img.example.com/s1.jpg',
        ]),
      ),
    ).toBe('order');
    expect(
      await kindOf(csv('catalog.csv', ['SKU,Title,Thumbnail', 'S1,Apple,https://img.example.com/s1.jpg'])),
    ).toBe('product');
    expect(
      await kindOf(
        csv('dispatch.csv', [
          'Order No,Item No,Shipping company,Waybill',
          'A-1,A-1-1,kr.cjlogistics,640123456789',
        ]),
      ),
    ).toBe('shipment');
  });

  it("a shop's files with no line id (its id made of the order's and the product's): the dispatch sheet is shipments, the export orders until some row is shipped", async () => {
    expect(
      await kindOf(
        csv('발송.csv', ['주문ID,상품코드,옵션,택배사,송장번호', 'A-1,P-1,S,CJ대한통운,640123456789']),
      ),
    ).toBe('shipment');
    const header = '주문ID,받는분,휴대폰,상품코드,상품이름,택배사,송장번호';
    expect(await kindOf(csv('주문.csv', [header, 'A-1,김하나,010-1000-2001,P-1,감귤,,']))).toBe('order');
    expect(
      await kindOf(csv('주문.csv', [header, 'A-1,김하나,010-1000-2001,P-1,감귤,CJ대한통운,640123456789'])),
    ).toBeUndefined();
  });

  it('not when the headers name no kind whole: the person says', async () => {
    expect(await kindOf(csv('memo.csv', ['날짜,메모', '2026-11-30,전화 드리기']))).toBeUndefined();
    // An order id and an item id alone could be orders or shipments: neither is whole.
    expect(await kindOf(csv('ids.csv', ['주문번호,주문상품번호', 'ORD-1,ORD-1-1']))).toBeUndefined();
  });

  it('an order download with tracking numbers filled in: the person says, told why', async () => {
    const rows = smartstoreDownload('2026113', 3).slice(1);
    const read = async (lines: string[][]) =>
      detectKind(
        await openFile(
          csv(
            '발송.csv',
            lines.map((row) => csvRow(row)),
          ),
        ),
        'csv',
        {
          options: plainOptions({ dryRun: true, format: 'csv' }),
          password: () => Promise.reject(new Error('no password here')),
        },
      );
    expect(await read(rows)).toEqual({ kind: 'order', filledIn: false });
    const filled = rows.map((row, index) =>
      index === 2 ? row.map((cell, at) => (SMARTSTORE_37[at] === '송장번호' ? '640123456789' : cell)) : row,
    );
    expect(await read(filled)).toEqual({ kind: undefined, filledIn: true });
  });
});

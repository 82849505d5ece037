// A large Smartstore-shaped order download for the spreadsheet figure, written once (streaming) and kept
// in bench/.out/ between runs.
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';

export const OUT = join(import.meta.dirname, '..', '.out');

const HEADER = [
  '상품주문번호',
  '주문번호',
  '상품번호',
  '상품명',
  '옵션정보',
  '수량',
  '구매자명',
  '구매자ID',
  '수취인명',
  '수취인연락처1',
  '배송지',
];

/** The workbook of `rows` lines (two per order), and a catalog of its 500 products; made once. */
export async function smartstoreWorkbook(rows) {
  mkdirSync(OUT, { recursive: true });
  const path = join(OUT, `smartstore-${rows}.xlsx`);
  const catalog = join(OUT, 'catalog-500.csv');
  if (!existsSync(catalog)) {
    const lines = ['id,name,image_url'];
    for (let n = 0; n < 500; n++)
      lines.push(`${8100000000 + n},상품 ${n},https://shop.example.com/p/${n}.jpg`);
    writeFileSync(catalog, `${lines.join('\n')}\n`);
  }
  if (existsSync(path)) return { path, catalog };
  const partial = `${path}.partial`;
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: partial, useSharedStrings: true });
  const sheet = book.addWorksheet('주문조회');
  sheet.addRow(['스마트스토어 주문조회']).commit();
  sheet.addRow(HEADER).commit();
  for (let line = 0; line < rows; line++) {
    const n = Math.floor(line / 2);
    sheet
      .addRow([
        2026112200000000 + line,
        2026112290000000 + n,
        8100000000 + (line % 500),
        `상품 ${line % 500}`,
        line % 2 ? '색상: 블랙' : '',
        1,
        '김민지',
        `buyer${n % 9000}`,
        '김민지',
        `010-${String(1000 + (n % 9000)).padStart(4, '0')}-${String(n % 10000).padStart(4, '0')}`,
        `서울시 강남구 테헤란로 ${n}`,
      ])
      .commit();
  }
  await book.commit();
  renameSync(partial, path);
  return { path, catalog };
}

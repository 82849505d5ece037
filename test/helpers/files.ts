import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { tempDir } from './temp.js';

export const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures');

/** A fresh temp folder with copies of the named fixtures (uploads write rejects and journals next to them). */
export function workspace(...fixtures: string[]): {
  dir: string;
  path: (name: string) => string;
  write: (name: string, text: string | Buffer) => string;
  read: (name: string) => string;
  readBytes: (name: string) => Buffer;
} {
  const dir = tempDir('intake-bulk-');
  for (const name of fixtures) copyFileSync(join(FIXTURES, name), join(dir, name));
  return {
    dir,
    path: (name) => join(dir, name),
    write: (name, text) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    },
    read: (name) => readFileSync(join(dir, name), 'utf8'),
    readBytes: (name) => readFileSync(join(dir, name)),
  };
}

/** Parses CSV text (as the tool writes it, byte-order mark included) into rows of cells. */
export function csvCells(text: string): string[][] {
  return parse(text, { bom: true, relax_column_count: true }) as string[][];
}

export const readText = (path: string) => readFileSync(path, 'utf8');

/**
 * A shop's own orders export with no line id (주문ID, 받는분, 휴대폰, 상품코드, 상품이름, 이미지, 옵션), as
 * a `--columns` JSON: each line's id is the order's and the product's columns joined.
 */
export const SHOP_JOINED_COLUMNS = JSON.stringify({
  order_id: '주문ID',
  recipient_name: '받는분',
  recipient_cellphone: '휴대폰',
  item_id: ['주문ID', '상품코드'],
  product_id: '상품코드',
  product_name: '상품이름',
  product_image_url: '이미지',
  product_option: '옵션',
});

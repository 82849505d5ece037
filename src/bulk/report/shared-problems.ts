import type { Problem } from '../problems.js';
import { koreanUnit } from '../unit-words.js';
import { count } from '../../util/count.js';

// Problems many rows share, said once for all of them at the terminal instead of row by row: a
// marketplace download names its products without an image (each row of a product would say so), and a
// dispatch sheet of items whose orders were not sent from here fails every row alike. The other
// problems follow by row, where they are not lost among these.

/** What a product lacks that no catalog gives: its name, or its image address. */
export type LackedField = 'name' | 'image_url';

/** The products that lack one field, each with the first rows naming it, in order of first row. */
export interface ProductsLacking {
  field: LackedField;
  products: { id: string; rows: number[] }[];
}

/** Shipments without an order id whose items no order sent from here has: the items, and their rows. */
export interface OrdersUnknown {
  items: string[];
  rows: number[];
}

/** What many rows share. */
export interface SharedProblems {
  lacking: ProductsLacking[];
  unknown?: OrdersUnknown;
}

/**
 * How the terminal words them; `within`, when only the first rows with problems were kept to look at.
 */
export interface SharedWords {
  /** `3 products have no image address …: 81003 (rows 3, 6, 7, …), …`. */
  lacking(lacking: ProductsLacking, unitName: string, within?: number): string;
  /** How to give them once: `intake catalog set 81003 --image-url …, or --products FILE`. */
  give(example: string, fields: readonly LackedField[]): string;
  /** `300 rows name items no order sent from here has …`, and what to do. */
  unknown(unknown: OrdersUnknown, unitName: string, within?: number): string[];
}

/** Products or items named in a line before "and N more". */
const NAMED = 10;
/** Rows named for each product, or for the items. */
const ROWS_SHOWN = 3;

const SHARED = new Set(['missing_product_data', 'order_not_found']);

/** The rows' problems split in two: what many rows share, and the other problems, by row. */
export function splitShared(listed: ReadonlyMap<number, readonly Problem[]>): {
  shared: SharedProblems;
  rest: Map<number, readonly Problem[]>;
  /** The rows whose only problems are shared ones. */
  covered: number;
} {
  const byField = new Map<LackedField, Map<string, number[]>>();
  const unknown: OrdersUnknown = { items: [], rows: [] };
  const rest = new Map<number, readonly Problem[]>();
  let covered = 0;
  // Rows in order, so that a row already noted for a product or the items is the last one noted.
  for (const row of [...listed.keys()].sort((a, b) => a - b)) {
    const problems = listed.get(row) ?? [];
    for (const problem of problems) {
      const values = problem.said?.values ?? {};
      if (problem.said?.code === 'order_not_found') {
        unknown.items.push(String(values.item ?? ''));
        if (unknown.rows.at(-1) !== row) unknown.rows.push(row);
      } else if (problem.said?.code === 'missing_product_data') {
        const field: LackedField = values.field === 'name' ? 'name' : 'image_url';
        const products = byField.get(field) ?? new Map<string, number[]>();
        byField.set(field, products);
        const rows = products.get(String(values.product ?? '')) ?? [];
        if (rows.at(-1) !== row) rows.push(row);
        products.set(String(values.product ?? ''), rows);
      }
    }
    const others = problems.filter((problem) => !SHARED.has(problem.said?.code ?? ''));
    if (others.length > 0) rest.set(row, others);
    else if (problems.length > 0) covered += 1;
  }
  const lacking = (['name', 'image_url'] as const).flatMap((field) => {
    const products = byField.get(field);
    return products ? [{ field, products: [...products].map(([id, rows]) => ({ id, rows })) }] : [];
  });
  return { shared: { lacking, ...(unknown.rows.length > 0 ? { unknown } : {}) }, rest, covered };
}

/** The lines that say what many rows share, in the words given. */
export function sharedLines(
  shared: SharedProblems,
  words: SharedWords,
  unitName: string,
  within: number | undefined,
): string[] {
  const example = shared.lacking[0]?.products[0]?.id;
  return [
    ...shared.lacking.map((each) => words.lacking(each, unitName, within)),
    ...(example === undefined
      ? []
      : [
          words.give(
            example,
            shared.lacking.map((each) => each.field),
          ),
        ]),
    ...(shared.unknown ? words.unknown(shared.unknown, unitName, within) : []),
  ];
}

/** `3, 6, 7, …`: the first rows. */
const firstRows = (rows: readonly number[]) =>
  rows.slice(0, ROWS_SHOWN).join(', ') + (rows.length > ROWS_SHOWN ? ', …' : '');

/** `81003 (rows 3, 6, 7, …), 81001 (row 4)`, with `rows` as each language names them. */
export function productList(
  products: ProductsLacking['products'],
  rows: (numbers: string) => string,
  more: (left: number) => string,
): string {
  const named = products.slice(0, NAMED).map(({ id, rows: at }) => `${id} (${rows(firstRows(at))})`);
  const left = products.length - NAMED;
  return named.join(', ') + (left > 0 ? more(left) : '');
}

/** `2026112210000011, 2026112210000012, …`: the first items. */
const itemList = (items: readonly string[]) =>
  items.slice(0, ROWS_SHOWN).join(', ') + (items.length > ROWS_SHOWN ? ', …' : '');

/** The flags of `intake catalog set` for the fields lacked. */
export const catalogFlags = (fields: readonly LackedField[]) =>
  fields.map((field) => (field === 'name' ? '--name …' : '--image-url …')).join(' ');

const WHAT: Readonly<Record<LackedField, string>> = { name: 'name', image_url: 'image address' };

/** `rows 3, 6` / `row 3`. */
const unitsNamed = (unitName: string, numbers: string) =>
  `${unitName}${numbers.includes(',') ? 's' : ''} ${numbers}`;

const withinEn = (unitName: string, within?: number) =>
  within === undefined ? '' : ` (in the first ${count(within)} ${unitName}s with problems)`;

export const ENGLISH_SHARED_WORDS: SharedWords = {
  lacking: ({ field, products }, unitName, within) =>
    `${count(products.length)} product${products.length === 1 ? ' has' : 's have'} no ${WHAT[field]} here or in the product list` +
    `${withinEn(unitName, within)}: ` +
    productList(
      products,
      (numbers) => unitsNamed(unitName, numbers),
      (left) => `, and ${count(left)} more`,
    ),
  give: (example, fields) =>
    `Give each once, and it is remembered: intake catalog set ${example} ${catalogFlags(fields)}, or --products FILE (id, name, image_url)`,
  unknown: ({ items, rows }, unitName, within) => [
    `${count(rows.length)} ${rows.length === 1 ? `${unitName} names` : `${unitName}s name`} no order_id, and no order sent from here has ${items.length === 1 ? 'its item' : 'their items'}` +
      `${withinEn(unitName, within)}: ${itemList(items)} (${unitsNamed(unitName, firstRows(rows))})`,
    'Add an order_id column, or upload the orders first: the ledger knows the orders this tool sent to this service.',
  ],
};

const WHAT_KO: Readonly<Record<LackedField, string>> = { name: '상품명이', image_url: '이미지 주소가' };

const withinKo = (unitName: string, within?: number) =>
  within === undefined ? '' : ` (문제가 있는 처음 ${count(within)}개 ${koreanUnit(unitName)}에서)`;

export const KOREAN_SHARED_WORDS: SharedWords = {
  lacking: ({ field, products }, unitName, within) =>
    `상품 ${count(products.length)}개의 ${WHAT_KO[field]} 없고, 상품 목록에도 없습니다${withinKo(unitName, within)}: ` +
    productList(
      products,
      (numbers) => `${numbers}${koreanUnit(unitName)}`,
      (left) => ` 외 ${count(left)}개`,
    ),
  give: (example, fields) =>
    `상품마다 한 번 넣으면 기억합니다: intake catalog set ${example} ${catalogFlags(fields)} 또는 --products 파일(id, name, image_url)`,
  unknown: ({ items, rows }, unitName, within) => [
    `주문번호가 없는 ${koreanUnit(unitName)} ${count(rows.length)}개의 품목이 여기서 보낸 어느 주문에도 없습니다${withinKo(unitName, within)}: ` +
      `${itemList(items)} (${firstRows(rows)}${koreanUnit(unitName)})`,
    '주문번호 열을 추가하거나 주문을 먼저 올리세요. 업로드 기록에는 이 도구가 이 서비스에 보낸 주문이 있습니다.',
  ],
};

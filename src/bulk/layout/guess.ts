import { headerKey, matchHeader, type ColumnMapping } from './columns.js';
import type { Preset } from './presets.js';
import type { ResourceName } from '../resources.js';
import { tableLayout } from './table-layouts.js';

/**
 * Words that marketplaces, shop systems and people put in the header of each of our columns, Korean and
 * English, most specific first. A header that is one of them, or holds one, is guessed to be that column.
 */
const WORDS: Readonly<Record<ResourceName, Readonly<Record<string, readonly string[]>>>> = {
  order: {
    order_id: [
      '주문번호',
      '주문 번호',
      '주문id',
      '주문아이디',
      '주문코드',
      'order id',
      'order no',
      'order number',
      'orderno',
    ],
    member_id: [
      '회원번호',
      '회원id',
      '회원 아이디',
      '구매자id',
      '구매자 아이디',
      'member id',
      'customer id',
      'buyer id',
      'member',
    ],
    recipient_name: [
      '수령인명',
      '수취인명',
      '수령인',
      '수취인',
      '받는분',
      '받는 분',
      '받는사람',
      '수령자',
      'recipient',
      'receiver',
      'consignee',
      'ship to',
      'customer',
      'buyer',
    ],
    recipient_cellphone: [
      '수령인 휴대전화',
      '수령인 연락처',
      '수취인연락처',
      '수취인 연락처',
      '수취인전화번호',
      '받는분 연락처',
      '휴대폰',
      '휴대전화',
      '핸드폰',
      '연락처',
      '전화번호',
      'cellphone',
      'mobile',
      'phone',
      'telephone',
      'tel',
      'contact',
    ],
    recipient_other_phone: [
      '수취인연락처2',
      '수령인연락처2',
      '연락처2',
      '전화번호2',
      '다른 연락처',
      '추가 연락처',
      '비상 연락처',
      '집전화',
      '일반전화',
      'other phone',
      'alternate phone',
      'secondary phone',
      'home phone',
      'phone 2',
      'phone2',
    ],
    item_id: [
      '상품주문번호',
      '주문상품번호',
      '품목별 주문번호',
      '주문품목번호',
      '품목번호',
      'item id',
      'line id',
      'line item',
      'order line',
      'order item',
      'item no',
      'item number',
      'line',
    ],
    product_id: ['상품번호', '상품코드', '상품 id', '상품id', '제품번호', 'product id', 'sku'],
    product_name: [
      '상품명',
      '상품이름',
      '제품명',
      '제품이름',
      '품명',
      'product name',
      'item name',
      'product title',
      'title',
    ],
    product_image_url: [
      '이미지 url',
      '이미지주소',
      '이미지',
      '사진',
      '썸네일',
      'image',
      'picture',
      'photo',
      'thumbnail',
      'img',
    ],
    product_option: ['옵션정보', '옵션', 'option', 'variant'],
  },
  product: {
    id: ['상품번호', '상품코드', '상품 id', 'product id', 'sku', 'id'],
    name: ['상품명', '상품이름', '제품명', '제품이름', '품명', 'product name', 'item name', 'title', 'name'],
    image_url: [
      '이미지 url',
      '이미지',
      '사진',
      '썸네일',
      'image url',
      'image',
      'picture',
      'photo',
      'thumbnail',
      'img',
    ],
  },
  shipment: {
    order_id: ['주문번호', '주문id', '주문아이디', '주문코드', 'order id', 'order no', 'order number'],
    order_item_id: [
      '상품주문번호',
      '주문상품번호',
      '품목별 주문번호',
      '품목번호',
      'item id',
      'line id',
      'line item',
      'order item',
      'item no',
      'item number',
    ],
    order_item_ids: [],
    company_code: [
      '택배사',
      '배송사',
      '택배회사',
      'carrier',
      'courier',
      'shipping company',
      'delivery company',
    ],
    tracking_number: ['운송장번호', '송장번호', '운송장', '송장', 'tracking', 'invoice', 'waybill'],
    delivery_method: ['배송방법'],
  },
};

/** How well a header names a column: its own name, a preset's header for it, one of its words, or holding one. */
function score(header: string, column: string, words: readonly string[], presetHeaders: ReadonlySet<string>) {
  const key = headerKey(header);
  if (key === '') return 0;
  if (key === column || key === column.replace(/_/g, ' ')) return 1000;
  if (presetHeaders.has(key)) return 900;
  // Words are compared without spaces, underscores or hyphens: "product_id" is "product id".
  const compact = key.replace(/[\s_-]/g, '');
  let best = 0;
  for (const [rank, word] of words.entries()) {
    const wanted = word.replace(/[\s_-]/g, '');
    // Of words that score alike, the more specific (listed first) wins: `수령인 휴대전화` over `수령인 전화번호`.
    const specific = (words.length - rank) / 1000;
    if (compact === wanted) best = Math.max(best, 800 + wanted.length + specific);
    else if (compact.includes(wanted))
      best = Math.max(best, 100 + wanted.length * 10 - compact.length + specific);
  }
  return best;
}

/** The headers each preset gives a column, as compared. */
function presetHeadersOf(presets: readonly Preset[], column: string): Set<string> {
  const found = new Set<string>();
  for (const preset of presets) {
    const value = preset.raw[column];
    const names =
      typeof value === 'string'
        ? [value]
        : value && typeof value === 'object' && Array.isArray((value as { any?: unknown }).any)
          ? ((value as { any: string[] }).any ?? [])
          : [];
    for (const name of names) found.add(headerKey(name));
  }
  return found;
}

/**
 * Intake's guess of which header is which of our columns, for a header it cannot read by itself: each
 * column gets the header that names it best, each header one column at most. Columns with no guess are
 * left out.
 */
export function guessColumns(
  header: readonly string[],
  kind: ResourceName,
  presets: readonly Preset[] = [],
): Map<string, number> {
  const words = WORDS[kind];
  const candidates: { column: string; position: number; score: number }[] = [];
  for (const column of tableLayout(kind).columns) {
    const presetHeaders = presetHeadersOf(
      presets.filter((preset) => preset.kind === kind),
      column,
    );
    header.forEach((name, position) => {
      const value = score(name, column, words[column] ?? [], presetHeaders);
      if (value > 0) candidates.push({ column, position, score: value });
    });
  }
  candidates.sort((a, b) => b.score - a.score || a.position - b.position);
  const guessed = new Map<string, number>();
  const used = new Set<number>();
  for (const { column, position } of candidates) {
    if (guessed.has(column) || used.has(position)) continue;
    guessed.set(column, position);
    used.add(position);
  }
  return guessed;
}

/** The column an order line's id goes in, for each kind that names one. */
const LINE_ID: Partial<Record<ResourceName, string>> = { order: 'item_id', shipment: 'order_item_id' };

/** An order line's id made of two columns: which of ours, and the positions of the two. */
export interface JoinedLineId {
  column: string;
  positions: [order: number, product: number];
}

/**
 * An order line's id for a header that names none (a shop's own export, one row per product ordered,
 * or its dispatch sheet): the positions of its order's column and its product's, whose values joined
 * (`A-1-P-1`) make an id that is the same each time the file is read. Undefined for products, or when
 * a column names the line, or either is not found.
 */
export function joinedLineId(
  kind: ResourceName,
  header: readonly string[],
  guesses: ReadonlyMap<string, number>,
): JoinedLineId | undefined {
  const column = LINE_ID[kind];
  if (column === undefined || guesses.has(column) || guesses.has('order_item_ids')) return undefined;
  const order = guesses.get('order_id');
  const product = kind === 'order' ? guesses.get('product_id') : productColumn(header, guesses);
  return order === undefined || product === undefined ? undefined : { column, positions: [order, product] };
}

/** A shipments file's product column, which it has no column of ours for: the one orders would take. */
function productColumn(header: readonly string[], guesses: ReadonlyMap<string, number>): number | undefined {
  const at = guessColumns(header, 'order').get('product_id');
  return at === undefined || [...guesses.values()].includes(at) ? undefined : at;
}

/**
 * Intake's guess of a header as a mapping our columns to its headers, when the guess finds every
 * required column of the kind: `join` lets an order line's id be its order's and its product's columns
 * joined (`joinedLineId`), as the page proposes and a `--columns` JSON file says; the flag form cannot.
 * Undefined when a required column is not found.
 */
export function completeGuess(
  header: readonly string[],
  kind: ResourceName,
  guesses: ReadonlyMap<string, number>,
  join: boolean,
): ColumnMapping | undefined {
  const at = (position: number) => (header[position] ?? '').trim();
  const mapping: ColumnMapping = new Map([...guesses].map(([column, position]) => [column, at(position)]));
  const joined = join ? joinedLineId(kind, header, guesses) : undefined;
  if (joined) mapping.set(joined.column, joined.positions.map(at));
  return matchHeader(header, tableLayout(kind), mapping).missing.length === 0 ? mapping : undefined;
}

/**
 * Of a sheet's first rows, the one most likely its header (the most columns guessed, the first of
 * equals), with its guesses; undefined when no row names any column.
 */
export function likelyHeader(
  rows: readonly { row: number; cells: readonly string[] }[],
  kind: ResourceName,
  presets: readonly Preset[] = [],
): { row: number; header: string[]; guesses: Map<string, number> } | undefined {
  let best: { row: number; header: string[]; guesses: Map<string, number> } | undefined;
  for (const { row, cells } of rows) {
    const guesses = guessColumns(cells, kind, presets);
    if (guesses.size > (best?.guesses.size ?? 0)) best = { row, header: [...cells], guesses };
  }
  return best;
}

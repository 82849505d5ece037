import { readFile } from 'node:fs/promises';
import { InputError } from '../errors.js';
import { cut } from '../../util/cut.js';
import { readErrorReason } from '../../util/file-errors.js';
import type { TableLayout } from './layouts.js';

/** The first of several headers a file has: layouts differ between downloads (`{"any": [...]}`). */
export interface AnyHeader {
  any: readonly string[];
}

/**
 * Where each of our columns is in a file: a header (`주문번호`), several whose cells are joined with
 * `-` (`["주문번호", "옵션ID"]`, for a marketplace with no id of its own for an order line), or the first
 * found of alternatives (`{"any": ["주문상품명", "상품명(한국어 쇼핑몰)"]}`, for a merchant's own layout).
 */
export type ColumnMapping = Map<string, string | readonly string[] | AnyHeader>;

const isAny = (value: unknown): value is AnyHeader =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Array.isArray((value as AnyHeader).any);

/** A header as compared: without a byte-order mark, surrounding or repeated spaces, or case. */
export const headerKey = (header: string) =>
  header
    .replace(/^\uFEFF/, '')
    .normalize('NFC')
    .replace(/[\s\u00a0\u200b]+/g, ' ')
    .trim()
    .toLowerCase();

/**
 * The value of a column made of several headers (an order line's id made of its order's and its
 * product's): their cells, trimmed, with `-` between them; empty when any of them is.
 */
export function joinedCells(cells: readonly string[], positions: readonly number[]): string {
  const parts = positions.map((position) => (cells[position] ?? '').trim());
  return parts.every((part) => part !== '') ? parts.join('-') : '';
}

/**
 * Reads a mapping as `--columns` and presets write it: a JSON object of our column names to the file's
 * headers. Keys starting with `$` describe the mapping and are not columns.
 */
export function mappingFromJson(parsed: unknown, where: string, layout: TableLayout): ColumnMapping {
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new InputError(`${where} must hold a JSON object such as {"order_id": "주문번호"}`);
  }
  const pairs: [string, string | string[] | AnyHeader][] = [];
  for (const [key, value] of Object.entries(parsed)) {
    if (key.startsWith('$')) continue;
    const headers = isAny(value) ? value.any : Array.isArray(value) ? value : [value];
    if (
      headers.length === 0 ||
      headers.some((header) => typeof header !== 'string' || header.trim() === '')
    ) {
      throw new InputError(
        `${where}: "${key}" must name a header, a list of headers to join, or {"any": [headers]}`,
      );
    }
    pairs.push([
      key,
      isAny(value) ? { any: value.any } : Array.isArray(value) ? (value as string[]) : (value as string),
    ]);
  }
  return checkedMapping(pairs, where, layout);
}

function checkedMapping(
  pairs: readonly [string, string | readonly string[] | AnyHeader][],
  where: string,
  layout: TableLayout,
): ColumnMapping {
  const mapping: ColumnMapping = new Map();
  for (const [name, header] of pairs) {
    if (!layout.columns.includes(name)) {
      throw new InputError(`${where}: "${cut(name, 40)}" is not a column of this layout`, [
        `Columns: ${layout.columns.join(', ')}`,
      ]);
    }
    mapping.set(name, header);
  }
  return mapping;
}

/**
 * Reads `--columns`: `order_id=주문번호,recipient_name=수령인`, or the path of a JSON file holding
 * `{"order_id": "주문번호", ...}` (the format of presets: `intake columns show NAME --json`).
 */
export async function readColumnMapping(
  flag: string | undefined,
  layout: TableLayout,
): Promise<ColumnMapping> {
  if (flag === undefined) return new Map();
  if (flag.trim().endsWith('.json')) {
    let text: string;
    try {
      text = await readFile(flag.trim(), 'utf8');
    } catch (error) {
      throw new InputError(`cannot read --columns file ${flag}: ${readErrorReason(error)}`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new InputError(`--columns file ${flag} is not JSON: ${(error as Error).message}`);
    }
    return mappingFromJson(parsed, `--columns file ${flag}`, layout);
  }
  const pairs = flag.split(',').map((pair): [string, string] => {
    const equals = pair.indexOf('=');
    if (equals <= 0) throw new InputError(`--columns: "${cut(pair, 40)}" is not name=header`);
    return [pair.slice(0, equals).trim(), pair.slice(equals + 1).trim()];
  });
  return checkedMapping(pairs, '--columns', layout);
}

/** Where a layout's columns are in one header row, or what is missing. */
export interface HeaderMatch {
  /** Each column found, with the position of its header (several for joined headers). */
  index: Map<string, number[]>;
  /** Required columns not found, each as its alternatives. */
  missing: string[][];
  /** Mapped headers the row lacks: `[column, header]`. */
  absent: [string, string][];
}

/**
 * Where each header is, by its key: the first of a header the row repeats by its name, and each later one
 * by its name and its place among them (`연락처#2`), so that a mapping can name either of two columns
 * with one header. A header written with `#` in the file itself keeps its own name.
 */
function headerPositions(header: readonly string[]): Map<string, number> {
  const positions = new Map<string, number>();
  const seen = new Map<string, number>();
  header.forEach((name, position) => {
    const key = headerKey(name);
    if (key === '') return;
    const times = (seen.get(key) ?? 0) + 1;
    seen.set(key, times);
    const address = times === 1 ? key : `${key}#${times}`;
    if (!positions.has(address)) positions.set(address, position);
  });
  return positions;
}

/** How a mapping names the header at `position`: by its name, with `#n` when it is the name's nth. */
export function headerAddress(header: readonly string[], position: number): string {
  const name = header[position] ?? '';
  const key = headerKey(name);
  const times = header.slice(0, position + 1).filter((other) => headerKey(other) === key).length;
  return times === 1 ? name : `${name}#${times}`;
}

/** Finds the layout's columns in a header row: by the mapping, else by their own names (any case). */
export function matchHeader(
  header: readonly string[],
  layout: TableLayout,
  mapping: ColumnMapping,
): HeaderMatch {
  const positions = headerPositions(header);
  const index = new Map<string, number[]>();
  const absent: [string, string][] = [];
  for (const column of layout.columns) {
    const mapped = mapping.get(column);
    if (isAny(mapped)) {
      const position = mapped.any
        .map((name) => positions.get(headerKey(name)))
        .find((at) => at !== undefined);
      if (position !== undefined) index.set(column, [position]);
      else absent.push([column, mapped.any.join('" or "')]);
      continue;
    }
    const wanted = mapped === undefined ? [column] : typeof mapped === 'string' ? [mapped] : mapped;
    const found = wanted.map((name) => positions.get(headerKey(name)));
    if (found.every((position) => position !== undefined)) index.set(column, found as number[]);
    else if (mapped !== undefined) {
      for (const [at, name] of wanted.entries()) if (found[at] === undefined) absent.push([column, name]);
    }
  }
  const missing = layout.required
    .filter((alternatives) => !alternatives.some((column) => index.has(column)))
    .map((alternatives) => [...alternatives]);
  return { index, missing, absent };
}

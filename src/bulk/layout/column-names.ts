import type { Lang } from '../../util/terminal-lang.js';
import { columnName } from '../read/xlsx/cell-ref.js';
import { headerKey } from './columns.js';
import type { TableInfo } from './table-units.js';

/** The part of a sheet's reading that says where each of our columns is. */
export type ColumnPlaces = Pick<TableInfo, 'header' | 'columns'>;

/** Where a problem's column is in the sheet: ours as the reading placed it, else a header of that name. */
export function positionsOf(table: ColumnPlaces | undefined, column: string | undefined): number[] {
  if (!table || column === undefined) return [];
  return table.columns[column] ?? (table.header.includes(column) ? [table.header.indexOf(column)] : []);
}

/**
 * A header as people find it in the sheet: its name, and its column's letter when the row has that name
 * more than once (`연락처 (column D)`, `연락처 (D열)`), since the name alone would not say which.
 */
export function headerAt(header: readonly string[], position: number, lang: Lang): string {
  const name = header[position]?.trim() ?? '';
  const key = headerKey(name);
  if (name === '' || header.filter((other) => headerKey(other) === key).length < 2) return name;
  return withColumnLetter(name, position, lang);
}

/** `연락처 (C열)`, `연락처 (column C)`: a header's name with the letter of its column at `position`. */
export function withColumnLetter(name: string, position: number, lang: Lang): string {
  const letter = columnName(position);
  return lang === 'ko' ? `${name} (${letter}열)` : `${name} (column ${letter})`;
}

/**
 * A column as the file's header names it (`주소 + 상세주소` for joined ones, with the column's letter
 * for a name the header repeats); undefined when none does.
 */
export function headerOf(
  table: ColumnPlaces | undefined,
  column: string | undefined,
  lang: Lang = 'en',
): string | undefined {
  if (!table) return undefined;
  const names = positionsOf(table, column)
    .map((position) => headerAt(table.header, position, lang))
    .filter((name) => name !== '');
  return names.length > 0 ? names.join(' + ') : undefined;
}

/**
 * How problems name their column to people: as the file's header does (staff read `수취인연락처1` in
 * their sheet, not `recipient_cellphone`), ours where the sheet has no such header or there is no sheet.
 */
export const columnNamesOf =
  (table: ColumnPlaces | undefined, lang: Lang = 'en') =>
  (column: string): string =>
    headerOf(table, column, lang) ?? column;

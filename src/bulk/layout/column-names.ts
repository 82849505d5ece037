import type { TableInfo } from './table-units.js';

/** The part of a sheet's reading that says where each of our columns is. */
export type ColumnPlaces = Pick<TableInfo, 'header' | 'columns'>;

/** Where a problem's column is in the sheet: ours as the reading placed it, else a header of that name. */
export function positionsOf(table: ColumnPlaces | undefined, column: string | undefined): number[] {
  if (!table || column === undefined) return [];
  return table.columns[column] ?? (table.header.includes(column) ? [table.header.indexOf(column)] : []);
}

/** A column as the file's header names it (`주소 + 상세주소` for joined ones); undefined when none does. */
export function headerOf(table: ColumnPlaces | undefined, column: string | undefined): string | undefined {
  const names = positionsOf(table, column)
    .map((position) => table?.header[position]?.trim() ?? '')
    .filter((name) => name !== '');
  return names.length > 0 ? names.join(' + ') : undefined;
}

/**
 * How problems name their column to people: as the file's header does (staff read `수취인연락처1` in
 * their sheet, not `recipient_cellphone`), ours where the sheet has no such header or there is no sheet.
 */
export const columnNamesOf =
  (table: ColumnPlaces | undefined) =>
  (column: string): string =>
    headerOf(table, column) ?? column;

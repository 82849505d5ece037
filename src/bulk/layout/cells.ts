import { excelDamage, unwrapExcelText } from '../../input/excel-text.js';

/** A row's cells by our column names (undefined where the file has no such column). */
export type Cells = Record<string, string | undefined>;

/**
 * Spaces around a cell's value, the invisible ones too: a zero-width space or joiner copied from a web
 * page with an order number is no part of it, and would make an id the marketplace never gave.
 */
const AROUND = /^[\s\u200b-\u200d\u2060]+|[\s\u200b-\u200d\u2060]+$/g;
const invisible = (code: number) => (code >= 0x200b && code <= 0x200d) || code === 0x2060;

/** A cell as a value: trimmed, and undefined when empty or the column is absent. */
export const present = (value: string | undefined) => {
  if (value === undefined) return undefined;
  let trimmed = value.trim();
  // Checked before the pattern runs: nearly every cell has none (a cell is read for each column of each row).
  if (invisible(trimmed.charCodeAt(0)) || invisible(trimmed.charCodeAt(trimmed.length - 1)))
    trimmed = trimmed.replace(AROUND, '');
  return trimmed === '' ? undefined : trimmed;
};

/** A cell holding an identifier, as the record will have it (`="123"` and `'123` are `123`). */
export const idCell = (value: string | undefined) => {
  const cell = present(value);
  return cell === undefined ? undefined : present(unwrapExcelText(cell, 'id'));
};

/**
 * The record an invalid row's id cell puts it in: its id; or, when Excel has made the id a number in
 * scientific notation or a date, none (rows of many orders then share one such value, so it tells
 * nothing of which rows are one record), the value said as `damagedId`.
 */
export function groupOfInvalid(value: string | undefined): { group?: string; damagedId?: string } {
  const id = idCell(value);
  if (id === undefined) return {};
  const damage = excelDamage(id, 'id')?.ctx.damage;
  return damage === 'scientific' || damage === 'date' ? { damagedId: id } : { group: id };
}

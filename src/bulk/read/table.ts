import type { CsvRow } from './csv-rows.js';
import type { TextEncoding } from './encoding.js';
import type { InputFormat } from './source.js';
import type { SheetReason } from './xlsx/sheet.js';

/** A sheet to read: its rows, numbered as the sheet numbers them, any number of times. */
export interface Table {
  format: InputFormat;
  label: string;
  encoding: TextEncoding;
  rows(): AsyncGenerator<CsvRow>;
  /** About how many rows it has, to size the check's indexes. */
  estimatedRows?: number;
  delimiter: string;
  /** The sheet of a workbook that was read, and why that one. */
  sheet?: string;
  sheetReason?: SheetReason;
  /** The password that opened a workbook (kept in memory only): what it writes back is locked with it. */
  password?: string;
  /** Says when a row's text is not in the encoding it was read in (CSV). */
  unreadable?: (cells: readonly string[]) => string | undefined;
  close(): Promise<void>;
}

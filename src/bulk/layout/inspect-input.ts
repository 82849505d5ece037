import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { readJson } from '../../contract/json-text.js';
import { csvRow } from '../../util/csv.js';
import { InputError } from '../errors.js';
import { HEADER_SEARCH_ROWS } from './header.js';
import { readKind, type KindReading } from './header-kind.js';
import type { Preset } from './presets.js';
import type { UploadOptions } from '../options.js';
import type { ResourceName } from '../resources.js';
import type { CsvRow } from '../read/csv-rows.js';
import { csvTable } from '../read/csv-table.js';
import { detectEncoding, openText, type TextEncoding } from '../read/encoding.js';
import { ndjsonLines, splitJsonArray } from '../read/json-stream.js';
import type { InputFormat, InputSource } from '../read/source.js';
import type { Table } from '../read/table.js';
import type { PasswordSource } from '../read/xlsx/workbook.js';

/** What front ends need to read a file: its options (sheet, encoding) and a workbook's password. */
export interface TableReading {
  options: UploadOptions;
  password: PasswordSource;
  /** Column layouts the person saved, recognised as presets are. */
  savedLayouts?: readonly Preset[];
}

async function openTable(source: InputSource, format: InputFormat, reading: TableReading): Promise<Table> {
  if (format !== 'xlsx') return csvTable(source, reading.options);
  const { xlsxTable } = await import('../read/xlsx/xlsx-table.js');
  return xlsxTable(source, {
    ...(reading.options.sheet === undefined ? {} : { sheet: reading.options.sheet }),
    password: reading.password,
  });
}

/** Data rows looked at to tell a dispatch sheet from an order download of the same layout. */
const KIND_SAMPLE_ROWS = 200;

/**
 * What a file holds, when the person lets Intake say: for a sheet, what its header says
 * (`kindOfRows`, with some rows below it to tell a dispatch sheet from an order download); for JSON,
 * the fields of its first record. No kind when nothing fits, or it cannot be told.
 */
export async function detectKind(
  source: InputSource,
  format: InputFormat,
  reading: TableReading,
): Promise<KindReading> {
  if (format === 'json' || format === 'ndjson')
    return { kind: await detectJsonKind(source, format, reading.options), filledIn: false };
  const table = await openTable(source, format, reading);
  try {
    const top: CsvRow[] = [];
    for await (const row of table.rows()) {
      top.push(row);
      if (top.length > HEADER_SEARCH_ROWS + KIND_SAMPLE_ROWS) break;
    }
    return readKind(top, reading.savedLayouts);
  } finally {
    await table.close();
  }
}

/**
 * The first rows of a sheet (where its header is looked for), as read, for a person to map its columns;
 * and the encoding a CSV was read in.
 */
export async function topRows(
  source: InputSource,
  format: InputFormat,
  reading: TableReading,
): Promise<{ rows: CsvRow[]; encoding: TextEncoding }> {
  const table = await openTable(source, format, reading);
  const rows: CsvRow[] = [];
  try {
    for await (const row of table.rows()) {
      rows.push(row);
      if (rows.length >= HEADER_SEARCH_ROWS) break;
    }
  } finally {
    await table.close();
  }
  return { rows, encoding: table.encoding };
}

async function detectJsonKind(
  source: InputSource,
  format: 'json' | 'ndjson',
  options: UploadOptions,
): Promise<ResourceName | undefined> {
  const encoding = await detectEncoding(source.path, options.encoding);
  const texts =
    format === 'json'
      ? splitJsonArray(openText(source.path, encoding) as AsyncIterable<string>, source.label)
      : ndjsonLines(openText(source.path, encoding));
  for await (const piece of texts) {
    const read = piece.text === undefined ? undefined : readJson(piece.text);
    const record = read?.ok ? (read.value as Record<string, unknown>) : undefined;
    if (!record || typeof record !== 'object') return undefined;
    if ('items' in record) return 'order';
    if ('order_item_ids' in record || 'tracking_number' in record) return 'shipment';
    if ('image_url' in record) return 'product';
    return undefined;
  }
  return undefined;
}

/** Fixes a person made to a file's rows before checking it again: cells by row and column, and rows dropped. */
export interface RowFixes {
  cells: ReadonlyMap<number, ReadonlyMap<number, string>>;
  dropped: ReadonlySet<number>;
}

/** Writes the rows of a fixed copy, each row at its number (an empty one for a row missing or dropped). */
export type FixedRowsWriter = (rows: AsyncIterable<readonly string[]>, path: string) => Promise<void>;

/**
 * The rows of a sheet with the fixes made, each row at its number in the original (a row missing or
 * dropped is an empty one, which a reader skips).
 */
async function* fixedRows(table: Table, fixes: RowFixes): AsyncGenerator<readonly string[]> {
  let next = 1;
  for await (const { row, cells } of table.rows()) {
    for (; next < row; next++) yield [];
    next = row + 1;
    const fixed = fixes.cells.get(row);
    if (fixes.dropped.has(row)) yield [];
    else yield fixed ? cells.map((cell, column) => fixed.get(column) ?? cell) : cells;
  }
}

/** The rows as UTF-8 CSV, one line each. */
const writeCsvCopy: FixedRowsWriter = async (rows, path) => {
  const out = createWriteStream(path, { mode: 0o600 });
  try {
    for await (const cells of rows) {
      if (!out.write(`${csvRow(cells)}\n`)) await once(out, 'drain');
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
};

/**
 * Writes a copy of a sheet (CSV or a workbook's sheet) with the fixes made, each row at its number in
 * the original (a dropped row is left blank, which a reader skips): as UTF-8 CSV, or as `write` writes
 * it (a workbook locked with the password of the original). The copy is checked and sent instead of
 * the original, which is never changed.
 */
export async function writeFixedCopy(
  source: InputSource,
  format: InputFormat,
  reading: TableReading,
  fixes: RowFixes,
  path: string,
  write: FixedRowsWriter = writeCsvCopy,
): Promise<void> {
  if (format === 'json' || format === 'ndjson') {
    await writeFixedRecords(source, format, reading.options, fixes, path);
    return;
  }
  const table = await openTable(source, format, reading);
  try {
    await write(fixedRows(table, fixes), path);
  } finally {
    await table.close();
  }
}

/** A JSON array or NDJSON file with dropped records left out, as NDJSON keeping every record's position. */
async function writeFixedRecords(
  source: InputSource,
  format: 'json' | 'ndjson',
  options: UploadOptions,
  fixes: RowFixes,
  path: string,
): Promise<void> {
  if (fixes.cells.size > 0)
    throw new InputError('cells of JSON records cannot be edited here; drop the record, or fix the file');
  const encoding = await detectEncoding(source.path, options.encoding);
  const texts =
    format === 'json'
      ? splitJsonArray(openText(source.path, encoding) as AsyncIterable<string>, source.label)
      : ndjsonLines(openText(source.path, encoding));
  const out = createWriteStream(path, { mode: 0o600 });
  try {
    let next = 1;
    for await (const piece of texts) {
      for (; next < piece.position; next++) if (!out.write('\n')) await once(out, 'drain');
      next = piece.position + 1;
      const keep = !fixes.dropped.has(piece.position) && piece.text !== undefined;
      if (!out.write(`${keep ? piece.text?.replace(/\n/g, ' ') : ''}\n`)) await once(out, 'drain');
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
}

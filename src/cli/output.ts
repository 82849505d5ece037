import Table from 'cli-table3';
import { csvRow } from '../util/csv.js';
import type { Factory } from './factory.js';

/** A column of a table or CSV: its header and how to read it from a row. */
export interface Column<T> {
  header: string;
  value: (row: T) => unknown;
}

function cell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Writes data to stdout in the chosen format: JSON as given, or the rows as a table or CSV. */
export async function writeData<T>(
  f: Factory,
  data: { json: unknown; rows: readonly T[]; columns: readonly Column<T>[] },
): Promise<void> {
  const format = (await f.settings()).output.value;
  const { stdout } = f.io;
  if (format === 'json') {
    stdout.write(`${JSON.stringify(data.json, null, 2)}\n`);
    return;
  }
  if (format === 'csv') {
    stdout.write(`${csvRow(data.columns.map((column) => column.header))}\n`);
    for (const row of data.rows)
      stdout.write(`${csvRow(data.columns.map((column) => cell(column.value(row))))}\n`);
    return;
  }
  stdout.write(`${renderTable(f, data.rows, data.columns)}\n`);
}

/** A table for people, with a bold header when colour is on. */
export function renderTable<T>(f: Factory, rows: readonly T[], columns: readonly Column<T>[]): string {
  const bold = f.colors().out.bold;
  const table = new Table({
    head: columns.map((column) => bold(column.header)),
    style: { head: [], border: [] },
    wordWrap: true,
  });
  for (const row of rows) table.push(columns.map((column) => cell(column.value(row))));
  return table.toString();
}

/** Key/value pairs as a two-column table, JSON object or two-column CSV. */
export function writeRecord(f: Factory, record: Record<string, unknown>): Promise<void> {
  return writeData(f, {
    json: record,
    rows: Object.entries(record),
    columns: [
      { header: 'field', value: ([key]) => key },
      { header: 'value', value: ([, value]) => value },
    ],
  });
}

import { createRequire } from 'node:module';
import type TableType from 'cli-table3';
import type StringWidth from 'string-width';
import type WrapAnsi from 'wrap-ansi';
import { csvRow } from '../util/csv.js';
import { terminalLang } from '../util/terminal-lang.js';
import { terminalSafe } from '../util/terminal-safe.js';
import type { Factory } from './factory.js';
import type { OutputFormat } from './settings.js';
import { headerKo } from './table-headers-ko.js';
import { fittedWidths } from './table-widths.js';
import { isPlainObject } from '../util/plain-object.js';

/** A column of a table or CSV: its header and how to read it from a row. */
export interface Column<T> {
  header: string;
  value: (row: T) => unknown;
  /** The cell for people, in a terminal's table (in the terminal's language); `value` everywhere else. */
  shown?: (row: T) => unknown;
  /** The header at a Korean terminal's table, where the field's usual Korean name does not fit. */
  ko?: string;
}

function cell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A cell for a terminal or a line of text: its control characters shown, never obeyed. */
const shownCell = (value: unknown) => terminalSafe(cell(value));

/** A cell of a tab-separated line: tabs and line breaks would split it. */
const plain = (value: unknown) => terminalSafe(cell(value).replace(/[\t\r\n]+/g, ' '));

/**
 * Writes data to stdout in the chosen format: JSON as given, or the rows as a table or CSV. With
 * `--query`, the JSON is filtered first and the result written in the chosen format.
 */
export async function writeData<T>(
  f: Factory,
  data: { json: unknown; rows: readonly T[]; columns: readonly Column<T>[]; none?: string },
): Promise<void> {
  const format = (await f.settings()).output.value;
  if (f.query) {
    writeValue(f, f.query(data.json), format);
    return;
  }
  const { stdout } = f.io;
  if (format === 'json') {
    stdout.write(`${JSON.stringify(data.json, null, 2)}\n`);
    return;
  }
  if (format === 'csv') {
    stdout.write(`${csvRow(data.columns.map((column) => column.header))}\n`);
    for (const row of data.rows)
      stdout.write(
        `${csvRow(
          data.columns.map((column) => cell(column.value(row))),
          ',',
          true,
        )}\n`,
      );
    return;
  }
  // Nothing to list: said to a person (on stderr) instead of a table of headers alone.
  if (data.rows.length === 0 && data.none !== undefined) {
    f.log.info(data.none);
    return;
  }
  stdout.write(renderTable(f, data.rows, data.columns));
}

/**
 * A table for people, with a bold header when colour is on. When stdout is not a terminal, plain
 * tab-separated rows without a header, for `cut`, `awk` and `while read`.
 */
export function renderTable<T>(f: Factory, rows: readonly T[], columns: readonly Column<T>[]): string {
  if (!f.io.stdout.isTTY) {
    return rows.map((row) => `${columns.map((column) => plain(column.value(row))).join('\t')}\n`).join('');
  }
  const bold = f.colors().out.bold;
  // Loaded when a table is drawn for a terminal: a command that answers a script never pays for them.
  const load = createRequire(import.meta.url);
  const Table = load('cli-table3') as typeof TableType;
  let shown = rows.map((row) => columns.map((column) => shownCell((column.shown ?? column.value)(row))));
  const korean = terminalLang(f.env) === 'ko';
  const headers = columns.map((column) => (korean ? headerKo(column.header, column.ko) : column.header));
  // Wider than the terminal: its widest columns wrap (at spaces, and inside a word longer than the
  // column, by the width a terminal gives each letter) instead of every line running off its edge.
  const widths = fittedWidths(
    [headers, ...shown],
    f.io.stdout.columns,
    load('string-width') as typeof StringWidth,
  );
  if (widths) {
    const wrap = (load('wrap-ansi') as { default: typeof WrapAnsi }).default;
    shown = shown.map((row) =>
      row.map((text, column) => wrap(text, widths[column] as number, { hard: true, trim: true })),
    );
  }
  const table = new Table({
    head: headers.map((header) => bold(header)),
    style: { head: [], border: [] },
    ...(widths ? { colWidths: widths.map((width) => width + 2) } : { wordWrap: true }),
  });
  for (const row of shown) table.push(row);
  return `${table.toString()}\n`;
}

/**
 * A value with no fixed columns (a `--query` result, a body from `intake api`) in the chosen format:
 * JSON as it is; otherwise a text as it is, a list of objects as rows, a list of values one per line,
 * and an object as fields and values.
 */
export function writeValue(f: Factory, value: unknown, format: OutputFormat): void {
  const { stdout } = f.io;
  if (format === 'json') {
    stdout.write(`${JSON.stringify(value, null, 2)}\n`);
    return;
  }
  if (typeof value === 'string') {
    stdout.write(`${value}\n`);
    return;
  }
  if (Array.isArray(value) && value.every(isPlainObject)) {
    const headers = [...new Set(value.flatMap((row) => Object.keys(row)))];
    // The fields a person asked for by name (a --query) or a body has: named so in any language.
    const columns = headers.map((header) => ({
      header,
      ko: header,
      value: (row: Record<string, unknown>) => row[header],
    }));
    if (format === 'csv') {
      stdout.write(`${csvRow(headers)}\n`);
      for (const row of value)
        stdout.write(
          `${csvRow(
            columns.map((column) => cell(column.value(row))),
            ',',
            true,
          )}\n`,
        );
    } else stdout.write(renderTable(f, value, columns));
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) stdout.write(`${typeof item === 'string' ? item : JSON.stringify(item)}\n`);
    return;
  }
  if (isPlainObject(value)) {
    writeRecordRows(f, value, format);
    return;
  }
  stdout.write(`${JSON.stringify(value)}\n`);
}

function writeRecordRows(f: Factory, record: Record<string, unknown>, format: OutputFormat): void {
  const rows = Object.entries(record);
  const columns: Column<[string, unknown]>[] = [
    { header: 'field', value: ([key]) => key },
    { header: 'value', value: ([, value]) => value },
  ];
  if (format === 'csv') {
    f.io.stdout.write(`${csvRow(['field', 'value'])}\n`);
    for (const row of rows)
      f.io.stdout.write(
        `${csvRow(
          columns.map((column) => cell(column.value(row))),
          ',',
          true,
        )}\n`,
      );
  } else f.io.stdout.write(renderTable(f, rows, columns));
}

/** Key/value pairs as a two-column table, JSON object or two-column CSV (the same fields in each). */
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

/**
 * One line of streamed JSON output (NDJSON, as a bulk upload prints per record); with `--query`, what
 * the query makes of the line, and nothing when that is null.
 */
export function writeJsonLine(f: Factory, line: Record<string, unknown>): void {
  const text = jsonLineText(f, line);
  if (text !== undefined) f.io.stdout.write(text);
}

function jsonLineText(f: Factory, line: Record<string, unknown>): string | undefined {
  const value = f.query ? f.query(line) : line;
  return value === null || value === undefined ? undefined : `${JSON.stringify(value)}\n`;
}

/** Lines gathered before one write: a write to a pipe is a system call, and an upload prints thousands. */
const BATCH_BYTES = 64 * 1024;

/**
 * `writeJsonLine` for many lines in a row (a bulk upload's record lines): they are written together,
 * when 64 KiB have gathered or once the current work yields, so each reaches stdout within a moment of
 * being given. `flush()` writes what is gathered (before a line that must come after them).
 */
export class JsonLineBatch {
  readonly #f: Factory;
  #text = '';
  #scheduled: NodeJS.Immediate | undefined;

  constructor(f: Factory) {
    this.#f = f;
  }

  write(line: Record<string, unknown>): void {
    const text = jsonLineText(this.#f, line);
    if (text === undefined) return;
    this.#text += text;
    if (this.#text.length >= BATCH_BYTES) this.flush();
    else this.#scheduled ??= setImmediate(() => this.flush());
  }

  flush(): void {
    if (this.#scheduled) clearImmediate(this.#scheduled);
    this.#scheduled = undefined;
    if (this.#text === '') return;
    const text = this.#text;
    this.#text = '';
    this.#f.io.stdout.write(text);
  }
}

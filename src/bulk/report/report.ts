import { existsSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { csvRow, formulaSafe } from '../../util/csv.js';
import { keepAtExit, removeAtExit } from '../../util/temp-folders.js';
import type { ReportLine } from '../outcome.js';
import { UploadError } from '../errors.js';
import { REASON_COLUMN } from '../said-words.js';
import { isPlainObject } from '../../util/plain-object.js';
import { OutputFile } from './output-file.js';
import type { TextWorkbook } from './text-workbook.js';

/** A report line as JSON: the same fields everywhere (report file, `--json` results on stdout). */
export function reportJson(line: ReportLine): Record<string, unknown> {
  return {
    rows: line.rows,
    id: line.id,
    outcome: line.outcome,
    status: line.status ?? null,
    message: line.message,
    ...(line.body === undefined ? {} : { body: line.body }),
    ...(line.fields === undefined ? {} : { fields: line.fields }),
  };
}

/** The columns of a report, in CSV and in a workbook. */
const REPORT_COLUMNS = ['rows', 'id', 'outcome', 'status', 'message'];

/** A report line's cells, as text. */
const reportCells = (line: ReportLine) => [
  line.rows.join('|'),
  line.id,
  line.outcome,
  String(line.status ?? ''),
  line.message,
];

/**
 * The `--report` file, written as records finish: CSV; a JSON array when the name ends in .json; a
 * workbook (cells as text) when it ends in .xlsx, locked with the input's password when the input was a
 * workbook locked by one (its messages can quote a buyer's name or phone).
 */
export class ReportFile {
  readonly #file: OutputFile | undefined;
  readonly #workbook: TextWorkbook | undefined;
  readonly #json: boolean;
  #first = true;

  private constructor(out: { file?: OutputFile; workbook?: TextWorkbook; json?: boolean }) {
    this.#file = out.file;
    this.#workbook = out.workbook;
    this.#json = out.json === true;
  }

  get path(): string {
    return (this.#file ?? this.#workbook)?.path ?? '';
  }

  /**
   * A report to a file, or with `-` to standard output (as CSV); `password` locks a workbook, and `mode`
   * bounds the file's permissions (those of the input it reports on).
   */
  static async create(
    path: string,
    stdout: NodeJS.WritableStream | undefined,
    input: { password?: string | undefined; mode?: number | undefined } = {},
  ): Promise<ReportFile> {
    const { password, mode } = input;
    const extension = path === '-' ? '' : extname(path).toLowerCase();
    if (extension === '.xlsx') {
      const { TextWorkbook } = await import('./text-workbook.js');
      const shape = {
        sheet: 'report',
        header: REPORT_COLUMNS,
        what: 'report',
        userGiven: true,
        password,
        mode,
      };
      return new ReportFile({ workbook: await TextWorkbook.create(path, shape) });
    }
    const json = extension === '.json';
    const head = json ? '[\n' : `${csvRow(REPORT_COLUMNS)}\n`;
    if (path === '-' && !stdout)
      throw new UploadError('output', 'there is no standard output to write the report to');
    const file =
      path === '-'
        ? await OutputFile.toStream(stdout as NodeJS.WritableStream, head, 'report')
        : await OutputFile.create(path, head, { what: 'report', userGiven: true, mode });
    return new ReportFile({ file, json });
  }

  async add(line: ReportLine): Promise<void> {
    if (this.#workbook) return this.#workbook.add(reportCells(line).map(formulaSafe));
    if (this.#json) {
      await this.#file?.write(`${this.#first ? '' : ',\n'}  ${JSON.stringify(reportJson(line))}`);
      this.#first = false;
      return;
    }
    await this.#file?.write(`${csvRow(reportCells(line), ',', true)}\n`);
  }

  async close(): Promise<void> {
    if (this.#workbook) return this.#workbook.close();
    if (this.#json) await this.#file?.write(`${this.#first ? '' : '\n'}]\n`);
    await this.#file?.close();
  }
}

/** The size noted for a rejects file while it is being written. */
export const WRITING = -1;

/** What the ledger remembers of the rejects files it wrote, to tell when a person has edited one. */
export interface WrittenFiles {
  writtenFile(path: string): { size: number; mtimeMs: number } | undefined;
  noteWrittenFile(path: string, size: number, mtimeMs: number): void;
}

/** The forms a rejects file takes: as the input was (a sheet as CSV or .xlsx), or NDJSON for JSON input. */
export type RejectsExtension = 'csv' | 'ndjson' | 'xlsx';

/** A rejects file's name without its extension: `orders.rejects`, `orders.rejects-2`. */
const REJECTS_NAME = /^(.+)\.rejects(?:-([1-9]\d*))?$/;

/**
 * The name an input's files are called after, and which round of rejects it is: `orders` and 0 for
 * `orders.csv`, `orders` and 1 for `orders.rejects.csv`, `orders` and 2 for `orders.rejects-2.csv`. So
 * the rejects of a rejects file are the next round (`orders.rejects-2.csv`), not `orders.rejects.rejects.csv`.
 */
export function rejectsRound(fileName: string): { name: string; round: number } {
  const own = basename(fileName, extname(fileName));
  const found = REJECTS_NAME.exec(own);
  return found ? { name: found[1]!, round: Number(found[2] ?? 1) } : { name: own, round: 0 };
}

/** The name of round `n` of an input's rejects: `orders.rejects.csv`, then `orders.rejects-2.csv`, … */
export const rejectsFileName = (name: string, n: number, extension: string): string =>
  `${name}.rejects${n === 1 ? '' : `-${n}`}.${extension}`;

/**
 * Where the rejects of an input go: `<name>.rejects.csv` (`.xlsx` for a workbook, `.ndjson` for JSON
 * input) next to it, unless a file of that name is there that intake did not write as it is now (a
 * person has been fixing it): that one is kept, and the rejects go to the first free
 * `<name>.rejects-2.csv`, `-3`, ... The rejects of a rejects file are the round after it
 * (`orders.rejects.csv` to `orders.rejects-2.csv`), and never the input itself.
 */
export function rejectsPath(
  inputPath: string,
  extension: RejectsExtension,
  written: WrittenFiles,
): { path: string; kept?: string } {
  const { name, round } = rejectsRound(inputPath);
  const at = (n: number) => join(dirname(inputPath), rejectsFileName(name, n, extension));
  const ours = (path: string) => {
    if (resolve(path) === resolve(inputPath)) return false;
    const info = statSync(path);
    const noted = written.writtenFile(path);
    // Noted as being written: a run that was killed while writing it left it unfinished.
    if (noted?.size === WRITING) return true;
    return noted !== undefined && noted.size === info.size && noted.mtimeMs === info.mtimeMs;
  };
  const first = round + 1;
  for (let n = first; ; n++) {
    const path = at(n);
    if (!existsSync(path) || ours(path)) return n === first ? { path } : { path, kept: at(first) };
  }
}

/** How to write rejects: the sheet's header (none for JSON input), and the input's delimiter, encoding and sheet. */
export interface RejectsShape {
  header?: readonly string[];
  delimiter?: string;
  /** The iconv-lite name of the input's encoding: a CSV's rejects are written in it. */
  encoding?: string;
  /** A workbook's sheet name: its rejects are a workbook with one sheet of that name. */
  sheet?: string;
  /** The password that opened a workbook: its rejects are locked with it. */
  password?: string;
  /** The header of the column of reasons a table's rejects end with (`error` without it). */
  reasonColumn?: string;
  /** The permissions the file may have at most: those of the input whose rows it holds. */
  mode?: number | undefined;
}

/**
 * A table's header as its rows to fix repeat it: without the column of reasons that rows to fix sent
 * again end with, so that cut again they carry the new reasons alone (each row's cells are cut to it).
 */
function headerToRepeat(header: readonly string[]): readonly string[] {
  const last = header.at(-1)?.trim();
  const reasons: readonly string[] = Object.values(REASON_COLUMN);
  return last !== undefined && reasons.includes(last) ? header.slice(0, -1) : header;
}

/**
 * The rejects file: the rows that were invalid or not taken, as they were, plus an `error` column, in
 * the input's own form: a workbook's rows as a workbook (cells as text), CSV in the input's encoding and
 * delimiter (UTF-8 with a byte-order mark, so Excel shows Korean text), JSON records as NDJSON with an
 * `error` field. Fixed and uploaded again with the same options, it sends just those records. With no
 * rejects, it is removed at the end.
 */
export class RejectsFile {
  readonly path: string;
  readonly #text: OutputFile | undefined;
  readonly #workbook: TextWorkbook | undefined;
  readonly #shape: RejectsShape;
  count = 0;

  private constructor(path: string, shape: RejectsShape, text?: OutputFile, workbook?: TextWorkbook) {
    this.path = path;
    this.#shape = shape;
    this.#text = text;
    this.#workbook = workbook;
  }

  static async create(path: string, given: RejectsShape, written?: WrittenFiles): Promise<RejectsFile> {
    const shape = { ...given, ...(given.header ? { header: headerToRepeat(given.header) } : {}) };
    const { header, sheet } = shape;
    const reasons = shape.reasonColumn ?? REASON_COLUMN.en;
    // Noted before the first byte, so that a run killed while writing it does not take it for a person's.
    written?.noteWrittenFile(path, WRITING, WRITING);
    if (header && sheet !== undefined) {
      const { TextWorkbook } = await import('./text-workbook.js');
      const { password } = shape;
      const workbook = await TextWorkbook.create(path, {
        sheet,
        header: [...header, reasons],
        what: 'rejects file',
        password,
        mode: shape.mode,
      });
      return new RejectsFile(path, shape, undefined, workbook).#provisional();
    }
    const encoding = shape.encoding ?? 'utf8';
    const bom = encoding === 'utf8' || /^utf(16|32)/.test(encoding) ? '\uFEFF' : '';
    const head = header ? `${bom}${csvRow([...header, reasons], shape.delimiter, true)}\n` : '';
    const file = await OutputFile.create(path, head, {
      what: 'rejects file',
      userGiven: false,
      encoding,
      mode: shape.mode,
    });
    return new RejectsFile(path, shape, file).#provisional();
  }

  /** Until its first reject, the file is removed if the run ends early (its `close` does not run then). */
  #provisional(): this {
    removeAtExit(this.path);
    return this;
  }

  async add(original: unknown, error: string): Promise<void> {
    if (this.count === 0) keepAtExit(this.path);
    this.count += 1;
    const { header } = this.#shape;
    if (header) {
      const cells = [...(original as string[])];
      while (cells.length < header.length) cells.push('');
      const row = [...cells.slice(0, header.length), error];
      if (this.#workbook) await this.#workbook.add(row.map(formulaSafe));
      else await this.#text?.write(`${csvRow(row, this.#shape.delimiter, true)}\n`);
      return;
    }
    const entry = isPlainObject(original)
      ? { ...original, error }
      : typeof original === 'string'
        ? { text: original, error }
        : { value: original, error };
    await this.#text?.write(`${JSON.stringify(entry)}\n`);
  }

  /** Finishes the file and notes it as written; with no rejects, removes it. */
  async close(written: WrittenFiles | undefined): Promise<void> {
    if (this.count === 0) {
      await (this.#workbook ?? this.#text)?.remove();
      keepAtExit(this.path);
      return;
    }
    await (this.#workbook ?? this.#text)?.close();
    const info = statSync(this.path);
    written?.noteWrittenFile(this.path, info.size, info.mtimeMs);
  }
}

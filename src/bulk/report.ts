import { existsSync, statSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { csvRow } from '../util/csv.js';
import type { Outcome } from './outcome.js';
import { OutputFile } from './output-file.js';

/** One line of the report: a record, the rows it came from, and what happened to it. */
export interface ReportLine {
  rows: readonly number[];
  id: string;
  outcome: Outcome;
  status?: number | undefined;
  message: string;
}

/** A report line as JSON: the same fields everywhere (report file, `--json` results on stdout). */
export function reportJson(line: ReportLine): Record<string, unknown> {
  return {
    rows: line.rows,
    id: line.id,
    outcome: line.outcome,
    status: line.status ?? null,
    message: line.message,
  };
}

/** The `--report` file: CSV, or a JSON array when the name ends in .json; written as records finish. */
export class ReportFile {
  readonly #file: OutputFile;
  readonly #json: boolean;
  #first = true;

  private constructor(file: OutputFile, json: boolean) {
    this.#file = file;
    this.#json = json;
  }

  get path(): string {
    return this.#file.path;
  }

  static async create(path: string): Promise<ReportFile> {
    const json = extname(path).toLowerCase() === '.json';
    const head = json ? '[\n' : `${csvRow(['rows', 'id', 'outcome', 'status', 'message'])}\n`;
    return new ReportFile(await OutputFile.create(path, head, { what: 'report', userGiven: true }), json);
  }

  async add(line: ReportLine): Promise<void> {
    if (this.#json) {
      await this.#file.write(`${this.#first ? '' : ',\n'}  ${JSON.stringify(reportJson(line))}`);
      this.#first = false;
      return;
    }
    await this.#file.write(
      `${csvRow([line.rows.join('|'), line.id, line.outcome, line.status ?? '', line.message])}\n`,
    );
  }

  async close(): Promise<void> {
    if (this.#json) await this.#file.write(`${this.#first ? '' : '\n'}]\n`);
    await this.#file.close();
  }
}

/** What the ledger remembers of the rejects files it wrote, to tell when a person has edited one. */
export interface WrittenFiles {
  writtenFile(path: string): { size: number; mtimeMs: number } | undefined;
  noteWrittenFile(path: string, size: number, mtimeMs: number): void;
}

/**
 * Where the rejects of an input go: `<name>.rejects.csv` (`.ndjson` for JSON input) next to it, unless
 * a file of that name is there that intake did not write as it is now (a person has been fixing it):
 * that one is kept, and the rejects go to the first free `<name>.rejects-2.csv`, `-3`, ...
 */
export function rejectsPath(
  inputPath: string,
  extension: 'csv' | 'ndjson',
  written: WrittenFiles,
): { path: string; kept?: string } {
  const name = basename(inputPath, extname(inputPath));
  const at = (n: number) => join(dirname(inputPath), `${name}.rejects${n === 1 ? '' : `-${n}`}.${extension}`);
  const ours = (path: string) => {
    const info = statSync(path);
    const noted = written.writtenFile(path);
    return noted !== undefined && noted.size === info.size && noted.mtimeMs === info.mtimeMs;
  };
  for (let n = 1; ; n++) {
    const path = at(n);
    if (!existsSync(path) || ours(path)) return n === 1 ? { path } : { path, kept: at(1) };
  }
}

/**
 * The rejects file: the rows that were invalid or not taken, as they were, plus an `error` column (CSV,
 * written as UTF-8 with a byte-order mark so Excel shows Korean text) or an `error` field (NDJSON). Fixed
 * and uploaded again, it sends just those records. With no rejects, it is removed at the end.
 */
export class RejectsFile {
  readonly #file: OutputFile;
  readonly #header: readonly string[] | undefined;
  readonly #delimiter: string;
  count = 0;

  private constructor(file: OutputFile, header: readonly string[] | undefined, delimiter: string) {
    this.#file = file;
    this.#header = header;
    this.#delimiter = delimiter;
  }

  get path(): string {
    return this.#file.path;
  }

  static async create(
    path: string,
    header: readonly string[] | undefined,
    delimiter = ',',
  ): Promise<RejectsFile> {
    const head = header ? `\uFEFF${csvRow([...header, 'error'], delimiter)}\n` : '';
    const file = await OutputFile.create(path, head, { what: 'rejects file', userGiven: false });
    return new RejectsFile(file, header, delimiter);
  }

  async add(original: unknown, error: string): Promise<void> {
    this.count += 1;
    if (this.#header) {
      const cells = [...(original as string[])];
      while (cells.length < this.#header.length) cells.push('');
      await this.#file.write(`${csvRow([...cells.slice(0, this.#header.length), error], this.#delimiter)}\n`);
      return;
    }
    const entry =
      original !== null && typeof original === 'object' && !Array.isArray(original)
        ? { ...original, error }
        : typeof original === 'string'
          ? { text: original, error }
          : { value: original, error };
    await this.#file.write(`${JSON.stringify(entry)}\n`);
  }

  /** Finishes the file and notes it as written; with no rejects, removes it. */
  async close(written: WrittenFiles | undefined): Promise<void> {
    if (this.count === 0) {
      await this.#file.remove();
      return;
    }
    await this.#file.close();
    const info = statSync(this.path);
    written?.noteWrittenFile(this.path, info.size, info.mtimeMs);
  }

  /** Closes the file without noting or removing it (the upload failed part-way). */
  async abandon(): Promise<void> {
    await this.#file.close();
  }
}

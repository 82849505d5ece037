import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { csvRow } from '../util/csv.js';

/** What happened to a record. */
export type Outcome =
  'accepted' | 'already_registered' | 'duplicate' | 'invalid' | 'rejected' | 'failed' | 'not_sent' | 'valid';

/** One line of the report: a record, the rows it came from, and what happened to it. */
export interface ReportLine {
  rows: readonly number[];
  id: string;
  outcome: Outcome;
  status?: number | undefined;
  message: string;
}

async function write(stream: WriteStream, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain');
}

async function finish(stream: WriteStream): Promise<void> {
  stream.end();
  await once(stream, 'finish');
}

/** The `--report` file: CSV, or a JSON array when the name ends in .json; written as records finish. */
export class ReportWriter {
  readonly path: string;
  readonly #out: WriteStream;
  readonly #json: boolean;
  #first = true;

  constructor(path: string) {
    this.path = path;
    this.#json = extname(path).toLowerCase() === '.json';
    this.#out = createWriteStream(path);
    this.#out.write(this.#json ? '[\n' : `${csvRow(['rows', 'id', 'outcome', 'status', 'message'])}\n`);
  }

  async add(line: ReportLine): Promise<void> {
    if (this.#json) {
      const entry = JSON.stringify({
        rows: line.rows,
        id: line.id,
        outcome: line.outcome,
        status: line.status ?? null,
        message: line.message,
      });
      await write(this.#out, `${this.#first ? '' : ',\n'}  ${entry}`);
      this.#first = false;
    } else {
      await write(
        this.#out,
        `${csvRow([line.rows.join('|'), line.id, line.outcome, line.status ?? '', line.message])}\n`,
      );
    }
  }

  async close(): Promise<void> {
    if (this.#json) this.#out.write(`${this.#first ? '' : '\n'}]\n`);
    await finish(this.#out);
  }
}

/** Where the rejects of an input go: `<name>.rejects.csv` (or `.ndjson` for JSON input) next to it. */
export function rejectsPath(inputPath: string, csv: boolean): string {
  const name = basename(inputPath, extname(inputPath));
  return join(dirname(inputPath), `${name}.rejects.${csv ? 'csv' : 'ndjson'}`);
}

/**
 * The rejects file: the rows that were invalid or refused, as they were, plus an `error` column (CSV,
 * written as UTF-8 with a byte-order mark so Excel shows Korean text) or an `error` field (NDJSON). Fixed
 * and uploaded again, it sends just those records. Created on the first reject only.
 */
export class RejectsWriter {
  readonly path: string;
  readonly #header: readonly string[] | undefined;
  readonly #delimiter: string;
  #out: WriteStream | undefined;
  count = 0;

  constructor(path: string, header: readonly string[] | undefined, delimiter = ',') {
    this.path = path;
    this.#header = header;
    this.#delimiter = delimiter;
  }

  async add(original: unknown, error: string): Promise<void> {
    if (!this.#out) {
      this.#out = createWriteStream(this.path);
      if (this.#header) this.#out.write(`\uFEFF${csvRow([...this.#header, 'error'], this.#delimiter)}\n`);
    }
    this.count += 1;
    if (this.#header) {
      const cells = [...(original as string[])];
      while (cells.length < this.#header.length) cells.push('');
      await write(this.#out, `${csvRow([...cells.slice(0, this.#header.length), error], this.#delimiter)}\n`);
      return;
    }
    const entry =
      original !== null && typeof original === 'object' && !Array.isArray(original)
        ? { ...original, error }
        : typeof original === 'string'
          ? { text: original, error }
          : { value: original, error };
    await write(this.#out, `${JSON.stringify(entry)}\n`);
  }

  /** Finishes the file; with no rejects, removes one left by an earlier run so it cannot mislead. */
  async close(): Promise<void> {
    if (this.#out) await finish(this.#out);
    else await rm(this.path, { force: true });
  }
}

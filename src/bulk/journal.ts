import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { FingerprintTable } from './fingerprint-table.js';

/** Whom a journal was written for: records accepted by one service and merchant are not another's. */
export interface JournalTarget {
  baseUrl: string;
  accessKeyId: string;
  resource: string;
}

/**
 * The resume journal of an input file: the keys of records the service accepted (or already had), one
 * per line, after a first line naming the target. Running the same upload again skips them, so nothing
 * is sent twice even for shipments, which the service does not refuse as duplicates. The keys of earlier
 * runs are held as 64-bit fingerprints, so resuming a million-record upload costs little memory.
 */
export class Journal {
  readonly path: string;
  readonly #done: FingerprintTable;
  readonly #out: WriteStream;
  /** How many records an earlier run had already sent. */
  readonly earlier: number;
  /** Set when a journal for another service or merchant was found and set aside. */
  readonly replacedTarget: JournalTarget | undefined;

  private constructor(
    path: string,
    done: FingerprintTable,
    out: WriteStream,
    replacedTarget: JournalTarget | undefined,
  ) {
    this.path = path;
    this.#done = done;
    this.#out = out;
    this.earlier = done.size;
    this.replacedTarget = replacedTarget;
  }

  /** Opens the journal next to the input; with `resume` false, or for another target, it starts empty. */
  static async open(path: string, target: JournalTarget, resume: boolean): Promise<Journal> {
    const header = JSON.stringify({ intake_journal: 1, ...target });
    const done = new FingerprintTable();
    let matches = false;
    let replaced: JournalTarget | undefined;
    if (resume) {
      try {
        const lines = createInterface({
          input: createReadStream(path, 'utf8'),
          crlfDelay: Number.POSITIVE_INFINITY,
        });
        let first = true;
        for await (const line of lines) {
          if (first) {
            first = false;
            matches = line === header;
            if (!matches) {
              replaced = JSON.parse(line) as JournalTarget;
              break;
            }
            continue;
          }
          if (line !== '') done.add(JSON.parse(line) as string, 0);
        }
      } catch (error) {
        if ((error as { code?: string }).code !== 'ENOENT') throw error;
      }
    }
    const out = createWriteStream(path, { flags: matches ? 'a' : 'w' });
    if (!matches) out.write(`${header}\n`);
    return new Journal(path, matches ? done : new FingerprintTable(), out, replaced);
  }

  /** Whether an earlier run sent this record. */
  has(key: string): boolean {
    return this.#done.get(key) !== -1;
  }

  /** Notes a record the service now has; only the file keeps it (this run never sends a key twice). */
  add(key: string): void {
    this.#out.write(`${JSON.stringify(key)}\n`);
  }

  async close(): Promise<void> {
    this.#out.end();
    await once(this.#out, 'finish');
  }

  /** Removes a journal file (used when the input is standard input, which cannot be resumed). */
  static async remove(path: string): Promise<void> {
    await rm(path, { force: true });
  }
}

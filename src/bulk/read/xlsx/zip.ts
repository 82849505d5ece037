import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { InputError } from '../../errors.js';
import { WORKBOOK_LIMITS, bytes, count } from './limits.js';
import type { WorkbookBytes } from './workbook.js';
import { xmlText } from './xml.js';

/**
 * A workbook's zip, read from its central directory: its parts are found by name wherever they are in
 * the file, whatever order the program that wrote it put them in, and each one is checked against the
 * limits before it is inflated.
 */
export class WorkbookZip {
  readonly #zip: ZipFile;
  readonly #entries: Map<string, Entry>;
  readonly #label: string;

  private constructor(zip: ZipFile, entries: Map<string, Entry>, label: string) {
    this.#zip = zip;
    this.#entries = entries;
    this.#label = label;
  }

  static async open(book: WorkbookBytes, label: string): Promise<WorkbookZip> {
    const options = { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true };
    let zip: ZipFile;
    try {
      zip = await new Promise<ZipFile>((resolve, reject) => {
        const done = (error: Error | null, opened?: ZipFile) =>
          error || !opened ? reject(error ?? new Error('no zip')) : resolve(opened);
        if ('path' in book) yauzl.open(book.path, options, done);
        else
          yauzl.fromBuffer(
            Buffer.from(book.bytes.buffer, book.bytes.byteOffset, book.bytes.byteLength),
            options,
            done,
          );
      });
    } catch (error) {
      throw notAWorkbook(label, error);
    }
    try {
      if (zip.entryCount > WORKBOOK_LIMITS.entries) {
        throw new InputError(
          `${label} has ${count(zip.entryCount)} parts; a workbook has a few dozen (at most ${count(WORKBOOK_LIMITS.entries)} are read)`,
        );
      }
      return new WorkbookZip(zip, await readEntries(zip, label), label);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  /** Whether the zip has a part of this name (`xl/workbook.xml`). */
  has(name: string): boolean {
    return this.#entries.has(partKey(name));
  }

  /** The uncompressed size of a part. */
  sizeOf(name: string): number {
    return this.#entries.get(partKey(name))?.uncompressedSize ?? 0;
  }

  /**
   * A part's bytes, inflated as they are read. Refused before anything is inflated when it is larger
   * than `maxBytes`, or inflates more than a workbook's XML does (a zip bomb). A part that turns out
   * damaged as it inflates (its data cut, or not the size its entry says) is refused as such.
   */
  async open(
    name: string,
    what: string,
    maxBytes: number = WORKBOOK_LIMITS.partBytes,
  ): Promise<AsyncIterable<Buffer>> {
    const entry = this.#entries.get(partKey(name));
    if (!entry) throw new InputError(`${this.#label} has no ${what} (${name}); is it a complete .xlsx file?`);
    checkEntry(entry, what, maxBytes, this.#label);
    let stream: Readable;
    try {
      stream = await new Promise<Readable>((resolve, reject) =>
        this.#zip.openReadStream(entry, (error, opened) => (error ? reject(error) : resolve(opened))),
      );
    } catch (error) {
      throw damaged(this.#label, what, error);
    }
    return guarded(stream, this.#label, what);
  }

  /** A small part (relationships, the workbook, styles) as text, in its own encoding. */
  async text(name: string, what: string): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.open(name, what, 64 * 1024 * 1024)) chunks.push(chunk);
    return xmlText(Buffer.concat(chunks));
  }

  close(): void {
    this.#zip.close();
  }
}

/** Part names are case-insensitive (ECMA-376 part 2); a leading slash is not part of the name. */
const partKey = (name: string) => name.replace(/^\/+/, '').toLowerCase();

function checkEntry(entry: Entry, what: string, maxBytes: number, label: string): void {
  const size = entry.uncompressedSize;
  if (size > maxBytes) {
    throw new InputError(
      `the ${what} of ${label} is ${bytes(size)} uncompressed; at most ${bytes(maxBytes)} is read`,
      ['Split the workbook, or export the sheet as CSV.'],
    );
  }
  const ratio = size / Math.max(1, entry.compressedSize);
  if (size > WORKBOOK_LIMITS.ratioAboveBytes && ratio > WORKBOOK_LIMITS.inflateRatio) {
    throw new InputError(
      `the ${what} of ${label} inflates ${Math.round(ratio)} times (${bytes(entry.compressedSize)} to ${bytes(size)}); a workbook's XML inflates at most ${WORKBOOK_LIMITS.inflateRatio} times, so it is not read`,
      ['If the workbook is genuine, open it in your spreadsheet program and save it again, or export CSV.'],
    );
  }
  if (entry.isEncrypted()) {
    throw new InputError(`the ${what} of ${label} is encrypted inside the zip, which Excel never does`);
  }
}

function readEntries(zip: ZipFile, label: string): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      entries.set(partKey(entry.fileName), entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: Error) => reject(notAWorkbook(label, error)));
    zip.readEntry();
  });
}

/** A part's stream whose failures (bad compressed data, a wrong size) say the workbook is damaged. */
async function* guarded(stream: Readable, label: string, what: string): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of stream) yield chunk as Buffer;
  } catch (error) {
    throw damaged(label, what, error);
  } finally {
    stream.destroy();
  }
}

function damaged(label: string, what: string, error: unknown): InputError {
  if (error instanceof InputError) return error;
  return new InputError(
    `${label} is damaged: its ${what} cannot be unpacked`,
    [
      'Download or copy the file again; if it opens in your spreadsheet program, save it again as .xlsx or export CSV.',
    ],
    { said: { code: 'damaged_file', values: { file: label } } },
  );
}

function notAWorkbook(label: string, error: unknown): InputError {
  if ((error as { code?: string }).code === 'ENOENT')
    return new InputError(`cannot read ${label}: it was removed`);
  const message = error instanceof Error ? error.message : String(error);
  // yauzl's words name zip structures; a person needs to know the file is cut short or damaged.
  const what = /central directory|end of/i.test(message)
    ? 'is cut short or damaged (the end of its zip, which lists its parts, is missing)'
    : 'is damaged (its zip does not read)';
  return new InputError(
    `${label} ${what}`,
    [
      'Download or copy the file again; if it opens in your spreadsheet program, save it again as .xlsx or export CSV.',
    ],
    { said: { code: 'damaged_file', values: { file: label } } },
  );
}

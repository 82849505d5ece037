import { createWriteStream } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { UploadError } from '../errors.js';
import { fileErrorReason } from '../../util/file-errors.js';
import { openForWriting } from '../../util/file-mode.js';
import { officeCrypto } from '../read/xlsx/office-crypto.js';

/** The number format Excel calls Text: what is typed or pasted stays as written (no lost zeros). */
const TEXT_FORMAT = '@';

interface StreamSheet {
  addRow(values: unknown[]): { eachCell(visit: (cell: { numFmt: string }) => void): void; commit(): void };
  commit(): void;
}

interface StreamWorkbook {
  addWorksheet(name: string): StreamSheet;
  commit(): Promise<void>;
}

/** A text workbook's sheet name and header row, what it is, and the password that locks it, if any. */
export interface TextWorkbookShape {
  sheet: string;
  header: readonly string[];
  what: string;
  /** Named by the person (`--report`): a path that cannot be written is theirs to change (exit 2). */
  userGiven?: boolean;
  password?: string | undefined;
  /** The permissions it may have at most (those of the file its rows come from). */
  mode?: number | undefined;
}

/** Where the workbook's bytes go: the file, or memory until they are locked with a password. */
interface Sink {
  stream: Writable;
  /** With a password: the bytes written so far. */
  chunks?: Buffer[];
}

/**
 * A workbook of text written streaming (exceljs's WorkbookWriter, loaded with the first row: an upload
 * with nothing to write never pays for it): one sheet, its header row, then rows, every cell stored as
 * text in Text format, so that Excel opens them as written and a fix typed in keeps its leading zeros.
 * The rows to fix of a workbook and a report are written so. With a password (that of a marketplace
 * download, locked because it holds buyers' names and phones) it is built in memory and only its
 * encrypted form (ECMA-376, as Excel writes it) reaches the disk.
 */
export class TextWorkbook {
  readonly path: string;
  readonly #sheetName: string;
  readonly #header: readonly string[];
  readonly #password: string | undefined;
  /** What it is, to say what could not be written: `rejects file`, `report`. */
  readonly #what: string;
  #writer: { sink: Sink; book: StreamWorkbook; sheet: StreamSheet } | undefined;
  #error: unknown;

  private constructor(path: string, shape: TextWorkbookShape) {
    this.path = path;
    this.#sheetName = shape.sheet.slice(0, 31) || 'Sheet1';
    this.#header = shape.header;
    this.#password = shape.password;
    this.#what = shape.what;
  }

  /**
   * Creates the file (a path that cannot be written fails here, before anything is sent); with a
   * password, the workbook is locked with it.
   */
  static async create(path: string, shape: TextWorkbookShape): Promise<TextWorkbook> {
    try {
      await (await openForWriting(path, shape.mode)).close();
    } catch (error) {
      const message = `cannot write the ${shape.what} ${path}: ${fileErrorReason(error)}`;
      throw new UploadError(shape.userGiven ? 'output' : 'write', message);
    }
    return new TextWorkbook(path, shape);
  }

  #sink(): Sink {
    if (this.#password === undefined) return { stream: createWriteStream(this.path) };
    const chunks: Buffer[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    return { stream, chunks };
  }

  async #open(): Promise<{ sink: Sink; book: StreamWorkbook; sheet: StreamSheet }> {
    if (this.#writer) return this.#writer;
    const { default: ExcelJS } = await import('exceljs');
    const sink = this.#sink();
    const { stream } = sink;
    stream.on('error', (error) => {
      this.#error ??= error;
    });
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream,
      useStyles: true,
      useSharedStrings: false,
    }) as unknown as StreamWorkbook;
    const sheet = book.addWorksheet(this.#sheetName);
    this.#writer = { sink, book, sheet };
    this.#write(sheet, this.#header);
    return this.#writer;
  }

  #write(sheet: StreamSheet, cells: readonly string[]): void {
    const row = sheet.addRow([...cells]);
    row.eachCell((cell) => {
      cell.numFmt = TEXT_FORMAT;
    });
    row.commit();
  }

  async add(cells: readonly string[]): Promise<void> {
    this.#write((await this.#open()).sheet, cells);
  }

  async close(): Promise<void> {
    try {
      const writer = await this.#open();
      writer.sheet.commit();
      await writer.book.commit();
      if (writer.sink.chunks) {
        // 'finish' (which the commit waits for) may come before the last bytes are read: wait for 'end'.
        await finished(writer.sink.stream);
        await this.#writeLocked(Buffer.concat(writer.sink.chunks));
      }
    } catch (error) {
      this.#error ??= error;
    }
    if (this.#error !== undefined) {
      throw new UploadError(
        'output',
        `cannot write the ${this.#what} ${this.path}: ${fileErrorReason(this.#error)}`,
      );
    }
  }

  /** The workbook's bytes locked with its password, written over the file. */
  async #writeLocked(bytes: Buffer): Promise<void> {
    const crypto = await officeCrypto();
    await writeFile(this.path, crypto.encrypt(bytes, { password: this.#password as string }));
  }

  async remove(): Promise<void> {
    this.#writer?.sink.stream.destroy();
    await rm(this.path, { force: true });
  }
}

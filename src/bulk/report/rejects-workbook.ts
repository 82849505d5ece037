import { createWriteStream } from 'node:fs';
import { open, rm, writeFile } from 'node:fs/promises';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { UploadError } from '../errors.js';
import { fileErrorReason } from '../../util/file-errors.js';

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

/** Where the workbook's bytes go: the file, or memory until they are locked with a password. */
interface Sink {
  stream: Writable;
  /** With a password: the bytes written so far. */
  chunks?: Buffer[];
}

/**
 * The rejects of a workbook, as a workbook: one sheet named as the sheet read, its header row and the
 * rows that were not taken, every cell stored as text in Text format, so that Excel opens them as
 * written and a fix typed in keeps its leading zeros. Written streaming (exceljs's WorkbookWriter),
 * which is loaded with the first row: an upload with nothing to reject never pays for it. The rejects
 * of a workbook protected by a password are locked with the same one (the rows are buyers' names and
 * phones, which the marketplace locked its download for): they are built in memory and only their
 * encrypted form (ECMA-376, as Excel writes it) reaches the disk.
 */
export class RejectsWorkbook {
  readonly path: string;
  readonly #sheetName: string;
  readonly #header: readonly string[];
  readonly #password: string | undefined;
  #writer: { sink: Sink; book: StreamWorkbook; sheet: StreamSheet } | undefined;
  #error: unknown;

  private constructor(path: string, sheet: string, header: readonly string[], password?: string) {
    this.path = path;
    this.#sheetName = sheet.slice(0, 31) || 'Sheet1';
    this.#header = header;
    this.#password = password;
  }

  /**
   * Creates the file (a path that cannot be written fails here, before anything is sent); with
   * `password`, the workbook is locked with it.
   */
  static async create(
    path: string,
    sheet: string,
    header: readonly string[],
    password?: string,
  ): Promise<RejectsWorkbook> {
    try {
      await (await open(path, 'w', 0o644)).close();
    } catch (error) {
      throw new UploadError('write', `cannot write the rejects file ${path}: ${fileErrorReason(error)}`);
    }
    return new RejectsWorkbook(path, sheet, header, password);
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
    this.#write(sheet, [...this.#header, 'error']);
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
        `cannot write the rejects file ${this.path}: ${fileErrorReason(this.#error)}`,
      );
    }
  }

  /** The workbook's bytes locked with its password, written over the file. */
  async #writeLocked(bytes: Buffer): Promise<void> {
    const { default: officeCrypto } = await import('officecrypto-tool');
    await writeFile(this.path, officeCrypto.encrypt(bytes, { password: this.#password as string }));
  }

  async remove(): Promise<void> {
    this.#writer?.sink.stream.destroy();
    await rm(this.path, { force: true });
  }
}

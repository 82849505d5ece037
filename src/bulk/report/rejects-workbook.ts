import { createWriteStream, type WriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
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

/**
 * The rejects of a workbook, as a workbook: one sheet named as the sheet read, its header row and the
 * rows that were not taken, every cell stored as text in Text format, so that Excel opens them as
 * written and a fix typed in keeps its leading zeros. Written streaming (exceljs's WorkbookWriter),
 * which is loaded with the first row: an upload with nothing to reject never pays for it.
 */
export class RejectsWorkbook {
  readonly path: string;
  readonly #sheetName: string;
  readonly #header: readonly string[];
  #writer: { stream: WriteStream; book: StreamWorkbook; sheet: StreamSheet } | undefined;
  #error: unknown;

  private constructor(path: string, sheet: string, header: readonly string[]) {
    this.path = path;
    this.#sheetName = sheet.slice(0, 31) || 'Sheet1';
    this.#header = header;
  }

  /** Creates the file (a path that cannot be written fails here, before anything is sent). */
  static async create(path: string, sheet: string, header: readonly string[]): Promise<RejectsWorkbook> {
    try {
      await (await open(path, 'w', 0o644)).close();
    } catch (error) {
      throw new UploadError('write', `cannot write the rejects file ${path}: ${fileErrorReason(error)}`);
    }
    return new RejectsWorkbook(path, sheet, header);
  }

  async #open(): Promise<{ stream: WriteStream; book: StreamWorkbook; sheet: StreamSheet }> {
    if (this.#writer) return this.#writer;
    const { default: ExcelJS } = await import('exceljs');
    const stream = createWriteStream(this.path);
    stream.on('error', (error) => {
      this.#error ??= error;
    });
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream,
      useStyles: true,
      useSharedStrings: false,
    }) as unknown as StreamWorkbook;
    const sheet = book.addWorksheet(this.#sheetName);
    this.#writer = { stream, book, sheet };
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

  async remove(): Promise<void> {
    this.#writer?.stream.destroy();
    await rm(this.path, { force: true });
  }
}

import { createWriteStream, type WriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { CliError, EXIT } from '../../cli/errors.js';
import { fileErrorReason } from '../output-file.js';

/** The number format Excel calls Text: what is typed or pasted stays as written (no lost zeros). */
const TEXT_FORMAT = '@';

interface StreamWorkbook {
  addWorksheet(name: string): {
    addRow(values: unknown[]): { eachCell(visit: (cell: { numFmt: string }) => void): void; commit(): void };
    commit(): void;
  };
  commit(): Promise<void>;
}

/**
 * The rejects of a workbook, as a workbook: one sheet named as the sheet read, its header row and the
 * rows that were not taken, every cell stored as text in Text format, so that Excel opens them as
 * written and a fix typed in keeps its leading zeros. Written streaming (exceljs's WorkbookWriter).
 */
export class RejectsWorkbook {
  readonly path: string;
  readonly #stream: WriteStream;
  readonly #sheet: ReturnType<StreamWorkbook['addWorksheet']>;
  readonly #book: StreamWorkbook;
  #error: unknown;

  private constructor(path: string, stream: WriteStream, book: StreamWorkbook, sheet: string) {
    this.path = path;
    this.#stream = stream;
    this.#book = book;
    this.#sheet = book.addWorksheet(sheet.slice(0, 31) || 'Sheet1');
    stream.on('error', (error) => {
      this.#error ??= error;
    });
  }

  /** Creates the file (a path that cannot be written fails here, before anything is sent). */
  static async create(path: string, sheet: string, header: readonly string[]): Promise<RejectsWorkbook> {
    try {
      await (await open(path, 'w', 0o644)).close();
    } catch (error) {
      throw new CliError(`cannot write the rejects file ${path}: ${fileErrorReason(error)}`, EXIT.failure);
    }
    const { default: ExcelJS } = await import('exceljs');
    const stream = createWriteStream(path);
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream,
      useStyles: true,
      useSharedStrings: false,
    }) as unknown as StreamWorkbook;
    const workbook = new RejectsWorkbook(path, stream, book, sheet);
    workbook.add([...header, 'error']);
    return workbook;
  }

  add(cells: readonly string[]): void {
    const row = this.#sheet.addRow([...cells]);
    row.eachCell((cell) => {
      cell.numFmt = TEXT_FORMAT;
    });
    row.commit();
  }

  async close(): Promise<void> {
    try {
      this.#sheet.commit();
      await this.#book.commit();
    } catch (error) {
      this.#error ??= error;
    }
    if (this.#error !== undefined) {
      throw new CliError(
        `cannot write the rejects file ${this.path}: ${fileErrorReason(this.#error)}`,
        EXIT.failure,
      );
    }
  }

  async remove(): Promise<void> {
    this.#stream.destroy();
    await rm(this.path, { force: true });
  }
}

import type { FixedRowsWriter } from '../layout/inspect-input.js';

/** A workbook locked by a password, and the sheet its rows are read from. */
export interface CopyLock {
  password: string;
  sheet: string;
}

/**
 * Writes a fixed copy as a workbook of text locked with the original's password (built in memory, only
 * its encrypted form reaching the disk), in a sheet of the name it is read by: the copy of a locked
 * workbook keeps its buyers' names and phones locked as the original does.
 */
export const lockedCopyWriter =
  (lock: CopyLock): FixedRowsWriter =>
  async (rows, path) => {
    const { TextWorkbook } = await import('./text-workbook.js');
    const shape = { sheet: lock.sheet, password: lock.password, what: 'fixed copy' };
    let book: Awaited<ReturnType<typeof TextWorkbook.create>> | undefined;
    for await (const cells of rows) {
      if (book) await book.add(cells);
      else book = await TextWorkbook.create(path, { ...shape, header: cells });
    }
    await (book ?? (await TextWorkbook.create(path, { ...shape, header: [] }))).close();
  };

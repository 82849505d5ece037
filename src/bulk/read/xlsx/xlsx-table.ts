import { join } from 'node:path';
import type { Table } from '../table.js';
import type { InputSource } from '../source.js';
import { copySheetApart } from './apart.js';
import { copiedRows } from './sheet.js';
import { openWorkbook, type PasswordSource } from './workbook.js';
import { makeTempFolder, removeTempFolder } from '../../../util/temp-folders.js';

/** How to read a workbook: which sheet, how to get its password, and how to show progress. */
export interface WorkbookOptions {
  sheet?: string;
  password: PasswordSource;
  progress?: (rows: number) => void;
}

/**
 * A sheet of an .xlsx workbook as a table: the workbook is opened (decrypted if it has a password), the
 * sheet copied once to a private temporary file (`sheet.ts`), and the upload reads that copy; closing
 * the table removes it.
 */
export async function xlsxTable(source: InputSource, options: WorkbookOptions): Promise<Table> {
  // The password given, if the workbook asked for one: its rejects are locked with it.
  let password: string | undefined;
  const book = await openWorkbook(source.path, source.label, async (label) => {
    password = await options.password(label);
    return password;
  });
  const folder = await makeTempFolder('intake-xlsx-');
  const path = join(folder, 'rows.ndjson');
  try {
    const copy = await copySheetApart(
      { book, label: source.label, sheet: options.sheet, path },
      options.progress,
    );
    return {
      format: 'xlsx',
      label: source.label,
      encoding: { name: 'utf8', how: 'detected' },
      delimiter: ',',
      sheet: copy.name,
      sheetReason: copy.reason,
      ...(password === undefined ? {} : { password }),
      estimatedRows: copy.rows,
      rows: () => copiedRows(path, source.label),
      close: () => removeTempFolder(folder),
    };
  } catch (error) {
    await removeTempFolder(folder);
    throw error;
  }
}

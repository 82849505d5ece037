import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import officeCrypto from 'officecrypto-tool';

/** A sheet of a workbook made in a test: its rows, and number formats by column letter. */
export interface SheetSpec {
  name: string;
  rows: unknown[][];
  formats?: Record<string, string>;
  hidden?: boolean;
}

/**
 * Writes a real .xlsx workbook, as Excel would (shared strings, styles), optionally protected by a
 * password (ECMA-376 agile encryption, as Excel's "Encrypt with Password" does).
 */
export async function writeWorkbook(
  path: string,
  sheets: readonly SheetSpec[],
  options: { password?: string; padBytes?: number } = {},
): Promise<string> {
  const book = new ExcelJS.Workbook();
  // Random bytes do not compress: a picture of them makes the file as large as asked.
  if (options.padBytes) book.addImage({ buffer: randomBytes(options.padBytes) as never, extension: 'png' });
  for (const spec of sheets) {
    const sheet = book.addWorksheet(spec.name, spec.hidden ? { state: 'hidden' } : {});
    for (const row of spec.rows) sheet.addRow(row);
    for (const [column, format] of Object.entries(spec.formats ?? {})) {
      sheet.getColumn(column).eachCell({ includeEmpty: false }, (cell, rowNumber) => {
        // The header row stays as it is; the format applies to the values below.
        if (rowNumber > 1 && typeof cell.value === 'number') cell.numFmt = format;
      });
    }
  }
  let bytes: Buffer = Buffer.from(await book.xlsx.writeBuffer());
  if (options.password !== undefined) bytes = officeCrypto.encrypt(bytes, { password: options.password });
  writeFileSync(path, bytes);
  return path;
}

/**
 * The rows of a workbook's first sheet (or the named one) as exceljs reads them: values, and cell types.
 * With `password`, the workbook must be locked with it (it is opened as Excel would, after asking it).
 */
export async function readWorkbook(
  path: string,
  sheet?: string,
  password?: string,
): Promise<{ name: string; rows: unknown[][]; formats: string[][] }> {
  const book = new ExcelJS.Workbook();
  if (password === undefined) await book.xlsx.readFile(path);
  else {
    const bytes = readFileSync(path);
    if (!officeCrypto.isEncrypted(bytes)) throw new Error(`${path} is not locked by a password`);
    await book.xlsx.load((await officeCrypto.decrypt(bytes, { password })) as never);
  }
  const found = sheet === undefined ? book.worksheets[0] : book.getWorksheet(sheet);
  if (!found) throw new Error(`no sheet ${sheet ?? 1} in ${path}`);
  const rows: unknown[][] = [];
  const formats: string[][] = [];
  found.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
    const numFmts: string[] = [];
    row.eachCell((cell) => numFmts.push(cell.numFmt ?? ''));
    formats.push(numFmts);
  });
  return { name: found.name, rows, formats };
}

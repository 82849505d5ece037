import { writeFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { openInput } from '../../src/bulk/read/source.js';
import { loadNumberFormatting, numberText } from '../../src/bulk/read/xlsx/cell-text.js';
import { excelDamage } from '../../src/input/excel-text.js';
import { StringTable } from '../../src/bulk/read/xlsx/string-table.js';
import { xlsxTable } from '../../src/bulk/read/xlsx/xlsx-table.js';
import { workspace } from '../helpers/files.js';

const noPassword = () => Promise.reject(new Error('no password expected'));

async function rowsOf(path: string): Promise<{ row: number; cells: string[] }[]> {
  const source = await openInput({} as never, path);
  const table = await xlsxTable(source, { password: noPassword });
  try {
    const rows: { row: number; cells: string[] }[] = [];
    for await (const row of table.rows()) rows.push(row);
    return rows;
  } finally {
    await table.close();
  }
}

describe('cells of a workbook, as a person sees them in Excel', () => {
  it('reads numbers as digits or in their format, dates as dates, formulas as results, and every kind of text', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('cells');
    sheet.addRow(['kind', 'value']);
    const rows: [string, ExcelJS.CellValue, string?][] = [
      ['16-digit id stored as a number', 2026112212345678],
      ['phone with the leading 0 only in its format', 1012345678, '000-0000-0000'],
      ['zero-padded code', 42, '00000'],
      ['thousands', 1234567, '#,##0'],
      ['float noise', 0.1 + 0.2],
      ['date', new Date(Date.UTC(2026, 10, 22)), 'yyyy-mm-dd'],
      ['date and time', new Date(Date.UTC(2026, 10, 22, 14, 5, 9)), 'yyyy-mm-dd hh:mm:ss'],
      ['formula', { formula: 'A1&"-1"', result: 'kind-1' }],
      ['numeric formula', { formula: '1+1', result: 2 }],
      ['rich text', { richText: [{ text: '제주 ' }, { font: { bold: true }, text: '감귤' }] }],
      ['boolean', true],
      ['error', { error: '#N/A' }],
      ['kept as text', '="01012345678"'],
      ['text with spaces', '  감귤  '],
    ];
    for (const [kind, value, format] of rows) {
      const row = sheet.addRow([kind, value]);
      if (format) row.getCell(2).numFmt = format;
    }
    sheet.getCell('D30').value = 'far away';
    const files = workspace();
    const path = files.path('cells.xlsx');
    writeFileSync(path, Buffer.from(await book.xlsx.writeBuffer()));

    const read = await rowsOf(path);
    const value = (kind: string) => read.find((row) => row.cells[0] === kind)?.cells[1];
    expect(value('16-digit id stored as a number')).toBe('2026112212345678');
    expect(value('phone with the leading 0 only in its format')).toBe('010-1234-5678');
    expect(value('zero-padded code')).toBe('00042');
    expect(value('thousands')).toBe('1,234,567');
    expect(value('float noise')).toBe('0.3');
    expect(value('date')).toBe('2026-11-22');
    expect(value('date and time')).toBe('2026-11-22 14:05:09');
    expect(value('formula')).toBe('kind-1');
    expect(value('numeric formula')).toBe('2');
    expect(value('rich text')).toBe('제주 감귤');
    expect(value('boolean')).toBe('TRUE');
    expect(value('error')).toBe('#N/A');
    expect(value('kept as text')).toBe('="01012345678"');
    expect(value('text with spaces')).toBe('  감귤  ');
    // Rows keep the sheet's numbers; a cell far to the right keeps its column.
    expect(read[0]).toEqual({ row: 1, cells: ['kind', 'value'] });
    expect(read.at(-1)).toEqual({ row: 30, cells: ['', '', '', 'far away'] });
  });

  it('counts dates from 1904 when the workbook does', async () => {
    const book = new ExcelJS.Workbook();
    book.properties.date1904 = true;
    const sheet = book.addWorksheet('dates');
    sheet.addRow([new Date(Date.UTC(2026, 10, 22))]).getCell(1).numFmt = 'yyyy-mm-dd';
    const files = workspace();
    const path = files.path('1904.xlsx');
    writeFileSync(path, Buffer.from(await book.xlsx.writeBuffer()));
    expect((await rowsOf(path))[0]?.cells).toEqual(['2026-11-22']);
  });

  it('a whole number too large to be exact comes back in scientific notation, which the id checks refuse', async () => {
    expect(numberText('20261122123456789012', undefined)).toBe('20261122123456789012');
    const inexact = numberText('2.0261122123456789E+19', undefined);
    expect(inexact).toMatch(/^2\.0261122123456\d*E\+19$/);
    expect(excelDamage(inexact, 'id')?.message).toContain('scientific notation');
    expect(numberText('1.5', '0.00', false, await loadNumberFormatting())).toBe('1.50');
  });

  it('writes a number too small for its digits in exponent form as Excel shows it', () => {
    // Excel's General format and formula bar: 0.000001 in full, below it 1E-07 (capital E, two digits).
    expect(numberText('0.000001', undefined)).toBe('0.000001');
    expect(numberText('1E-7', undefined)).toBe('1E-07');
    expect(numberText('0.00000015', undefined)).toBe('1.5E-07');
    expect(numberText('1.23456789012345678E-120', undefined)).toBe('1.23456789012346E-120');
    expect(numberText('1E+21', undefined)).toBe('1E+21');
    expect(numberText('-2.5E-9', undefined)).toBe('-2.5E-09');
  });

  it('shows a negative zero as Excel does: 0, in any format', async () => {
    const formatting = await loadNumberFormatting();
    expect(numberText('-0', undefined)).toBe('0');
    expect(numberText('-00', undefined)).toBe('0');
    expect(numberText('-0.0', undefined)).toBe('0');
    expect(numberText('-0E+0', undefined)).toBe('0');
    expect(numberText('-0', '0.00', false, formatting)).toBe('0.00');
    expect(numberText('-0.0', '#,##0', false, formatting)).toBe('0');
    expect(numberText('-0', '00000', false, formatting)).toBe('00000');
    expect(numberText('-7', undefined)).toBe('-7');
  });

  it('keeps shared strings of any length and script in order', () => {
    const table = new StringTable();
    const texts = ['', '감귤', 'long', '😀 emoji', 'plain'];
    const long = 'x'.repeat(3 * 1024 * 1024);
    for (let index = 0; index < 200_000; index++) {
      table.set(index, index === 2 ? long : (texts[index % texts.length] as string));
    }
    expect(table.size).toBe(200_000);
    expect(table.get(1)).toBe('감귤');
    expect(table.get(2)?.length).toBe(3 * 1024 * 1024);
    expect(table.get(199_998)).toBe('😀 emoji');
    expect(table.get(200_000)).toBeUndefined();
    expect(() => table.set(5, 'out of order')).toThrow(RangeError);
    table.release();
  });
});

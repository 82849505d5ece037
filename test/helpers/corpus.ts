import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { UploadError } from '../../src/bulk/errors.js';
import { unescapeText } from '../../src/bulk/read/xlsx/cell-text.js';
import { readWorkbookParts } from '../../src/bulk/read/xlsx/parts.js';
import { copiedRows, copySheet } from '../../src/bulk/read/xlsx/sheet.js';
import { openWorkbook } from '../../src/bulk/read/xlsx/workbook.js';
import { WorkbookZip } from '../../src/bulk/read/xlsx/zip.js';
import { tempDir } from './temp.js';

const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const DUMPER = join(import.meta.dirname, '..', 'corpus', 'openpyxl-cells.py');

/** A cell as openpyxl reads it: its kind (`text`, `number`, `date`, `time`, `duration`), text and format. */
interface TheirCell {
  kind: string;
  text: string;
  format: string;
}

type Their =
  { error: string } | { sheets: { name: string; cells: [number, number, string, string, string][] }[] };

/** One cell the two readers read differently. */
export interface Disagreement {
  file: string;
  sheet: string;
  cell: string;
  ours: string;
  theirs: string;
}

/** How a workbook compared: cells compared, those that disagree, and either reader's refusal. */
export interface Comparison {
  cells: number;
  /** Numbers in a format whose text we show as Excel does while openpyxl gives the bare number. */
  formattedNumbers: number;
  disagreements: Disagreement[];
  /** Our one-line refusal, when we refuse the file. */
  refused?: string;
  /** openpyxl's refusal, when it refuses the file. */
  theirError?: string;
}

function openpyxlCells(path: string): Their {
  const run = spawnSync(PYTHON, [DUMPER, path], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  if (run.status !== 0) return { error: run.stderr.trim().split('\n').at(-1) ?? `exit ${run.status}` };
  return JSON.parse(run.stdout) as Their;
}

const columnName = (column: number): string => {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
};

/** Whether a format shows a time of day only (no year, month or day): Excel shows 1.5 as `12:00`. */
const timeOnly = (format: string) =>
  !/[yd]/i.test(format.replace(/"[^"]*"|\\./g, '')) && /[hs]/i.test(format);

/** The number a text shows, once grouping, currency and a percent sign are taken off. */
function shownNumber(text: string): number | undefined {
  const percent = text.trim().endsWith('%');
  const bare = text.replace(/[,\s%₩$€£¥]/g, '').replace(/^\((.*)\)$/, '-$1');
  if (bare === '' || !/^[-+]?(\d+\.?\d*|\.\d+)(E[-+]?\d+)?$/i.test(bare)) return undefined;
  const value = Number(bare);
  return percent ? value / 100 : value;
}

const close = (a: number, b: number) =>
  a === b || Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));

/** Whether our text is what openpyxl's value shows; `formatted` when only a formatted number's value matched. */
function agree(ours: string, theirs: TheirCell): 'same' | 'formatted' | 'different' {
  switch (theirs.kind) {
    case 'number': {
      const value = Number(theirs.text);
      const general = theirs.format === 'General' || theirs.format === '@';
      if (general)
        return shownNumber(ours) !== undefined && close(shownNumber(ours) as number, value)
          ? 'same'
          : 'different';
      const shown = shownNumber(ours);
      if (shown === undefined) return ours === '' ? 'different' : 'formatted';
      // Shown rounded to the format's decimals: the same number to within what the format shows.
      const decimals = ours.split('.')[1]?.replace(/\D/g, '').length ?? 0;
      const tolerance =
        0.5 * 10 ** -decimals * (ours.trim().endsWith('%') ? 0.01 : 1) + 1e-9 * Math.abs(value);
      if (Math.abs(shown - value) <= tolerance) return shown === value ? 'same' : 'formatted';
      return 'different';
    }
    case 'date': {
      if (ours === theirs.text) return 'same';
      // A time format shows the time of a serial past one day (openpyxl gives the date too, and leaves
      // out a time of midnight).
      const withTime = theirs.text.includes(' ') ? theirs.text : `${theirs.text} 00:00:00`;
      return timeOnly(theirs.format) && withTime.endsWith(` ${ours}`) ? 'same' : 'different';
    }
    default:
      // openpyxl decodes only the escaped underscore (`_x005F_`) and leaves the other escapes of OOXML
      // (`_x000D_`) as stored, where Excel shows the character: with an escape in its text, either is
      // what Excel shows, depending on what was stored.
      if (ours === theirs.text) return 'same';
      return /_x[0-9A-Fa-f]{4}_/.test(theirs.text) && ours === unescapeText(theirs.text)
        ? 'same'
        : 'different';
  }
}

/**
 * Reads every worksheet of a workbook with Intake's reader and with openpyxl, and compares them cell by
 * cell. A file both refuse is no disagreement; one only we refuse is listed with our reason. `excelShows`
 * gives what Excel shows for a cell openpyxl reads differently (by `Sheet!A1`), compared instead.
 */
export async function compareWithOpenpyxl(
  path: string,
  file: string,
  excelShows: Record<string, string> = {},
): Promise<Comparison> {
  const theirs = openpyxlCells(path);
  const result: Comparison = { cells: 0, formattedNumbers: 0, disagreements: [] };
  if ('error' in theirs) result.theirError = theirs.error;
  const folder = tempDir('intake-corpus-');
  let names: string[];
  let book;
  try {
    book = await openWorkbook(path, file, () =>
      Promise.reject(new UploadError('password_wrong', 'no password')),
    );
    const zip = await WorkbookZip.open(book, file);
    try {
      names = (await readWorkbookParts(zip, file)).sheets
        .filter((sheet) => sheet.part)
        .map((sheet) => sheet.name);
    } finally {
      zip.close();
    }
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    result.refused = error.message;
    return result;
  }
  if ('error' in theirs) return result;
  for (const sheet of theirs.sheets) {
    if (!names.includes(sheet.name)) continue;
    const ours = new Map<string, string>();
    try {
      const target = join(folder, `${names.indexOf(sheet.name)}.ndjson`);
      await copySheet(book, file, sheet.name, target);
      for await (const row of copiedRows(target, file)) {
        row.cells.forEach((text, index) => {
          if (text !== '') ours.set(`${columnName(index + 1)}${row.row}`, text);
        });
      }
    } catch (error) {
      if (!(error instanceof UploadError)) throw error;
      result.refused = error.message;
      return result;
    }
    const seen = new Set<string>();
    for (const [row, column, kind, text, format] of sheet.cells) {
      const cell = `${columnName(column)}${row}`;
      seen.add(cell);
      const mine = ours.get(cell) ?? '';
      // A row of nothing but spaces is a blank row, which Intake leaves out (openpyxl leaves a vertical
      // tab or a carriage return escaped, `_x000B_`).
      if (mine === '' && unescapeText(text).trim() === '') continue;
      result.cells += 1;
      const shown = excelShows[`${sheet.name}!${cell}`];
      const verdict =
        shown === undefined ? agree(mine, { kind, text, format }) : mine === shown ? 'same' : 'different';
      if (verdict === 'formatted') result.formattedNumbers += 1;
      if (verdict === 'different')
        result.disagreements.push({
          file,
          sheet: sheet.name,
          cell,
          ours: mine,
          theirs: `${kind} ${text} (${format})`,
        });
    }
    for (const [cell, mine] of ours) {
      if (seen.has(cell)) continue;
      result.cells += 1;
      result.disagreements.push({ file, sheet: sheet.name, cell, ours: mine, theirs: '(empty)' });
    }
  }
  return result;
}

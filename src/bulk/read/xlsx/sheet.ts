import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { InputError } from '../../errors.js';
import { loadNumberFormatting } from './cell-text.js';
import { ndjsonLines } from '../json-stream.js';
import { readWorkbookParts, type SheetEntry } from './parts.js';
import { readSharedStrings } from './shared-strings.js';
import { sheetRows, type SheetRow } from './sheet-xml.js';
import { CellFormats } from './styles.js';
import type { WorkbookBytes } from './workbook.js';
import { WorkbookZip } from './zip.js';

/** Why a sheet was read: it was asked for, or it is the one the workbook opens on. */
export type SheetReason = 'flag' | 'active' | 'first-visible' | 'only';

/**
 * The sheet to read. `--sheet` names one (its name, or its position among the visible tabs, from 1);
 * otherwise the sheet the workbook opens on, as the program that saved it left it (a settings sheet
 * placed first, whose hidden flag another program dropped, is not read by mistake), or the first
 * visible one.
 */
export function chooseSheet(
  sheets: readonly SheetEntry[],
  activeTab: number | undefined,
  flag: string | undefined,
  label: string,
): { sheet: SheetEntry; reason: SheetReason } {
  const visible = sheets.filter((sheet) => !sheet.hidden);
  const worksheets = sheets.filter((sheet) => sheet.part !== undefined);
  const listing = () => [
    `Visible sheets: ${visible.map((sheet, index) => `${index + 1} "${sheet.name}"`).join(', ') || 'none'}` +
      (visible.length < sheets.length
        ? `; hidden: ${sheets
            .filter((sheet) => sheet.hidden)
            .map((sheet) => `"${sheet.name}"`)
            .join(', ')}`
        : ''),
  ];
  if (flag === undefined) {
    if (worksheets.length === 1) return { sheet: worksheets[0] as SheetEntry, reason: 'only' };
    const active = activeTab === undefined ? undefined : sheets[activeTab];
    if (active && active.part !== undefined && !active.hidden) return { sheet: active, reason: 'active' };
    const first = worksheets.find((sheet) => !sheet.hidden) ?? worksheets[0];
    if (!first) throw new InputError(`${label} has no worksheet`);
    return { sheet: first, reason: 'first-visible' };
  }
  const wanted = flag.trim();
  const byPosition = /^\d+$/.test(wanted) ? visible[Number(wanted) - 1] : undefined;
  const found =
    byPosition ??
    sheets.find((sheet) => sheet.name === wanted) ??
    sheets.find((sheet) => sheet.name.trim().toLowerCase() === wanted.toLowerCase());
  if (!found) throw new InputError(`${label} has no sheet "${wanted}"`, listing());
  if (found.part === undefined)
    throw new InputError(`sheet "${found.name}" of ${label} is a chart, not a worksheet`, listing());
  return { sheet: found, reason: 'flag' };
}

/** Writes lines to a stream, in batches, waiting when it is full. */
class LineWriter {
  readonly #out: WriteStream;
  #batch: string[] = [];
  #size = 0;

  constructor(out: WriteStream) {
    this.#out = out;
  }

  async add(line: string): Promise<void> {
    this.#batch.push(line);
    this.#size += line.length;
    if (this.#size >= 64 * 1024) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.#batch.length === 0) return;
    const text = `${this.#batch.join('\n')}\n`;
    this.#batch = [];
    this.#size = 0;
    if (!this.#out.write(text)) await once(this.#out, 'drain');
  }

  async close(): Promise<void> {
    await this.flush();
    this.#out.end();
    await once(this.#out, 'close');
  }
}

/** A sheet copied out of its workbook: which one and why, and how many rows with something in them. */
export interface SheetCopy {
  name: string;
  reason: SheetReason;
  rows: number;
}

/**
 * Reads one sheet of a workbook, streaming, and writes its rows to `path` as lines of JSON (`[row,
 * [cells], [formula columns]]`), numbered as the sheet numbers them, blank rows left out. The upload
 * then reads that file twice (to check, then to send) instead of unzipping and parsing the workbook
 * twice. The zip is read from its central directory (`zip.ts`), so the order its parts were written
 * in does not matter; every part is checked against the limits before it is inflated.
 */
export async function copySheet(
  book: WorkbookBytes,
  label: string,
  sheetFlag: string | undefined,
  path: string,
  progress?: (rows: number) => void,
): Promise<SheetCopy> {
  const zip = await WorkbookZip.open(book, label);
  try {
    const parts = await readWorkbookParts(zip, label);
    const { sheet, reason } = chooseSheet(parts.sheets, parts.activeTab, sheetFlag, label);
    const formats = await CellFormats.read(zip, parts.styles, label);
    const strings = await readSharedStrings(zip, parts.sharedStrings, label);
    const writer = new LineWriter(createWriteStream(path, { mode: 0o600 }));
    let rows = 0;
    try {
      const formatting = formats.needsFormatting ? await loadNumberFormatting() : undefined;
      const cells = {
        sharedString: (index: number) => strings.get(index),
        date1904: parts.date1904,
        numFmtOf: (style: number) => formats.of(style),
        ...(formatting ? { formatting } : {}),
      };
      const xml = await zip.open(sheet.part as string, `sheet "${sheet.name}"`);
      for await (const row of sheetRows(xml, cells, `sheet "${sheet.name}" of ${label}`)) {
        rows += 1;
        if (rows % 10_000 === 0) progress?.(rows);
        await writer.add(
          JSON.stringify(row.formulas ? [row.row, row.cells, row.formulas] : [row.row, row.cells]),
        );
      }
    } finally {
      strings.release();
      await writer.close();
    }
    return { name: sheet.name, reason, rows };
  } finally {
    zip.close();
  }
}

/** The rows of a sheet copied by `copySheet`, read as they are needed (no more are held). */
export async function* copiedRows(path: string, label: string): AsyncGenerator<SheetRow> {
  for await (const line of ndjsonLines(
    createReadStream(path, { encoding: 'utf8', highWaterMark: 64 * 1024 }),
  )) {
    if (line.text === undefined) {
      throw new InputError(`${label}: a row after sheet line ${line.position} holds over 4 MB of text`);
    }
    const [row, cells, formulas] = JSON.parse(line.text) as [number, string[], number[]?];
    yield formulas ? { row, cells, formulas } : { row, cells };
  }
}

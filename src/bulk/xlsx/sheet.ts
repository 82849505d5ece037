import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { UsageError } from '../../cli/errors.js';
import type { CsvRow } from '../csv-rows.js';
import { ndjsonLines } from '../json-stream.js';
import { sharedStringText } from './cell-text.js';
import { sheetRows } from './sheet-xml.js';
import { StringTable } from './string-table.js';
import { workbookStream, type WorkbookBytes } from './workbook.js';

/** A sheet of the workbook: its name, and the number in its part name (`xl/worksheets/sheet3.xml`). */
interface SheetEntry {
  name: string;
  part: string | undefined;
  hidden: boolean;
}

/** What exceljs's streaming reader knows of the workbook once it has read its parts. */
interface ReaderState {
  model?: { sheets?: { name: string; rId: string; state?: string }[] };
  workbookRels?: { Id: string; Target: string }[];
  properties?: { model?: { date1904?: boolean } };
  styles?: { getStyleModel(id: number): { numFmt?: string } | undefined };
}

/** A worksheet as exceljs's reader hands it over, with its XML not yet read. */
interface StreamWorksheet {
  /** The sheet's id in the workbook when exceljs matched its part to a sheet, else the part's number. */
  id: number | string;
  /** The sheet's name when exceljs matched it, else `Sheet<part number>`. */
  name: string;
  /** The sheet's XML. */
  iterator: AsyncIterable<Buffer> & { destroy?: () => void };
}

function sheetsOf(reader: ReaderState): SheetEntry[] {
  const rels = reader.workbookRels ?? [];
  return (reader.model?.sheets ?? []).map((sheet) => {
    const target = rels.find((rel) => rel.Id === sheet.rId)?.Target ?? '';
    return {
      name: sheet.name,
      part: /worksheets\/sheet(\d+)\.xml$/.exec(target)?.[1],
      hidden: sheet.state === 'hidden' || sheet.state === 'veryHidden',
    };
  });
}

/** The sheet `--sheet` names (a name, or a position from 1), else the first visible one. */
export function chooseSheet(
  sheets: readonly SheetEntry[],
  flag: string | undefined,
  label: string,
): SheetEntry {
  const worksheets = sheets.filter((sheet) => sheet.part !== undefined);
  const listing = () => [
    `Sheets: ${sheets.map((sheet, index) => `${index + 1} "${sheet.name}"`).join(', ')}`,
  ];
  if (flag === undefined) {
    const first = worksheets.find((sheet) => !sheet.hidden) ?? worksheets[0];
    if (!first) throw new UsageError(`${label} has no worksheet`);
    return first;
  }
  const wanted = flag.trim();
  const byPosition = /^\d+$/.test(wanted) ? sheets[Number(wanted) - 1] : undefined;
  const found =
    byPosition ??
    sheets.find((sheet) => sheet.name === wanted) ??
    sheets.find((sheet) => sheet.name.trim().toLowerCase() === wanted.toLowerCase());
  if (!found) throw new UsageError(`${label} has no sheet "${wanted}"`, listing());
  if (found.part === undefined)
    throw new UsageError(`sheet "${found.name}" of ${label} is a chart, not a worksheet`, listing());
  return found;
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

/** A sheet copied out of its workbook: which one, and how many rows with something in them. */
export interface SheetCopy {
  name: string;
  rows: number;
}

/**
 * Reads one sheet of a workbook, streaming, and writes its rows to `path` as lines of JSON (`[row,
 * "cell", ...]`), numbered as the sheet numbers them, blank rows left out. The upload then reads that
 * file twice (to check, then to send) instead of unzipping and parsing the workbook twice. exceljs's
 * WorkbookReader reads the workbook's parts (sheets, styles, the date system) and emits its shared
 * strings, kept in a compact table; the sheet's own XML is read by `sheet-xml.ts`, each cell as a
 * person sees it (`cell-text.ts`).
 */
export async function copySheet(
  book: WorkbookBytes,
  label: string,
  sheetFlag: string | undefined,
  path: string,
  progress?: (rows: number) => void,
): Promise<SheetCopy> {
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(workbookStream(book), {
    sharedStrings: 'emit',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const strings = new StringTable();
  const lookup = (index: number) => strings.get(index);
  const writer = new LineWriter(createWriteStream(path, { mode: 0o600 }));
  let chosen: SheetEntry | undefined;
  let rows = 0;
  try {
    // Worksheets come as `{eventType, value}`; shared strings (with `sharedStrings: 'emit'`) as bare
    // `{index, text}`.
    const events = reader.parse() as unknown as AsyncIterable<
      { eventType: string; value: unknown } | { index: number; text: unknown }
    >;
    for await (const event of events) {
      if ('index' in event) {
        strings.set(event.index, sharedStringText(event.text));
        continue;
      }
      if (event.eventType !== 'worksheet') continue;
      const worksheet = event.value as StreamWorksheet;
      const state = reader as unknown as ReaderState;
      chosen ??= chooseSheet(sheetsOf(state), sheetFlag, label);
      const unmatched = worksheet.name === `Sheet${worksheet.id}`;
      const isChosen = unmatched ? String(worksheet.id) === chosen.part : worksheet.name === chosen.name;
      if (!isChosen) {
        worksheet.iterator.destroy?.();
        continue;
      }
      const book = {
        sharedString: lookup,
        date1904: state.properties?.model?.date1904 === true,
        numFmtOf: (style: number) => state.styles?.getStyleModel(style)?.numFmt,
      };
      for await (const { row, cells } of sheetRows(worksheet.iterator, book)) {
        rows += 1;
        if (rows % 10_000 === 0) progress?.(rows);
        await writer.add(JSON.stringify([row, ...cells]));
      }
    }
    await writer.close();
  } catch (error) {
    await writer.close().catch(() => {});
    if (error instanceof UsageError) throw error;
    throw unreadable(error, label);
  } finally {
    strings.release();
  }
  if (!chosen) throw new UsageError(`${label} has no worksheet`);
  return { name: chosen.name, rows };
}

function unreadable(error: unknown, label: string): UsageError {
  const code = (error as { code?: string }).code;
  if (code === 'ENOENT') return new UsageError(`cannot read ${label}: it was removed`);
  const message = error instanceof Error ? error.message : String(error);
  return new UsageError(`cannot read ${label} as an Excel workbook: ${message}`, [
    'Is it a complete .xlsx file? Open it in Excel and save it again, or export CSV.',
  ]);
}

/** The rows of a sheet copied by `copySheet`, read as they are needed (no more are held). */
export async function* copiedRows(path: string, label: string): AsyncGenerator<CsvRow> {
  for await (const line of ndjsonLines(
    createReadStream(path, { encoding: 'utf8', highWaterMark: 64 * 1024 }),
  )) {
    if (line.text === undefined) {
      throw new UsageError(`${label}: a row after sheet line ${line.position} holds over 4 MB of text`);
    }
    const [row, ...cells] = JSON.parse(line.text) as [number, ...string[]];
    yield { row, cells };
  }
}

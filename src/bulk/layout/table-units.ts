import type { CsvRow } from '../read/csv-rows.js';
import { rowFingerprint } from '../read/fingerprint.js';
import { chooseHeader, HEADER_SEARCH_ROWS, type HeaderChoice, type HeaderRules } from './header.js';
import { withOtherKind } from './header-kind.js';
import type { TableLayout } from './layouts.js';
import type { Problem } from '../problems.js';
import type { Note } from '../said.js';
import type { SheetReason } from '../read/xlsx/sheet.js';
import type { Unit, UnitSource } from './units.js';
import type { Table } from '../read/table.js';
import { columnName } from '../read/xlsx/cell-ref.js';
import { joinedCells } from './columns.js';
import { JoinedLines } from './joined-lines.js';

/** How a sheet was read: its header, where it was, and which preset named its columns. */
export interface TableInfo {
  header: string[];
  headerRow: number;
  delimiter: string;
  sheet?: string;
  /** Why that sheet: asked for, the one the workbook opens on, its first visible one, its only one. */
  sheetReason?: SheetReason;
  preset?: string;
  /** Where each of our columns is in the header (several positions for joined headers). */
  columns: Record<string, number[]>;
}

async function topRows(table: Table): Promise<CsvRow[]> {
  const rows: CsvRow[] = [];
  const reader = table.rows();
  try {
    for await (const row of reader) {
      rows.push(row);
      if (rows.length > HEADER_SEARCH_ROWS) break;
    }
  } finally {
    await reader.return(undefined);
  }
  return rows;
}

/**
 * What a row gives each column: its cell, or the cells of joined headers with `-` between them. A
 * column whose cell holds several values as the marketplace writes them (`split`) gets them as our
 * sheets write them, separated by `|`.
 */
function cellsByColumn(
  cells: readonly string[],
  index: ReadonlyMap<string, readonly number[]>,
  split: Readonly<Record<string, string>>,
) {
  const values: Record<string, string | undefined> = {};
  for (const [column, positions] of index) {
    if (positions.length === 1) {
      const cell = cells[positions[0] as number];
      const separator = split[column];
      values[column] = separator === undefined || cell === undefined ? cell : cell.split(separator).join('|');
      continue;
    }
    values[column] = joinedCells(cells, positions);
  }
  return values;
}

/** The cells a layout reads that hold a formula saved without its result: they have no value to send. */
function formulaProblems(formulas: readonly number[], row: number, choice: HeaderChoice): Problem[] {
  const problems: Problem[] = [];
  for (const [, positions] of choice.index) {
    for (const position of positions) {
      if (!formulas.includes(position)) continue;
      problems.push({
        column: choice.header[position] ?? columnName(position),
        message: `cell ${columnName(position)}${row} is a formula saved without its result, so it has no value to send: open the workbook in your spreadsheet program and save it, or export the values`,
        said: { code: 'formula_without_value', values: { cell: `${columnName(position)}${row}` } },
      });
    }
  }
  return problems;
}

const SHEET_REASONS: Record<SheetReason, string> = {
  flag: ' (--sheet)',
  only: '',
  active: ': the sheet it opens on (--sheet to choose another)',
  'first-visible': ': its first visible sheet (--sheet to choose another)',
};

function describeReading(choice: HeaderChoice, table: Table): Note[] {
  const notes: Note[] = [];
  if (table.sheet !== undefined) {
    const reason = table.sheetReason ?? 'flag';
    notes.push({
      text: `Reading sheet "${table.sheet}" of ${table.label}${SHEET_REASONS[reason]}.`,
      said: { code: 'reading_sheet', values: { sheet: table.sheet, file: table.label, reason } },
    });
  }
  if (choice.titleRows > 0) {
    notes.push({
      text: `The header is row ${choice.row}; ${choice.titleRows === 1 ? 'the row above it was' : `the ${choice.titleRows} rows above it were`} skipped.`,
      said: { code: 'header_row', values: { row: choice.row, skipped: choice.titleRows } },
    });
  }
  if (choice.preset?.saved && choice.detected) {
    notes.push({
      text: `The headers fit your saved layout ${choice.preset.name}: reading them with it.`,
      said: { code: 'saved_layout_found', values: { layout: choice.preset.name } },
    });
  } else if (choice.preset && choice.detected) {
    notes.push({
      text: `The headers are those of ${choice.preset.title}: reading them with the preset ${choice.preset.name} (--preset to choose another).`,
      said: { code: 'preset_found', values: { preset: choice.preset.name } },
    });
  }
  return notes;
}

/**
 * A sheet (CSV or a workbook's sheet) as units: its header found where it is (`header.ts`), then one
 * unit per row below it, with the cells of the layout's columns.
 */
export async function tableUnits(table: Table, layout: TableLayout, rules: HeaderRules): Promise<UnitSource> {
  const where = table.sheet === undefined ? table.label : `sheet "${table.sheet}" of ${table.label}`;
  const top = await topRows(table);
  let choice: HeaderChoice;
  try {
    choice = chooseHeader(top, rules, where);
  } catch (error) {
    throw withOtherKind(error, top, rules);
  }
  const split = choice.preset?.split ?? {};
  const info: TableInfo = {
    header: choice.header,
    headerRow: choice.row,
    delimiter: table.delimiter,
    ...(table.sheet === undefined ? {} : { sheet: table.sheet }),
    ...(table.sheetReason === undefined ? {} : { sheetReason: table.sheetReason }),
    ...(choice.preset ? { preset: choice.preset.name } : {}),
    columns: Object.fromEntries(choice.index),
  };
  return {
    format: table.format,
    encoding: table.encoding,
    layout,
    unitName: 'row',
    ...(table.estimatedRows === undefined ? {} : { estimatedUnits: table.estimatedRows }),
    table: info,
    ...(table.password === undefined ? {} : { password: table.password }),
    notes: describeReading(choice, table),
    async *units() {
      const lines = new JoinedLines(choice.index);
      for await (const { row, cells, formulas } of table.rows()) {
        if (row <= choice.row) continue;
        const { content, replacement } = rowFingerprint(cells);
        const value = cellsByColumn(cells, choice.index, split);
        lines.tell(value, content);
        const unit: Unit = { row, original: cells, value, content };
        const unreadable = replacement ? table.unreadable?.(cells) : undefined;
        if (unreadable) unit.unreadable = { message: unreadable };
        if (formulas) {
          const problems = formulaProblems(formulas, row, choice);
          if (problems.length > 0) unit.cellProblems = problems;
        }
        yield unit;
      }
    },
    close: () => table.close(),
  };
}

import { InputError } from '../errors.js';
import { closestTo } from '../../util/suggest.js';
import { cut, cutList } from '../../util/cut.js';
import { matchHeader, type ColumnMapping, type HeaderMatch } from './columns.js';
import type { CsvRow } from '../read/csv-rows.js';
import type { TableLayout } from './layouts.js';
import { presetMapping, type Preset } from './presets.js';
import { completeGuess, guessColumns, joinedLineId } from './guess.js';
import type { ResourceName } from '../resources.js';

/** How many rows from the top may be titles or notes above the header. */
export const HEADER_SEARCH_ROWS = 30;

/** The header row found, where the layout's columns are in it, and which preset named them. */
export interface HeaderChoice {
  row: number;
  header: string[];
  index: Map<string, number[]>;
  preset?: Preset;
  /** The preset was chosen because the header matched it (no `--preset`). */
  detected: boolean;
  /** Rows with something in them above the header (a title, a date, notes). */
  titleRows: number;
}

/** How to read the header: `--preset` and `--columns` if given, else the layout's names or a preset. */
export interface HeaderRules {
  layout: TableLayout;
  /** `--columns`, whose every header must be in the file. */
  columns: ColumnMapping;
  /** `--preset`; `--columns` overrides its entries. */
  preset?: Preset;
  /** The presets to recognise a header by when neither flag is given. */
  candidates: readonly Preset[];
  /** The row the header is on, when the person says so (`--header-row`); else it is looked for. */
  headerRow?: number;
  /** What the file holds, for Intake's guess of its columns when no header fits. */
  kind?: ResourceName;
  /**
   * For an upload: the layouts the person saved, of every kind, to say which command reads a header
   * that is another kind's (`withOtherKind`). Left out where the file must be of this kind (a catalog).
   */
  otherKinds?: readonly Preset[];
  /** False where the headers cannot be mapped (a product catalog has no `--columns`): they are corrected. */
  mappable?: boolean;
}

interface Reading {
  mapping: ColumnMapping;
  preset?: Preset;
}

function readings(rules: HeaderRules): Reading[] {
  if (rules.preset || rules.columns.size > 0) {
    const mapping = new Map(rules.preset ? presetMapping(rules.preset, rules.layout) : []);
    for (const [column, header] of rules.columns) mapping.set(column, header);
    return [{ mapping, ...(rules.preset ? { preset: rules.preset } : {}) }];
  }
  return [
    { mapping: new Map() },
    ...rules.candidates.map((preset) => ({ mapping: presetMapping(preset, rules.layout), preset })),
  ];
}

/** A header matches a reading when every required column is found, and every `--columns` header. */
const matches = (match: HeaderMatch, rules: HeaderRules) =>
  match.missing.length === 0 && !match.absent.some(([column]) => rules.columns.has(column));

/**
 * Finds the header among the first rows: the first row where the layout's required columns are all
 * found, by `--preset`/`--columns`, else by our own column names, else by exactly one marketplace
 * preset (a header two presets fit is ambiguous: the person chooses with `--preset`). Title rows above
 * it are skipped. When no row fits, the error shows the row that came closest and how to map it.
 */
export function chooseHeader(top: readonly CsvRow[], rules: HeaderRules, label: string): HeaderChoice {
  const options = readings(rules);
  let closest: { row: CsvRow; match: HeaderMatch; reading: Reading } | undefined;
  for (const [position, row] of top.slice(0, HEADER_SEARCH_ROWS).entries()) {
    if (rules.headerRow !== undefined && row.row !== rules.headerRow) continue;
    const fitting: { reading: Reading; match: HeaderMatch }[] = [];
    for (const reading of options) {
      const match = matchHeader(row.cells, rules.layout, reading.mapping);
      if (matches(match, rules)) fitting.push({ reading, match });
      // What is missing is said as our own columns (or as --preset/--columns read them), not as a
      // preset nobody asked for.
      else if (reading === options[0] && (!closest || match.missing.length < closest.match.missing.length)) {
        closest = { row, match, reading };
      }
    }
    if (fitting.length === 0) continue;
    // Our own column names first, then a layout the person saved, then the one preset that fits.
    const own =
      fitting.find((fit) => fit.reading.preset === undefined) ??
      fitting.find((fit) => fit.reading.preset?.saved === true) ??
      (fitting.length === 1 ? fitting[0] : undefined);
    if (!own) {
      throw new InputError(
        `the header of ${label} (row ${row.row}) fits several presets: ${fitting.map((fit) => fit.reading.preset?.name).join(', ')}`,
        ['Choose one with --preset NAME.'],
      );
    }
    return {
      row: row.row,
      header: row.cells,
      index: own.match.index,
      ...(own.reading.preset ? { preset: own.reading.preset } : {}),
      detected: own.reading.preset !== undefined && rules.preset === undefined,
      titleRows: position,
    };
  }
  throw noHeader(top, rules, label, closest);
}

function noHeader(
  top: readonly CsvRow[],
  rules: HeaderRules,
  label: string,
  closest: { row: CsvRow; match: HeaderMatch; reading: Reading } | undefined,
): InputError {
  if (!closest && rules.headerRow !== undefined) {
    return new InputError(
      `${label} has nothing in row ${rules.headerRow}; the header is looked for in the first ${HEADER_SEARCH_ROWS} rows`,
    );
  }
  if (!closest) {
    return new InputError(`${label} has no header row`, [], {
      said: { code: 'no_header', values: { file: label } },
    });
  }
  const { row, match } = closest;
  const headers = `Headers found (row ${row.row}): ${cutList(row.cells.filter((cell) => cell.trim() !== ''))}`;
  const absent = match.absent.find(([column]) => rules.columns.has(column));
  if (absent) {
    return new InputError(
      `--columns maps ${absent[0]} to "${cut(absent[1], 40)}", but ${label} has no such header`,
      [headers],
    );
  }
  const missing = match.missing.map((alternatives) => alternatives.join(' or ')).join(', ');
  const where = closest.reading.preset ? ` (as the preset ${closest.reading.preset.name} reads it)` : '';
  // A header with a slip of the keyboard: say which one, and how to go on.
  const slips = match.missing.flatMap((alternatives) => {
    const cell = row.cells.find((header) =>
      alternatives.some((column) => closestTo(header, [column]) !== undefined),
    );
    const column = cell === undefined ? undefined : closestTo(cell, alternatives);
    if (cell === undefined || column === undefined) return [];
    const header = `Did you mean ${column} for the header "${cut(cell, 40)}"?`;
    return [
      rules.mappable === false
        ? `${header} Correct it in the file.`
        : `${header} Correct it, or map it: --columns "${column}=${cell}"`,
    ];
  });
  const presets = rules.candidates.map((preset) => preset.name).join(', ');
  const own = rules.columns.size === 0 && !rules.preset && rules.mappable !== false;
  const guessed = own ? guessedMapping(row, rules) : undefined;
  const joined = own ? joinedLineHint(row, rules) : undefined;
  return new InputError(
    `${label} lacks required column(s)${where}: ${missing}`,
    [
      ...slips,
      headers,
      ...(top.length > HEADER_SEARCH_ROWS
        ? [`(the header is looked for in the first ${HEADER_SEARCH_ROWS} rows)`]
        : []),
      ...(presets ? [`A marketplace export? Try --preset NAME: ${presets} (intake columns list)`] : []),
      ...(rules.mappable === false
        ? [`Name the file's columns ${rules.layout.columns.join(', ')} in a header row.`]
        : guessed
          ? [
              `Intake reads these headers as: --columns "${guessed}"`,
              `If that is right, run again with it, and keep it for the next file: intake columns save NAME --kind ${rules.kind} --columns "${guessed}"`,
            ]
          : [
              `Or map your own headers with --columns "${match.missing
                .slice(0, 3)
                .map((alternatives) => `${alternatives[0]}=YOUR HEADER`)
                .join(',')}${match.missing.length > 3 ? ',…' : ''}"`,
            ]),
      ...(joined ? [joined] : []),
    ],
    { said: { code: 'columns_missing', values: { file: label, missing, row: row.row } } },
  );
}

/**
 * For orders with no column naming a line (a shop's own export), Intake's guess of the columns with the
 * line's id made of two, the order's and the product's, joined: only a `--columns` JSON file can say
 * that. Given when the guess finds every required column.
 */
function joinedLineHint(row: CsvRow, rules: HeaderRules): string | undefined {
  if (rules.kind === undefined) return undefined;
  const guesses = guessColumns(row.cells, rules.kind, rules.candidates);
  if (!joinedLineId(rules.kind, row.cells, guesses)) return undefined;
  const mapping = completeGuess(row.cells, rules.kind, guesses, true);
  if (mapping === undefined) return undefined;
  const json = JSON.stringify(
    Object.fromEntries(
      rules.layout.columns.flatMap((column) => {
        const value = mapping.get(column);
        return value === undefined ? [] : [[column, value]];
      }),
    ),
  );
  return `No column names an order's line: its id can be the order's and the product's joined, with a --columns JSON file (intake ui proposes it): ${json}`;
}

/**
 * Intake's guess of a header's columns, as `--columns` takes it, when the guess finds every required
 * column and each header can be written in the flag (no comma, equals sign or quote in it).
 */
function guessedMapping(row: CsvRow, rules: HeaderRules): string | undefined {
  if (rules.kind === undefined) return undefined;
  const guesses = guessColumns(row.cells, rules.kind, rules.candidates);
  const mapping = completeGuess(row.cells, rules.kind, guesses, false);
  if (mapping === undefined) return undefined;
  const pairs = rules.layout.columns.flatMap((column) => {
    const header = mapping.get(column);
    return typeof header === 'string' ? [`${column}=${header}`] : [];
  });
  const writable = (header: unknown) => typeof header === 'string' && !/[,="]/.test(header);
  return [...mapping.values()].every(writable) ? pairs.join(',') : undefined;
}

import { InputError } from '../errors.js';
import type { RecordContext } from '../../input/record-context.js';
import { readColumnMapping } from './columns.js';
import { csvTable } from '../read/csv-table.js';
import { detectEncoding, type TextEncoding } from '../read/encoding.js';
import type { HeaderRules } from './header.js';
import { jsonUnits } from './json-units.js';
import { jsonLayout, type Inspection, type Layout, type TableLayout } from './layouts.js';
import type { UploadOptions } from '../options.js';
import { presetNamed, presets, type Preset } from './presets.js';
import type { Problem } from '../problems.js';
import type { Note } from '../said.js';
import type { Resource } from '../resources.js';
import type { InputFormat, InputSource } from '../read/source.js';
import { tableLayout } from './table-layouts.js';
import { tableUnits, type TableInfo } from './table-units.js';
import type { PasswordSource } from '../read/xlsx/workbook.js';

/** One row (CSV, sheet), line (NDJSON) or element (JSON array), as read. */
export interface Unit {
  /** Sheet row (as the sheet numbers it), NDJSON line, or position in the JSON array (from 1). */
  row: number;
  /** The cells of a row, or the JSON value (the raw text when it does not parse). */
  original: unknown;
  /** What the layout reads: cells by column name, or the JSON value. */
  value: unknown;
  /** A fingerprint of the unit's text as read, to tell a unit from a changed one. */
  content: number;
  /** Why the unit cannot be read at all (not JSON; characters of another encoding). */
  unreadable?: Problem;
  /** Cells that were read but hold no usable value (a formula saved without its result). */
  cellProblems?: Problem[];
  /** What the layout made of the unit, kept once found while the send pass handles it (`inspectionOf`). */
  inspection?: Inspection;
}

/** An input opened for reading units, any number of times (once to check, once to send). */
export interface UnitSource {
  format: InputFormat;
  encoding: TextEncoding;
  layout: Layout;
  /** What a unit's number means: row, line or record. */
  unitName: 'row' | 'line' | 'record';
  /** About how many units there are, to size the check's indexes. */
  estimatedUnits?: number;
  /** For a sheet: its header, where it was, its delimiter and sheet, the preset that read it. */
  table?: TableInfo;
  /**
   * The password that opened a workbook: its rejects are locked with it. Kept apart from `table`, which
   * is told and stored (a page's history), so that it stays in memory only.
   */
  password?: string;
  /** What to tell people about how the input is read (a sheet, title rows, a preset recognised). */
  notes: Note[];
  units(): AsyncGenerator<Unit>;
  /** Removes what reading needed (a workbook's copied sheet). */
  close(): Promise<void>;
}

/** What opening an input needs besides the file: the options, the record context, a workbook's password. */
export interface ReadSetup {
  options: UploadOptions;
  context: RecordContext;
  password: PasswordSource;
  /** Rows read so far while a workbook's sheet is copied out. */
  progress?: (rows: number) => void;
  /** Column layouts the person saved under a name: `--columns NAME`, and recognised as presets are. */
  savedLayouts?: readonly Preset[];
  /** An upload: a header of another kind's columns is said with the command that reads it. */
  sayOtherKind?: boolean;
  /** The rows' layout, where it is not the resource's own (a product catalog's, whose headers are not mapped). */
  tableLayout?: TableLayout;
}

/** `--columns NAME` names a saved layout (not pairs, nor a JSON file). */
const layoutName = (flag: string | undefined) =>
  flag !== undefined && !flag.includes('=') && !flag.trim().endsWith('.json') ? flag.trim() : undefined;

/** Opens an input of many records in its format, with the layout of its resource. */
export async function openUnits(
  source: InputSource,
  format: InputFormat,
  resource: Resource<unknown>,
  setup: ReadSetup,
): Promise<UnitSource> {
  const { options, context } = setup;
  if (format !== 'xlsx' && (options.sheet !== undefined || options.passwordStdin)) {
    throw new InputError(
      `${options.sheet !== undefined ? '--sheet' : '--password-stdin'} is for .xlsx workbooks; ${source.label} is read as ${format.toUpperCase()}`,
    );
  }
  if (format === 'json' || format === 'ndjson') {
    const encoding = await detectEncoding(source.path, options.encoding);
    return jsonUnits(source, format, encoding, jsonLayout(resource, context));
  }
  const layout = setup.tableLayout ?? tableLayout(resource.name, context);
  // The flags are checked before a workbook is read, which can take a while.
  const saved = (setup.savedLayouts ?? []).filter((preset) => preset.kind === resource.name);
  const named = layoutName(options.columns) ?? options.preset;
  const rules: HeaderRules = {
    layout,
    columns: layoutName(options.columns) ? new Map() : await readColumnMapping(options.columns, layout),
    ...(named === undefined ? {} : { preset: presetNamed(named, resource.name, setup.savedLayouts) }),
    candidates: [...saved, ...presets().filter((preset) => preset.kind === resource.name)],
    ...(options.headerRow === undefined ? {} : { headerRow: options.headerRow }),
    kind: resource.name,
    ...(setup.sayOtherKind ? { otherKinds: setup.savedLayouts ?? [] } : {}),
    ...(setup.tableLayout ? { mappable: false } : {}),
  };
  const table =
    format === 'xlsx'
      ? await (
          await import('../read/xlsx/xlsx-table.js')
        ).xlsxTable(source, {
          ...(options.sheet === undefined ? {} : { sheet: options.sheet }),
          password: setup.password,
          ...(setup.progress ? { progress: setup.progress } : {}),
        })
      : await csvTable(source, options);
  try {
    return await tableUnits(table, layout, rules);
  } catch (error) {
    await table.close();
    throw error;
  }
}

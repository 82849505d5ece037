import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  encodingLabel,
  joinedLineId,
  likelyHeader,
  openFile,
  presets,
  tableLayout,
  topRows,
  type ResourceName,
} from '../bulk/index.js';
import { optionsOf, passwordOf, type UploadServices } from './runner.js';
import type { UploadSession } from './session.js';

/** What the mapping step shows: the header row found, its cells, and Intake's guess for each column. */
export interface MappingView {
  kind: ResourceName;
  row: number;
  header: string[];
  /**
   * Our columns, each with whether it is required and the header position guessed (or chosen); an item
   * id may be two columns joined (`joined`: the second, whose value follows the first's after a `-`).
   */
  columns: { name: string; required: boolean; position: number | undefined; joined?: number | undefined }[];
  /** Rows of the file under the header, to show what each column holds. */
  sample: string[][];
  /** The encoding a CSV is read in (as people name it), to say before the first check. */
  encoding?: string;
}

/** The columns whose value may be two of the file's columns joined: an order line's id. */
export const JOINABLE: ReadonlySet<string> = new Set(['item_id', 'order_item_id']);

/**
 * The mapping step for a session's file: its likely header row among the first rows (or the row the
 * person chose), each of our columns with the header Intake guesses for it, and a few rows below.
 */
export async function mappingFor(
  session: UploadSession,
  services: UploadServices,
  chosenRow?: number,
): Promise<MappingView | undefined> {
  const kind = session.kind;
  if (!kind || session.original.format === 'json' || session.original.format === 'ndjson') return undefined;
  const source = { ...(await openFile(session.original.path)), label: session.label };
  const saved = await services.savedLayouts();
  const { rows, encoding } = await topRows(source, session.original.format, {
    options: optionsOf(session, { format: session.original.format, sheet: session.options.sheet }),
    password: passwordOf(session),
  });
  const known = [...saved, ...presets()];
  const found =
    chosenRow === undefined
      ? likelyHeader(rows, kind, known)
      : likelyHeader(
          rows.filter((row) => row.row === chosenRow),
          kind,
          known,
        );
  const headerRow = found?.row ?? chosenRow ?? rows[0]?.row ?? 1;
  const header = found?.header ?? rows.find((row) => row.row === headerRow)?.cells ?? [];
  const layout = tableLayout(kind);
  const required = new Set(layout.required.map((alternatives) => alternatives[0]));
  const guesses = found?.guesses ?? new Map<string, number>();
  // A file with no line id: the order's and the product's columns joined are proposed.
  const joined = joinedLineId(kind, header, guesses);
  return {
    kind,
    row: headerRow,
    header,
    columns: layout.columns.map((name) => ({
      name,
      required: required.has(name),
      ...(name === joined?.column
        ? { position: joined.positions[0], joined: joined.positions[1] }
        : { position: guesses.get(name) }),
    })),
    sample: rows
      .filter((row) => row.row > headerRow)
      .slice(0, 3)
      .map((row) => row.cells),
    ...(session.original.format === 'csv' ? { encoding: encodingLabel(encoding) } : {}),
  };
}

/**
 * Reads the session's file with a mapping made on the page from now on: our columns by the file's
 * headers, kept as a `--columns` JSON file in the session's folder.
 */
export async function useMapping(
  session: UploadSession,
  mapping: Record<string, string | readonly string[]>,
  headerRow: number,
): Promise<void> {
  const path = join(session.dir, 'columns.json');
  await writeFile(path, `${JSON.stringify(mapping)}\n`, { mode: 0o600 });
  session.options.columns = path;
  session.options.headerRow = headerRow;
  delete session.options.preset;
}

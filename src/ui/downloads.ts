import { join } from 'node:path';
import { RejectsFile, type RejectsExtension, type RejectsShape } from '../bulk/report/report.js';
import type { RefusedRow, UploadSession } from './session.js';

/** The rows not taken by the last send, or else found invalid by the last check. */
export function refusedRows(session: UploadSession): readonly RefusedRow[] {
  return session.send?.refused ?? session.check?.refused ?? [];
}

/**
 * Writes the rows not taken as a file to download, in the session's folder: a workbook or CSV of the
 * sheet's rows with an `error` column, or NDJSON records with an `error` field, written as the CLI
 * writes its rejects (text cells, nothing Excel could take for a formula). Undefined when there are none
 * or the form does not fit the input (a sheet as NDJSON, JSON as a sheet).
 */
export async function writeRejects(
  session: UploadSession,
  extension: RejectsExtension,
): Promise<string | undefined> {
  const rows = refusedRows(session);
  const table = (session.send?.reading ?? session.check?.reading)?.table;
  if (rows.length === 0 || (extension === 'ndjson') !== (table === undefined)) return undefined;
  const shape: RejectsShape = table
    ? {
        header: table.header,
        delimiter: ',',
        ...(extension === 'xlsx' ? { sheet: table.sheet ?? 'rejects' } : {}),
      }
    : {};
  const path = join(session.dir, `rejects.${extension}`);
  const file = await RejectsFile.create(path, shape);
  for (const row of rows) await file.add(row.cells, row.reason);
  await file.close(undefined);
  return path;
}

/** The name a download is saved under: the input's name with what it is (`orders.rejects.xlsx`). */
export function downloadName(session: UploadSession, what: string, extension: string): string {
  const base = session.label.replace(/\.[^.]+$/, '');
  return `${base}.${what}.${extension}`;
}

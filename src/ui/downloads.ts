import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  REASON_COLUMN,
  RejectsFile,
  rejectsFileName,
  rejectsRound,
  type Problem,
  type RejectsExtension,
  type RejectsShape,
} from '../bulk/index.js';
import { LANGS, type Lang } from '../web/lang.js';
import { refusedReasonIn } from './answers.js';
import { pageColumnNames } from './column-words.js';
import { uiTexts } from './texts/index.js';
import type { RefusedRow, UploadSession } from './session.js';

/** The rows to fix hold buyers' names and phones: in the page's folders they are their owner's alone. */
const PRIVATE = 0o600;

/** The rows not taken by the last send (or else found invalid by the last check), and those dropped. */
export function refusedRows(session: UploadSession): RefusedRow[] {
  const refused = session.send?.refused ?? session.check?.refused ?? [];
  const dropped = session.dropped.flatMap((record) =>
    record.rows.map((row) => ({
      row: row.row,
      cells: row.cells,
      problems: [],
      reason: '',
      record: record.record,
      outcome: 'dropped' as const,
    })),
  );
  return [...refused, ...dropped].sort((a, b) => a.row - b.row);
}

/** The sheet's header and name as the file came (a fixed copy is plain CSV of the same columns). */
const tableOf = (session: UploadSession) =>
  session.firstReading?.table ?? (session.send?.reading ?? session.check?.reading)?.table;

/** The path of a session's rows to fix in a form and a language, kept in its folder. */
const rejectsFileOf = (session: UploadSession, extension: RejectsExtension, lang: Lang) =>
  join(session.dir, `rejects.${lang}.${extension}`);
/** Where versions before the reasons were said in the page's language kept them (one language, English). */
const earlierRejectsFileOf = (session: UploadSession, extension: RejectsExtension) =>
  join(session.dir, `rejects.${extension}`);

/** Each row's reason in `lang`, its columns named as the file names them. */
function reasonsIn(session: UploadSession, lang: Lang, rows: readonly RefusedRow[]) {
  const table = tableOf(session);
  const named = pageColumnNames(uiTexts(lang), table);
  const problems = new Map<number, readonly Problem[]>(rows.map((row) => [row.row, row.problems]));
  return (row: RefusedRow) =>
    refusedReasonIn(lang, session.kind ?? 'order', named, (at) => problems.get(at), row, table);
}

/**
 * Writes the rows not taken as a file to download, in the session's folder: a workbook (its sheet named
 * as the file's) or CSV of the sheet's rows with an `error` column, or NDJSON records with an `error`
 * field, written as the CLI writes its rejects (text cells, nothing Excel could take for a formula).
 * Undefined when there are none or the form does not fit the input (a sheet as NDJSON, JSON as a sheet).
 */
export async function writeRejects(
  session: UploadSession,
  extension: RejectsExtension,
  lang: Lang,
  reuse = true,
): Promise<string | undefined> {
  const table = tableOf(session);
  if ((extension === 'ndjson') !== (table === undefined)) return undefined;
  // A workbook locked by a password: its rows are given back locked, which CSV cannot be.
  if (session.locked && extension === 'csv') return undefined;
  const path = rejectsFileOf(session, extension, lang);
  // After a send, the files written when it ended have every row (the page keeps only the first ones).
  if (reuse && session.send && session.send.state !== 'running') {
    if (existsSync(path)) return path;
    if (existsSync(earlierRejectsFileOf(session, extension))) return earlierRejectsFileOf(session, extension);
  }
  // Locked, and its password gone with an earlier `intake ui`: never written unlocked.
  if (session.locked && session.lockedWith === undefined) return undefined;
  const rows = refusedRows(session);
  if (rows.length === 0) return undefined;
  const shape: RejectsShape = table
    ? {
        header: table.header,
        delimiter: ',',
        ...(extension === 'xlsx' ? { sheet: table.sheet ?? 'rejects' } : {}),
        ...(session.lockedWith === undefined ? {} : { password: session.lockedWith }),
        reasonColumn: REASON_COLUMN[lang],
        mode: PRIVATE,
      }
    : { mode: PRIVATE };
  const reasonOf = reasonsIn(session, lang, rows);
  const file = await RejectsFile.create(path, shape);
  for (const row of rows) await file.add(row.cells, reasonOf(row));
  await file.close(undefined);
  return path;
}

/**
 * Once a send is over: its rows to fix written in every form and language the page offers (they outlive
 * `intake ui` whole, where the page keeps only the first rows), in place of the file the upload wrote
 * beside the input.
 */
export async function keepRejects(session: UploadSession): Promise<void> {
  const table = tableOf(session);
  const forms: RejectsExtension[] = table ? ['xlsx', 'csv'] : ['ndjson'];
  for (const extension of forms) {
    await rm(earlierRejectsFileOf(session, extension), { force: true });
    for (const lang of LANGS) {
      await rm(rejectsFileOf(session, extension, lang), { force: true });
      await writeRejects(session, extension, lang, false);
    }
  }
  const written = session.send?.rejectsPath;
  if (written) await rm(written, { force: true });
}

/**
 * The name a download is saved under: the input's name with what it is (`orders.rejects.xlsx`); the
 * rows to fix of a rejects file are the next round (`orders.rejects-2.xlsx`), as the terminal names them.
 */
export function downloadName(session: UploadSession, what: 'rejects' | 'report', extension: string): string {
  if (what === 'rejects') {
    const { name, round } = rejectsRound(session.label);
    return rejectsFileName(name, round + 1, extension);
  }
  return `${session.label.replace(/\.[^.]+$/, '')}.${what}.${extension}`;
}

import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  Ledger,
  openFile,
  planInput,
  RESOURCES,
  type InputFormat,
  type ResourceName,
  type UploadEntry,
} from '../bulk/index.js';
import { UploadSession } from './session.js';
import type { UiState } from './state.js';

/** An upload the ledger remembers, and whether its file is still there to resume it. */
export type HistoryEntry = UploadEntry & { resumable: boolean };

/** How many of the uploads the ledger remembers the history shows. */
export const HISTORY_SHOWN = 50;

/**
 * The latest uploads the ledger remembers for the profile's service and key (`HISTORY_SHOWN`), newest
 * first, and whether it remembers more; undefined with no key.
 */
export function uploadHistory(
  state: UiState,
  limit = HISTORY_SHOWN,
): { entries: HistoryEntry[]; more: boolean } | undefined {
  const { dir, target } = state.services.ledger;
  if (!target) return undefined;
  const ledger = new Ledger(dir, Date.now);
  try {
    const listed = ledger.useTarget(target).history.list(limit + 1);
    const entries = listed
      .slice(0, limit)
      .map((entry) => ({ ...entry, resumable: entry.path !== null && existsSync(entry.path) }));
    return { entries, more: listed.length > limit };
  } finally {
    ledger.close();
  }
}

/** How a file reads, by its extension or content; a single JSON object is a file of one record. */
export async function formatOf(path: string): Promise<InputFormat> {
  const plan = await planInput(await openFile(path), undefined);
  return plan.mode === 'single' ? 'ndjson' : plan.format;
}

/**
 * A session to resume an upload of the history: its file (a file the page received, kept in the UI's
 * folder, or a person's own file an upload from the command line read), its kind and its options.
 */
export async function sessionToResume(state: UiState, id: number): Promise<UploadSession | undefined> {
  const { dir, target } = state.services.ledger;
  if (!target) return undefined;
  const ledger = new Ledger(dir, Date.now);
  let entry: UploadEntry | undefined;
  try {
    entry = ledger.useTarget(target).history.get(id);
  } finally {
    ledger.close();
  }
  if (!entry?.path || !existsSync(entry.path) || !Object.hasOwn(RESOURCES, entry.kind)) return undefined;
  const options = entry.options;
  const format = (options.format as InputFormat | undefined) ?? (await formatOf(entry.path));
  // The folder of a file the page received; a new one for the report of a person's own file.
  const folder = state.sessions.holds(entry.path) ? dirname(entry.path) : await state.sessions.newFolder();
  const session = new UploadSession({
    label: entry.input,
    dir: folder,
    id: folder.split(/[\\/]/).pop() as string,
    path: entry.path,
    format,
    kind: entry.kind as ResourceName,
  });
  // Read as the terminal read it: its layout (`--columns`, `--preset`), sheet, encoding and catalog.
  for (const key of ['preset', 'sheet', 'products', 'columns', 'encoding', 'delimiter'] as const) {
    if (typeof options[key] === 'string') session.options[key] = options[key];
  }
  if (typeof options.headerRow === 'number') session.options.headerRow = options.headerRow;
  return session;
}

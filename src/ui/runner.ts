import { join } from 'node:path';
import type { UploadContext, UploadEvent } from '../bulk/context.js';
import { UploadError } from '../bulk/errors.js';
import type { LedgerTarget } from '../bulk/ledger/ledger.js';
import type { UploadOptions } from '../bulk/options.js';
import { detectKind, writeFixedCopy } from '../bulk/read/inspect-input.js';
import { openFile } from '../bulk/read/source.js';
import { workbookTabs } from '../bulk/read/xlsx/sheets.js';
import type { PasswordSource } from '../bulk/read/xlsx/workbook.js';
import { describeProblems } from '../bulk/check/problems.js';
import { RESOURCES, type Resource, type ResourceName } from '../bulk/resources.js';
import type { Note } from '../bulk/said.js';
import { runUpload } from '../bulk/upload.js';
import type { ApiClient } from '../client/api-client.js';
import type { CarrierBook } from '../input/carrier-book.js';
import {
  LINES_SHOWN,
  ROWS_KEPT,
  type CheckState,
  type RefusedRow,
  type SendState,
  type SessionError,
  type UploadSession,
} from './session.js';

/** What the UI's uploads draw on: the profile's client, the ledger, the carriers. */
export interface UploadServices {
  /** The service client; `patient` retries an upload's records for a minute. */
  client(patient: boolean): Promise<ApiClient>;
  ledger: { dir: string; target: LedgerTarget | undefined };
  carriers(): Promise<CarrierBook>;
}

/** The options every UI check and send shares; the session's reading choices on top. */
function optionsOf(session: UploadSession, extra: Partial<UploadOptions>): UploadOptions {
  const { preset, sheet, headerRow, products } = session.options;
  return {
    format: session.current.format,
    ...(preset !== undefined ? { preset } : {}),
    ...(sheet !== undefined && session.current.format === 'xlsx' ? { sheet } : {}),
    ...(headerRow !== undefined ? { headerRow } : {}),
    ...(products !== undefined ? { products } : {}),
    passwordStdin: false,
    dryRun: true,
    allOrNothing: false,
    resume: true,
    update: false,
    followUp: [],
    ...extra,
  };
}

const passwordOf =
  (session: UploadSession): PasswordSource =>
  async (label) => {
    if (session.password === undefined || session.password === '') {
      throw new UploadError('password_needed', `${label} is protected by a password`);
    }
    return session.password;
  };

function sessionError(error: unknown): SessionError {
  if (error instanceof UploadError) return { code: error.code, message: error.message, hints: error.hints };
  const code = (error as { code?: unknown }).code;
  return {
    code: typeof code === 'string' ? code : undefined,
    message: error instanceof Error ? error.message : String(error),
    hints: [],
  };
}

/** The context of one run, for the page: what it says is kept, what happens goes to `onEvent`. */
async function contextFor(
  session: UploadSession,
  services: UploadServices,
  notes: Note[],
  onEvent: (event: UploadEvent) => void,
): Promise<UploadContext> {
  const kind = session.kind as ResourceName;
  return {
    log: {
      info: (text, said) => notes.push(said ? { text, said } : { text }),
      warn: (text, said) => notes.push(said ? { text, said } : { text }),
    },
    events: onEvent,
    client: () => services.client(true),
    ledger: services.ledger,
    stop: session.stopHub,
    password: passwordOf(session),
    ...(kind === 'shipment' ? { carriers: await services.carriers() } : {}),
  };
}

/** Refused rows as the page keeps them: each with its reason, at most `ROWS_KEPT`. */
function keepRefused(list: RefusedRow[], event: UploadEvent): number {
  if (event.type !== 'record' || !event.rows) return 0;
  for (const detail of event.rows) {
    if (list.length >= ROWS_KEPT) break;
    list.push({ ...detail, reason: describeProblems(detail.problems) || event.line.message });
  }
  return event.rows.length;
}

/**
 * Learns what the file holds and how it reads before the first check: a workbook's tabs, and the kind of
 * records when the person let Intake tell.
 */
export async function inspectSession(session: UploadSession): Promise<void> {
  session.error = undefined;
  try {
    const source = await openFile(session.original.path);
    const label = session.label;
    const named = { ...source, label };
    const reading = { options: optionsOf(session, {}), password: passwordOf(session) };
    if (session.original.format === 'xlsx')
      session.tabs = await workbookTabs(session.original.path, label, reading.password);
    session.kind ??= await detectKind(named, session.original.format, reading);
    if (!session.kind)
      session.error = { code: 'kind_unknown', message: 'cannot tell what the file holds', hints: [] };
  } catch (error) {
    session.error = sessionError(error);
  }
}

/** Checks the session's file as it now reads (a dry run through the library), keeping what it found. */
export async function checkSession(session: UploadSession, services: UploadServices): Promise<void> {
  session.error = undefined;
  if (!session.kind) await inspectSession(session);
  if (session.error || !session.kind) return;
  const notes: Note[] = [];
  const check: CheckState = {
    at: Date.now(),
    reading: undefined,
    summary: {},
    notes,
    refused: [],
    refusedCount: 0,
  };
  try {
    const source = { ...(await openFile(session.current.path)), label: session.label };
    const context = await contextFor(session, services, notes, (event) => {
      if (event.type === 'opened') {
        check.reading = event.reading;
        if (session.current.path === session.original.path) session.firstReading = event.reading;
      }
      check.refusedCount += keepRefused(check.refused, event);
    });
    const result = await runUpload(context, {
      resource: RESOURCES[session.kind] as Resource<unknown>,
      source,
      format: session.current.format,
      options: optionsOf(session, { dryRun: true }),
    });
    check.summary = result.summary;
    session.check = check;
  } catch (error) {
    session.error = sessionError(error);
    session.check = undefined;
  }
}

/**
 * Makes the copy that is checked and sent from now on: the original with every fix made so far (cells
 * changed, rows dropped), keeping each row's number.
 */
export async function applyFixes(session: UploadSession): Promise<void> {
  const source = { ...(await openFile(session.original.path)), label: session.label };
  const json = session.original.format === 'json' || session.original.format === 'ndjson';
  const path = join(session.dir, json ? 'fixed.ndjson' : 'fixed.csv');
  await writeFixedCopy(
    source,
    session.original.format,
    { options: optionsOf(session, { format: session.original.format }), password: passwordOf(session) },
    { cells: session.fixes, dropped: session.dropped },
    path,
  );
  session.current = { path, format: json ? 'ndjson' : 'csv' };
  // The copy is plain: its sheet and password were the original's.
  delete session.options.sheet;
}

/**
 * Sends the session's file in the background (the library's upload: check, then send what is valid),
 * keeping the progress, the lines and the rows not taken for the page, which it tells of each change.
 */
export function sendSession(
  session: UploadSession,
  services: UploadServices,
  how: { update: boolean },
): Promise<void> {
  const kind = session.kind as ResourceName;
  const notes: Note[] = [];
  const send: SendState = {
    state: 'running',
    startedAt: Date.now(),
    progress: undefined,
    stopping: false,
    lines: [],
    counts: {},
    refused: [],
    summary: undefined,
    advice: [],
    reading: undefined,
    reportPath: join(session.dir, 'report.csv'),
    error: undefined,
  };
  session.send = send;
  session.error = undefined;
  const stopListening = session.stopHub.onStop(() => {
    send.stopping = true;
    session.changed();
  });
  session.changed();
  const run = async () => {
    try {
      const source = { ...(await openFile(session.current.path)), label: session.label };
      const context = await contextFor(session, services, notes, (event) => {
        if (event.type === 'opened') send.reading = event.reading;
        else if (event.type === 'sending') send.progress = event.progress;
        else if (event.type === 'record') {
          send.counts[event.line.outcome] = (send.counts[event.line.outcome] ?? 0) + 1;
          if (send.lines.length < LINES_SHOWN) send.lines.push(event.line);
          keepRefused(send.refused, event);
        }
      });
      const result = await runUpload(context, {
        resource: RESOURCES[kind] as Resource<unknown>,
        source,
        format: session.current.format,
        options: optionsOf(session, {
          dryRun: false,
          update: how.update,
          report: send.reportPath,
        }),
      });
      send.summary = result.summary;
      send.advice.push(...result.advice);
      if (result.fatal !== undefined) {
        send.state = 'failed';
        send.error = sessionError(result.fatal);
      } else send.state = result.stopped ? 'stopped' : 'finished';
    } catch (error) {
      send.state = 'failed';
      send.error = sessionError(error);
    } finally {
      stopListening();
      session.changed();
    }
  };
  return run();
}

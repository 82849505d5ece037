import { join } from 'node:path';
import {
  detectKind,
  openFile,
  plainOptions,
  RESOURCES,
  runUpload,
  UploadError,
  workbookTabs,
  writeFixedCopy,
  lockedCopyWriter,
  type LedgerTarget,
  type Note,
  type PasswordSource,
  type Preset,
  type Resource,
  type ResourceName,
  type UploadContext,
  type UploadEvent,
  type UploadOptions,
} from '../bulk/index.js';
import type { ApiClient } from '../client/api-client.js';
import type { CarrierBook } from '../input/carrier-book.js';
import type { ProductBook } from '../input/record-context.js';
import {
  LINES_SHOWN,
  ROWS_KEPT,
  ROWS_SHOWN,
  type CheckState,
  type RefusedRow,
  type WarnedRow,
  type SendState,
  type SessionError,
  type UploadSession,
} from './session.js';
import { writeWhole } from '../util/write-whole.js';
import { troubleOf } from './answers.js';

/** What the UI's uploads draw on: the profile's client, the ledger, the carriers, catalog and layouts. */
export interface UploadServices {
  /** The service client; `patient` retries an upload's records for a minute. */
  client(patient: boolean): Promise<ApiClient>;
  ledger: { dir: string; target: LedgerTarget | undefined };
  carriers(): Promise<CarrierBook>;
  /** The profile's product catalog, as uploads use it. */
  products: ProductBook;
  /** The layouts saved under a name. */
  savedLayouts(): Promise<Preset[]>;
  /** Keeps a session's record on disk. */
  save(session: UploadSession): Promise<void>;
  /** What is done once a send is over: its rows to fix kept, its file removed if done, its record saved. */
  afterSend(session: UploadSession): Promise<void>;
}

/** The options every UI check and send shares; the session's reading choices on top. */
export function optionsOf(session: UploadSession, extra: Partial<UploadOptions>): UploadOptions {
  const { preset, sheet, headerRow, products, columns, encoding, delimiter } = session.options;
  return plainOptions({
    format: session.current.format,
    ...(encoding !== undefined ? { encoding } : {}),
    ...(delimiter !== undefined ? { delimiter } : {}),
    ...(preset !== undefined ? { preset } : {}),
    ...(sheet !== undefined && session.current.format === 'xlsx' ? { sheet } : {}),
    ...(headerRow !== undefined ? { headerRow } : {}),
    ...(products !== undefined ? { products } : {}),
    ...(columns !== undefined ? { columns } : {}),
    dryRun: true,
    ...extra,
  });
}

export const passwordOf =
  (session: UploadSession): PasswordSource =>
  async (label) => {
    if (session.password === undefined || session.password === '') {
      throw new UploadError('password_needed', `${label} is protected by a password`);
    }
    session.lockedWith = session.password;
    session.locked = true;
    return session.password;
  };

export function sessionError(
  error: unknown,
): SessionError & { said?: { code: string; values?: Readonly<Record<string, string | number>> } } {
  if (error instanceof UploadError) {
    return {
      code: error.code,
      message: error.message,
      hints: error.hints,
      ...(error.said ? { said: error.said } : {}),
    };
  }
  const code = (error as { code?: unknown } | null)?.code;
  const trouble = troubleOf(error);
  return {
    code: typeof code === 'string' ? code : undefined,
    message: error instanceof Error ? error.message : String(error),
    hints: [],
    ...(trouble ? { said: trouble } : {}),
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
  const say = (text: string, said?: Note['said']) => {
    notes.push(said ? { text, said } : { text });
    if (said?.code === 'ledger_wait') onEvent({ type: 'note', text });
  };
  return {
    log: { info: say, warn: say },
    events: onEvent,
    client: () => services.client(true),
    ledger: services.ledger,
    stop: session.stopHub,
    now: Date.now,
    password: passwordOf(session),
    catalog: services.products,
    savedLayouts: await services.savedLayouts(),
    ...(kind === 'shipment' ? { carriers: await services.carriers() } : {}),
  };
}

/** Refused rows as the page keeps them: each with its reason and record, at most `ROWS_KEPT`. */
function keepRefused(list: RefusedRow[], event: UploadEvent): number {
  if (event.type !== 'record' || !event.rows) return 0;
  const { outcome, status, message, id } = event.line;
  const recordAt = event.rows[0]?.row;
  for (const detail of event.rows) {
    if (list.length >= ROWS_KEPT) break;
    list.push({
      ...detail,
      reason: message,
      record: id,
      ...(recordAt === undefined ? {} : { recordAt }),
      outcome: outcome === 'rejected' ? 'rejected' : 'invalid',
      ...(status === undefined ? {} : { status }),
    });
  }
  return event.rows.length;
}

/** Gives the warned rows listed their cells and record, as their records come by. */
function keepWarnedCells(listed: ReadonlyMap<number, WarnedRow>, event: UploadEvent): void {
  if (event.type !== 'record' || !event.warned) return;
  for (const detail of event.warned) {
    const warned = listed.get(detail.row);
    if (warned) Object.assign(warned, { cells: detail.cells, record: event.line.id });
  }
}

/**
 * Learns what the file holds and how it reads before the first check: a workbook's tabs, and the kind of
 * records when the person let Intake tell.
 */
export async function inspectSession(session: UploadSession, services: UploadServices): Promise<void> {
  session.error = undefined;
  try {
    const source = { ...(await openFile(session.original.path)), label: session.label };
    const reading = {
      options: optionsOf(session, {}),
      password: passwordOf(session),
      savedLayouts: await services.savedLayouts(),
    };
    if (session.original.format === 'xlsx')
      session.tabs = await workbookTabs(session.original.path, session.label, reading.password);
    if (session.kind) return;
    const found = await detectKind(source, session.original.format, reading);
    session.kind = found.kind;
    if (found.filledIn)
      session.error = {
        code: 'kind_filled_in',
        message: 'an order download with tracking numbers',
        hints: [],
      };
    else if (!session.kind)
      session.error = { code: 'kind_unknown', message: 'cannot tell what the file holds', hints: [] };
  } catch (error) {
    session.error = sessionError(error);
  }
}

/** Checks the session's file as it now reads (a dry run through the library), keeping what it found. */
export async function checkSession(session: UploadSession, services: UploadServices): Promise<void> {
  session.error = undefined;
  if (!session.kind) await inspectSession(session, services);
  if (session.error || !session.kind) {
    await services.save(session);
    return;
  }
  const notes: Note[] = [];
  const check: CheckState = {
    at: Date.now(),
    reading: undefined,
    summary: {},
    notes,
    refused: [],
    refusedCount: 0,
    warnings: [],
  };
  const warnedAt = new Map<number, WarnedRow>();
  try {
    const source = { ...(await openFile(session.current.path)), label: session.label };
    const context = await contextFor(session, services, notes, (event) => {
      if (event.type === 'opened') {
        check.reading = event.reading;
        if (session.current.path === session.original.path) session.firstReading = event.reading;
      } else if (event.type === 'checked') {
        for (const [row, problems] of event.warnings) {
          if (check.warnings.length >= ROWS_SHOWN) break;
          const warned = { row, problems };
          check.warnings.push(warned);
          warnedAt.set(row, warned);
        }
      }
      check.refusedCount += keepRefused(check.refused, event);
      keepWarnedCells(warnedAt, event);
    });
    const result = await runUpload(context, {
      resource: RESOURCES[session.kind] as Resource<unknown>,
      source,
      format: session.current.format,
      options: optionsOf(session, { dryRun: true }),
    });
    check.summary = result.summary;
    check.refused.sort((a, b) => a.row - b.row);
    if (context.carriers)
      check.carriers = context.carriers.carriers.map(({ code, name }) => ({ code, name }));
    session.check = check;
  } catch (error) {
    session.error = sessionError(error);
    session.check = undefined;
  }
  await services.save(session);
}

/**
 * Makes the copy that is checked and sent from now on: the original with every fix made so far (cells
 * changed, rows dropped), keeping each row's number.
 */
export async function applyFixes(session: UploadSession, services: UploadServices): Promise<void> {
  const source = { ...(await openFile(session.original.path)), label: session.label };
  const json = session.original.format === 'json' || session.original.format === 'ndjson';
  // A locked workbook's copy is locked with its password: its rows never reach the disk in the clear.
  const lock =
    session.locked && session.lockedWith !== undefined
      ? lockedCopyWriter({ password: session.lockedWith, sheet: session.options.sheet ?? 'Sheet1' })
      : undefined;
  const path = join(session.dir, json ? 'fixed.ndjson' : lock ? 'fixed.xlsx' : 'fixed.csv');
  const cells = new Map(
    [...session.fixes].map(([row, fixes]) => [
      row,
      new Map([...fixes].map(([position, fix]) => [position, fix.value])),
    ]),
  );
  const options = {
    options: optionsOf(session, { format: session.original.format, sheet: session.options.sheet }),
    password: passwordOf(session),
    savedLayouts: await services.savedLayouts(),
  };
  // Put in place once whole: a copy that fails half-way, or two written at once (the fixes posted from
  // two tabs), never leaves a half-written copy to be checked and sent.
  await writeWhole(path, (beside) =>
    writeFixedCopy(
      source,
      session.original.format,
      options,
      { cells, dropped: session.droppedRows },
      beside,
      lock,
    ),
  );
  session.current = { path, format: json ? 'ndjson' : lock ? 'xlsx' : 'csv' };
}

/** A new send's state. */
function newSend(session: UploadSession, update: boolean): SendState {
  return {
    state: 'running',
    startedAt: Date.now(),
    progress: undefined,
    stopping: false,
    waiting: false,
    update,
    lines: [],
    counts: {},
    refused: [],
    summary: undefined,
    advice: [],
    reading: undefined,
    // Its messages can quote a buyer's name or phone: a locked workbook's report is locked with it.
    reportPath: join(session.dir, session.lockedWith === undefined ? 'report.csv' : 'report.xlsx'),
    error: undefined,
  };
}

/**
 * Sends the session's file in the background (the library's upload: check, then send what is valid),
 * keeping the progress, the lines and the rows not taken for the page, which it tells of each change.
 * Once over, the session is kept on disk, and its file removed if nothing is left to do with it.
 */
export function sendSession(
  session: UploadSession,
  services: UploadServices,
  how: { update: boolean },
): Promise<void> {
  const kind = session.kind as ResourceName;
  const notes: Note[] = [];
  const send = newSend(session, how.update);
  session.send = send;
  session.error = undefined;
  const stopListening = session.stopHub.onStop(() => {
    send.stopping = true;
    session.changed();
  });
  session.changed();
  const run = async () => {
    try {
      await services.save(session);
      const source = { ...(await openFile(session.current.path)), label: session.label };
      const context = await contextFor(session, services, notes, (event) => {
        if (event.type === 'opened') send.reading = event.reading;
        else if (event.type === 'note' && !send.progress) send.waiting = true;
        else if (event.type === 'sending') {
          send.waiting = false;
          send.progress = event.progress;
        } else if (event.type === 'record') {
          send.counts[event.line.outcome] = (send.counts[event.line.outcome] ?? 0) + 1;
          if (send.lines.length < LINES_SHOWN) send.lines.push(event.line);
          keepRefused(send.refused, event);
        }
        if (event.type === 'note') session.changed();
      });
      const result = await runUpload(context, {
        resource: RESOURCES[kind] as Resource<unknown>,
        source,
        format: session.current.format,
        options: optionsOf(session, { dryRun: false, update: how.update, report: send.reportPath }),
      });
      send.summary = result.summary;
      const rejects = result.summary.rejects_file;
      if (typeof rejects === 'string') send.rejectsPath = rejects;
      send.advice.push(...result.advice);
      send.refused.sort((a, b) => a.row - b.row);
      if (result.fatal !== undefined) {
        send.state = 'failed';
        send.error = sessionError(result.fatal);
      } else send.state = result.stopped ? 'stopped' : 'finished';
    } catch (error) {
      send.state = 'failed';
      send.error = sessionError(error);
    } finally {
      if (send.progress) send.last = send.progress();
      send.endedAt = Date.now();
      stopListening();
      session.settling = true;
      await services.afterSend(session).catch(() => {});
      session.settling = false;
      session.changed();
    }
  };
  return run();
}

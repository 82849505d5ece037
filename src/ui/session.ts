import type { Marketplace } from '../marketplaces/names.js';
import { randomBytes } from 'node:crypto';
import type {
  InputFormat,
  InputReading,
  Note,
  Problem,
  ReportLine,
  ResourceName,
  RowDetail,
  SendProgress,
  WorkbookTabs,
} from '../bulk/index.js';

/** Rows not taken kept for the page and for after a restart (the rest are in the files to download). */
export const ROWS_SHOWN = 200;
/** Rows not taken kept in memory for the rejects to download in another form. */
export const ROWS_KEPT = 100_000;
/** Result lines kept for the page. */
export const LINES_SHOWN = 1000;

/** Why a check or a send could not go on, as the page says it. */
export interface SessionError {
  code: string | undefined;
  message: string;
  hints: readonly string[];
}

/** A row (or record) not taken, with the service's or the check's reason, and the record it is of. */
export interface RefusedRow extends RowDetail {
  /** Its record's reason as the upload gave it, in English: the check's or the service's (see `problems`). */
  reason: string;
  /** The id of the record the row is part of, as written (an order's rows share it). */
  record: string;
  /**
   * The first row of the record the row is part of, which tells records apart where their ids do not
   * (rows whose order id Excel damaged share it, each a record alone). Not kept before 5 December 2026.
   */
  recordAt?: number;
  /** Refused by the check, by the service (with its status), or dropped by the person (not kept). */
  outcome?: 'invalid' | 'rejected' | 'dropped';
  status?: number;
}

/** What tells a row's record from others: its first row, else its id (else the row itself). */
export const recordKey = (row: Pick<RefusedRow, 'row' | 'record' | 'recordAt'>): string =>
  row.recordAt !== undefined ? `@${row.recordAt}` : row.record === '' ? `#${row.row}` : row.record;

/** A valid row taken with a warning: what to look at, and its cells where the check gave them. */
export interface WarnedRow {
  row: number;
  problems: readonly Problem[];
  cells?: unknown;
  record?: string;
}

/** What the last check found. */
export interface CheckState {
  /** When it was made. */
  at: number;
  reading: InputReading | undefined;
  summary: Record<string, unknown>;
  notes: Note[];
  refused: RefusedRow[];
  refusedCount: number;
  /**
   * Valid rows taken with a warning (the first ones), and how many in all; with the row's cells and its
   * record's id, to correct a warned cell on the page.
   */
  warnings: WarnedRow[];
  /** The carriers a shipments' check knew, for suggestions where a carrier is fixed. */
  carriers?: { code: string; name: string }[];
}

/** The last send: where it is, what it counted, what it said. */
export interface SendState {
  state: 'running' | 'finished' | 'stopped' | 'failed';
  startedAt: number;
  endedAt?: number;
  progress: (() => SendProgress) | undefined;
  /** The figures when it ended, for after a restart (the live ones are gone). */
  last?: SendProgress;
  stopping: boolean;
  /** Waiting for another upload to finish (one upload uses the ledger at a time). */
  waiting: boolean;
  /** It sent the corrections (`update`). */
  update: boolean;
  lines: ReportLine[];
  counts: Record<string, number>;
  refused: RefusedRow[];
  summary: Record<string, unknown> | undefined;
  /** What to do next, as the upload says it. */
  advice: Note[];
  reading: InputReading | undefined;
  reportPath: string;
  /** The rejects file the upload wrote (the input's own form), if any. */
  rejectsPath?: string;
  error: SessionError | undefined;
}

/** A cell changed on the page: its new value and what the file had. */
export interface CellFix {
  value: string;
  original: string;
}

/** Rows a person dropped: those of one record (an order's rows go together), with their cells. */
export interface DroppedRecord {
  record: string;
  rows: { row: number; cells: unknown }[];
}

/** A stop asked for from the page (the Stop button) or by stopping `intake ui`. */
export class StopHub {
  readonly #handlers = new Set<() => void>();

  onStop(handler: () => void): () => void {
    this.#handlers.add(handler);
    return () => this.#handlers.delete(handler);
  }

  stop(): void {
    for (const handler of [...this.#handlers]) handler();
  }
}

/** How a session's file is to be read. */
export interface ReadingOptions {
  preset?: string;
  sheet?: string;
  headerRow?: number;
  products?: string;
  productsLabel?: string;
  /**
   * A column mapping made on the page (a JSON file in the session's folder), a saved layout's name, or
   * the terminal's `--columns` of an upload resumed from History.
   */
  columns?: string;
  /** The terminal's `--encoding` and `--delimiter`, for an upload of its resumed from History. */
  encoding?: string;
  delimiter?: string;
  /** Orders pulled from a marketplace: once all are answered, its next pull starts at `until`. */
  pulled?: { marketplace: Marketplace; until: number };
}

/** A session as kept on disk (`session.json`), without what lives in memory only. */
export interface StoredSession {
  id: string;
  createdAt: number;
  label: string;
  original: { path: string; format: InputFormat };
  current: { path: string; format: InputFormat };
  kind: ResourceName | undefined;
  options: ReadingOptions;
  fixes: [number, [number, CellFix][]][];
  dropped: DroppedRecord[];
  firstReading: InputReading | undefined;
  check: CheckState | undefined;
  send: Omit<SendState, 'progress'> | undefined;
  error: SessionError | undefined;
  fileRemoved: boolean;
  /** The workbook asked for a password (the password itself is never stored). */
  locked?: boolean;
}

/**
 * One file a person brought to the page, through checks, fixes and sends: where its private copy is,
 * how it is to be read, the fixes made to it, and what the last check and send found. Kept on disk in
 * its folder (`session.json`), so that its page, its results and its rejects outlive `intake ui`.
 */
export class UploadSession {
  readonly id: string;
  readonly createdAt: number;
  readonly label: string;
  /** The session's private folder: the file received, its fixed copy, the report and rejects. */
  readonly dir: string;
  readonly original: { path: string; format: InputFormat };
  /** What is checked and sent: the original, or a copy with the fixes made. */
  current: { path: string; format: InputFormat };
  kind: ResourceName | undefined;
  options: ReadingOptions = {};
  /** A workbook's password, kept in memory only. */
  password: string | undefined;
  /**
   * The password that opened the workbook, once it asked for one (memory only): its rows to fix are
   * downloaded locked with it, and only as a workbook (CSV cannot be locked).
   */
  lockedWith: string | undefined;
  /** The workbook asked for a password: kept on disk (the password is not), so no download is ever plain. */
  locked = false;
  /** Cells changed, by row and position. */
  readonly fixes = new Map<number, Map<number, CellFix>>();
  /** Records dropped, each with its rows. */
  dropped: DroppedRecord[] = [];
  tabs: WorkbookTabs | undefined;
  /** How the file as it came was read (its format, encoding, sheet), kept once fixes make a plain copy. */
  firstReading: InputReading | undefined;
  check: CheckState | undefined;
  send: SendState | undefined;
  error: SessionError | undefined;
  /** Something to say once on the next page (a record dropped with its other rows). */
  notice: string | undefined;
  /** Whether that notice asks for a look (lines a pull did not send), rather than saying it is done. */
  noticeWarns = false;
  /**
   * The file was just sent and checked: its next page opens at the check, which takes the focus (once;
   * its address stays the upload's own, so a reload or a link opens at the top).
   */
  freshCheck = false;
  /** Why its record could not be kept on disk the last time (a system error's code), if it could not. */
  unsaved: string | undefined;
  /** The file (and its fixed copy) was removed: the upload is over, its results stay. */
  fileRemoved = false;
  /** The send running in the background, to wait for when `intake ui` stops. */
  sending: Promise<void> | undefined;
  /**
   * The send is over and what follows it is under way (its rows to fix kept, its file removed, its
   * record saved): the session still counts as running, so the page shows the results only once they
   * are whole, and nothing is changed meanwhile.
   */
  settling = false;
  readonly stopHub = new StopHub();
  readonly #listeners = new Set<() => void>();
  #changes: Promise<unknown> = Promise.resolve();
  #waitingChanges = 0;

  constructor(options: {
    dir: string;
    id?: string;
    label: string;
    path: string;
    format: InputFormat;
    kind?: ResourceName;
    createdAt?: number;
  }) {
    this.id = options.id ?? randomBytes(9).toString('base64url');
    this.createdAt = options.createdAt ?? Date.now();
    this.label = options.label;
    this.dir = options.dir;
    this.original = { path: options.path, format: options.format };
    this.current = { ...this.original };
    this.kind = options.kind;
  }

  get running(): boolean {
    return this.send?.state === 'running' || this.settling;
  }

  /** Whether its file may be changed now (fixed, mapped, read again): not while it sends, nor once removed. */
  get open(): boolean {
    return !this.running && !this.fileRemoved;
  }

  /**
   * Runs `change` once the changes asked before it are done. Forms posted at once (the page open in two
   * tabs) take turns: a fix never rewrites the copy another is checking, and a send never starts on a copy
   * a fix is still making.
   */
  inTurn<T>(change: () => Promise<T>): Promise<T> {
    this.#waitingChanges += 1;
    const done = this.#changes.then(() => {
      this.#waitingChanges -= 1;
      return change();
    });
    this.#changes = done.catch(() => undefined);
    return done;
  }

  /** How many changes wait for their turn. */
  get waitingChanges(): number {
    return this.#waitingChanges;
  }

  /** Rows dropped, by row number. */
  get droppedRows(): Set<number> {
    return new Set(this.dropped.flatMap((record) => record.rows.map((row) => row.row)));
  }

  /** Calls `listener` whenever the send changes, until the returned function is called. */
  listen(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  changed(): void {
    for (const listener of [...this.#listeners]) listener();
  }

  /** The session as kept on disk. */
  stored(): StoredSession {
    const { progress: _live, ...send } = this.send ?? ({} as SendState);
    return {
      id: this.id,
      createdAt: this.createdAt,
      label: this.label,
      original: this.original,
      current: this.current,
      kind: this.kind,
      options: this.options,
      fixes: [...this.fixes].map(([row, cells]) => [row, [...cells]]),
      dropped: this.dropped,
      firstReading: this.firstReading,
      check: this.check && {
        ...this.check,
        refused: this.check.refused.slice(0, ROWS_SHOWN),
        warnings: this.check.warnings.slice(0, ROWS_SHOWN),
      },
      send: this.send && {
        ...send,
        ...(this.send.progress ? { last: this.send.progress() } : {}),
        refused: this.send.refused.slice(0, ROWS_SHOWN),
      },
      error: this.error,
      fileRemoved: this.fileRemoved,
      locked: this.locked,
    } as StoredSession;
  }

  /** A session read back from disk. A send that was running when `intake ui` went away is a stopped one. */
  static fromStored(dir: string, stored: StoredSession): UploadSession {
    const session = new UploadSession({
      dir,
      id: stored.id,
      label: stored.label,
      path: stored.original.path,
      format: stored.original.format,
      createdAt: stored.createdAt,
      ...(stored.kind ? { kind: stored.kind } : {}),
    });
    session.current = stored.current;
    session.options = stored.options ?? {};
    for (const [row, cells] of stored.fixes ?? []) session.fixes.set(row, new Map(cells));
    session.dropped = stored.dropped ?? [];
    session.firstReading = stored.firstReading;
    session.check = stored.check && { ...stored.check, warnings: stored.check.warnings ?? [] };
    if (stored.send) {
      session.send = {
        ...stored.send,
        progress: undefined,
        state: stored.send.state === 'running' ? 'stopped' : stored.send.state,
        stopping: false,
        waiting: false,
      };
    }
    session.error = stored.error;
    session.fileRemoved = stored.fileRemoved === true;
    session.locked = stored.locked === true;
    return session;
  }
}

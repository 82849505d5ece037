import { randomBytes } from 'node:crypto';
import type { InputReading, RowDetail, SendProgress } from '../bulk/context.js';
import type { ResourceName } from '../bulk/resources.js';
import type { InputFormat } from '../bulk/read/source.js';
import type { WorkbookTabs } from '../bulk/read/xlsx/sheets.js';
import type { ReportLine } from '../bulk/report/report.js';
import type { Note } from '../bulk/said.js';

/** Rows not taken kept for the page (the rest are in the files to download). */
export const ROWS_SHOWN = 200;
/** Rows not taken kept for the rejects to download. */
export const ROWS_KEPT = 100_000;
/** Result lines kept for the page. */
export const LINES_SHOWN = 1000;

/** Why a check or a send could not go on, as the page says it. */
export interface SessionError {
  code: string | undefined;
  message: string;
  hints: readonly string[];
}

/** A row (or record) not taken, with the service's or the check's reason. */
export interface RefusedRow extends RowDetail {
  reason: string;
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
}

/** The last send: where it is, what it counted, what it said. */
export interface SendState {
  state: 'running' | 'finished' | 'stopped' | 'failed';
  startedAt: number;
  progress: (() => SendProgress) | undefined;
  stopping: boolean;
  lines: ReportLine[];
  counts: Record<string, number>;
  refused: RefusedRow[];
  summary: Record<string, unknown> | undefined;
  /** What to do next, as the upload says it. */
  advice: Note[];
  reading: InputReading | undefined;
  reportPath: string;
  error: SessionError | undefined;
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

/**
 * One file a person brought to the page, through checks, fixes and sends: where its private copy is,
 * how it is to be read, the fixes made to it, and what the last check and send found. Kept in memory
 * for as long as `intake ui` runs.
 */
export class UploadSession {
  readonly id = randomBytes(9).toString('base64url');
  readonly createdAt = Date.now();
  readonly label: string;
  /** The session's private folder: the file received, its fixed copy, the report. */
  readonly dir: string;
  /** Whether the folder is the UI's own, to remove once done (not a person's own folder, when resumed). */
  readonly owned: boolean;
  readonly original: { path: string; format: InputFormat };
  /** What is checked and sent: the original, or a copy with the fixes made. */
  current: { path: string; format: InputFormat };
  kind: ResourceName | undefined;
  options: {
    preset?: string;
    sheet?: string;
    headerRow?: number;
    products?: string;
    productsLabel?: string;
  } = {};
  /** A workbook's password, kept in memory only. */
  password: string | undefined;
  readonly fixes = new Map<number, Map<number, string>>();
  readonly dropped = new Set<number>();
  tabs: WorkbookTabs | undefined;
  /** How the file as it came was read (its format, encoding, sheet), kept once fixes make a plain copy. */
  firstReading: InputReading | undefined;
  check: CheckState | undefined;
  send: SendState | undefined;
  error: SessionError | undefined;
  /** The send running in the background, to wait for when `intake ui` stops. */
  sending: Promise<void> | undefined;
  readonly stopHub = new StopHub();
  readonly #listeners = new Set<() => void>();

  constructor(options: {
    label: string;
    dir: string;
    owned: boolean;
    path: string;
    format: InputFormat;
    kind?: ResourceName;
  }) {
    this.label = options.label;
    this.dir = options.dir;
    this.owned = options.owned;
    this.original = { path: options.path, format: options.format };
    this.current = { ...this.original };
    this.kind = options.kind;
  }

  get running(): boolean {
    return this.send?.state === 'running';
  }

  /** Calls `listener` whenever the send changes, until the returned function is called. */
  listen(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  changed(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}

import type { ApiClient } from '../client/api-client.js';
import type { CarrierBook } from '../input/carrier-book.js';
import type { ProductBook } from '../input/record-context.js';
import type { Preset } from './layout/presets.js';
import type { LedgerTarget } from './ledger/ledger.js';
import type { Problem, ProblemWords } from './problems.js';
import type { Said } from './said.js';
import type { InputFormat } from './read/source.js';
import type { TableInfo } from './layout/table-units.js';
import type { ReportLine } from './outcome.js';
import type { PasswordSource } from './read/xlsx/workbook.js';

/**
 * Messages for people as the upload goes (what was read, what was found, what to do next); `said` is
 * the same in words a page can translate, where it has them.
 */
export interface UploadLog {
  info(line: string, said?: Said): void;
  warn(line: string, said?: Said): void;
}

/** What the sending part has counted so far, for a progress display. */
export interface SendProgress {
  /** Records with an outcome, and records to send in all. */
  done: number;
  total: number;
  /** Records rejected or failed so far. */
  notAccepted: number;
  /** Records done at once because an earlier run sent them (the ledger says so): not sent, so no rate. */
  fromLedger: number;
  /** Attempts retried, and times the service asked to slow down. */
  retries: number;
  slowedDown: number;
  /** Requests on the wire now, and how many may be. */
  inFlight: number;
  limit: number;
}

/**
 * Records sent a second over `seconds`: those done, less those an earlier run sent (found in the ledger,
 * done at once without sending), which would make the rate and the time left look better than they are.
 */
export function sendingRate(counts: { done: number; fromLedger?: number }, seconds: number): number {
  return seconds > 0 ? (counts.done - (counts.fromLedger ?? 0)) / seconds : 0;
}

/** A row of a record that was not taken, as read, with what was found wrong with it. */
export interface RowDetail {
  row: number;
  /** The cells of a sheet's row, or the JSON record. */
  cells: unknown;
  problems: readonly Problem[];
}

/** How the input is read: its form, and for a sheet its header, sheet and preset. */
export interface InputReading {
  format: InputFormat;
  encoding: string;
  unitName: 'row' | 'line' | 'record';
  table?: TableInfo;
}

/** What happens as an upload goes, for a front end to show. */
export type UploadEvent =
  /** The input is open: how it is read. */
  | { type: 'opened'; reading: InputReading }
  /** A workbook's sheet is being read out (rows so far); `done` when it is read. */
  | { type: 'reading'; label: string; rows: number; done?: boolean }
  /** The check pass (units so far); `done` when every unit is checked. */
  | { type: 'checking'; label: string; unitName: string; units: number; done?: boolean }
  /** The check pass is over: the valid units taken with a warning (the first ones), and how many in all. */
  | { type: 'checked'; warnings: ReadonlyMap<number, readonly Problem[]>; warned: number }
  /** The send pass begins: `total` records to send, and what it has counted whenever asked. */
  | { type: 'sending'; total: number; progress: () => SendProgress }
  /**
   * A record (or a skipped row) has its outcome; one not taken comes with its rows and their problems,
   * one taken with a warning with its warned rows (among the first listed) and their warnings.
   */
  | { type: 'record'; line: ReportLine; rows?: RowDetail[]; warned?: RowDetail[] }
  /** Something to say above the progress display (the first Ctrl-C: what is being finished). */
  | { type: 'note'; text: string; said?: Said }
  /** The send pass is over. */
  | { type: 'sent' };

/** Asks the upload to stop: the first time it stops reading (requests on the wire finish), the second aborts them. */
export interface StopRequests {
  onStop(handler: () => void): () => void;
}

/**
 * What an upload needs from the front end that runs it, and nothing else: where to say things, a
 * service client, the ledger's folder and whose records to read, how it is asked to stop, and how to
 * ask for a workbook's password. The CLI and the browser each build one.
 */
export interface UploadContext {
  log: UploadLog;
  events?: (event: UploadEvent) => void;
  /** The service client an upload sends with (made only when something is sent). */
  client(): Promise<ApiClient>;
  /** The ledger's folder, and the service and credentials whose records it reads and writes. */
  ledger: { dir: string; target: LedgerTarget | undefined };
  stop: StopRequests;
  /** The clock: when records and uploads are noted in the ledger (ms since the epoch). */
  now: () => number;
  password: PasswordSource;
  /** The carriers shipments are checked against (names read as codes). */
  carriers?: CarrierBook;
  /** The profile's product catalog: names and images for order lines that lack them, kept from uploads. */
  catalog?: ProductBook;
  /** Column layouts the person saved under a name, recognised by their headers as presets are. */
  savedLayouts?: readonly Preset[];
  /** List every problem the check finds, not only the first ones. */
  verbose?: boolean;
  /** How the check's problem lines are worded (another language); English, the terminal's, by default. */
  words?: ProblemWords;
  /** Where a report asked for as `-` goes (the CLI's standard output). */
  reportStream?: NodeJS.WritableStream;
}

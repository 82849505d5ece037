import type { Dialect } from './dialect.js';
import type { Sql } from './sql.js';

/**
 * A database the service keeps its state in: the embedded SQLite file of one process, or PostgreSQL
 * shared by any number of them. The domain reaches it only through `Sql` and transactions.
 */
export interface Engine {
  readonly dialect: Dialect;
  /** Statements outside any transaction (each its own). */
  readonly sql: Sql;
  /** Runs `work` in one transaction: committed when it resolves, undone when it throws. */
  transaction<T>(work: (sql: Sql) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Calls `onMessage` with each notice sent on `channel` (by `Dialect.notify`, at the commit of the
   * transaction that sent it) by any process sharing the database; stopped by the function it resolves
   * to. Absent where one process has the database to itself.
   */
  subscribe?(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** Asks the database something, to know it answers. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface TransactionOptions {
  /**
   * Every statement of the transaction finds its rows by their keys, and the same few run in transaction
   * after transaction (the group commit's, the worker's): PostgreSQL may keep a plan for any values, and
   * is told that reaching rows through an index costs about what reading them in order does (they are
   * the rows the service has just read or written, in memory), and reads them in the index's order (no
   * bitmap: with statistics not yet caught up with a queue that grew, one read the whole queue and
   * sorted it to take the first thousand).
   */
  byKey?: boolean;
}

/** The options of a transaction whose statements all find their rows by their keys. */
export const BY_KEY: TransactionOptions = { byKey: true };

/** The database did not answer (gone, restarted, too slow): the request may be tried again. */
export class StorageUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailable';
  }
}

/**
 * A transaction was committed but the disk did not confirm it (syncing the file failed). What it wrote
 * stays, so it must not be run again (it would find its own writes taken); its callers are told the
 * storage is unavailable, and a retry finds what was written.
 */
export class CommitUnconfirmed extends StorageUnavailable {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CommitUnconfirmed';
  }
}

/** A write found its key taken by another process meanwhile (an insert that did nothing): run it again. */
export class RaceLost extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RaceLost';
  }
}

/** What a write that raced another one fails with (a unique key taken meanwhile, a deadlock): worth running again. */
export function isRaceLost(error: unknown): boolean {
  if (error instanceof RaceLost) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === '40P01' || code === '40001';
}

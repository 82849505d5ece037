import { open, type FileHandle } from 'node:fs/promises';
import { openDatabase, type Db } from '../../../storage/sqlite.js';
import { CommitUnconfirmed, StorageUnavailable, type Engine } from '../engine.js';
import { SQLITE } from './dialect.js';
import { MIGRATIONS } from './migrations.js';
import type { Sql, SqlValue } from '../sql.js';

type Statement = ReturnType<Db['prepare']> & {
  all(...values: unknown[]): unknown[];
  get(...values: unknown[]): unknown;
  run(...values: unknown[]): { changes: number };
};

/** SQLite's errors that say the data folder cannot be written now: full, read-only, failing. */
const STORAGE_TROUBLE = /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|NOMEM)/;

/**
 * The data folder's trouble as the storage being unavailable (a 503 that may be tried again once there is
 * room), never a failure of the service; anything else as it is.
 */
function translate(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !STORAGE_TROUBLE.test(code)) return error;
  const reason = code === 'SQLITE_FULL' ? 'no space left on the device' : (error as Error).message;
  return new StorageUnavailable(`the data folder could not be written: ${reason}`, { cause: error });
}

/**
 * The service on one SQLite file, for this process alone. A transaction resolves only once its commit is
 * on disk, which is what lets the service answer 202 only for creates that survive a crash; the wait for
 * the disk is not spent on the thread that serves requests: the commit writes the WAL (`synchronous =
 * NORMAL`), and the WAL file is then synced by `fs.fsync` on libuv's thread pool while the next
 * transaction goes on (commits that end while a sync is under way share the next one). One connection
 * serves every request, so transactions take turns: a statement outside a transaction waits for the one
 * in progress, and never sees its uncommitted writes.
 */
export class SqliteEngine implements Engine {
  readonly dialect = SQLITE;
  readonly sql: Sql;
  readonly #db: Db;
  readonly #statements = new Map<string, Statement>();
  readonly #inside: Sql;
  #busy = false;
  /** The transaction in progress was undone by SQLite itself (a full disk): why. */
  #undone: unknown;
  #waiting: (() => void)[] = [];

  readonly #wal: WalSync | undefined;

  /** `syncFile` syncs a file to disk (tests hold it to see what waits for it); default `FileHandle.sync`. */
  constructor(file: string, options: { syncFile?: SyncFile } = {}) {
    const onDisk = file !== ':memory:';
    this.#db = openDatabase(file, {
      migrations: MIGRATIONS,
      synchronous: onDisk ? 'NORMAL' : 'FULL',
      exclusive: onDisk,
      what: 'the data folder of intake serve',
    });
    this.#wal = onDisk ? new WalSync(`${file}-wal`, options.syncFile) : undefined;
    this.#inside = this.#executor(false);
    this.sql = this.#executor(true);
  }

  #prepare(text: string): Statement {
    let statement = this.#statements.get(text);
    if (statement === undefined) {
      statement = this.#db.prepare(text) as Statement;
      this.#statements.set(text, statement);
    }
    return statement;
  }

  /** Statements run at once inside a transaction; outside, after the transaction in progress ends. */
  #executor(outside: boolean): Sql {
    const params = (values: readonly SqlValue[] | undefined) => (values ?? []) as unknown[];
    // The check and the statement run in one synchronous step, so no transaction can begin in between.
    const run = async <T>(work: () => T): Promise<T> => {
      while (outside && this.#busy) await this.#turn();
      if (!outside && this.#undone) throw this.#undone;
      try {
        return work();
      } catch (error) {
        const said = translate(error);
        // SQLite undoes the whole transaction on some errors (a full disk, a failing one): what follows
        // must not run outside it, each statement committed on its own.
        if (!outside && !this.#db.inTransaction) this.#undone = said;
        throw said;
      }
    };
    return {
      dialect: SQLITE,
      all: <T>(text: string, values?: readonly SqlValue[]) =>
        run(() => this.#prepare(text).all(...params(values)) as T[]),
      get: <T>(text: string, values?: readonly SqlValue[]) =>
        run(() => this.#prepare(text).get(...params(values)) as T | undefined),
      run: (text: string, values?: readonly SqlValue[]) =>
        run(() => this.#prepare(text).run(...params(values)).changes),
    };
  }

  /** Resolves when the transaction in progress ends (another may have begun by then). */
  #turn(): Promise<void> {
    return new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  async transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    while (this.#busy) await this.#turn();
    this.#busy = true;
    this.#undone = undefined;
    let result: T;
    try {
      this.#prepare('BEGIN IMMEDIATE').run();
      try {
        result = await work(this.#inside);
        // Undone by SQLite though its work went on (an error of a statement was caught): not committed.
        if (this.#undone) throw this.#undone;
        this.#prepare('COMMIT').run();
      } catch (error) {
        // SQLite may have undone it already (a full disk can); what failed is what is said.
        if (this.#db.inTransaction) this.#prepare('ROLLBACK').run();
        throw error;
      }
    } catch (error) {
      throw translate(error);
    } finally {
      this.#busy = false;
      const waiting = this.#waiting;
      this.#waiting = [];
      for (const resolve of waiting) resolve();
    }
    // Committed: the next transaction may begin while this one waits for the disk.
    try {
      await this.#wal?.sync();
    } catch (error) {
      throw new CommitUnconfirmed(`the commit could not be synced to disk: ${(error as Error).message}`, {
        cause: error,
      });
    }
    return result;
  }

  async ping(): Promise<void> {
    await this.sql.get('SELECT 1');
  }

  async close(): Promise<void> {
    await this.#wal?.close();
    if (this.#db.open) this.#db.close();
  }
}

/** Syncs an open file to disk. */
export type SyncFile = (handle: FileHandle) => Promise<void>;

/**
 * fsync of the WAL file off the event loop. `sync()` resolves after a sync that began after it was
 * called, so everything committed before the call is on disk; calls made while a sync runs share the
 * next one.
 */
export class WalSync {
  readonly #path: string;
  readonly #syncFile: SyncFile;
  #handle: Promise<FileHandle> | undefined;
  #running: Promise<void> | undefined;
  #next: Promise<void> | undefined;

  constructor(path: string, syncFile: SyncFile = (handle) => handle.sync()) {
    this.#path = path;
    this.#syncFile = syncFile;
  }

  sync(): Promise<void> {
    if (this.#running === undefined) {
      this.#running = this.#fsync().finally(() => (this.#running = undefined));
      return this.#running;
    }
    this.#next ??= this.#running.then(
      () => this.#startNext(),
      () => this.#startNext(),
    );
    return this.#next;
  }

  #startNext(): Promise<void> {
    this.#next = undefined;
    this.#running = this.#fsync().finally(() => (this.#running = undefined));
    return this.#running;
  }

  async #fsync(): Promise<void> {
    // Opened on first use: SQLite makes the WAL file on the first write.
    this.#handle ??= open(this.#path, 'r');
    await this.#syncFile(await this.#handle);
  }

  async close(): Promise<void> {
    await this.#running?.catch(() => {});
    await this.#next?.catch(() => {});
    const handle = this.#handle;
    this.#handle = undefined;
    await (await handle?.catch(() => undefined))?.close();
  }
}

import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { fileErrorReason } from '../util/file-errors.js';
import { makeFolder } from '../util/make-folder.js';

export type Db = Database.Database;

/** Why a database could not be opened, in words for people; `code` says which case it is. */
export class DatabaseOpenError extends Error {
  readonly code: 'in_use' | 'newer_schema' | 'no_service' | 'unusable';

  constructor(code: DatabaseOpenError['code'], message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseOpenError';
    this.code = code;
  }
}

export interface OpenOptions {
  /** Schema steps applied in order; `PRAGMA user_version` counts those done. */
  migrations: readonly string[];
  /** FULL: each commit is on disk before it returns. NORMAL: survives a killed process, not a power cut. */
  synchronous: 'FULL' | 'NORMAL';
  /**
   * Hold the file for this connection alone for as long as it is open: another process that opens it
   * gets `in_use` at once. It also spares WAL's shared-memory index.
   */
  exclusive?: boolean;
  /**
   * The most memory SQLite's page cache for this connection may take, in KiB; better-sqlite3's build
   * of SQLite lets it take 16 MiB when not told.
   */
  cacheKiB?: number;
  /** What the file is, for messages: "the data folder", "the upload ledger". */
  what: string;
}

const PRIVATE_FILE = 0o600;
const PRIVATE_FOLDER = 0o700;

/** Creates the folder (mode 0700) and the file (mode 0600) if needed, and makes the files private. */
function preparePrivateFiles(file: string): void {
  const folder = dirname(file);
  makeFolder(folder, PRIVATE_FOLDER);
  closeSync(openSync(file, 'a', PRIVATE_FILE));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(path)) chmodSync(path, PRIVATE_FILE);
  }
}

const isBusy = (error: unknown) => (error as { code?: string }).code?.startsWith('SQLITE_BUSY') === true;

/**
 * Opens (creating if needed) a SQLite file with WAL and brings its schema up to date. The files are
 * readable by their owner only, since they hold buyers' names and phone numbers. Every SQLite file of
 * Intake is opened here.
 */
export function openDatabase(file: string, options: OpenOptions): Db {
  if (file !== ':memory:') {
    try {
      preparePrivateFiles(file);
    } catch (error) {
      throw new DatabaseOpenError(
        'unusable',
        `cannot use ${file} for ${options.what}: ${fileErrorReason(error)}`,
        { cause: error },
      );
    }
  }
  let db: Db;
  try {
    db = new Database(file);
  } catch (error) {
    throw new DatabaseOpenError('unusable', `cannot open ${file}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  try {
    db.pragma('busy_timeout = 0');
    if (options.exclusive) db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${options.synchronous}`);
    db.pragma('foreign_keys = ON');
    if (options.cacheKiB !== undefined)
      db.pragma(`cache_size = -${Math.max(1, Math.round(options.cacheKiB))}`);
    // In exclusive mode the first write takes the lock and keeps it until the connection closes.
    if (options.exclusive) db.exec('BEGIN EXCLUSIVE; COMMIT;');
    db.pragma('busy_timeout = 5000');
    migrate(db, options);
    return db;
  } catch (error) {
    db.close();
    if (error instanceof DatabaseOpenError) throw error;
    if (isBusy(error)) {
      throw new DatabaseOpenError('in_use', `${file} is in use by another process (${options.what})`, {
        cause: error,
      });
    }
    throw new DatabaseOpenError('unusable', `cannot use ${file}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

function migrate(db: Db, options: OpenOptions): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  const target = options.migrations.length;
  if (current > target) {
    throw new DatabaseOpenError(
      'newer_schema',
      `${options.what} was written by a newer intake (schema ${current}, this build knows ${target}); upgrade intake`,
    );
  }
  for (let version = current; version < target; version++) {
    db.transaction(() => {
      db.exec(options.migrations[version] as string);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}

/** A table to read back from a damaged file: its name and the columns its rows are ordered by. */
export interface SalvagedTable {
  name: string;
  key: readonly string[];
}

/**
 * Reads back what can still be read of a damaged SQLite file, table by table: in key order until the
 * first damaged page, then in reverse key order until it again, so that only the rows on damaged pages
 * are lost. The file is opened read-only and never changed. A table that cannot be read at all gives no
 * rows.
 */
export function salvageRows(file: string, tables: readonly SalvagedTable[]): Map<string, unknown[]> {
  const found = new Map<string, unknown[]>();
  let db: Db | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch {
    for (const table of tables) found.set(table.name, []);
    return found;
  }
  try {
    for (const table of tables) {
      const rows = new Map<string, unknown>();
      for (const direction of ['ASC', 'DESC']) {
        const order = table.key.map((column) => `${column} ${direction}`).join(', ');
        try {
          for (const row of db.prepare(`SELECT * FROM ${table.name} ORDER BY ${order}`).iterate()) {
            const key = JSON.stringify(table.key.map((column) => (row as Record<string, unknown>)[column]));
            if (rows.has(key)) break;
            rows.set(key, row);
          }
        } catch {
          // a damaged page: what was read before it is kept
        }
      }
      found.set(table.name, [...rows.values()]);
    }
  } finally {
    db.close();
  }
  return found;
}

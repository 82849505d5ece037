import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseOpenError, openDatabase, type Db } from '../../storage/sqlite.js';
import { UploadError } from '../errors.js';

/** Who holds the ledger: the process, since when, and what it is doing. */
export interface LockHolder {
  pid: number;
  since: number;
  what: string;
}

export interface LockWait {
  /** Said once when the ledger is held by another upload, before waiting for it. */
  onWait?: (holder: LockHolder | undefined) => void;
  /** Ends the wait (Ctrl-C): the lock is not taken, and `UploadError('interrupted')` is thrown. */
  signal?: AbortSignal;
  /** Refuse at once instead of waiting. */
  wait?: boolean;
  /** What the holder is doing, for the one who waits: "order create orders.csv". */
  what: string;
  /** The clock: since when the holder holds it (ms since the epoch). */
  now: () => number;
}

const POLL_MS = 250;
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

/**
 * One upload at a time on a ledger. The lock is a SQLite file held in exclusive mode for as long as the
 * upload runs: the operating system lets it go when the process ends however it ends (a `kill -9`
 * included), so a lock is never left stale. Beside it, a small file says who holds it, for the message
 * of the one who waits.
 */
export class LedgerLock {
  readonly #db: Db;
  readonly #holderFile: string;

  private constructor(db: Db, holderFile: string) {
    this.#db = db;
    this.#holderFile = holderFile;
  }

  static async acquire(dataDir: string, wait: LockWait): Promise<LedgerLock> {
    const path = join(dataDir, 'ledger.lock');
    const holderFile = `${path}.holder`;
    let told = false;
    for (;;) {
      if (wait.signal?.aborted) throw new UploadError('interrupted', 'stopped while waiting for the ledger');
      try {
        const db = openDatabase(path, {
          migrations: [],
          synchronous: 'NORMAL',
          exclusive: true,
          what: 'the upload ledger lock',
        });
        const holder: LockHolder = { pid: process.pid, since: wait.now(), what: wait.what };
        writeFileSync(holderFile, JSON.stringify(holder), { mode: 0o600 });
        return new LedgerLock(db, holderFile);
      } catch (error) {
        if (!(error instanceof DatabaseOpenError) || error.code !== 'in_use') {
          throw new UploadError(
            'ledger',
            `cannot lock the upload ledger in ${dataDir}: ${(error as Error).message}`,
          );
        }
      }
      const holder = readHolder(holderFile);
      if (wait.wait === false) {
        throw new UploadError('ledger_busy', `another upload is using the ledger${describeHolder(holder)}`, [
          'Wait for it to finish, then run this command again.',
        ]);
      }
      if (!told) {
        told = true;
        wait.onWait?.(holder);
      }
      await sleep(POLL_MS, wait.signal);
    }
  }

  release(): void {
    // The note goes first: once the lock is let go, the next holder writes its own.
    rmSync(this.#holderFile, { force: true });
    this.#db.close();
  }
}

function readHolder(path: string): LockHolder | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as LockHolder;
  } catch {
    return undefined;
  }
}

/** ` (pid 1234, order create orders.csv, since 14:02:11)` */
export function describeHolder(holder: LockHolder | undefined): string {
  if (!holder) return '';
  const since = new Date(holder.since).toTimeString().slice(0, 8);
  return ` (pid ${holder.pid}, ${holder.what}, since ${since})`;
}

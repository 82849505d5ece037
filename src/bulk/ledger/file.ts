import { join } from 'node:path';
import { openDatabase, type Db } from '../../storage/sqlite.js';
import { UploadError } from '../errors.js';
import { LEDGER_MIGRATIONS } from './schema.js';

/** SQLite's ways of saying a file is damaged, or is not a database at all. */
const DAMAGE = /^SQLITE_(CORRUPT|NOTADB)/;

/** Whether an error (or what caused it) says the database file is damaged. */
export function isDamaged(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (DAMAGE.test((cause as { code?: string }).code ?? '')) return true;
  }
  return false;
}

/** The error for a damaged ledger, with the ways out. */
export function damagedLedger(path: string, error: unknown): UploadError {
  const reason =
    error instanceof Error ? (error.cause instanceof Error ? error.cause : error).message : String(error);
  return new UploadError('ledger_damaged', `the upload ledger ${path} is damaged (${reason})`, [
    'Run: intake ledger repair   (keeps every record it can still read, and sets the damaged file aside)',
    'or:  intake ledger clear --force   (starts an empty ledger; the damaged file is set aside too)',
    'Either way, the next upload asks the service about what the ledger no longer knows: nothing is sent twice.',
  ]);
}

/**
 * The ledger's page cache, 2 MiB (SQLite's own default). An upload reads and writes each record's row a
 * few times within moments, so a larger cache holds pages it will not read again: with better-sqlite3's
 * 16 MiB, a large upload's send pass grew by 16 MB, and 60,000 records were written and read back no
 * faster (1.70 s either way).
 */
const LEDGER_CACHE_KIB = 2048;

/** The service and credentials whose records are read and written (their row in `targets`). */
export interface TargetRef {
  id: number;
}

/** The ledger's SQLite file: opened (brought up to date), and its failures said with the file's name. */
export class LedgerFile {
  readonly path: string;
  readonly db: Db;

  constructor(dataDir: string) {
    this.path = join(dataDir, 'ledger.db');
    try {
      this.db = openDatabase(this.path, {
        migrations: LEDGER_MIGRATIONS,
        synchronous: 'NORMAL',
        cacheKiB: LEDGER_CACHE_KIB,
        what: 'the upload ledger',
      });
    } catch (error) {
      if (isDamaged(error)) throw damagedLedger(this.path, error);
      throw new UploadError(
        'ledger',
        `cannot open the upload ledger ${this.path}: ${(error as Error).message}`,
        ['Intake keeps what uploads sent there; set INTAKE_DATA_DIR to use another folder.'],
      );
    }
  }

  /** Runs a read (or a small write) of the ledger, saying clearly when its file is damaged. */
  reading<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      if (isDamaged(error)) throw damagedLedger(this.path, error);
      throw error;
    }
  }

  /** A write that failed (a full disk), said with the file: the upload stops rather than lose track. */
  writeError(error: unknown): UploadError {
    if (isDamaged(error)) return damagedLedger(this.path, error);
    const code = (error as { code?: string }).code;
    const reason = code === 'SQLITE_FULL' ? 'no space left on the device' : (error as Error).message;
    return new UploadError('ledger', `cannot write the upload ledger ${this.path}: ${reason}`, [
      'Records in flight are sent again by the next run; nothing is lost.',
    ]);
  }
}

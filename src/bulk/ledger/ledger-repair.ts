import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { salvageRows } from '../../storage/sqlite.js';
import { LEDGER_TABLES, Ledger, isDamaged } from './ledger.js';

/** What a repair did: whether there was anything to repair, where the damaged file went, what came back. */
export interface LedgerRepair {
  path: string;
  /** The ledger was sound: nothing was changed. */
  sound: boolean;
  /** Where the damaged file was set aside. */
  setAside?: string;
  /** Rows read back, by table. */
  recovered: Record<string, number>;
}

const ledgerPath = (dataDir: string) => join(dataDir, 'ledger.db');

/** Whether the ledger opens and SQLite finds nothing wrong with it. */
function isSound(dataDir: string): boolean {
  if (!existsSync(ledgerPath(dataDir))) return true;
  try {
    // Only read: no record is noted, so no clock is asked.
    const ledger = new Ledger(dataDir, () => 0);
    try {
      return ledger.problems().length === 0;
    } finally {
      ledger.close();
    }
  } catch (error) {
    if (isDamaged(error)) return false;
    throw error;
  }
}

/**
 * Moves the ledger's files aside (`ledger.db.damaged-<time>`, with its write-ahead log), so that the next
 * upload starts a new one; returns where the file went. Nothing is deleted.
 */
export function setLedgerAside(dataDir: string, now: Date): string | undefined {
  const path = ledgerPath(dataDir);
  if (!existsSync(path)) return undefined;
  const aside = `${path}.damaged-${now.toISOString().replace(/[:.]/g, '-')}`;
  renameSync(path, aside);
  if (existsSync(`${path}-wal`)) renameSync(`${path}-wal`, `${aside}-wal`);
  rmSync(`${path}-shm`, { force: true });
  return aside;
}

/**
 * Repairs a damaged ledger: sets the damaged file aside and writes what can still be read of it into a
 * new one (every table, in key order up to the damage and in reverse order up to it again). Records it
 * could not read are simply not known any more: the next upload sends them, and the service answers
 * that it has them. A sound ledger is left as it is.
 */
export function repairLedger(dataDir: string, now: Date): LedgerRepair {
  const path = ledgerPath(dataDir);
  if (isSound(dataDir)) return { path, sound: true, recovered: {} };
  const aside = setLedgerAside(dataDir, now) as string;
  const rows = salvageRows(aside, LEDGER_TABLES);
  const ledger = new Ledger(dataDir, () => now.getTime());
  try {
    ledger.restore(rows);
  } finally {
    ledger.close();
  }
  return {
    path,
    sound: false,
    setAside: aside,
    recovered: Object.fromEntries([...rows].map(([table, found]) => [table, found.length])),
  };
}

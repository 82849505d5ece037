import { LedgerFile, type TargetRef } from './file.js';
import { UploadHistory } from './history.js';
import { LedgerRecords } from './records.js';
import type { LedgerTarget } from './schema.js';

export { damagedLedger, isDamaged } from './file.js';
export type { Accepted } from './records.js';
export * from './schema.js';

/**
 * The upload ledger, per service and access key id: the records uploads sent and what the service
 * answered (`records`), and the uploads themselves (`history`), in one SQLite file in the user's data
 * folder. Opened on a folder with a clock (the time each record and upload is noted at); `useTarget`
 * chooses whose records are read and written.
 */
export class Ledger {
  readonly path: string;
  readonly records: LedgerRecords;
  readonly history: UploadHistory;
  readonly #file: LedgerFile;
  readonly #target: TargetRef = { id: 0 };
  readonly #statements;

  constructor(dataDir: string, now: () => number) {
    this.#file = new LedgerFile(dataDir);
    this.path = this.#file.path;
    this.records = new LedgerRecords(this.#file, this.#target, now);
    this.history = new UploadHistory(this.#file, this.#target, now);
    const { db } = this.#file;
    this.#statements = {
      target: db.prepare<[string, string], { id: number }>(
        'SELECT id FROM targets WHERE service = ? AND access_key_id = ?',
      ),
      addTarget: db.prepare<[string, string]>('INSERT INTO targets (service, access_key_id) VALUES (?, ?)'),
      address: db.prepare<[string, number]>('UPDATE targets SET address = ? WHERE id = ?'),
    };
  }

  /** Chooses the service and credentials whose records are read and written from now on. */
  useTarget(target: LedgerTarget): this {
    this.#file.reading(() => {
      const found = this.#statements.target.get(target.service, target.accessKeyId);
      this.#target.id =
        found?.id ??
        Number(this.#statements.addTarget.run(target.service, target.accessKeyId).lastInsertRowid);
      if (target.address !== undefined) this.#statements.address.run(target.address, this.#target.id);
    });
    return this;
  }

  /** What SQLite finds wrong with the file (`PRAGMA quick_check`); empty when it is sound. */
  problems(): string[] {
    try {
      const rows = this.#file.db.pragma('quick_check') as { quick_check: string }[];
      return rows.map((row) => row.quick_check).filter((line) => line !== 'ok');
    } catch (error) {
      return [(error as Error).message];
    }
  }

  /** Writes rows read back from a damaged ledger (`ledger-repair.ts`) into this one. */
  restore(tables: ReadonlyMap<string, readonly unknown[]>): void {
    const { db } = this.#file;
    db.transaction(() => {
      for (const [table, rows] of tables) {
        for (const row of rows) {
          const entries = Object.entries(row as Record<string, unknown>);
          const columns = entries.map(([column]) => column).join(', ');
          const places = entries.map(() => '?').join(', ');
          db.prepare(`INSERT OR IGNORE INTO ${table} (${columns}) VALUES (${places})`).run(
            ...entries.map(([, value]) => value),
          );
        }
      }
    })();
  }

  close(): void {
    try {
      this.records.flush();
    } finally {
      this.#file.db.close();
    }
  }
}

import { join } from 'node:path';
import { openDatabase, type Db } from '../../storage/sqlite.js';
import { UploadError } from '../errors.js';

/** What the ledger knows of a record: whether it is in flight, or what the service answered. */
export type LedgerState = 'sending' | 'accepted' | 'already_registered' | 'rejected' | 'failed';

export type RecordKind = 'order' | 'product' | 'shipment';

/** A record as the ledger keeps it. */
export interface LedgerEntry {
  kind: RecordKind;
  /** The order or product id, or a shipment's order, carrier, tracking number and items. */
  key: string;
  /** A hash of the content sent. */
  fingerprint: string;
  /** Hashes of the fields that can differ between two sendings of one id, to say which did. */
  fields: Record<string, string>;
  state: LedgerState;
  status: number | null;
  message: string | null;
  updatedAt: number;
}

/** A service and the access key id used on it: records sent to one are not another's. */
export interface LedgerTarget {
  /** The service, normalised: one service however its address is written. */
  service: string;
  accessKeyId: string;
  /** The address as it was last given, to show people. */
  address?: string;
}

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

const MIGRATIONS = [
  `
  CREATE TABLE targets (
    id INTEGER PRIMARY KEY,
    service TEXT NOT NULL,
    access_key_id TEXT NOT NULL,
    UNIQUE (service, access_key_id)
  );
  -- Every record an upload sent or is sending, by service and credentials.
  CREATE TABLE records (
    target_id INTEGER NOT NULL REFERENCES targets (id),
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    fields TEXT NOT NULL,
    state TEXT NOT NULL,
    status INTEGER,
    message TEXT,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (target_id, kind, key)
  ) WITHOUT ROWID;
  -- Item ids of orders the service accepted, so a shipments sheet without order ids can be sent.
  CREATE TABLE order_items (
    target_id INTEGER NOT NULL,
    item_id TEXT NOT NULL,
    order_id TEXT NOT NULL,
    PRIMARY KEY (target_id, item_id)
  ) WITHOUT ROWID;
  -- Products the service accepted (by a product create or an order line), for catalogs.
  CREATE TABLE products (
    target_id INTEGER NOT NULL,
    product_id TEXT NOT NULL,
    name TEXT NOT NULL,
    image_url TEXT NOT NULL,
    PRIMARY KEY (target_id, product_id)
  ) WITHOUT ROWID;
  -- Files uploads wrote (rejects), as written, to tell when a person has edited one since.
  CREATE TABLE written_files (
    path TEXT PRIMARY KEY,
    size INTEGER NOT NULL,
    mtime_ms REAL NOT NULL
  ) WITHOUT ROWID;
  `,
  // The address people gave, to show them (`service` is the normalised form).
  `ALTER TABLE targets ADD COLUMN address TEXT;`,
  // The shipment the service took for each item, to tell a corrected tracking number from a new shipment.
  `
  CREATE TABLE shipped_items (
    target_id INTEGER NOT NULL,
    item_id TEXT NOT NULL,
    shipment_key TEXT NOT NULL,
    company_code TEXT NOT NULL,
    tracking_number TEXT NOT NULL,
    PRIMARY KEY (target_id, item_id)
  ) WITHOUT ROWID;
  `,
  // The uploads themselves: what was read, when, how, and how it ended; the history a front end shows.
  `
  CREATE TABLE uploads (
    id INTEGER PRIMARY KEY,
    target_id INTEGER NOT NULL,
    kind TEXT NOT NULL,
    input TEXT NOT NULL,
    path TEXT,
    options TEXT NOT NULL,
    started_at INTEGER NOT NULL,
    ended_at INTEGER,
    state TEXT NOT NULL,
    summary TEXT
  );
  CREATE INDEX uploads_by_target ON uploads (target_id, started_at);
  `,
];

/** How an upload ended, or that it is running (or was, when its process was killed). */
export type UploadState = 'running' | 'finished' | 'stopped' | 'failed';

/** An upload as the ledger remembers it. */
export interface UploadEntry {
  id: number;
  kind: RecordKind;
  /** How the input was named (its file name, `stdin`, `the flags`). */
  input: string;
  /** The file that was read, when it was a file. */
  path: string | null;
  /** The options to run it again with. */
  options: Record<string, unknown>;
  startedAt: number;
  endedAt: number | null;
  state: UploadState;
  /** Its summary (counts and files), once it ended. */
  summary: Record<string, unknown> | null;
}

interface UploadRow {
  id: number;
  kind: RecordKind;
  input: string;
  path: string | null;
  options: string;
  started_at: number;
  ended_at: number | null;
  state: UploadState;
  summary: string | null;
}

const toUpload = (row: UploadRow): UploadEntry => ({
  id: row.id,
  kind: row.kind,
  input: row.input,
  path: row.path,
  options: JSON.parse(row.options) as Record<string, unknown>,
  startedAt: row.started_at,
  endedAt: row.ended_at,
  state: row.state,
  summary: row.summary === null ? null : (JSON.parse(row.summary) as Record<string, unknown>),
});

/** The shipment the service took for an item, as this ledger knows it. */
export interface ShippedItem {
  itemId: string;
  shipmentKey: string;
  companyCode: string;
  trackingNumber: string;
}

interface RecordRow {
  kind: RecordKind;
  key: string;
  fingerprint: string;
  fields: string;
  state: LedgerState;
  status: number | null;
  message: string | null;
  updated_at: number;
}

const toEntry = (row: RecordRow): LedgerEntry => ({
  kind: row.kind,
  key: row.key,
  fingerprint: row.fingerprint,
  fields: JSON.parse(row.fields) as Record<string, string>,
  state: row.state,
  status: row.status,
  message: row.message,
  updatedAt: row.updated_at,
});

/** The ledger's tables and the keys their rows are stored in, for reading a damaged file back. */
export const LEDGER_TABLES = [
  { name: 'targets', key: ['id'] },
  { name: 'records', key: ['target_id', 'kind', 'key'] },
  { name: 'order_items', key: ['target_id', 'item_id'] },
  { name: 'products', key: ['target_id', 'product_id'] },
  { name: 'written_files', key: ['path'] },
  { name: 'shipped_items', key: ['target_id', 'item_id'] },
  { name: 'uploads', key: ['id'] },
] as const;

/** Most products remembered as written (a run's catalog is rarely larger). */
const PRODUCTS_REMEMBERED = 10_000;

/** How many answers are held before they are committed together. */
const ANSWER_BATCH = 256;

/** Counts of records by kind and state, for `intake ledger`. */
export interface LedgerCount {
  service: string;
  access_key_id: string;
  kind: RecordKind;
  state: LedgerState;
  count: number;
}

/**
 * The ledger's page cache, 2 MiB (SQLite's own default). An upload reads and writes each record's row a
 * few times within moments, so a larger cache holds pages it will not read again: with better-sqlite3's
 * 16 MiB, a large upload's send pass grew by 16 MB, and 60,000 records were written and read back no
 * faster (1.70 s either way).
 */
const LEDGER_CACHE_KIB = 2048;

/**
 * The upload ledger: per service and access key id, every record an upload sent, with a fingerprint of
 * its content and what the service answered. A record is written as `sending` (and committed) before its
 * request leaves, and its answer after, so after any kill the next run knows which were in flight.
 * Answers are committed in batches; one not yet committed leaves its record `sending`, which a re-run
 * treats as in flight: sent again, which the service answers as already registered (or, for a
 * shipment, as the no-op it is).
 */
export class Ledger {
  readonly path: string;
  readonly #db: Db;
  #target = 0;
  #answers: (() => void)[] = [];
  #sendingBatch: LedgerEntry[] = [];
  #sendingWaiters: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  #scheduled = false;
  /** Products written by this run, with their content: orders name the same ones again and again. */
  readonly #productsWritten = new Map<string, string>();
  readonly #statements;

  constructor(dataDir: string) {
    this.path = join(dataDir, 'ledger.db');
    try {
      this.#db = openDatabase(this.path, {
        migrations: MIGRATIONS,
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
    const db = this.#db;
    this.#statements = {
      target: db.prepare<[string, string], { id: number }>(
        'SELECT id FROM targets WHERE service = ? AND access_key_id = ?',
      ),
      addTarget: db.prepare<[string, string]>('INSERT INTO targets (service, access_key_id) VALUES (?, ?)'),
      address: db.prepare<[string, number]>('UPDATE targets SET address = ? WHERE id = ?'),
      get: db.prepare<[number, string, string], RecordRow>(
        'SELECT * FROM records WHERE target_id = ? AND kind = ? AND key = ?',
      ),
      put: db.prepare<[number, string, string, string, string, string, number | null, string | null, number]>(
        `INSERT INTO records (target_id, kind, key, fingerprint, fields, state, status, message, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (target_id, kind, key) DO UPDATE SET fingerprint = excluded.fingerprint,
           fields = excluded.fields, state = excluded.state, status = excluded.status,
           message = excluded.message, updated_at = excluded.updated_at`,
      ),
      forget: db.prepare<[number, string, string]>(
        'DELETE FROM records WHERE target_id = ? AND kind = ? AND key = ?',
      ),
      answer: db.prepare<[string, number | null, string | null, number, number, string, string]>(
        'UPDATE records SET state = ?, status = ?, message = ?, updated_at = ? WHERE target_id = ? AND kind = ? AND key = ?',
      ),
      item: db.prepare<[number, string, string]>(
        'INSERT OR REPLACE INTO order_items (target_id, item_id, order_id) VALUES (?, ?, ?)',
      ),
      orderOfItem: db.prepare<[number, string], { order_id: string }>(
        'SELECT order_id FROM order_items WHERE target_id = ? AND item_id = ?',
      ),
      shipped: db.prepare<[number, string, string, string, string]>(
        `INSERT OR REPLACE INTO shipped_items (target_id, item_id, shipment_key, company_code, tracking_number)
         VALUES (?, ?, ?, ?, ?)`,
      ),
      shippedItem: db.prepare<
        [number, string],
        { shipment_key: string; company_code: string; tracking_number: string }
      >(
        'SELECT shipment_key, company_code, tracking_number FROM shipped_items WHERE target_id = ? AND item_id = ?',
      ),
      product: db.prepare<[number, string, string, string]>(
        'INSERT OR REPLACE INTO products (target_id, product_id, name, image_url) VALUES (?, ?, ?, ?)',
      ),
      productById: db.prepare<[number, string], { name: string; image_url: string }>(
        'SELECT name, image_url FROM products WHERE target_id = ? AND product_id = ?',
      ),
      counts: db.prepare<[], LedgerCount>(
        `SELECT COALESCE(targets.address, targets.service) AS service, targets.access_key_id AS access_key_id,
           kind, state, COUNT(*) AS count
         FROM records JOIN targets ON targets.id = records.target_id
         GROUP BY targets.id, kind, state ORDER BY targets.service, targets.access_key_id, kind, state`,
      ),
      list: db.prepare<
        [{ target: number; kind: string | null; state: string | null; limit: number }],
        RecordRow
      >(
        `SELECT * FROM records WHERE target_id = @target AND (@kind IS NULL OR kind = @kind)
           AND (@state IS NULL OR state = @state)
         ORDER BY updated_at DESC LIMIT @limit`,
      ),
      clear: db.prepare<[{ target: number; kind: string | null }]>(
        'DELETE FROM records WHERE target_id = @target AND (@kind IS NULL OR kind = @kind)',
      ),
      writtenFile: db.prepare<[string], { size: number; mtime_ms: number }>(
        'SELECT size, mtime_ms FROM written_files WHERE path = ?',
      ),
      startUpload: db.prepare<[number, string, string, string | null, string, number]>(
        `INSERT INTO uploads (target_id, kind, input, path, options, started_at, state)
         VALUES (?, ?, ?, ?, ?, ?, 'running')`,
      ),
      endUpload: db.prepare<[number, string, string, number]>(
        'UPDATE uploads SET ended_at = ?, state = ?, summary = ? WHERE id = ?',
      ),
      uploads: db.prepare<[number, number], UploadRow>(
        'SELECT * FROM uploads WHERE target_id = ? ORDER BY started_at DESC, id DESC LIMIT ?',
      ),
      upload: db.prepare<[number, number], UploadRow>('SELECT * FROM uploads WHERE target_id = ? AND id = ?'),
      noteFile: db.prepare<[string, number, number]>(
        'INSERT OR REPLACE INTO written_files (path, size, mtime_ms) VALUES (?, ?, ?)',
      ),
    };
  }

  /** Chooses the service and credentials whose records are read and written from now on. */
  useTarget(target: LedgerTarget): this {
    this.#reading(() => {
      const found = this.#statements.target.get(target.service, target.accessKeyId);
      this.#target =
        found?.id ??
        Number(this.#statements.addTarget.run(target.service, target.accessKeyId).lastInsertRowid);
      if (target.address !== undefined) this.#statements.address.run(target.address, this.#target);
    });
    return this;
  }

  /** Runs a read (or a small write) of the ledger, saying clearly when its file is damaged. */
  #reading<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      if (isDamaged(error)) throw damagedLedger(this.path, error);
      throw error;
    }
  }

  get(kind: RecordKind, key: string): LedgerEntry | undefined {
    const row = this.#reading(() => this.#statements.get.get(this.#target, kind, key));
    return row ? toEntry(row) : undefined;
  }

  /**
   * Writes that a record is about to be sent; resolves once that is committed. Records marked in the
   * same turn of the event loop share one commit.
   */
  sending(entry: Omit<LedgerEntry, 'state' | 'status' | 'message' | 'updatedAt'>): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#sendingBatch.push({
        ...entry,
        state: 'sending',
        status: null,
        message: null,
        updatedAt: Date.now(),
      });
      this.#sendingWaiters.push({ resolve, reject });
      if (!this.#scheduled) {
        this.#scheduled = true;
        setImmediate(() => this.#commitSending());
      }
    });
  }

  #commitSending(): void {
    this.#scheduled = false;
    const batch = this.#sendingBatch;
    const waiters = this.#sendingWaiters;
    this.#sendingBatch = [];
    this.#sendingWaiters = [];
    try {
      this.#db.transaction(() => {
        for (const work of this.#answers.splice(0)) work();
        for (const entry of batch) this.#put(entry);
      })();
    } catch (error) {
      for (const waiter of waiters) waiter.reject(this.#writeError(error));
      return;
    }
    for (const waiter of waiters) waiter.resolve();
  }

  #put(entry: LedgerEntry): void {
    this.#statements.put.run(
      this.#target,
      entry.kind,
      entry.key,
      entry.fingerprint,
      JSON.stringify(entry.fields),
      entry.state,
      entry.status,
      entry.message,
      entry.updatedAt,
    );
  }

  /**
   * Records the service's answer for a record. Held until a batch is full, the next records are marked
   * `sending`, or `flush`: a kill before then leaves the record in flight, which is safe.
   */
  answered(
    kind: RecordKind,
    key: string,
    state: Exclude<LedgerState, 'sending'>,
    status: number | null,
    message: string,
  ): void {
    const now = Date.now();
    this.#answers.push(() =>
      this.#statements.answer.run(state, status, message, now, this.#target, kind, key),
    );
    if (this.#answers.length >= ANSWER_BATCH) this.flush();
  }

  /** Replaces what the ledger knows of a record (after a PATCH brought the service up to date). */
  replace(entry: LedgerEntry): void {
    this.#answers.push(() => this.#put(entry));
  }

  /**
   * Takes back a record's mark as in flight when it was never sent: what the ledger knew of it before
   * comes back (`prior`), or nothing. Held with the answers.
   */
  unmark(kind: RecordKind, key: string, prior: LedgerEntry | undefined): void {
    this.#answers.push(() => {
      if (prior) this.#put(prior);
      else this.#statements.forget.run(this.#target, kind, key);
    });
  }

  /** Notes the items and products of an accepted order, an accepted product, or the items a shipment shipped. */
  accepted(
    what:
      | {
          kind: 'order';
          orderId: string;
          items: readonly { id: string; product: { id: string; name: string; image_url: string } }[];
        }
      | { kind: 'product'; id: string; name: string; image_url: string }
      | {
          kind: 'shipment';
          key: string;
          itemIds: readonly string[];
          companyCode: string;
          trackingNumber: string;
        },
  ): void {
    this.#answers.push(() => {
      if (what.kind === 'product') {
        this.#noteProduct(what.id, what.name, what.image_url);
        return;
      }
      if (what.kind === 'shipment') {
        for (const item of what.itemIds) {
          this.#statements.shipped.run(this.#target, item, what.key, what.companyCode, what.trackingNumber);
        }
        return;
      }
      for (const item of what.items) {
        this.#statements.item.run(this.#target, item.id, what.orderId);
        this.#noteProduct(item.product.id, item.product.name, item.product.image_url);
      }
    });
  }

  /** Writes a product's name and image, unless this run has just written the same. */
  #noteProduct(id: string, name: string, imageUrl: string): void {
    const key = `${this.#target}\u0000${id}`;
    const content = `${name}\u0000${imageUrl}`;
    if (this.#productsWritten.get(key) === content) return;
    if (this.#productsWritten.size >= PRODUCTS_REMEMBERED) this.#productsWritten.clear();
    this.#productsWritten.set(key, content);
    this.#statements.product.run(this.#target, id, name, imageUrl);
  }

  /** The order of an item this tool sent, if the service accepted it. */
  orderOfItem(itemId: string): string | undefined {
    return this.#reading(() => this.#statements.orderOfItem.get(this.#target, itemId)?.order_id);
  }

  /** The shipment the service took for an item, if this tool sent one. */
  shippedItem(itemId: string): ShippedItem | undefined {
    const row = this.#reading(() => this.#statements.shippedItem.get(this.#target, itemId));
    return row
      ? {
          itemId,
          shipmentKey: row.shipment_key,
          companyCode: row.company_code,
          trackingNumber: row.tracking_number,
        }
      : undefined;
  }

  /** A product's name and image as this tool sent them, if the service accepted it. */
  product(productId: string): { name: string; image_url: string } | undefined {
    return this.#reading(() => this.#statements.productById.get(this.#target, productId));
  }

  /** Commits the answers held so far. */
  flush(): void {
    const work = this.#answers.splice(0);
    if (work.length === 0) return;
    try {
      this.#db.transaction(() => {
        for (const item of work) item();
      })();
    } catch (error) {
      throw this.#writeError(error);
    }
  }

  /** A write that failed (a full disk), said with the file: the upload stops rather than lose track. */
  #writeError(error: unknown): UploadError {
    if (isDamaged(error)) return damagedLedger(this.path, error);
    const code = (error as { code?: string }).code;
    const reason = code === 'SQLITE_FULL' ? 'no space left on the device' : (error as Error).message;
    return new UploadError('ledger', `cannot write the upload ledger ${this.path}: ${reason}`, [
      'Records in flight are sent again by the next run; nothing is lost.',
    ]);
  }

  /** Records by service, credentials, kind and state. */
  counts(): LedgerCount[] {
    return this.#reading(() => this.#statements.counts.all());
  }

  /** The records of the chosen target, newest first. */
  list(options: { kind?: RecordKind; state?: LedgerState; limit: number }): LedgerEntry[] {
    return this.#reading(() =>
      this.#statements.list
        .all({
          target: this.#target,
          kind: options.kind ?? null,
          state: options.state ?? null,
          limit: options.limit,
        })
        .map(toEntry),
    );
  }

  /** Forgets the records of the chosen target (of one kind, when given); returns how many. */
  clear(kind?: RecordKind): number {
    return this.#reading(() =>
      this.#db.transaction(() => {
        const records = this.#statements.clear.run({ target: this.#target, kind: kind ?? null }).changes;
        if (kind === undefined || kind === 'order')
          this.#db.prepare('DELETE FROM order_items WHERE target_id = ?').run(this.#target);
        if (kind === undefined || kind !== 'shipment')
          this.#db.prepare('DELETE FROM products WHERE target_id = ?').run(this.#target);
        return records;
      })(),
    );
  }

  /** Notes an upload as begun (committed at once), and returns its number. */
  startUpload(upload: {
    kind: RecordKind;
    input: string;
    path: string | null;
    options: Record<string, unknown>;
    now: number;
  }): number {
    return this.#reading(() =>
      Number(
        this.#statements.startUpload.run(
          this.#target,
          upload.kind,
          upload.input,
          upload.path,
          JSON.stringify(upload.options),
          upload.now,
        ).lastInsertRowid,
      ),
    );
  }

  /** Notes how an upload ended, with its summary. */
  endUpload(
    id: number,
    state: Exclude<UploadState, 'running'>,
    summary: Record<string, unknown>,
    now: number,
  ): void {
    this.#reading(() => this.#statements.endUpload.run(now, state, JSON.stringify(summary), id));
  }

  /** The uploads to the chosen target, newest first. */
  uploads(limit = 50): UploadEntry[] {
    return this.#reading(() => this.#statements.uploads.all(this.#target, limit).map(toUpload));
  }

  upload(id: number): UploadEntry | undefined {
    const row = this.#reading(() => this.#statements.upload.get(this.#target, id));
    return row ? toUpload(row) : undefined;
  }

  /** What the ledger noted of a file an upload wrote: its size and time, to tell whether it was edited. */
  writtenFile(path: string): { size: number; mtimeMs: number } | undefined {
    const row = this.#reading(() => this.#statements.writtenFile.get(path));
    return row ? { size: row.size, mtimeMs: row.mtime_ms } : undefined;
  }

  noteWrittenFile(path: string, size: number, mtimeMs: number): void {
    this.#statements.noteFile.run(path, size, mtimeMs);
  }

  /** What SQLite finds wrong with the file (`PRAGMA quick_check`); empty when it is sound. */
  problems(): string[] {
    try {
      const rows = this.#db.pragma('quick_check') as { quick_check: string }[];
      return rows.map((row) => row.quick_check).filter((line) => line !== 'ok');
    } catch (error) {
      return [(error as Error).message];
    }
  }

  /** Writes rows read back from a damaged ledger (`ledger-repair.ts`) into this one. */
  restore(tables: ReadonlyMap<string, readonly unknown[]>): void {
    this.#db.transaction(() => {
      for (const [table, rows] of tables) {
        for (const row of rows) {
          const entries = Object.entries(row as Record<string, unknown>);
          const columns = entries.map(([column]) => column).join(', ');
          const places = entries.map(() => '?').join(', ');
          this.#db
            .prepare(`INSERT OR IGNORE INTO ${table} (${columns}) VALUES (${places})`)
            .run(...entries.map(([, value]) => value));
        }
      }
    })();
  }

  close(): void {
    try {
      this.flush();
    } finally {
      this.#db.close();
    }
  }
}

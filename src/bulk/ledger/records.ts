import type { LedgerFile, TargetRef } from './file.js';
import {
  toEntry,
  type LedgerCount,
  type LedgerEntry,
  type LedgerState,
  type RecordKind,
  type RecordRow,
  type ShippedItem,
} from './schema.js';

/** Most products remembered as written (a run's catalog is rarely larger). */
const PRODUCTS_REMEMBERED = 10_000;

/** How many answers are held before they are committed together. */
const ANSWER_BATCH = 256;

/** What an accepted record tells the ledger: an order's items and products, a product, a shipment's items. */
export type Accepted =
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
    };

function statementsOf(db: LedgerFile['db']) {
  return {
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
    clearItems: db.prepare<[number]>('DELETE FROM order_items WHERE target_id = ?'),
    clearProducts: db.prepare<[number]>('DELETE FROM products WHERE target_id = ?'),
  };
}

/**
 * Every record an upload sent, per service and access key id, with a fingerprint of its content and what
 * the service answered. A record is written as `sending` (and committed) before its request leaves, and
 * its answer after, so after any kill the next run knows which were in flight. Answers are committed in
 * batches; one not yet committed leaves its record `sending`, which a re-run treats as in flight: sent
 * again, which the service answers as already registered (or, for a shipment, as the no-op it is).
 */
export class LedgerRecords {
  readonly #file: LedgerFile;
  readonly #target: TargetRef;
  readonly #now: () => number;
  readonly #statements: ReturnType<typeof statementsOf>;
  #answers: (() => void)[] = [];
  #sendingBatch: LedgerEntry[] = [];
  #sendingWaiters: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  #scheduled = false;
  /** Products written by this run, with their content: orders name the same ones again and again. */
  readonly #productsWritten = new Map<string, string>();

  constructor(file: LedgerFile, target: TargetRef, now: () => number) {
    this.#file = file;
    this.#target = target;
    this.#now = now;
    this.#statements = statementsOf(file.db);
  }

  get(kind: RecordKind, key: string): LedgerEntry | undefined {
    const row = this.#file.reading(() => this.#statements.get.get(this.#target.id, kind, key));
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
        updatedAt: this.#now(),
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
      this.#file.db.transaction(() => {
        for (const work of this.#answers.splice(0)) work();
        for (const entry of batch) this.#put(entry);
      })();
    } catch (error) {
      for (const waiter of waiters) waiter.reject(this.#file.writeError(error));
      return;
    }
    for (const waiter of waiters) waiter.resolve();
  }

  #put(entry: LedgerEntry): void {
    const { kind, key, fingerprint, fields, state, status, message, updatedAt } = entry;
    this.#statements.put.run(
      this.#target.id,
      kind,
      key,
      fingerprint,
      JSON.stringify(fields),
      state,
      status,
      message,
      updatedAt,
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
    const now = this.#now();
    this.#answers.push(() =>
      this.#statements.answer.run(state, status, message, now, this.#target.id, kind, key),
    );
    if (this.#answers.length >= ANSWER_BATCH) this.flush();
  }

  /** Replaces what the ledger knows of a record (after a PATCH brought the service up to date). */
  replace(entry: Omit<LedgerEntry, 'updatedAt'>): void {
    const updated = { ...entry, updatedAt: this.#now() };
    this.#answers.push(() => this.#put(updated));
  }

  /**
   * Takes back a record's mark as in flight when it was never sent: what the ledger knew of it before
   * comes back (`prior`), or nothing. Held with the answers.
   */
  unmark(kind: RecordKind, key: string, prior: LedgerEntry | undefined): void {
    this.#answers.push(() => {
      if (prior) this.#put(prior);
      else this.#statements.forget.run(this.#target.id, kind, key);
    });
  }

  /** Notes the items and products of an accepted order, an accepted product, or the items a shipment shipped. */
  accepted(what: Accepted): void {
    this.#answers.push(() => {
      if (what.kind === 'product') return this.#noteProduct(what.id, what.name, what.image_url);
      if (what.kind === 'shipment') {
        for (const item of what.itemIds)
          this.#statements.shipped.run(
            this.#target.id,
            item,
            what.key,
            what.companyCode,
            what.trackingNumber,
          );
        return;
      }
      for (const item of what.items) {
        this.#statements.item.run(this.#target.id, item.id, what.orderId);
        this.#noteProduct(item.product.id, item.product.name, item.product.image_url);
      }
    });
  }

  /** Writes a product's name and image, unless this run has just written the same. */
  #noteProduct(id: string, name: string, imageUrl: string): void {
    const key = `${this.#target.id}\u0000${id}`;
    const content = `${name}\u0000${imageUrl}`;
    if (this.#productsWritten.get(key) === content) return;
    if (this.#productsWritten.size >= PRODUCTS_REMEMBERED) this.#productsWritten.clear();
    this.#productsWritten.set(key, content);
    this.#statements.product.run(this.#target.id, id, name, imageUrl);
  }

  /** The order of an item this tool sent, if the service accepted it. */
  orderOfItem(itemId: string): string | undefined {
    return this.#file.reading(() => this.#statements.orderOfItem.get(this.#target.id, itemId)?.order_id);
  }

  /** The shipment the service took for an item, if this tool sent one. */
  shippedItem(itemId: string): ShippedItem | undefined {
    const row = this.#file.reading(() => this.#statements.shippedItem.get(this.#target.id, itemId));
    if (!row) return undefined;
    return {
      itemId,
      shipmentKey: row.shipment_key,
      companyCode: row.company_code,
      trackingNumber: row.tracking_number,
    };
  }

  /** A product's name and image as this tool sent them, if the service accepted it. */
  product(productId: string): { name: string; image_url: string } | undefined {
    return this.#file.reading(() => this.#statements.productById.get(this.#target.id, productId));
  }

  /** Commits the answers held so far. */
  flush(): void {
    const work = this.#answers.splice(0);
    if (work.length === 0) return;
    try {
      this.#file.db.transaction(() => {
        for (const item of work) item();
      })();
    } catch (error) {
      throw this.#file.writeError(error);
    }
  }

  /** Records by service, credentials, kind and state. */
  counts(): LedgerCount[] {
    return this.#file.reading(() => this.#statements.counts.all());
  }

  /** The records of the chosen target, newest first. */
  list(options: { kind?: RecordKind; state?: LedgerState; limit: number }): LedgerEntry[] {
    const { kind = null, state = null, limit } = options;
    return this.#file.reading(() =>
      this.#statements.list.all({ target: this.#target.id, kind, state, limit }).map(toEntry),
    );
  }

  /** Forgets the records of the chosen target (of one kind, when given); returns how many. */
  clear(kind?: RecordKind): number {
    const target = this.#target.id;
    return this.#file.reading(() =>
      this.#file.db.transaction(() => {
        const records = this.#statements.clear.run({ target, kind: kind ?? null }).changes;
        if (kind === undefined || kind === 'order') this.#statements.clearItems.run(target);
        if (kind === undefined || kind !== 'shipment') this.#statements.clearProducts.run(target);
        return records;
      })(),
    );
  }
}

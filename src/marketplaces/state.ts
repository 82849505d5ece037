import { join } from 'node:path';
import { openDatabase, type Db } from '../storage/sqlite.js';
import type { LineState, PulledLine, PushLine, PushOutcome, PushOutcomeKind } from './connector.js';
import type { Marketplace } from './names.js';

const MIGRATIONS = [
  `CREATE TABLE cursors (
     profile TEXT NOT NULL,
     marketplace TEXT NOT NULL,
     until_ms INTEGER NOT NULL,
     updated_at INTEGER NOT NULL,
     PRIMARY KEY (profile, marketplace)
   ) WITHOUT ROWID;
   CREATE TABLE lines (
     profile TEXT NOT NULL,
     marketplace TEXT NOT NULL,
     line_id TEXT NOT NULL,
     order_id TEXT NOT NULL,
     state TEXT NOT NULL,
     state_text TEXT NOT NULL,
     updated_at INTEGER NOT NULL,
     PRIMARY KEY (profile, marketplace, line_id)
   ) WITHOUT ROWID;
   CREATE TABLE pushes (
     profile TEXT NOT NULL,
     marketplace TEXT NOT NULL,
     line_id TEXT NOT NULL,
     order_id TEXT NOT NULL,
     company_code TEXT NOT NULL,
     tracking_number TEXT NOT NULL,
     outcome TEXT NOT NULL,
     code TEXT,
     message TEXT,
     trace_id TEXT,
     updated_at INTEGER NOT NULL,
     PRIMARY KEY (profile, marketplace, line_id)
   ) WITHOUT ROWID;`,
  // The product each line was planned with whole (name and image) until its order was sent, so a pull
  // that reads it again builds the order as it was sent, whatever the catalog says since.
  `ALTER TABLE lines ADD COLUMN product_name TEXT;
   ALTER TABLE lines ADD COLUMN product_image_url TEXT;`,
];

/** Where a line's push stands: `pushing` is written (and committed) before the write leaves. */
export type PushState = PushOutcomeKind | 'pushing';

export interface PushRow {
  line_id: string;
  order_id: string;
  company_code: string;
  tracking_number: string;
  outcome: PushState;
  code: string | null;
  message: string | null;
  trace_id: string | null;
  updated_at: number;
}

/** Outcomes after which a line is never pushed again with the same number. */
const FINAL: ReadonlySet<PushState> = new Set(['pushed', 'already_pushed', 'skipped', 'refused']);

/**
 * What a profile knows of its marketplaces, in one SQLite file of the data folder: where each pull ended
 * (the next one starts a little before), the lines pulled (which a push looks for in the ledger), and each
 * line's push, written before the request leaves and after its answer, so that a killed push never sends
 * a line twice: the next one asks the marketplace what became of a line left `pushing`.
 */
export class MarketplaceState {
  readonly #db: Db;
  readonly #profile: string;
  readonly #now: () => number;

  private constructor(db: Db, profile: string, now: () => number) {
    this.#db = db;
    this.#profile = profile;
    this.#now = now;
  }

  static open(dataDir: string, profile: string, now: () => number = Date.now): MarketplaceState {
    const db = openDatabase(join(dataDir, 'marketplaces.sqlite'), {
      migrations: MIGRATIONS,
      synchronous: 'FULL',
      cacheKiB: 2048,
      what: 'the marketplace state',
    });
    return new MarketplaceState(db, profile, now);
  }

  /** Where the last complete pull ended, in milliseconds since the epoch. */
  cursor(marketplace: Marketplace): number | undefined {
    const row = this.#db
      .prepare('SELECT until_ms FROM cursors WHERE profile = ? AND marketplace = ?')
      .get(this.#profile, marketplace) as { until_ms: number } | undefined;
    return row?.until_ms;
  }

  setCursor(marketplace: Marketplace, untilMs: number): void {
    this.#db
      .prepare(
        `INSERT INTO cursors (profile, marketplace, until_ms, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (profile, marketplace) DO UPDATE SET until_ms = excluded.until_ms, updated_at = excluded.updated_at`,
      )
      .run(this.#profile, marketplace, untilMs, this.#now());
  }

  /**
   * Keeps the lines a pull found, with their state there, and the product each is to be sent with when
   * it is whole (`products`, by line id: the lines of orders not sent yet); a line not named keeps the
   * product it had.
   */
  rememberLines(
    marketplace: Marketplace,
    lines: readonly PulledLine[],
    products: ReadonlyMap<string, { name: string; image_url: string }> = new Map(),
  ): void {
    const put = this.#db.prepare(
      `INSERT INTO lines (profile, marketplace, line_id, order_id, state, state_text, updated_at,
         product_name, product_image_url) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (profile, marketplace, line_id) DO UPDATE SET order_id = excluded.order_id, state = excluded.state,
         state_text = excluded.state_text, updated_at = excluded.updated_at,
         product_name = coalesce(excluded.product_name, lines.product_name),
         product_image_url = coalesce(excluded.product_image_url, lines.product_image_url)`,
    );
    const now = this.#now();
    this.#db.transaction(() => {
      for (const line of lines) {
        const product = products.get(line.lineId);
        put.run(
          this.#profile,
          marketplace,
          line.lineId,
          line.orderId,
          line.state,
          line.stateText,
          now,
          product?.name ?? null,
          product?.image_url ?? null,
        );
      }
    })();
  }

  /** The product each of these lines was last planned with whole, by line id (see `rememberLines`). */
  sentProducts(
    marketplace: Marketplace,
    lineIds: readonly string[],
  ): Map<string, { name: string; image_url: string }> {
    const rows = this.#db
      .prepare(
        `SELECT line_id, product_name, product_image_url FROM lines
         WHERE profile = ? AND marketplace = ? AND product_name IS NOT NULL AND product_image_url IS NOT NULL
           AND line_id IN (SELECT value FROM json_each(?))`,
      )
      .all(this.#profile, marketplace, JSON.stringify(lineIds)) as {
      line_id: string;
      product_name: string;
      product_image_url: string;
    }[];
    return new Map(
      rows.map((row) => [row.line_id, { name: row.product_name, image_url: row.product_image_url }]),
    );
  }

  /** The lines pulled from a marketplace, as last seen. */
  lines(
    marketplace: Marketplace,
  ): { line_id: string; order_id: string; state: LineState; state_text: string }[] {
    return this.#db
      .prepare(
        'SELECT line_id, order_id, state, state_text FROM lines WHERE profile = ? AND marketplace = ? ORDER BY order_id, line_id',
      )
      .all(this.#profile, marketplace) as {
      line_id: string;
      order_id: string;
      state: LineState;
      state_text: string;
    }[];
  }

  push(marketplace: Marketplace, lineId: string): PushRow | undefined {
    return this.#db
      .prepare('SELECT * FROM pushes WHERE profile = ? AND marketplace = ? AND line_id = ?')
      .get(this.#profile, marketplace, lineId) as PushRow | undefined;
  }

  pushes(marketplace: Marketplace, limit = 1000): PushRow[] {
    return this.#db
      .prepare('SELECT * FROM pushes WHERE profile = ? AND marketplace = ? ORDER BY updated_at DESC LIMIT ?')
      .all(this.#profile, marketplace, limit) as PushRow[];
  }

  /** Whether a line is done with for this number: pushed, or decided (cancelled, refused) for it. */
  isSettled(marketplace: Marketplace, line: PushLine): boolean {
    const row = this.push(marketplace, line.lineId);
    if (!row || !FINAL.has(row.outcome)) return false;
    // A number fixed since a refusal is a new push; a pushed line is never pushed again.
    if (row.outcome === 'refused')
      return row.tracking_number === line.trackingNumber && row.company_code === line.companyCode;
    return true;
  }

  /** Marks lines as being pushed (committed before the request leaves). */
  sending(marketplace: Marketplace, lines: readonly PushLine[]): void {
    this.#record(
      marketplace,
      lines.map((line) => ({ line, outcome: 'pushing' as const })),
    );
  }

  outcomes(marketplace: Marketplace, outcomes: readonly PushOutcome[]): void {
    this.#record(marketplace, outcomes);
  }

  #record(
    marketplace: Marketplace,
    entries: readonly (Pick<PushOutcome, 'line' | 'code' | 'traceId'> & {
      outcome: PushState;
      message?: string;
    })[],
  ): void {
    const put = this.#db.prepare(
      `INSERT INTO pushes (profile, marketplace, line_id, order_id, company_code, tracking_number, outcome, code, message, trace_id, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (profile, marketplace, line_id) DO UPDATE SET order_id = excluded.order_id,
         company_code = excluded.company_code, tracking_number = excluded.tracking_number, outcome = excluded.outcome,
         code = excluded.code, message = excluded.message, trace_id = excluded.trace_id, updated_at = excluded.updated_at`,
    );
    const now = this.#now();
    this.#db.transaction(() => {
      for (const entry of entries) {
        const { line } = entry;
        put.run(
          this.#profile,
          marketplace,
          line.lineId,
          line.orderId,
          line.companyCode,
          line.trackingNumber,
          entry.outcome,
          entry.code ?? null,
          entry.message ?? null,
          entry.traceId ?? null,
          now,
        );
      }
    })();
  }

  close(): void {
    this.#db.close();
  }
}

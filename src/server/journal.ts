import type { JournalCountQuery, JournalEntry, JournalList, JournalQuery } from '../contract/local/index.js';
import type { NewRequest, RequestFilter, RequestRow } from './storage/requests.js';
import type { Store } from './storage/store.js';

/** How long a request waits in memory before the journal writes it (with the others of that moment). */
const FLUSH_MS = 50;
/** How many requests are written together at most. */
const BATCH = 500;
/** A page of the journal when the caller names no size. */
const PAGE = 50;

const toFilter = (query: JournalCountQuery): RequestFilter => ({
  ...(query.method === undefined ? {} : { method: query.method }),
  ...(query.path === undefined ? {} : { path: query.path }),
  ...(query.status === undefined ? {} : { status: query.status }),
  ...(query.id === undefined ? {} : { targetId: query.id }),
});

/** A journal row as the API shows it. */
function entryOf(row: RequestRow): JournalEntry {
  return {
    seq: Number(row.seq),
    request_id: row.request_id,
    at: new Date(Number(row.at)).toISOString(),
    method: row.method,
    path: row.path,
    status: Number(row.status),
    target_id: row.target_id,
    fault: row.fault,
    duration_ms: Number(row.duration_ms),
    request: { headers: JSON.parse(row.request_headers) as Record<string, string>, body: row.request_body },
    response: { body: row.response_body },
  };
}

/**
 * The request journal: every request of a merchant to the service's API, kept in the store (so that
 * every process of a shared database writes to and reads the same one), the newest `keep` per merchant.
 * Requests are written a moment after they are answered, many in one transaction; the journal is a
 * witness, never in the way: a write that fails is dropped (and told to `onError`), the request stands.
 */
export class RequestJournal {
  readonly #store: Store;
  readonly #keep: number;
  readonly #onError: (error: unknown) => void;
  #waiting: NewRequest[] = [];
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> = Promise.resolve();
  /** Requests written per merchant since its journal was last trimmed. */
  readonly #sinceTrim = new Map<string, number>();
  /** Closed with its service: a request that ends later (a held one let go) is not written. */
  #closed = false;

  constructor(store: Store, options: { keep: number; onError?: (error: unknown) => void }) {
    this.#store = store;
    this.#keep = options.keep;
    this.#onError = options.onError ?? (() => {});
  }

  /** Notes a request answered; written with the others of the next moment. */
  record(request: NewRequest): void {
    if (this.#keep === 0 || this.#closed) return;
    this.#waiting.push(request);
    if (this.#waiting.length >= BATCH) void this.flush();
    else this.#timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
  }

  /** Writes what waits; resolves when everything noted so far is written (or dropped). */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const rows = this.#waiting;
    this.#waiting = [];
    if (rows.length > 0) this.#writing = this.#writing.then(() => this.#write(rows));
    return this.#writing;
  }

  async #write(rows: NewRequest[]): Promise<void> {
    try {
      const trim = this.#dueForTrim(rows);
      await this.#store.transaction(async (tx) => {
        await tx.requests.insertMany(rows);
        for (const merchantId of trim) await tx.requests.trim(merchantId, this.#keep);
      });
    } catch (error) {
      this.#onError(error);
    }
  }

  /** The merchants whose journals have grown by a tenth of what is kept since they were last trimmed. */
  #dueForTrim(rows: readonly NewRequest[]): string[] {
    const due: string[] = [];
    for (const { merchant_id } of rows) {
      const count = (this.#sinceTrim.get(merchant_id) ?? 0) + 1;
      if (count >= Math.max(1, this.#keep / 10)) {
        due.push(merchant_id);
        this.#sinceTrim.set(merchant_id, 0);
      } else this.#sinceTrim.set(merchant_id, count);
    }
    return [...new Set(due)];
  }

  /** A page of a merchant's journal, newest first. */
  async list(merchantId: string, query: JournalQuery): Promise<JournalList> {
    await this.flush();
    const limit = query.limit ?? PAGE;
    if (query.after !== undefined) {
      const later = await this.#store.requests.after(merchantId, toFilter(query), query.after, limit);
      return { results: later.map(entryOf), next_before: null };
    }
    const rows = await this.#store.requests.list(merchantId, toFilter(query), {
      ...(query.before === undefined ? {} : { before: query.before }),
      limit: limit + 1,
    });
    const page = rows.slice(0, limit).map(entryOf);
    return { results: page, next_before: rows.length > limit ? (page.at(-1)?.seq ?? null) : null };
  }

  /** How many of a merchant's requests match. */
  async count(merchantId: string, query: JournalCountQuery): Promise<number> {
    await this.flush();
    return this.#store.requests.count(merchantId, toFilter(query));
  }

  /** Writes what waits, for a service closing; nothing is noted after. */
  close(): Promise<void> {
    this.#closed = true;
    return this.flush();
  }
}

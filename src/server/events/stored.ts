import type { EventRow } from '../storage/events.js';
import type { Store, Told } from '../storage/store.js';
import {
  isoClock,
  KEPT,
  Listeners,
  type EventFeed,
  type Listener,
  type ServiceEvent,
  type ServiceEventType,
} from './feed.js';

/** The doorbell's channel: its message names the merchants with new events. */
export const EVENTS_CHANNEL = 'intake_events';
/** How often a process looks in the store for new events anyway (a doorbell missed, a connection lost). */
const POLL_MS = 1000;
/** Events read at a time. */
const PAGE = 500;
/** Events kept per merchant in the store. */
const STORED = 10 * KEPT;
/** The most events waiting to be written while the database does not answer; the oldest go first. */
const MAX_WAITING = 10_000;

interface Waiting {
  merchantId: string;
  type: ServiceEventType;
  at: number;
  body: string;
}

const eventOf = (row: EventRow): ServiceEvent => ({
  ...(JSON.parse(row.body) as Record<string, unknown>),
  id: Number(row.id),
  type: row.type as ServiceEventType,
  at: new Date(Number(row.at)).toISOString(),
});

/**
 * The events of each merchant on a database shared by several processes: the store is the truth. An
 * event is written (numbered per merchant, with the others of the same moment, in one transaction)
 * just after what it tells of, and the transaction rings the doorbell (one notice per commit naming the
 * merchants). Every process, its own included, then reads what is new for the merchants it has
 * listeners for and tells them, in number order, each event once; it also looks every second, so a lost
 * doorbell (a pooler, a dropped connection) costs a second, never an event.
 */
export class StoredEvents implements EventFeed {
  readonly #store: Store;
  readonly #listeners = new Listeners();
  readonly #at: (merchantId: string) => { ms: number; text: string };
  readonly #onError: (error: unknown) => void;
  /** The number of the last event told here, per merchant listened to. */
  readonly #told = new Map<string, number>();
  readonly #starting = new Map<string, Promise<void>>();
  readonly #reading = new Map<string, Promise<void>>();
  readonly #again = new Set<string>();
  readonly #appended = new Map<string, number>();
  #waiting: Waiting[] = [];
  #writing: Promise<void> = Promise.resolve();
  #scheduled = false;
  #stopDoorbell: (() => Promise<void>) | undefined;
  #poll: NodeJS.Timeout | undefined;
  #trimming: Promise<void> | undefined;

  private constructor(store: Store, now: (merchantId: string) => number, onError: (error: unknown) => void) {
    this.#store = store;
    this.#at = isoClock(now);
    this.#onError = onError;
  }

  static async open(
    store: Store,
    now: (merchantId: string) => number,
    onError: (error: unknown) => void = () => {},
  ): Promise<StoredEvents> {
    const feed = new StoredEvents(store, now, onError);
    feed.#stopDoorbell = await store.subscribe(EVENTS_CHANNEL, (payload) => feed.#rung(payload));
    feed.#poll = setInterval(() => {
      for (const merchantId of feed.#listeners.merchants) feed.#read(merchantId);
      feed.#trimming ??= feed
        .#trim()
        .catch((error: unknown) => feed.#onError(error))
        .finally(() => (feed.#trimming = undefined));
    }, POLL_MS);
    feed.#poll.unref();
    return feed;
  }

  async load(): Promise<void> {}

  emit(merchantId: string, type: ServiceEventType, fields: Record<string, unknown>): void {
    if (this.#waiting.length >= MAX_WAITING) this.#waiting.shift();
    this.#waiting.push({ merchantId, type, at: this.#at(merchantId).ms, body: JSON.stringify(fields) });
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => void this.#write());
  }

  /**
   * Writes what a transaction told, in it: numbered and kept only if it commits, and its commit rings
   * the doorbell. (A process killed after a commit has lost nothing of it.)
   */
  async stage(tx: Store, told: readonly Told[]): Promise<void> {
    const byMerchant = new Map<string, Omit<Waiting, 'merchantId'>[]>();
    for (const { merchantId, type, fields } of told) {
      const events = byMerchant.get(merchantId) ?? [];
      events.push({
        type: type as ServiceEventType,
        at: this.#at(merchantId).ms,
        body: JSON.stringify(fields),
      });
      byMerchant.set(merchantId, events);
    }
    await this.#append(tx, byMerchant);
  }

  /** After the commit: this process's listeners hear it now rather than at the doorbell. */
  committed(told: readonly Told[]): void {
    for (const merchantId of new Set(told.map((event) => event.merchantId)))
      if (this.#listeners.count(merchantId) > 0) this.#read(merchantId);
  }

  /**
   * Numbers and stores each merchant's events (the merchants in one order, so that two writers never
   * wait on each other's counters), and rings the doorbell.
   */
  async #append(
    tx: Store,
    byMerchant: ReadonlyMap<string, readonly Omit<Waiting, 'merchantId'>[]>,
  ): Promise<void> {
    const merchants = [...byMerchant.keys()].sort();
    const doorbell = { channel: EVENTS_CHANNEL, payload: merchants.join(',') };
    for (const merchantId of merchants) {
      const events = byMerchant.get(merchantId) as Omit<Waiting, 'merchantId'>[];
      // The doorbell rung with the last merchant's events, in the same round trip.
      await tx.events.append(merchantId, events, merchantId === merchants.at(-1) ? doorbell : undefined);
      this.#appended.set(merchantId, (this.#appended.get(merchantId) ?? 0) + events.length);
    }
  }

  /**
   * Keeps the newest events of the merchants that were given many since their last trim: outside the
   * transactions that write them (deleting is as costly as writing, and would hold up their commit).
   */
  async #trim(): Promise<void> {
    for (const [merchantId, appended] of this.#appended) {
      if (appended < KEPT) continue;
      this.#appended.set(merchantId, 0);
      await this.#store.events.trim(merchantId, STORED);
    }
  }

  /** Writes what waits, in one transaction whose commit rings the doorbell. */
  #write(): Promise<void> {
    this.#scheduled = false;
    const batch = this.#waiting;
    this.#waiting = [];
    if (batch.length === 0) return this.#writing;
    this.#writing = this.#writing.then(async () => {
      const byMerchant = new Map<string, Omit<Waiting, 'merchantId'>[]>();
      for (const { merchantId, ...event } of batch)
        byMerchant.set(merchantId, [...(byMerchant.get(merchantId) ?? []), event]);
      try {
        await this.#store.transaction((tx) => this.#append(tx, byMerchant));
      } catch (error) {
        this.#onError(error);
      }
    });
    return this.#writing;
  }

  /** The doorbell: the merchants named have new events. */
  #rung(payload: string): void {
    for (const merchantId of payload.split(','))
      if (this.#listeners.count(merchantId) > 0) this.#read(merchantId);
  }

  /** Reads a merchant's new events and tells them, in order; one reader per merchant at a time. */
  #read(merchantId: string): void {
    if (this.#reading.has(merchantId)) {
      this.#again.add(merchantId);
      return;
    }
    const reading = (async () => {
      do {
        this.#again.delete(merchantId);
        await this.ready(merchantId);
        for (;;) {
          const told = this.#told.get(merchantId) ?? 0;
          const rows = await this.#store.events.after(merchantId, told, PAGE);
          for (const row of rows) {
            this.#told.set(merchantId, Number(row.id));
            this.#listeners.tell(merchantId, eventOf(row));
          }
          if (rows.length < PAGE) break;
        }
      } while (this.#again.has(merchantId));
    })()
      .catch((error: unknown) => this.#onError(error))
      .finally(() => this.#reading.delete(merchantId));
    this.#reading.set(merchantId, reading);
  }

  ready(merchantId: string): Promise<void> {
    if (this.#told.has(merchantId)) return Promise.resolve();
    let starting = this.#starting.get(merchantId);
    if (!starting) {
      // From the last event written by then: what a listener hears is what comes after.
      starting = this.#store.events
        .last(merchantId)
        .then((last) => {
          if (!this.#told.has(merchantId)) this.#told.set(merchantId, last);
        })
        .finally(() => this.#starting.delete(merchantId));
      this.#starting.set(merchantId, starting);
    }
    return starting;
  }

  async recent(merchantId: string, after = 0, limit = KEPT): Promise<ServiceEvent[]> {
    await this.#write();
    return (await this.#store.events.newest(merchantId, after, Math.min(limit, KEPT))).map(eventOf);
  }

  async following(merchantId: string, after: number, limit: number): Promise<ServiceEvent[]> {
    await this.#write();
    return (await this.#store.events.following(merchantId, after, limit)).map(eventOf);
  }

  listen(merchantId: string, listener: Listener): () => void {
    const stop = this.#listeners.listen(merchantId, listener);
    void this.ready(merchantId).catch((error: unknown) => this.#onError(error));
    return () => {
      stop();
      if (this.#listeners.count(merchantId) === 0) this.#told.delete(merchantId);
    };
  }

  listenersOf(merchantId: string): number {
    return this.#listeners.count(merchantId);
  }

  next(merchantId: string, signal: AbortSignal): Promise<ServiceEvent | undefined> {
    const next = this.#listeners.next(merchantId, signal);
    void this.ready(merchantId).catch((error: unknown) => this.#onError(error));
    return next;
  }

  onClose(closer: () => void): () => void {
    return this.#listeners.onClose(closer);
  }

  async close(): Promise<void> {
    this.#listeners.closeAll();
    clearInterval(this.#poll);
    await this.#trimming;
    await this.#write();
    await this.#stopDoorbell?.();
  }
}

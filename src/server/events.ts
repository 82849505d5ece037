/** What can happen to a merchant's data, as the event stream tells it. */
export type ServiceEventType = 'accepted' | 'refused' | 'applied' | 'failed' | 'message' | 'reward' | 'fault';

/** One event: its number (increasing, for `Last-Event-ID`), its type, when (the service's clock), and what. */
export interface ServiceEvent {
  id: number;
  type: ServiceEventType;
  at: string;
  [field: string]: unknown;
}

type Listener = (event: ServiceEvent) => void;

/** Events kept per merchant for a late reader (`intake local events` without --follow, a reconnect). */
const KEPT = 1000;
/** Event ids are taken from the store this many at a time per merchant, so that they never repeat. */
const ID_BLOCK = 10_000;
const IDS_PREFIX = 'event_ids:';

/** Where event ids are reserved: the store's meta table (each process, each restart, its own block). */
export interface IdReservations {
  withPrefix(prefix: string): Promise<{ key: string; value: string }[]>;
  add(key: string, amount: number): Promise<number>;
}

/**
 * Each merchant's event ids: increasing, and never the same twice for the life of the store, across
 * restarts and processes: ids are used from a block reserved in the store (the next block is reserved
 * while half of this one is left), so a reader resuming with `Last-Event-ID` never takes a new event for
 * one it has seen.
 */
class EventIds {
  readonly #next = new Map<string, number>();
  readonly #end = new Map<string, number>();
  readonly #reserving = new Map<string, Promise<void>>();
  readonly #store: IdReservations | undefined;

  constructor(store: IdReservations | undefined) {
    this.#store = store;
  }

  /** Reserves a first block for each merchant the store has seen: before the service answers. */
  async load(merchantIds: readonly string[]): Promise<void> {
    if (!this.#store) return;
    for (const merchantId of merchantIds) await this.#reserve(merchantId);
  }

  async #reserve(merchantId: string): Promise<void> {
    if (!this.#store) return;
    const end = await this.#store.add(`${IDS_PREFIX}${merchantId}`, ID_BLOCK);
    const start = end - ID_BLOCK;
    // A block reserved while the last one was used up carries on from it; a first one starts at its start.
    if ((this.#next.get(merchantId) ?? 0) < start) this.#next.set(merchantId, start);
    this.#end.set(merchantId, end);
  }

  next(merchantId: string): number {
    const id = (this.#next.get(merchantId) ?? 0) + 1;
    this.#next.set(merchantId, id);
    const end = this.#end.get(merchantId) ?? 0;
    if (this.#store && end - id < ID_BLOCK / 2 && !this.#reserving.has(merchantId)) {
      const reserving = this.#reserve(merchantId)
        .catch(() => {})
        .finally(() => this.#reserving.delete(merchantId));
      this.#reserving.set(merchantId, reserving);
    }
    return id;
  }
}

/**
 * The events of each merchant: told to whoever listens (the stream, the console, a `wait`), and the
 * last thousand kept. One merchant never hears another's.
 */
export class EventHub {
  readonly #kept = new Map<string, ServiceEvent[]>();
  readonly #listeners = new Map<string, Set<Listener>>();
  readonly #now: (merchantId: string) => number;
  readonly #closers = new Set<() => void>();
  readonly #ids: EventIds;
  #atMs = Number.NaN;
  #atText = '';

  constructor(now: (merchantId: string) => number, ids?: IdReservations) {
    this.#now = now;
    this.#ids = new EventIds(ids);
  }

  /** Takes each merchant's ids up from where they were: before the first event is told. */
  load(merchantIds: readonly string[]): Promise<void> {
    return this.#ids.load(merchantIds);
  }

  /** A merchant's time as text, made once per millisecond (a batch applied shares one). */
  #at(merchantId: string): string {
    const now = this.#now(merchantId);
    if (now !== this.#atMs) {
      this.#atMs = now;
      this.#atText = new Date(now).toISOString();
    }
    return this.#atText;
  }

  emit(merchantId: string, type: ServiceEventType, fields: Record<string, unknown>): void {
    const event: ServiceEvent = { id: this.#ids.next(merchantId), type, at: this.#at(merchantId), ...fields };
    let kept = this.#kept.get(merchantId);
    if (!kept) this.#kept.set(merchantId, (kept = []));
    kept.push(event);
    // Trimmed now and then rather than at every event: the queue worker tells thousands a second.
    if (kept.length >= 2 * KEPT) kept.splice(0, kept.length - KEPT);
    const listeners = this.#listeners.get(merchantId);
    if (listeners) for (const listener of [...listeners]) listener(event);
  }

  /** The events kept for `merchantId` after the one numbered `after`, oldest first. */
  recent(merchantId: string, after = 0, limit = KEPT): ServiceEvent[] {
    const kept = (this.#kept.get(merchantId) ?? []).slice(-KEPT);
    return kept.filter((event) => event.id > after).slice(-limit);
  }

  /** Calls `listener` with each new event of `merchantId` until the returned function is called. */
  listen(merchantId: string, listener: Listener): () => void {
    const listeners = this.#listeners.get(merchantId) ?? new Set<Listener>();
    listeners.add(listener);
    this.#listeners.set(merchantId, listeners);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.#listeners.delete(merchantId);
    };
  }

  /** How many listen to `merchantId`'s events now (streams, waits, the console). */
  listenersOf(merchantId: string): number {
    return this.#listeners.get(merchantId)?.size ?? 0;
  }

  /** Resolves with the next event of `merchantId`, or undefined when `signal` aborts first. */
  next(merchantId: string, signal: AbortSignal): Promise<ServiceEvent | undefined> {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve(undefined);
      const stop = this.listen(merchantId, (event) => {
        stop();
        signal.removeEventListener('abort', onAbort);
        resolve(event);
      });
      const onAbort = () => {
        stop();
        resolve(undefined);
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Calls `closer` when the service closes (a stream ends), until the returned function is called. */
  onClose(closer: () => void): () => void {
    this.#closers.add(closer);
    return () => this.#closers.delete(closer);
  }

  /** Ends every stream: the service is closing. */
  close(): void {
    for (const closer of [...this.#closers]) closer();
  }
}

import { reservedKey } from '../storage/events.js';
import type { Told } from '../storage/store.js';
import {
  isoClock,
  KEPT,
  Listeners,
  type EventFeed,
  type Listener,
  type ServiceEvent,
  type ServiceEventType,
} from './feed.js';

/** Event ids are taken from the store this many at a time per merchant, so that they never repeat. */
const ID_BLOCK = 10_000;

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
    const end = await this.#store.add(reservedKey(merchantId), ID_BLOCK);
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
 * The events of each merchant, in this process's memory: the feed of a service that has its database to
 * itself (SQLite). Numbers come from blocks reserved in the store, so that they never repeat across
 * restarts.
 */
export class MemoryEvents implements EventFeed {
  readonly #kept = new Map<string, ServiceEvent[]>();
  readonly #listeners = new Listeners();
  readonly #at: (merchantId: string) => { ms: number; text: string };
  readonly #ids: EventIds;

  constructor(now: (merchantId: string) => number, ids?: IdReservations) {
    this.#at = isoClock(now);
    this.#ids = new EventIds(ids);
  }

  load(merchantIds: readonly string[]): Promise<void> {
    return this.#ids.load(merchantIds);
  }

  emit(merchantId: string, type: ServiceEventType, fields: Record<string, unknown>): void {
    const event: ServiceEvent = {
      id: this.#ids.next(merchantId),
      type,
      at: this.#at(merchantId).text,
      ...fields,
    };
    let kept = this.#kept.get(merchantId);
    if (!kept) this.#kept.set(merchantId, (kept = []));
    kept.push(event);
    // Trimmed now and then rather than at every event: the queue worker tells thousands a second.
    if (kept.length >= 2 * KEPT) kept.splice(0, kept.length - KEPT);
    this.#listeners.tell(merchantId, event);
  }

  /** What a transaction told, once it is committed. */
  committed(told: readonly Told[]): void {
    for (const { merchantId, type, fields } of told) this.emit(merchantId, type as ServiceEventType, fields);
  }

  async recent(merchantId: string, after = 0, limit = KEPT): Promise<ServiceEvent[]> {
    return this.#after(merchantId, after).slice(-limit);
  }

  async following(merchantId: string, after: number, limit: number): Promise<ServiceEvent[]> {
    return this.#after(merchantId, after).slice(0, limit);
  }

  #after(merchantId: string, after: number): ServiceEvent[] {
    return (this.#kept.get(merchantId) ?? []).slice(-KEPT).filter((event) => event.id > after);
  }

  listen(merchantId: string, listener: Listener): () => void {
    return this.#listeners.listen(merchantId, listener);
  }

  async ready(): Promise<void> {}

  listenersOf(merchantId: string): number {
    return this.#listeners.count(merchantId);
  }

  next(merchantId: string, signal: AbortSignal): Promise<ServiceEvent | undefined> {
    return this.#listeners.next(merchantId, signal);
  }

  onClose(closer: () => void): () => void {
    return this.#listeners.onClose(closer);
  }

  async close(): Promise<void> {
    this.#listeners.closeAll();
  }
}

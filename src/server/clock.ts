import type { Store } from './storage/store.js';

const OFFSET_KEY = 'clock_offset_ms';
/** The latest time the service has told, kept so that a restart never starts its clock earlier. */
const SEEN_KEY = 'clock_seen_ms';

/** Where the service reads real time: the wall clock once at start, then a clock that only goes forward. */
export interface TimeSource {
  wall: () => number;
  monotonic: () => number;
}

const SYSTEM_TIME: TimeSource = { wall: Date.now, monotonic: () => performance.now() };

/**
 * The service's clock: real time plus an offset that `advance` moves forward, so a developer can see in
 * seconds what happens days later (due messages, the weekly refresh). The offset is stored and survives
 * restarts; processes sharing a database share it (each reads it again with `refresh`). Real time is
 * read from the wall clock once, at start, and carried on by a monotonic clock: the system clock stepping
 * back (a time sync) never makes queued creates wait longer, and a restart never starts earlier than the
 * latest time the service told before.
 */
export class Clock {
  #offset: number;
  readonly #store: Store;
  readonly #now: () => number;

  private constructor(store: Store, offset: number, now: () => number) {
    this.#store = store;
    this.#offset = offset;
    this.#now = now;
  }

  /** `pinned` gives real time outright (tests); otherwise `time` is read as above. */
  static async open(store: Store, pinned?: () => number, time: TimeSource = SYSTEM_TIME): Promise<Clock> {
    const offset = Number((await store.meta.get(OFFSET_KEY)) ?? 0);
    if (pinned) return new Clock(store, offset, pinned);
    const seen = Number((await store.meta.get(SEEN_KEY)) ?? 0) - offset;
    const start = Math.max(time.wall(), seen);
    const started = time.monotonic();
    return new Clock(store, offset, () => start + (time.monotonic() - started));
  }

  /** Whole milliseconds, as the database keeps times. */
  now(): number {
    return Math.floor(this.#now() + this.#offset);
  }

  /** Moves the clock forward by `ms` (for every process on the database) and returns the new time. */
  async advance(ms: number): Promise<number> {
    this.#offset = await this.#store.meta.add(OFFSET_KEY, ms);
    await this.remember();
    return this.now();
  }

  /** Reads the offset again: another process sharing the database may have advanced it. */
  async refresh(): Promise<void> {
    const stored = Number((await this.#store.meta.get(OFFSET_KEY)) ?? 0);
    if (stored > this.#offset) this.#offset = stored;
  }

  /** Keeps the time told so far, so that the next start does not begin before it. */
  async remember(): Promise<void> {
    await this.#store.meta.set(SEEN_KEY, String(this.now()));
  }
}

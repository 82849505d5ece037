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
 * restarts. Real time is read from the wall clock once, at start, and carried on by a monotonic clock:
 * the system clock stepping back (a time sync) never makes queued creates wait longer, and a restart
 * never starts earlier than the latest time the service told before.
 */
export class Clock {
  #offset: number;
  readonly #store: Store;
  readonly #now: () => number;

  /** `pinned` gives real time outright (tests); otherwise `time` is read as above. */
  constructor(store: Store, pinned?: () => number, time: TimeSource = SYSTEM_TIME) {
    this.#store = store;
    this.#offset = Number(store.meta.get(OFFSET_KEY) ?? 0);
    if (pinned) {
      this.#now = pinned;
      return;
    }
    const seen = Number(store.meta.get(SEEN_KEY) ?? 0) - this.#offset;
    const start = Math.max(time.wall(), seen);
    const started = time.monotonic();
    this.#now = () => start + (time.monotonic() - started);
  }

  now(): number {
    return this.#now() + this.#offset;
  }

  /** Moves the clock forward by `ms` and returns the new time. */
  advance(ms: number): number {
    this.#offset += ms;
    this.#store.meta.set(OFFSET_KEY, String(this.#offset));
    this.remember();
    return this.now();
  }

  /** Keeps the time told so far, so that the next start does not begin before it. */
  remember(): void {
    this.#store.meta.set(SEEN_KEY, String(this.now()));
  }
}

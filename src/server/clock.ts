import type { Store } from './storage/store.js';

const OFFSET_KEY = 'clock_offset_ms';

/**
 * The service's clock: real time plus an offset that `advance` moves forward, so a developer can see in
 * seconds what happens days later (due messages, the weekly refresh). The offset is stored and survives
 * restarts.
 */
export class Clock {
  #offset: number;
  readonly #store: Store;
  readonly #realNow: () => number;

  constructor(store: Store, realNow: () => number = Date.now) {
    this.#store = store;
    this.#realNow = realNow;
    this.#offset = Number(store.meta.get(OFFSET_KEY) ?? 0);
  }

  now(): number {
    return this.#realNow() + this.#offset;
  }

  /** Moves the clock forward by `ms` and returns the new time. */
  advance(ms: number): number {
    this.#offset += ms;
    this.#store.meta.set(OFFSET_KEY, String(this.#offset));
    return this.now();
  }
}

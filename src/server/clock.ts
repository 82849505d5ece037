import type { Store } from './storage/store.js';
import { counting } from '../util/count.js';

/** The offset every merchant had before each had its own (kept as each one's starting offset). */
const LEGACY_OFFSET_KEY = 'clock_offset_ms';
/** Each merchant's offset, under this prefix and its id. */
const OFFSET_PREFIX = 'clock:';
/** The latest time the service has told, kept so that a restart never starts its clock earlier. */
const SEEN_KEY = 'clock_seen_ms';
/** The most a merchant's clock may be moved forward, in all: ten years. */
export const MAX_OFFSET_MS = 3650 * 86_400_000;

/** Where the service reads real time: the wall clock once at start, then a clock that only goes forward. */
export interface TimeSource {
  wall: () => number;
  monotonic: () => number;
}

const SYSTEM_TIME: TimeSource = { wall: Date.now, monotonic: () => performance.now() };

/** The merchants' clocks at one instant. */
export interface MerchantTime {
  real: number;
  now(merchantId: string): number;
  offsetOf(merchantId: string): number;
}

/** Why a clock cannot be moved as asked (too far, or backwards). */
export class ClockRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClockRefused';
  }
}

/**
 * The service's clocks: real time, and for each merchant real time plus an offset that `advance` moves
 * forward, so a developer sees in seconds what happens days later (due messages, the weekly refresh)
 * without moving any other merchant's time. Offsets are stored and survive restarts; processes sharing a
 * database share them (each reads them again with `refresh`). Real time is read from the wall clock once,
 * at start, and carried on by a monotonic clock: the system clock stepping back (a time sync) never makes
 * queued creates wait longer, and a restart never starts earlier than the latest time the service told.
 */
export class Clock {
  readonly #offsets = new Map<string, number>();
  #legacy: number;
  readonly #store: Store;
  readonly #real: () => number;

  private constructor(store: Store, legacy: number, real: () => number) {
    this.#store = store;
    this.#legacy = legacy;
    this.#real = real;
  }

  /** `pinned` gives real time outright (tests); otherwise `time` is read as above. */
  static async open(store: Store, pinned?: () => number, time: TimeSource = SYSTEM_TIME): Promise<Clock> {
    const legacy = Number((await store.meta.get(LEGACY_OFFSET_KEY)) ?? 0);
    let clock: Clock;
    if (pinned) clock = new Clock(store, legacy, pinned);
    else {
      const seen = Number((await store.meta.get(SEEN_KEY)) ?? 0);
      const start = Math.max(time.wall(), seen);
      const started = time.monotonic();
      clock = new Clock(store, legacy, () => start + (time.monotonic() - started));
    }
    await clock.refresh();
    return clock;
  }

  /** Real time (no merchant's offset), in whole milliseconds: when to wake, what to compare across merchants. */
  real(): number {
    return Math.floor(this.#real());
  }

  /** A merchant's offset: how far its clock was moved forward. */
  offsetOf(merchantId: string | undefined): number {
    if (merchantId === undefined) return 0;
    return this.#offsets.get(merchantId) ?? this.#legacy;
  }

  /** A merchant's time (real time without one), in whole milliseconds, as the database keeps times. */
  now(merchantId?: string): number {
    return Math.floor(this.#real() + this.offsetOf(merchantId));
  }

  /**
   * Moves a merchant's clock forward by `ms` (for every process on the database) and returns its new
   * time. Refused backwards, and beyond ten years in all (dates past that are no use to a test, and far
   * enough on they are no dates at all).
   */
  async advance(merchantId: string, ms: number): Promise<number> {
    if (!Number.isFinite(ms) || ms < 0) throw new ClockRefused('the clock only moves forward');
    if (ms === 0) return this.now(merchantId);
    const offset = this.offsetOf(merchantId);
    if (offset + ms > MAX_OFFSET_MS) {
      throw new ClockRefused(
        `the clock may be moved forward at most ${MAX_OFFSET_MS / 86_400_000} days in all; it is ${counting(Math.floor(offset / 86_400_000), 'day')} ahead already`,
      );
    }
    const key = `${OFFSET_PREFIX}${merchantId}`;
    // A merchant that had the service-wide offset starts from it.
    if (!this.#offsets.has(merchantId) && this.#legacy > 0)
      await this.#store.meta.setIfAbsent(key, String(this.#legacy));
    this.#offsets.set(merchantId, await this.#store.meta.add(key, ms));
    await this.remember();
    return this.now(merchantId);
  }

  /** Reads the offsets again: another process sharing the database may have advanced one. */
  async refresh(): Promise<void> {
    this.#legacy = Number((await this.#store.meta.get(LEGACY_OFFSET_KEY)) ?? this.#legacy);
    for (const { key, value } of await this.#store.meta.withPrefix(OFFSET_PREFIX)) {
      const merchantId = key.slice(OFFSET_PREFIX.length);
      const stored = Number(value);
      if (stored > (this.#offsets.get(merchantId) ?? -1)) this.#offsets.set(merchantId, stored);
    }
  }

  /** The clocks as they read now, held still: one instant for everything a pass of the worker does. */
  at(): MerchantTime {
    const real = this.real();
    return {
      real,
      now: (merchantId) => real + this.offsetOf(merchantId),
      offsetOf: (merchantId) => this.offsetOf(merchantId),
    };
  }

  /** Keeps the real time told so far, so that the next start does not begin before it. */
  async remember(): Promise<void> {
    await this.#store.meta.set(SEEN_KEY, String(this.real()));
  }
}

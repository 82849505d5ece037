import type { Pace } from '../../client/pace.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs the sending of records, as many at once as `limit` says, and with a rate,
 * at most `rate` started per second. `submit` resolves once the task has started, so a reader that
 * awaits it never runs far ahead of the network (back-pressure) and memory stays flat however large the
 * input. How many go on the wire at once is the pace's to say (see `Pace`).
 */
export class Sender {
  readonly #pace: Pace;
  readonly #spacingMs: number;
  #inFlight = 0;
  #nextStart = 0;
  #waiting: (() => void)[] = [];
  #idle: (() => void)[] = [];

  constructor(pace: Pace, rate?: number) {
    this.#pace = pace;
    this.#spacingMs = rate ? 1000 / rate : 0;
  }

  /** Records being sent now, on the wire or waiting to be tried again. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /**
   * How many records may be in progress at once: with a fixed `--concurrency`, that many (a record
   * waiting to be tried again keeps its turn, as asked); while looking for the service's limit, as many
   * again as may be on the wire and at least 64 more, so that records waiting out a Retry-After (each
   * probe past the limit leaves one waiting a second or so) do not keep the others off the wire.
   */
  get limit(): number {
    const onWire = this.#pace.limit;
    return this.#pace.probing ? onWire + Math.max(64, onWire) : onWire;
  }

  /** Requests on the wire now, and how many the pace lets be (records waiting to be tried again are not on it). */
  get wire(): { onWire: number; limit: number } {
    return { onWire: this.#pace.onWire, limit: this.#pace.limit };
  }

  /** Says how many records are still to be done, those in flight included (see `Pace.remaining`). */
  set remaining(count: number) {
    this.#pace.remaining = count;
  }

  async submit(task: () => Promise<void>): Promise<void> {
    while (this.#inFlight >= this.limit) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#inFlight += 1;
    for (;;) {
      const now = performance.now();
      const start = Math.max(now, this.#nextStart);
      if (start <= now) break;
      await sleep(start - now);
    }
    if (this.#spacingMs > 0) this.#nextStart = performance.now() + this.#spacingMs;
    void task().finally(() => {
      this.#inFlight -= 1;
      for (const wake of this.#waiting.splice(0)) wake();
      if (this.#inFlight === 0) for (const resolve of this.#idle.splice(0)) resolve();
    });
  }

  /** Resolves when no task is in flight. */
  drain(): Promise<void> {
    if (this.#inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }
}

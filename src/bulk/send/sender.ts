const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs tasks with a bounded number in flight and, with a rate, at most `rate` started per second.
 * `submit` resolves once the task has started, so a reader that awaits it never runs far ahead of the
 * network (back-pressure) and memory stays flat however large the input.
 *
 * When the service says to slow down (429 or 503), fewer tasks run at once (the limit halves) and none
 * start before its Retry-After; each run of successes as long as the limit raises it by one again, up
 * to the maximum (additive increase, multiplicative decrease).
 */
export class Sender {
  readonly #max: number;
  readonly #spacingMs: number;
  #limit: number;
  #inFlight = 0;
  #nextStart = 0;
  #pausedUntil = 0;
  #successes = 0;
  #throttles = 0;
  #waiting: (() => void)[] = [];
  #idle: (() => void)[] = [];

  constructor(concurrency: number, rate?: number) {
    this.#max = concurrency;
    this.#limit = concurrency;
    this.#spacingMs = rate ? 1000 / rate : 0;
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  /** How many may be in flight now. */
  get limit(): number {
    return this.#limit;
  }

  /** How many times the service asked to slow down. */
  get throttles(): number {
    return this.#throttles;
  }

  /** The service asked to slow down: halve the requests in flight, and wait as long as it asked. */
  throttle(retryAfterMs?: number): void {
    this.#throttles += 1;
    this.#limit = Math.max(1, Math.floor(this.#limit / 2));
    this.#successes = 0;
    if (retryAfterMs !== undefined)
      this.#pausedUntil = Math.max(this.#pausedUntil, performance.now() + retryAfterMs);
  }

  /** A request got a definite answer: after as many as the limit, one more may run at once. */
  succeeded(): void {
    if (this.#limit >= this.#max) return;
    this.#successes += 1;
    if (this.#successes >= this.#limit) {
      this.#successes = 0;
      this.#limit += 1;
      this.#wakeOne();
    }
  }

  #wakeOne(): void {
    this.#waiting.shift()?.();
  }

  async submit(task: () => Promise<void>): Promise<void> {
    while (this.#inFlight >= this.#limit) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#inFlight += 1;
    for (;;) {
      const now = performance.now();
      const start = Math.max(now, this.#nextStart, this.#pausedUntil);
      if (start <= now) break;
      await sleep(start - now);
    }
    if (this.#spacingMs > 0) this.#nextStart = performance.now() + this.#spacingMs;
    void task().finally(() => {
      this.#inFlight -= 1;
      if (this.#inFlight < this.#limit) this.#wakeOne();
      if (this.#inFlight === 0) for (const resolve of this.#idle.splice(0)) resolve();
    });
  }

  /** Resolves when no task is in flight. */
  drain(): Promise<void> {
    if (this.#inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }
}

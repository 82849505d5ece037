/**
 * Runs tasks with at most `concurrency` in flight and, with a rate, at most `rate` started per second.
 * `submit` resolves once the task has started, so a reader that awaits it never runs far ahead of the
 * network (back-pressure) and memory stays flat however large the input.
 */
export class Sender {
  readonly #concurrency: number;
  readonly #spacingMs: number;
  #inFlight = 0;
  #nextStart = 0;
  #slotFreed: (() => void)[] = [];
  #idle: (() => void)[] = [];

  constructor(concurrency: number, rate?: number) {
    this.#concurrency = concurrency;
    this.#spacingMs = rate ? 1000 / rate : 0;
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  async submit(task: () => Promise<void>): Promise<void> {
    while (this.#inFlight >= this.#concurrency)
      await new Promise<void>((resolve) => this.#slotFreed.push(resolve));
    this.#inFlight += 1;
    if (this.#spacingMs > 0) {
      const now = performance.now();
      const start = Math.max(now, this.#nextStart);
      this.#nextStart = start + this.#spacingMs;
      if (start > now) await new Promise((resolve) => setTimeout(resolve, start - now));
    }
    void task().finally(() => {
      this.#inFlight -= 1;
      this.#slotFreed.shift()?.();
      if (this.#inFlight === 0) for (const resolve of this.#idle.splice(0)) resolve();
    });
  }

  /** Resolves when no task is in flight. */
  drain(): Promise<void> {
    if (this.#inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }
}

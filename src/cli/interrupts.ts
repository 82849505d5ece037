/** The signals a run can be asked to stop by. */
export type StopSignal = 'SIGINT' | 'SIGTERM' | 'SIGHUP';

/**
 * Ctrl-C (SIGINT), SIGTERM and a closed terminal (SIGHUP) during a run. A command that can stop cleanly
 * (a bulk upload, `serve`) registers a handler; with no handler the process ends at once (exit 130, or
 * 128 + the signal's number for the others).
 */
export interface Interrupts {
  /** Calls `handler` on each signal until the returned function is called. */
  onInterrupt(handler: (signal: StopSignal) => void): () => void;
}

/** Interrupts fed by `interrupt()`: `main` calls it for process signals, tests call it directly. */
export class InterruptHub implements Interrupts {
  readonly #handlers = new Set<(signal: StopSignal) => void>();

  onInterrupt(handler: (signal: StopSignal) => void): () => void {
    this.#handlers.add(handler);
    return () => this.#handlers.delete(handler);
  }

  /** Delivers a signal; false when nobody is listening (the caller should then exit). */
  interrupt(signal: StopSignal = 'SIGINT'): boolean {
    if (this.#handlers.size === 0) return false;
    for (const handler of [...this.#handlers]) handler(signal);
    return true;
  }
}

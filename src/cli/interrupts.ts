/**
 * Ctrl-C during a run. A command that can stop cleanly (a bulk upload) registers a handler; with no handler
 * the process ends at once with exit 130.
 */
export interface Interrupts {
  /** Calls `handler` on each Ctrl-C until the returned function is called. */
  onInterrupt(handler: () => void): () => void;
}

/** Interrupts fed by `interrupt()`: `main` calls it on SIGINT, tests call it directly. */
export class InterruptHub implements Interrupts {
  readonly #handlers = new Set<() => void>();

  onInterrupt(handler: () => void): () => void {
    this.#handlers.add(handler);
    return () => this.#handlers.delete(handler);
  }

  /** Delivers a Ctrl-C; false when nobody is listening (the caller should then exit). */
  interrupt(): boolean {
    if (this.#handlers.size === 0) return false;
    for (const handler of [...this.#handlers]) handler();
    return true;
  }
}

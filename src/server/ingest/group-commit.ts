import { ServiceError } from '../errors.js';
import type { Store } from '../storage/store.js';

/** A write's result, or the error its caller gets. */
interface Outcome {
  ok: boolean;
  value: unknown;
}

interface Waiting {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Runs writes that arrive in the same turn of the event loop in one transaction, so that many accepted
 * creates share one commit (one fsync) instead of paying one each. A write refused by the service's
 * rules (a 409, say: a `ServiceError`) is refused before it writes anything, so it needs no undoing and
 * its caller gets the error. Anything else that fails undoes the whole transaction, which is then run
 * again with each write in its own savepoint, so that one failure is kept to its own write. Callers are
 * answered only after the commit, so a 202 still means "on disk".
 */
export class GroupCommit {
  readonly #store: Store;
  #waiting: Waiting[] = [];
  #scheduled = false;
  #batches = 0;
  #writes = 0;

  constructor(store: Store) {
    this.#store = store;
  }

  /** Runs `work` in the next group transaction and settles once that transaction is committed. */
  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.#scheduled) {
        this.#scheduled = true;
        setImmediate(() => this.#flush());
      }
    });
  }

  /** How many transactions carried how many writes, for the ingest benchmark. */
  get stats(): { batches: number; writes: number } {
    return { batches: this.#batches, writes: this.#writes };
  }

  #flush(): void {
    this.#scheduled = false;
    const batch = this.#waiting;
    this.#waiting = [];
    let outcomes: Outcome[];
    try {
      try {
        outcomes = this.#store.transaction(() => this.#runAll(batch, false));
      } catch {
        outcomes = this.#store.transaction(() => this.#runAll(batch, true));
      }
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
      return;
    }
    this.#batches += 1;
    this.#writes += batch.length;
    batch.forEach((waiting, index) => {
      const outcome = outcomes[index] as Outcome;
      if (outcome.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome.value);
    });
  }

  /**
   * Runs each write of a batch. Fast, without a savepoint each, a write refused by the service's rules is
   * its caller's answer and anything else throws (the caller undoes the transaction); careful, each runs
   * in a savepoint and any failure is undone alone and becomes its caller's answer.
   */
  #runAll(batch: readonly Waiting[], careful: boolean): Outcome[] {
    return batch.map((waiting) => {
      try {
        return { ok: true, value: careful ? this.#store.unit(waiting.work) : waiting.work() };
      } catch (error) {
        if (!careful && !(error instanceof ServiceError)) throw error;
        return { ok: false, value: error };
      }
    });
  }
}

import { ServiceError } from '../errors.js';
import { BY_KEY, CommitUnconfirmed } from '../storage/engine.js';
import type { Store } from '../storage/store.js';

/** A write's result, or the error its caller gets. */
interface Outcome {
  ok: boolean;
  value: unknown;
}

/** A write: it runs on the store of the group's transaction. */
export type GroupWrite<T> = (tx: Store) => Promise<T>;

/**
 * Writes of one kind that a group can run together: `many` does to the store what running each one's
 * own write after the other would, and returns each one's result or the `ServiceError` refusing it.
 */
export interface Fold<I> {
  many: (tx: Store, items: readonly I[]) => Promise<unknown[]>;
}

interface Waiting {
  work: GroupWrite<unknown>;
  /** Whose write it is (a merchant): what the group holds before it writes. */
  key: string;
  /** The fold this write can be run in, and its part of it. */
  fold?: { with: Fold<unknown>; item: unknown } | undefined;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Runs writes that arrive while the previous group is being committed in one transaction, so that many
 * accepted creates share one commit (one fsync) instead of paying one each. A write refused by the
 * service's rules (a 409, say: a `ServiceError`) is refused before it writes anything, so it needs no
 * undoing and its caller gets the error. Anything else that fails undoes the whole transaction, which is
 * then run again with each write in its own savepoint, so that one failure is kept to its own write; but
 * a commit the disk did not confirm is not run again, and every caller of its group gets that error (a
 * 503: a retry finds its write there). Callers are answered only after the commit is on disk, so a 202
 * still means "committed". Writes given with a fold run together with their neighbours of the same
 * fold (consecutive ones, so the order of writes is kept), one call for them all; run again carefully,
 * each runs alone.
 */
export class GroupCommit {
  readonly #store: Store;
  readonly #concurrency: number;
  readonly #open: (tx: Store, keys: readonly string[]) => Promise<void>;
  #waiting: Waiting[] = [];
  #scheduled = false;
  #inFlight = 0;
  #batches = 0;
  #writes = 0;

  /**
   * `concurrency`: how many group transactions may be under way at once. One on SQLite (one writer);
   * on PostgreSQL several, each on its own connection, so that the round trips of one group do not hold
   * up the next. `open` runs first in each group's transaction, given the keys of its writes.
   */
  constructor(
    store: Store,
    options: { concurrency?: number; open?: (tx: Store, keys: readonly string[]) => Promise<void> } = {},
  ) {
    this.#store = store;
    this.#concurrency = options.concurrency ?? 1;
    this.#open = options.open ?? (async () => {});
  }

  /**
   * Runs `work`, a write of `key`'s, in the next group transaction and settles once that transaction is
   * committed. With `fold`, `work` is what the fold does for `fold.item` alone.
   */
  run<T, I>(key: string, work: GroupWrite<T>, fold?: { with: Fold<I>; item: I }): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#waiting.push({
        work,
        key,
        fold: fold as Waiting['fold'],
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      this.#kick();
    });
  }

  /** Starts a group, in the next turn of the event loop, when writes wait and a transaction may begin. */
  #kick(): void {
    if (this.#scheduled || this.#waiting.length === 0 || this.#inFlight >= this.#concurrency) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      // The writes waiting are shared out over the transactions that may begin, so they go on side by side.
      while (this.#waiting.length > 0 && this.#inFlight < this.#concurrency) {
        const free = this.#concurrency - this.#inFlight;
        void this.#flush(this.#waiting.splice(0, Math.ceil(this.#waiting.length / free)));
      }
    });
  }

  /** How many transactions carried how many writes, for the ingest benchmark. */
  get stats(): { batches: number; writes: number } {
    return { batches: this.#batches, writes: this.#writes };
  }

  async #flush(batch: Waiting[]): Promise<void> {
    this.#inFlight += 1;
    let outcomes: Outcome[];
    try {
      try {
        outcomes = await this.#store.transaction((tx) => this.#runAll(tx, batch, false), BY_KEY);
      } catch (error) {
        // Committed, but not known to be on disk: not run again (its writes would find themselves taken).
        if (error instanceof CommitUnconfirmed) throw error;
        outcomes = await this.#store.transaction((tx) => this.#runAll(tx, batch, true), BY_KEY);
      }
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
      return;
    } finally {
      this.#inFlight -= 1;
      this.#kick();
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
   * its caller's answer and anything else throws (the caller undoes the transaction), and neighbours of
   * one fold run together; careful, each runs alone in a savepoint and any failure is undone alone and
   * becomes its caller's answer.
   */
  async #runAll(tx: Store, batch: readonly Waiting[], careful: boolean): Promise<Outcome[]> {
    await this.#open(
      tx,
      batch.map((waiting) => waiting.key),
    );
    const outcomes: Outcome[] = [];
    for (let start = 0; start < batch.length;) {
      const fold = careful ? undefined : batch[start]?.fold?.with;
      let end = start + 1;
      while (fold && end < batch.length && batch[end]?.fold?.with === fold) end++;
      if (fold) outcomes.push(...(await this.#runFold(tx, fold, batch.slice(start, end))));
      else outcomes.push(await this.#runOne(tx, batch[start] as Waiting, careful));
      start = end;
    }
    return outcomes;
  }

  async #runOne(tx: Store, waiting: Waiting, careful: boolean): Promise<Outcome> {
    try {
      return { ok: true, value: careful ? await tx.unit(() => waiting.work(tx)) : await waiting.work(tx) };
    } catch (error) {
      if (!careful && !(error instanceof ServiceError)) throw error;
      return { ok: false, value: error };
    }
  }

  async #runFold(tx: Store, fold: Fold<unknown>, run: readonly Waiting[]): Promise<Outcome[]> {
    const values = await fold.many(
      tx,
      run.map((waiting) => waiting.fold?.item),
    );
    return values.map((value) => ({ ok: !(value instanceof ServiceError), value }));
  }
}

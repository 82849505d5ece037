import type { Clock } from '../clock.js';
import type { JobRow } from '../storage/jobs.js';
import type { Store } from '../storage/store.js';
import { ApplyConflict, applyJob, discardStaged, newPass, type Applier, type ApplyPass } from './apply.js';

/** The apply delay: fixed (`min = max`) or a range each create falls somewhere in. */
export interface ApplyDelay {
  minMs: number;
  maxMs: number;
}

/** Work the worker runs after the queue on each pass (the bot's outbox); returns when it is next due. */
export type DueTask = (now: number) => number | undefined;

export interface ApplyCounts {
  applied: number;
  failed: number;
}

/** A create the worker finished: applied, or failed with its reason. */
export interface FinishedJob {
  job: JobRow;
  applied: boolean;
  reason?: string;
}

/** Jobs read and applied per transaction. */
const BATCH = 1024;
/** Jobs applied per pass before yielding to the event loop, so a large backlog never stalls requests. */
const PASS_LIMIT = 4096;
/** Longest sleep; the worker wakes at least this often (the clock may have been advanced). */
const MAX_SLEEP_MS = 60_000;

/**
 * Applies queued creates once they are due, in arrival order per merchant: a merchant's create waits
 * for every earlier create of that merchant. Everything it needs is in the database, so after a restart
 * it simply carries on with what is pending.
 */
export class QueueWorker {
  readonly #store: Store;
  readonly #clock: Clock;
  readonly #delay: ApplyDelay;
  readonly #applier: Applier;
  readonly #tasks: DueTask[];
  readonly #onError: (error: unknown) => void;
  readonly #onFinished: (jobs: readonly FinishedJob[]) => void;
  #timer: NodeJS.Timeout | undefined;
  #wakeAt = Number.POSITIVE_INFINITY;
  #stopped = true;

  constructor(options: {
    store: Store;
    clock: Clock;
    delay: ApplyDelay;
    applier: Applier;
    tasks?: DueTask[];
    onError: (error: unknown) => void;
    /** Told of the creates each transaction finished, once it is committed. */
    onFinished?: (jobs: readonly FinishedJob[]) => void;
  }) {
    this.#store = options.store;
    this.#clock = options.clock;
    this.#delay = options.delay;
    this.#applier = options.applier;
    this.#tasks = options.tasks ?? [];
    this.#onError = options.onError;
    this.#onFinished = options.onFinished ?? (() => {});
  }

  start(): void {
    this.#stopped = false;
    this.#wake(0);
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** When a create received at `receivedAt` with this fraction of the delay range is due. */
  dueAt(job: Pick<JobRow, 'received_at' | 'delay_fraction'>): number {
    return job.received_at + this.#delay.minMs + job.delay_fraction * (this.#delay.maxMs - this.#delay.minMs);
  }

  /** Tells the worker that something becomes due at `at`; it wakes then if it would sleep longer. */
  notify(at: number): void {
    if (!this.#stopped && at < this.#wakeAt) this.#wake(at - this.#clock.now());
  }

  /**
   * Applies what is due now (everything pending when `all`), runs the due tasks, and returns the counts.
   * `limit` bounds the work so a caller on the event loop can yield.
   */
  runDue(
    options: { all?: boolean; limit?: number; merchantId?: string } = {},
  ): ApplyCounts & { next: number | undefined; more: boolean } {
    const now = this.#clock.now();
    const limit = options.limit ?? Number.POSITIVE_INFINITY;
    const counts: ApplyCounts = { applied: 0, failed: 0 };
    const pass = newPass(now);
    let next: number | undefined;
    let more = false;
    for (const merchant of this.#store.merchants.all()) {
      if (options.merchantId !== undefined && merchant.id !== options.merchantId) continue;
      let after = 0;
      for (;;) {
        if (counts.applied + counts.failed >= limit) {
          more = true;
          break;
        }
        const jobs = this.#store.jobs.pending(merchant.id, after, BATCH);
        const due: JobRow[] = [];
        let blockedUntil: number | undefined;
        for (const job of jobs) {
          const at = this.dueAt(job);
          if (!options.all && at > now) {
            blockedUntil = at;
            break;
          }
          due.push(job);
        }
        if (due.length > 0) this.#apply(due, pass, counts);
        if (blockedUntil !== undefined) next = Math.min(next ?? blockedUntil, blockedUntil);
        if (blockedUntil !== undefined || jobs.length < BATCH) break;
        after = (jobs.at(-1) as JobRow).seq;
      }
    }
    for (const task of this.#tasks) {
      const taskNext = task(now);
      if (taskNext !== undefined) next = Math.min(next ?? taskNext, taskNext);
    }
    return { ...counts, next, more };
  }

  /**
   * Applies jobs in one transaction. A conflict is found before a job writes anything, so it needs no
   * undoing: the job is kept as failed, with its reason, and the others go on; the applied ones are
   * marked so in one statement at the end. Anything else that fails undoes the whole transaction, which
   * is then run again with each job in its own unit, so one job's failure is kept to that job.
   */
  #apply(jobs: readonly JobRow[], pass: ApplyPass, counts: ApplyCounts): void {
    let finished: FinishedJob[] = [];
    const tally: ApplyCounts = { applied: 0, failed: 0 };
    try {
      this.#store.transaction(() => this.#applyAll(jobs, pass, tally, false, finished));
    } catch {
      tally.applied = 0;
      tally.failed = 0;
      finished = [];
      pass.freshProducts.clear();
      this.#store.transaction(() => this.#applyAll(jobs, pass, tally, true, finished));
    }
    counts.applied += tally.applied;
    counts.failed += tally.failed;
    this.#onFinished(finished);
  }

  #applyAll(
    jobs: readonly JobRow[],
    pass: ApplyPass,
    counts: ApplyCounts,
    careful: boolean,
    finished: FinishedJob[],
  ): void {
    const applied: number[] = [];
    for (const job of jobs) {
      try {
        if (careful) this.#store.unit(() => applyJob(this.#applier, job, pass));
        else applyJob(this.#applier, job, pass);
        applied.push(job.seq);
        finished.push({ job, applied: true });
        counts.applied += 1;
      } catch (error) {
        if (!careful && !(error instanceof ApplyConflict)) throw error;
        if (!(error instanceof ApplyConflict)) this.#onError(error);
        const reason = error instanceof Error ? error.message : String(error);
        this.#store.unit(() => {
          discardStaged(this.#store, job);
          this.#store.jobs.markFailed(job.seq, pass.now, reason);
        });
        finished.push({ job, applied: false, reason });
        counts.failed += 1;
      }
    }
    this.#store.jobs.markAppliedMany(applied, pass.now);
  }

  #wake(inMs: number): void {
    clearTimeout(this.#timer);
    const delay = Math.max(0, Math.min(inMs, MAX_SLEEP_MS));
    this.#wakeAt = this.#clock.now() + delay;
    this.#timer = setTimeout(() => this.#pass(), delay);
    this.#timer.unref();
  }

  #pass(): void {
    this.#timer = undefined;
    this.#wakeAt = Number.POSITIVE_INFINITY;
    if (this.#stopped) return;
    try {
      const { next, more } = this.runDue({ limit: PASS_LIMIT });
      if (more) this.#wake(0);
      else this.#wake(next === undefined ? MAX_SLEEP_MS : next - this.#clock.now());
    } catch (error) {
      this.#onError(error);
      this.#wake(1000);
    }
  }
}

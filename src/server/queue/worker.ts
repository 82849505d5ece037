import type { Clock, MerchantTime } from '../clock.js';
import type { JobRow } from '../storage/jobs.js';
import { BY_KEY } from '../storage/engine.js';
import type { Store } from '../storage/store.js';
import {
  ApplyConflict,
  applyJob,
  applyOrders,
  discardStaged,
  newPass,
  type Applier,
  type ApplyPass,
} from './apply.js';

/** The apply delay: fixed (`min = max`) or a range each create falls somewhere in. */
export interface ApplyDelay {
  minMs: number;
  maxMs: number;
}

/** Work the worker runs after the queue on each pass (the bot's outbox); returns when it is next due (real time). */
export type DueTask = (time: MerchantTime) => Promise<number | undefined>;

interface RunOptions {
  all?: boolean;
  limit?: number;
  merchantId?: string;
}

interface StepResult {
  /** When the first job not yet due becomes due. */
  blockedUntil: number | undefined;
  /** The last job read when the batch was full (there may be more after it). */
  lastSeq: number | undefined;
  tally: ApplyCounts;
  finished: FinishedJob[];
}

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

/** The jobs in turn, each run of consecutive order creates together and every other create alone. */
function runsOfOrders(jobs: readonly JobRow[]): JobRow[][] {
  const runs: JobRow[][] = [];
  for (const job of jobs) {
    const last = runs.at(-1);
    if (job.kind === 'order' && last?.[0]?.kind === 'order') last.push(job);
    else runs.push([job]);
  }
  return runs;
}

/**
 * Applies a run of orders in one go; false, having written nothing, when one of them conflicts (the run
 * is then applied one order at a time, so that only that one fails).
 */
async function appliedTogether(tx: Store, run: readonly JobRow[], pass: ApplyPass): Promise<boolean> {
  try {
    await applyOrders(tx, run, pass);
    return true;
  } catch (error) {
    if (error instanceof ApplyConflict) return false;
    throw error;
  }
}

/**
 * Applies queued creates once they are due, in arrival order per merchant: a merchant's create waits
 * for every earlier create of that merchant. Everything it needs is in the database, so after a restart
 * it simply carries on with what is queued.
 */
export class QueueWorker {
  readonly #store: Store;
  readonly #clock: Clock;
  readonly #delay: ApplyDelay;
  readonly #applier: Applier;
  readonly #tasks: DueTask[];
  readonly #onError: (error: unknown) => void;
  readonly #onFinished: (jobs: readonly FinishedJob[]) => void;
  readonly #tellFinished: (tx: Store, jobs: readonly FinishedJob[]) => void;
  readonly #pollMs: number;
  readonly #beforePass: () => Promise<void>;
  #running: Promise<unknown> = Promise.resolve();
  #passing = false;
  #passDone: Promise<void> = Promise.resolve();
  #toldDuringPass = Number.POSITIVE_INFINITY;
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
    /** Tells what became of the jobs, in the transaction that applied them (kept only if it commits). */
    tellFinished?: (tx: Store, jobs: readonly FinishedJob[]) => void;
    /**
     * How often to look even when nothing is due here: other processes sharing the database queue
     * creates this one is not told of. Default: only when something is due.
     */
    pollMs?: number;
    /** Run before each pass (the clock reads what other processes did to it). */
    beforePass?: () => Promise<void>;
  }) {
    this.#pollMs = options.pollMs ?? MAX_SLEEP_MS;
    this.#beforePass = options.beforePass ?? (async () => {});
    this.#store = options.store;
    this.#clock = options.clock;
    this.#delay = options.delay;
    this.#applier = options.applier;
    this.#tasks = options.tasks ?? [];
    this.#onError = options.onError;
    this.#onFinished = options.onFinished ?? (() => {});
    this.#tellFinished = options.tellFinished ?? (() => {});
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

  /** When a create received at `receivedAt` (its merchant's time) with this fraction of the delay range is due. */
  dueAt(job: Pick<JobRow, 'received_at' | 'delay_fraction'>): number {
    return job.received_at + this.#delay.minMs + job.delay_fraction * (this.#delay.maxMs - this.#delay.minMs);
  }

  /**
   * Tells the worker that something of a merchant becomes due at `at` (the merchant's time); it wakes
   * then if it would sleep longer.
   */
  notify(merchantId: string, at: number): void {
    const real = at - this.#clock.offsetOf(merchantId);
    if (this.#passing) this.#toldDuringPass = Math.min(this.#toldDuringPass, real);
    else if (!this.#stopped && real < this.#wakeAt) this.#wake(real - this.#clock.real());
  }

  /**
   * Applies what is due now (everything queued when `all`), runs the due tasks, and returns the counts.
   * `limit` bounds the work so a caller on the event loop can yield. Passes of this process run one at a
   * time; on PostgreSQL another process may be applying a merchant's queue, which is then left to it
   * (or waited for, when asked to apply a merchant's queue now).
   */
  runDue(options: RunOptions = {}): Promise<ApplyCounts & { next: number | undefined; more: boolean }> {
    const run = this.#running.then(() => this.#runDue(options));
    this.#running = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** Resolves once the pass in progress, if any, has ended (for closing the database after it). */
  async idle(): Promise<void> {
    await this.#passDone;
    await this.#running;
  }

  async #runDue(options: RunOptions): Promise<ApplyCounts & { next: number | undefined; more: boolean }> {
    const limit = options.limit ?? Number.POSITIVE_INFINITY;
    const counts: ApplyCounts = { applied: 0, failed: 0 };
    const time = this.#clock.at();
    let next: number | undefined;
    let more = false;
    for (const merchant of await this.#store.merchants.all()) {
      if (options.merchantId !== undefined && merchant.id !== options.merchantId) continue;
      // Each merchant's creates are due by its own clock.
      const pass = newPass(time.now(merchant.id));
      const offset = time.offsetOf(merchant.id);
      let after = 0;
      for (;;) {
        if (counts.applied + counts.failed >= limit) {
          more = true;
          break;
        }
        const step = await this.#step(merchant.id, after, pass, options, counts);
        if (step === undefined) break;
        const blockedUntil = step.blockedUntil === undefined ? undefined : step.blockedUntil - offset;
        if (blockedUntil !== undefined) next = Math.min(next ?? blockedUntil, blockedUntil);
        if (blockedUntil !== undefined || step.lastSeq === undefined) break;
        after = step.lastSeq;
      }
    }
    for (const task of this.#tasks) {
      const taskNext = await task(time);
      if (taskNext !== undefined) next = Math.min(next ?? taskNext, taskNext);
    }
    return { ...counts, next, more };
  }

  /**
   * Takes the merchant's queue and applies one batch of what is due in one transaction. A conflict is
   * found before a job writes anything, so it needs no undoing: the job is kept as failed, with its
   * reason, and the others go on; the applied ones are told by the queue's cursor moving past them. Anything
   * else that fails undoes the whole transaction, which is then run again with each job in its own unit,
   * so one job's failure is kept to that job. Undefined when another process holds the queue.
   */
  async #step(
    merchantId: string,
    after: number,
    pass: ApplyPass,
    options: RunOptions,
    counts: ApplyCounts,
  ): Promise<StepResult | undefined> {
    const attempt = (careful: boolean) =>
      this.#store.transaction(async (tx): Promise<StepResult | undefined> => {
        if (!(await tx.jobs.claimQueue(merchantId, options.merchantId !== undefined))) return undefined;
        const jobs = await tx.jobs.queued(merchantId, after, BATCH);
        const due: JobRow[] = [];
        let blockedUntil: number | undefined;
        for (const job of jobs) {
          const at = this.dueAt(job);
          if (!options.all && at > pass.now) {
            blockedUntil = at;
            break;
          }
          due.push(job);
        }
        const tally: ApplyCounts = { applied: 0, failed: 0 };
        const finished = await this.#applyAll(tx, due, pass, tally, careful);
        if (finished.length > 0) {
          await tx.jobs.finishedThrough(merchantId, (due.at(-1) as JobRow).seq, pass.now);
          this.#tellFinished(tx, finished);
        }
        return {
          blockedUntil,
          lastSeq: jobs.length === BATCH ? (jobs.at(-1) as JobRow).seq : undefined,
          tally,
          finished,
        };
      }, BY_KEY);
    let step: StepResult | undefined;
    try {
      step = await attempt(false);
    } catch {
      pass.freshProducts.clear();
      step = await attempt(true);
    }
    if (step === undefined) return undefined;
    counts.applied += step.tally.applied;
    counts.failed += step.tally.failed;
    if (step.finished.length > 0) this.#onFinished(step.finished);
    return step;
  }

  async #applyAll(
    tx: Store,
    jobs: readonly JobRow[],
    pass: ApplyPass,
    counts: ApplyCounts,
    careful: boolean,
  ): Promise<FinishedJob[]> {
    const finished: FinishedJob[] = [];
    const done = (job: JobRow) => {
      finished.push({ job, applied: true });
      counts.applied += 1;
    };
    for (const run of careful ? jobs.map((job) => [job]) : runsOfOrders(jobs)) {
      if (run.length > 1 && (await appliedTogether(tx, run, pass))) {
        run.forEach(done);
        continue;
      }
      for (const job of run) {
        try {
          if (careful) await tx.unit(() => applyJob(tx, this.#applier, job, pass));
          else await applyJob(tx, this.#applier, job, pass);
          done(job);
        } catch (error) {
          if (!careful && !(error instanceof ApplyConflict)) throw error;
          if (!(error instanceof ApplyConflict)) this.#onError(error);
          const reason = error instanceof Error ? error.message : String(error);
          await tx.unit(async () => {
            await discardStaged(tx, job);
            await tx.jobs.markFailed(job.seq, pass.now, reason);
          });
          finished.push({ job, applied: false, reason });
          counts.failed += 1;
        }
      }
    }
    return finished;
  }

  #wake(inMs: number): void {
    clearTimeout(this.#timer);
    const delay = Math.max(0, Math.min(inMs, MAX_SLEEP_MS));
    this.#wakeAt = this.#clock.real() + delay;
    this.#timer = setTimeout(() => {
      this.#passDone = this.#pass();
    }, delay);
    this.#timer.unref();
  }

  async #pass(): Promise<void> {
    this.#timer = undefined;
    this.#wakeAt = Number.POSITIVE_INFINITY;
    if (this.#stopped) return;
    // Until this pass ends, a notice of new work is kept for when it does rather than starting another.
    this.#passing = true;
    this.#toldDuringPass = Number.POSITIVE_INFINITY;
    try {
      await this.#beforePass();
      // Stopped meanwhile (the service closing): the database is not to be used any more.
      if (this.#stopped) {
        this.#passing = false;
        return;
      }
      const { next, more } = await this.runDue({ limit: PASS_LIMIT });
      const wakeAt = Math.min(next ?? Number.POSITIVE_INFINITY, this.#toldDuringPass);
      this.#passing = false;
      if (this.#stopped) return;
      if (more) this.#wake(0);
      else this.#wake(Math.min(wakeAt - this.#clock.real(), this.#pollMs));
    } catch (error) {
      this.#passing = false;
      this.#onError(error);
      if (!this.#stopped) this.#wake(1000);
    }
  }
}

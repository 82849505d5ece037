import cluster, { type Worker } from 'node:cluster';
import { CliError, EXIT, UsageError } from '../../cli/errors.js';
import { SERVE_PORT_ENV, SERVE_WORKER_ENV, type ServeOptions } from './serve-options.js';

/** The messages by which a process of `--workers` asks for its options, and is given them. */
export const ASK_OPTIONS = 'intake-serve-options?';
export const OPTIONS_MESSAGE = 'intake-serve-options';

/** How soon a process that died is started again, and how many quick deaths in a row end the service. */
export const RESTART_DELAY_MS = 500;
export const MAX_QUICK_DEATHS = 5;
export const QUICK_MS = 5_000;

/** What the pool tells as it goes (the command words it). */
export interface PoolEvents {
  /** A process ended and another is being started. */
  ended: (pid: number | undefined, how: string) => void;
  /** Processes keep ending as soon as they start: the service stops. */
  keepEnding: () => void;
}

/** Starts one process of the service with these variables added to its environment. */
export type Fork = (env: Record<string, string>) => Worker;

/** What the pool runs on: the cluster's fork, the clock, a timer. Tests give their own. */
export interface PoolRuntime {
  fork: Fork;
  now: () => number;
  after: (ms: number, run: () => void) => void;
}

const CLUSTER: PoolRuntime = {
  fork: (env) => cluster.fork(env),
  now: Date.now,
  // Not unref'd: with every process gone (all killed at once), this timer is what keeps the service up.
  after: (ms, run) => void setTimeout(run, ms),
};

/** Where every process listens, once they all do. */
export interface Listening {
  address: string;
  port: number;
}

/**
 * The processes of `intake serve --workers N` (Node's cluster: they share the listening socket): started
 * with the options the first process read, started again when one dies (unless they keep dying at once),
 * and stopped together.
 */
export class WorkerPool {
  readonly #workers = new Set<Worker>();
  readonly #options: ServeOptions;
  readonly #events: PoolEvents;
  readonly #runtime: PoolRuntime;
  #stopping = false;
  #quickDeaths = 0;
  /** The port every process listens on, once the first ones do (`--port 0` is given one then). */
  #port: number | undefined;
  /** Until every process first listens, one that ends is the service failing to start. */
  #failedToStart: ((how: string, code: number | null) => void) | undefined;
  #resolveStopped: () => void = () => {};
  /** Resolves once the pool is stopped and its last process has ended. */
  readonly stopped = new Promise<void>((resolve) => {
    this.#resolveStopped = resolve;
  });

  constructor(options: ServeOptions, events: PoolEvents, runtime?: PoolRuntime) {
    this.#options = options;
    this.#events = events;
    this.#runtime = runtime ?? CLUSTER;
    if (runtime === undefined) {
      // The processes accept connections themselves from the one listening socket. Node's default on
      // Linux (round-robin) accepts here and hands each connection over: one handed to a process that is
      // killed before taking it stays open here with no one to answer, and its client waits for its own
      // timeout. Left to the kernel, a connection not yet accepted stays queued for a process alive.
      cluster.schedulingPolicy = cluster.SCHED_NONE;
      // Structured clones: the options reach each process as they are here.
      cluster.setupPrimary({ serialization: 'advanced' });
    }
  }

  /** Whether the pool was asked to stop. */
  get stopping(): boolean {
    return this.#stopping;
  }

  /**
   * Starts `count` processes; resolves once every one listens. A process that cannot start has said why
   * (a port in use, a database refusing): the others are stopped and this rejects.
   */
  start(count: number, host: string): Promise<Listening> {
    return new Promise((resolve, reject) => {
      let ready = 0;
      const listening = (address: { address: string | null; port: number }) => {
        ready += 1;
        if (ready < count || this.#failedToStart === undefined) return;
        this.#failedToStart = undefined;
        this.#port = address.port;
        resolve({ address: address.address ?? host, port: address.port });
      };
      this.#failedToStart = (how, code) => {
        this.#failedToStart = undefined;
        this.stop();
        const message = `the service's processes could not start (${how})`;
        reject(code === EXIT.usage ? new UsageError(message) : new CliError(message, EXIT.failure));
      };
      for (let index = 0; index < count; index++) this.#fork().once('listening', listening);
    });
  }

  /** Stops every process (each finishes its requests in flight); `stopped` resolves once they have ended. */
  stop(): void {
    this.#stopping = true;
    if (this.#workers.size === 0) this.#resolveStopped();
    for (const worker of this.#workers) {
      worker.on('exit', () => {
        if (this.#workers.size === 0) this.#resolveStopped();
      });
      worker.process.kill('SIGTERM');
    }
  }

  /** Ends every process at once (a second signal). */
  kill(): void {
    for (const worker of this.#workers) worker.process.kill('SIGKILL');
  }

  #fork(): Worker {
    const worker = this.#runtime.fork({
      [SERVE_WORKER_ENV]: '1',
      ...(this.#port === undefined ? {} : { [SERVE_PORT_ENV]: String(this.#port) }),
    });
    worker.on('message', (message: { type?: unknown } | null) => {
      if (message?.type === ASK_OPTIONS) worker.send({ type: OPTIONS_MESSAGE, options: this.#options });
    });
    const started = this.#runtime.now();
    this.#workers.add(worker);
    worker.on('exit', (code, signal) => this.#ended(worker, started, signal ?? `exit ${code}`, code));
    return worker;
  }

  /** A process ended: the start failed, the pool is stopping, or another is started in its place. */
  #ended(worker: Worker, started: number, how: string, code: number | null): void {
    this.#workers.delete(worker);
    if (this.#stopping) return;
    if (this.#failedToStart) {
      this.#failedToStart(how, code);
      return;
    }
    this.#quickDeaths = this.#runtime.now() - started < QUICK_MS ? this.#quickDeaths + 1 : 0;
    this.#events.ended(worker.process.pid, how);
    if (this.#quickDeaths >= MAX_QUICK_DEATHS) {
      this.#events.keepEnding();
      this.stop();
      return;
    }
    this.#runtime.after(RESTART_DELAY_MS, () => void this.#fork());
  }
}

import { EventEmitter } from 'node:events';
import type { Worker } from 'node:cluster';
import { describe, expect, it } from 'vitest';
import { CliError, UsageError } from '../../src/cli/errors.js';
import {
  ASK_OPTIONS,
  MAX_QUICK_DEATHS,
  OPTIONS_MESSAGE,
  QUICK_MS,
  RESTART_DELAY_MS,
  WorkerPool,
} from '../../src/commands/serve/worker-pool.js';
import {
  SERVE_PORT_ENV,
  SERVE_WORKER_ENV,
  type ServeOptions,
} from '../../src/commands/serve/serve-options.js';

/** A process of the pool as the cluster gives it: it listens, ends, is signalled, and is asked for its options. */
class FakeWorker extends EventEmitter {
  readonly signals: string[] = [];
  readonly sent: unknown[] = [];
  readonly process: { pid: number; kill: (signal: string) => boolean };

  constructor(
    readonly env: Record<string, string>,
    pid: number,
  ) {
    super();
    this.process = {
      pid,
      kill: (signal) => {
        this.signals.push(signal);
        return true;
      },
    };
  }

  send(message: unknown): boolean {
    this.sent.push(message);
    return true;
  }

  listen(port = 4100): void {
    this.emit('listening', { address: '127.0.0.1', port });
  }

  end(code: number | null, signal: string | null = null): void {
    this.emit('exit', code, signal);
  }
}

/** A pool on fake processes, a clock the test moves, and timers the test runs. */
function fakePool() {
  const workers: FakeWorker[] = [];
  const timers: { ms: number; run: () => void }[] = [];
  const said: string[] = [];
  let now = 1_000_000;
  const options = { workers: 2, server: { merchants: [] } } as unknown as ServeOptions;
  const pool = new WorkerPool(
    options,
    {
      ended: (pid, how) => said.push(`ended ${pid} ${how}`),
      keepEnding: () => said.push('keep ending'),
    },
    {
      fork: (env) => {
        const worker = new FakeWorker(env, 100 + workers.length);
        workers.push(worker);
        return worker as unknown as Worker;
      },
      now: () => now,
      after: (ms, run) => void timers.push({ ms, run }),
    },
  );
  return {
    pool,
    workers,
    timers,
    said,
    options,
    advance: (ms: number) => void (now += ms),
    /** Runs the timers set so far (a replacement's start), as their time comes. */
    runTimers: () => {
      for (const timer of timers.splice(0)) timer.run();
    },
  };
}

describe('the processes of intake serve --workers', () => {
  it('start together, each given the options the first process read, and are ready once all listen', async () => {
    const { pool, workers, options } = fakePool();
    let ready = false;
    const started = pool.start(2, '127.0.0.1').then((listening) => {
      ready = true;
      return listening;
    });
    expect(workers.map((worker) => worker.env)).toEqual([
      { [SERVE_WORKER_ENV]: '1' },
      { [SERVE_WORKER_ENV]: '1' },
    ]);
    workers[0]?.emit('message', { type: ASK_OPTIONS });
    expect(workers[0]?.sent).toEqual([{ type: OPTIONS_MESSAGE, options }]);
    workers[0]?.listen();
    await Promise.resolve();
    expect(ready).toBe(false);
    workers[1]?.listen();
    expect(await started).toEqual({ address: '127.0.0.1', port: 4100 });
  });

  it('one that cannot start stops the others and says how it ended: a usage error for exit 2', async () => {
    const { pool, workers, said } = fakePool();
    const started = pool.start(2, '127.0.0.1');
    workers[0]?.listen();
    workers[1]?.end(2);
    await expect(started).rejects.toThrow(UsageError);
    await expect(started).rejects.toThrow("the service's processes could not start (exit 2)");
    expect(workers[0]?.signals).toEqual(['SIGTERM']);
    // A start that failed is not a death to answer with another process.
    expect(said).toEqual([]);

    const other = fakePool();
    const failing = other.pool.start(1, '127.0.0.1');
    other.workers[0]?.end(null, 'SIGKILL');
    const error = await failing.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CliError);
    expect(error).not.toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe("the service's processes could not start (SIGKILL)");
  });

  it('one that dies is replaced after a pause, on the port the others listen on', async () => {
    const { pool, workers, timers, said, advance, runTimers } = fakePool();
    const started = pool.start(2, '127.0.0.1');
    workers[0]?.listen(4321);
    workers[1]?.listen(4321);
    await started;
    advance(QUICK_MS * 2);
    workers[0]?.end(null, 'SIGKILL');
    expect(said).toEqual(['ended 100 SIGKILL']);
    expect(timers.map((timer) => timer.ms)).toEqual([RESTART_DELAY_MS]);
    expect(workers).toHaveLength(2);
    runTimers();
    expect(workers).toHaveLength(3);
    expect(workers[2]?.env).toEqual({ [SERVE_WORKER_ENV]: '1', [SERVE_PORT_ENV]: '4321' });
  });

  it(`${MAX_QUICK_DEATHS} deaths in a row, each soon after its start, stop the service; a later one starts the count again`, async () => {
    const { pool, workers, said, advance, runTimers } = fakePool();
    const started = pool.start(1, '127.0.0.1');
    workers[0]?.listen();
    await started;
    // A death well after its start is answered and counts for nothing.
    advance(QUICK_MS);
    workers.at(-1)?.end(1);
    runTimers();
    for (let death = 1; death < MAX_QUICK_DEATHS; death++) {
      advance(QUICK_MS - 1);
      workers.at(-1)?.end(1);
      runTimers();
    }
    expect(said.filter((line) => line === 'keep ending')).toEqual([]);
    // The fifth in a row: the service stops rather than start another.
    const last = workers.at(-1) as FakeWorker;
    advance(1);
    last.end(1);
    expect(said.at(-1)).toBe('keep ending');
    expect(pool.stopping).toBe(true);
    runTimers();
    expect(workers.at(-1)).toBe(last);
    await pool.stopped;
  });

  it('stop asks each to finish, and is done when the last has ended; kill ends them at once', async () => {
    const { pool, workers, timers, said } = fakePool();
    const started = pool.start(2, '127.0.0.1');
    workers[0]?.listen();
    workers[1]?.listen();
    await started;
    let stopped = false;
    void pool.stopped.then(() => (stopped = true));
    pool.stop();
    expect(workers.map((worker) => worker.signals)).toEqual([['SIGTERM'], ['SIGTERM']]);
    workers[0]?.end(0);
    await Promise.resolve();
    expect(stopped).toBe(false);
    pool.kill();
    expect(workers[1]?.signals).toEqual(['SIGTERM', 'SIGKILL']);
    workers[1]?.end(null, 'SIGKILL');
    await pool.stopped;
    // Ended while stopping: none is said to have died, nor started again.
    expect(said).toEqual([]);
    expect(timers).toEqual([]);
    expect(workers).toHaveLength(2);
  });
});

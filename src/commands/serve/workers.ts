import cluster from 'node:cluster';
import { CliError, EXIT, UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import type { BuildServerOptions } from '../../server/build-server.js';
import type { ProvisionedMerchant } from '../../server/merchants.js';
import type { ServeOptions } from './serve-options.js';
import { serveWords } from './serve-words.js';
import { ASK_OPTIONS, OPTIONS_MESSAGE, WorkerPool } from './worker-pool.js';

interface Hooks {
  /** Opens the service once in this process (migrations, merchants, seed), without listening. */
  prepare: (server: BuildServerOptions) => Promise<{
    service: { provisioned: readonly ProvisionedMerchant[] };
    close: () => Promise<unknown>;
    ready: () => PromiseLike<unknown>;
  }>;
  announce: (f: Factory, facts: Announcement) => Promise<void>;
}

/** What `intake serve` says once it listens: where, with what data, for which merchants. */
export interface Announcement {
  url: string;
  where: string;
  provisioned: readonly ProvisionedMerchant[];
  workers: number;
  server: ServeOptions['server'];
}

/**
 * A process of `--workers` takes its options from the first process, which read and checked the flags
 * once: files such as `--secret-file <(…)` or `--carriers` may not be there to read again (a pipe is
 * read once). It asks for them once it listens for the answer (a message sent earlier would be lost).
 * Resolves once they arrive; rejects if the first process goes away first.
 */
export function optionsFromFirstProcess(): Promise<ServeOptions> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      const given = message as { type?: unknown; options?: ServeOptions } | null;
      if (given?.type !== OPTIONS_MESSAGE || given.options === undefined) return;
      done();
      resolve(given.options);
    };
    const onDisconnect = () => {
      done();
      reject(
        new CliError('the first process of intake serve went away before this one started', EXIT.failure),
      );
    };
    const done = () => {
      process.off('message', onMessage);
      process.off('disconnect', onDisconnect);
    };
    if (!process.connected) {
      onDisconnect();
      return;
    }
    process.on('message', onMessage);
    process.on('disconnect', onDisconnect);
    process.send?.({ type: ASK_OPTIONS });
  });
}

/**
 * `intake serve --workers N`: N processes of the service behind one port (Node's cluster shares the
 * listening socket; the operating system spreads connections over them). This process sets up the
 * database once (schema, merchants, seed), starts the others, starts again any that dies, and on a
 * signal stops them all, each finishing its requests in flight.
 */
export async function runWorkers(options: ServeOptions, f: Factory, hooks: Hooks): Promise<void> {
  if (!cluster.isPrimary) throw new UsageError('--workers cannot be used inside a worker');
  const provisioned = await provisionOnce(options, hooks);
  // The others serve; the merchants (and their secrets) were set up here, and stay here.
  const pool = new WorkerPool(
    { ...options, server: { ...options.server, merchants: [] } },
    {
      ended: (pid, how) => f.log.warn(serveWords(f).processEnded(pid, how)),
      keepEnding: () => f.log.warn(serveWords(f).keepEnding),
    },
  );
  f.interrupts.onInterrupt((signal) => {
    if (pool.stopping) {
      f.io.stderr.write(`${serveWords(f).secondSignal}\n`);
      pool.kill();
      process.exit(EXIT.interrupted);
    }
    f.log.info(serveWords(f).stopping(signal, true));
    pool.stop();
  });
  // Said once every process listens: the address is theirs to share from then on.
  const first = await pool.start(options.workers, options.host);
  const host = first.address.includes(':') ? `[${first.address}]` : first.address;
  await hooks.announce(f, {
    url: `http://${host}:${first.port}`,
    where: options.where,
    provisioned,
    workers: options.workers,
    server: options.server,
  });
  await pool.stopped;
  f.log.info(serveWords(f).stopped);
}

/** Opens the service here once (schema, merchants, seed) and closes it; the merchants it set up. */
async function provisionOnce(options: ServeOptions, hooks: Hooks): Promise<readonly ProvisionedMerchant[]> {
  const setup = await hooks.prepare({ ...options.server, startWorker: false });
  await setup.ready();
  const provisioned = setup.service.provisioned;
  await setup.close();
  return provisioned;
}

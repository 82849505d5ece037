import cluster, { type Worker } from 'node:cluster';
import { EXIT, UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import type { BuildServerOptions } from '../../server/build-server.js';
import type { ProvisionedMerchant } from '../../server/merchants.js';
import { SERVE_EPOCH_ENV, SERVE_PORT_ENV, SERVE_WORKER_ENV, type ServeOptions } from './serve-options.js';

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

/** How soon a process that died is started again, and how many quick deaths in a row end the service. */
const RESTART_DELAY_MS = 500;
const MAX_QUICK_DEATHS = 5;
const QUICK_MS = 5_000;

/**
 * `intake serve --workers N`: N processes of the service behind one port (Node's cluster shares the
 * listening socket; the operating system spreads connections over them). This process sets up the
 * database once (schema, merchants, seed), starts the others, starts again any that dies, and on a
 * signal stops them all, each finishing its requests in flight.
 */
export async function runWorkers(options: ServeOptions, f: Factory, hooks: Hooks): Promise<void> {
  // Long because it is the primary's life: set up once, fork, restart the dead, and on a signal stop all;
  // each step is short and they share the workers' table.
  if (!cluster.isPrimary) throw new UsageError('--workers cannot be used inside a worker');
  const setup = await hooks.prepare({ ...options.server, startWorker: false });
  await setup.ready();
  const provisioned = setup.service.provisioned;
  await setup.close();

  const workers = new Set<Worker>();
  let stopping = false;
  let quickDeaths = 0;
  /** The port the service has, once its first processes listen (`--port 0` is given one then). */
  const service: { port?: number } = {};
  const fork = () => {
    const worker = cluster.fork({
      [SERVE_WORKER_ENV]: '1',
      ...(options.server.startEpoch === undefined ? {} : { [SERVE_EPOCH_ENV]: options.server.startEpoch }),
      ...(service.port === undefined ? {} : { [SERVE_PORT_ENV]: String(service.port) }),
    });
    const started = Date.now();
    workers.add(worker);
    worker.on('exit', (code, signal) => {
      workers.delete(worker);
      if (stopping) return;
      quickDeaths = Date.now() - started < QUICK_MS ? quickDeaths + 1 : 0;
      f.log.warn(`process ${worker.process.pid} ended (${signal ?? `exit ${code}`}); starting another`);
      if (quickDeaths >= MAX_QUICK_DEATHS) {
        f.log.warn('the processes keep ending as they start; stopping');
        stop();
        return;
      }
      // Not unref'd: with every process gone (all killed at once), this timer is what keeps the service up.
      setTimeout(fork, RESTART_DELAY_MS);
    });
    return worker;
  };

  let resolveStopped: () => void = () => {};
  const stopped = new Promise<void>((resolve) => {
    resolveStopped = resolve;
  });
  const stop = () => {
    stopping = true;
    if (workers.size === 0) resolveStopped();
    for (const worker of workers) {
      worker.on('exit', () => {
        if (workers.size === 0) resolveStopped();
      });
      worker.process.kill('SIGTERM');
    }
  };
  f.interrupts.onInterrupt((signal) => {
    if (stopping) {
      f.io.stderr.write('Second signal: stopping now.\n');
      for (const worker of workers) worker.process.kill('SIGKILL');
      process.exit(EXIT.interrupted);
    }
    f.log.info(`${signal}: the processes finish their requests in flight and close the database…`);
    stop();
  });

  // Said once every process listens: the address is theirs to share from then on.
  const first = await new Promise<{ address: string; port: number }>((resolve, reject) => {
    let ready = 0;
    const listening = (_worker: Worker, address: { address: string | null; port: number }) => {
      ready += 1;
      if (ready < options.workers) return;
      cluster.off('listening', listening);
      resolve({ address: address.address ?? options.host, port: address.port });
    };
    cluster.on('listening', listening);
    for (let index = 0; index < options.workers; index++) {
      fork().once('exit', (code) => {
        if (stopping || ready >= options.workers) return;
        cluster.off('listening', listening);
        reject(new UsageError(`the service's processes could not start (exit ${code})`));
      });
    }
  });
  service.port = first.port;
  const host = first.address.includes(':') ? `[${first.address}]` : first.address;
  await hooks.announce(f, {
    url: `http://${host}:${first.port}`,
    where: options.where,
    provisioned,
    workers: options.workers,
    server: options.server,
  });
  await stopped;
  f.log.info('Stopped.');
}

import cluster, { type Worker } from 'node:cluster';
import { CliError, EXIT, UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import type { BuildServerOptions } from '../../server/build-server.js';
import type { ProvisionedMerchant } from '../../server/merchants.js';
import { SERVE_PORT_ENV, SERVE_WORKER_ENV, type ServeOptions } from './serve-options.js';
import { serveWords } from './serve-words.js';

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

/** The messages by which a process of `--workers` asks for its options, and is given them. */
const ASK_OPTIONS = 'intake-serve-options?';
const OPTIONS_MESSAGE = 'intake-serve-options';

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
  /** Until every process first listens, one that ends is the service failing to start. */
  let failedToStart: ((code: number | null, signal: string | null) => void) | undefined;
  /** The port the service has, once its first processes listen (`--port 0` is given one then). */
  const service: { port?: number } = {};
  // The others serve; the merchants (and their secrets) were set up here, and stay here.
  const forWorkers: ServeOptions = { ...options, server: { ...options.server, merchants: [] } };
  // Structured clones: the options reach each process as they are here.
  cluster.setupPrimary({ serialization: 'advanced' });
  const fork = () => {
    const worker = cluster.fork({
      [SERVE_WORKER_ENV]: '1',
      ...(service.port === undefined ? {} : { [SERVE_PORT_ENV]: String(service.port) }),
    });
    worker.on('message', (message: { type?: unknown } | null) => {
      if (message?.type === ASK_OPTIONS) worker.send({ type: OPTIONS_MESSAGE, options: forWorkers });
    });
    const started = Date.now();
    workers.add(worker);
    worker.on('exit', (code, signal) => {
      workers.delete(worker);
      if (stopping) return;
      if (failedToStart) {
        failedToStart(code, signal);
        return;
      }
      quickDeaths = Date.now() - started < QUICK_MS ? quickDeaths + 1 : 0;
      f.log.warn(serveWords(f).processEnded(worker.process.pid, signal ?? `exit ${code}`));
      if (quickDeaths >= MAX_QUICK_DEATHS) {
        f.log.warn(serveWords(f).keepEnding);
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
      f.io.stderr.write(`${serveWords(f).secondSignal}\n`);
      for (const worker of workers) worker.process.kill('SIGKILL');
      process.exit(EXIT.interrupted);
    }
    f.log.info(serveWords(f).stopping(signal, true));
    stop();
  });

  // Said once every process listens: the address is theirs to share from then on.
  const first = await new Promise<{ address: string; port: number }>((resolve, reject) => {
    let ready = 0;
    const listening = (_worker: Worker, address: { address: string | null; port: number }) => {
      ready += 1;
      if (ready < options.workers) return;
      cluster.off('listening', listening);
      failedToStart = undefined;
      resolve({ address: address.address ?? options.host, port: address.port });
    };
    // A process that cannot start has said why (a port in use, a database refusing): the others stop too.
    failedToStart = (code, signal) => {
      failedToStart = undefined;
      cluster.off('listening', listening);
      stop();
      const how = signal ?? `exit ${code}`;
      reject(
        code === EXIT.usage
          ? new UsageError(`the service's processes could not start (${how})`)
          : new CliError(`the service's processes could not start (${how})`, EXIT.failure),
      );
    };
    cluster.on('listening', listening);
    for (let index = 0; index < options.workers; index++) fork();
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
  f.log.info(serveWords(f).stopped);
}

// Long because it is the serve command's surface: some forty options with their help and examples, and
// their reading into ServeOptions; the running is in workers.ts, transfer.ts and the server.
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { serveWords } from './serve-words.js';
import type { FastifyInstance } from 'fastify';
import type { Carrier } from '../../contract/carriers.js';
import { DEFAULT_REVIEW_POINTS, type ReviewKind, type ReviewPoints } from '../../contract/kinds.js';
import { EXIT, UsageError } from '../../cli/errors.js';
import { InvalidInput } from '../../cli/invalid-input.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { listenFailure } from '../../cli/listen-error.js';
import { unexpectedLines } from '../../cli/report-error.js';
import { FAULT_SEED_MAX } from '../../contract/local/faults.js';
import { wholeNumber } from '../../cli/values.js';
import { parseJsonGiven } from '../../cli/json-file.js';
import { dataDir } from '../../cli/paths.js';
import { parseDuration, parseDurationRange } from '../../util/duration.js';
import { StorageUnavailable } from '../../server/storage/engine.js';
import type { EngineOptions } from '../../server/storage/open.js';
import {
  SERVE_DATABASE_DIRECT_ENV,
  SERVE_DATABASE_ENV,
  SERVE_PORT_ENV,
  SERVE_SECRET_ENV,
  SERVE_WORKER_ENV,
  type ServeOptions,
} from './serve-options.js';
import { newExportCommand, newImportCommand } from './transfer.js';
import { newMigrateCommand } from './migrate.js';
import type { BuildServerOptions } from '../../server/build-server.js';
import type { MerchantSeed } from '../../server/merchants.js';
import type { Announcement } from './workers.js';
import { readErrorReason } from '../../util/file-errors.js';
import { RepeatedLines } from '../../util/repeats.js';

/** The flags of `intake serve` as given. */
interface ServeFlags {
  host: string;
  port: string;
  data?: string;
  applyDelay: string;
  merchantId?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  secretFile?: string;
  carriers?: string;
  thanksDelayDays: string;
  merchants?: string;
  deliveryDays: string;
  reviewPoints: string;
  faults?: string;
  seed?: string;
  allowReset?: boolean;
  databaseUrl?: string;
  databaseDirectUrl?: string;
  poolSize: string;
  journalSize: string;
  faultSeed?: string;
  statementTimeout: string;
  workers: string;
}

function readFlagFile(flag: string, path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${flag} ${path}: ${readErrorReason(error)}`);
  }
}

function readJsonFlagFile(flag: string, path: string): unknown {
  return parseJsonGiven(`${flag} ${path}`, readFlagFile(flag, path));
}

async function readCarriers(path: string): Promise<Carrier[]> {
  const { CarrierList, check } = await import('../../contract/index.js');
  const checked = check(CarrierList, readJsonFlagFile('--carriers', path), []);
  if (!checked.ok) throw new InvalidInput(`--carriers ${path} is not a list of carriers:`, checked.issues);
  return checked.value;
}

async function readSeed(path: string, carriers: readonly Carrier[] | undefined) {
  const [{ seedFileSchema }, { check, BUILT_IN_CARRIERS }] = await Promise.all([
    import('../../server/seed.js'),
    import('../../contract/index.js'),
  ]);
  const checked = check(seedFileSchema(carriers ?? BUILT_IN_CARRIERS), readJsonFlagFile('--seed', path), []);
  if (!checked.ok) throw new InvalidInput(`--seed ${path} is not a seed file:`, checked.issues);
  return checked.value;
}

async function readFaults(spec: string): Promise<string> {
  const { parseFaultSpec, FaultSpecError } = await import('../../server/faults/spec.js');
  try {
    parseFaultSpec(spec);
    return spec;
  } catch (error) {
    if (error instanceof FaultSpecError) throw new UsageError(`--faults: ${error.message}`);
    throw error;
  }
}

async function readMerchants(path: string): Promise<MerchantSeed[]> {
  const { LocalMerchantBody, check } = await import('../../contract/index.js');
  const { z } = await import('zod');
  const checked = check(z.array(LocalMerchantBody).min(1), readJsonFlagFile('--merchants', path), []);
  if (!checked.ok) {
    throw new InvalidInput(`--merchants ${path} is not a list of merchants:`, checked.issues);
  }
  const seen = new Map<string, string>();
  for (const merchant of checked.value) {
    for (const [what, value] of [
      ['merchant id', merchant.merchant_id],
      ['access key id', merchant.access_key_id],
    ] as const) {
      if (value === undefined) continue;
      const key = `${what}\u0000${value}`;
      if (seen.has(key)) throw new UsageError(`--merchants ${path} lists the ${what} "${value}" twice`);
      seen.set(key, value);
    }
  }
  return checked.value.map((merchant) => ({
    merchantId: merchant.merchant_id,
    accessKeyId: merchant.access_key_id,
    secretAccessKey: merchant.secret_access_key,
    thanksDelayDays: merchant.thanks_delay_days,
  }));
}

/** The first merchant as the flags give it, held to the rules of a merchant added later (`--merchants`). */
async function checkFirstMerchant(merchant: MerchantSeed, secretFlag: string): Promise<void> {
  const { LocalMerchantBody, check } = await import('../../contract/index.js');
  const given = {
    ...(merchant.merchantId === undefined ? {} : { merchant_id: merchant.merchantId }),
    ...(merchant.accessKeyId === undefined ? {} : { access_key_id: merchant.accessKeyId }),
    ...(merchant.secretAccessKey === undefined ? {} : { secret_access_key: merchant.secretAccessKey }),
  };
  const checked = check(LocalMerchantBody.partial(), given, []);
  if (!checked.ok) {
    throw new InvalidInput('the first merchant cannot be made so:', checked.issues, {
      merchant_id: '--merchant-id',
      access_key_id: '--access-key-id',
      secret_access_key: secretFlag,
    });
  }
}

function readReviewPoints(text: string): ReviewPoints {
  const points: ReviewPoints = { ...DEFAULT_REVIEW_POINTS };
  for (const pair of text.split(',')) {
    const [kind, amount] = pair.split('=').map((part) => part.trim());
    if (!kind || !Object.hasOwn(points, kind) || amount === undefined || !/^\d+$/.test(amount)) {
      throw new UsageError(`--review-points "${text}" is not like text=100,photo=500,video=1000`);
    }
    points[kind as ReviewKind] = Number(amount);
  }
  return points;
}

/** The first merchant's secret: `--secret-access-key`, `--secret-file`, or the environment. */
function firstSecret(f: Factory, flags: ServeFlags): string | undefined {
  const given = [
    flags.secretAccessKey !== undefined && '--secret-access-key',
    flags.secretFile !== undefined && '--secret-file',
  ].filter(Boolean);
  if (given.length > 1) throw new UsageError('give the secret once: --secret-access-key or --secret-file');
  if (flags.secretAccessKey !== undefined) {
    f.log.warn(serveWords(f).inProcessList('--secret-access-key', [SERVE_SECRET_ENV, '--secret-file']));
    return flags.secretAccessKey;
  }
  const secret =
    flags.secretFile !== undefined
      ? readFlagFile('--secret-file', flags.secretFile).replace(/\r?\n$/, '')
      : f.env[SERVE_SECRET_ENV];
  if (secret !== undefined && secret.trim() === '') {
    throw new UsageError(
      `the secret from ${flags.secretFile !== undefined ? '--secret-file' : SERVE_SECRET_ENV} is empty`,
    );
  }
  return secret;
}

/** Reads and checks every flag; anything wrong is a usage error before anything starts. */
export async function serveOptions(f: Factory, flags: ServeFlags): Promise<ServeOptions> {
  const port = wholeNumber('--port', flags.port, { max: 65535 });
  const applyDelay = parseDurationRange(flags.applyDelay);
  if (!applyDelay) {
    throw new UsageError(`--apply-delay "${flags.applyDelay}" is not a duration (2s) or a range (1m-5m)`);
  }
  const seeds: MerchantSeed[] = flags.merchants === undefined ? [] : await readMerchants(flags.merchants);
  const secretAccessKey = firstSecret(f, flags);
  // The merchant the flags give is the first one: the one allowed to add merchants.
  if (flags.merchantId !== undefined || flags.accessKeyId !== undefined || secretAccessKey !== undefined) {
    const first = { merchantId: flags.merchantId, accessKeyId: flags.accessKeyId, secretAccessKey };
    await checkFirstMerchant(first, flags.secretFile !== undefined ? '--secret-file' : '--secret-access-key');
    seeds.unshift(first);
  }
  const carriers = flags.carriers === undefined ? undefined : await readCarriers(flags.carriers);
  const seed = flags.seed === undefined ? undefined : await readSeed(flags.seed, carriers);
  for (const merchant of seed?.merchants ?? []) {
    if (seeds.some((known) => known.merchantId === merchant.merchant_id)) continue;
    seeds.push({
      merchantId: merchant.merchant_id,
      accessKeyId: merchant.access_key_id,
      secretAccessKey: merchant.secret_access_key,
      thanksDelayDays: merchant.thanks_delay_days,
    });
  }
  const database = databaseOptions(f, flags);
  const workers = wholeNumber('--workers', flags.workers, { min: 1, max: 64 });
  if (workers > 1 && database.databaseUrl === undefined) {
    throw new UsageError('--workers needs --database-url: a SQLite data folder has one writer, one process', [
      'Run several processes on PostgreSQL (--database-url or INTAKE_SERVE_DATABASE_URL).',
    ]);
  }
  return {
    host: flags.host,
    port,
    workers,
    where: database.where,
    server: {
      ...database.engine,
      applyDelay,
      thanksDelayDays: wholeNumber('--thanks-delay-days', flags.thanksDelayDays, { max: 365 }),
      deliveryDays: wholeNumber('--delivery-days', flags.deliveryDays, { max: 365 }),
      reviewPoints: readReviewPoints(flags.reviewPoints),
      ...(carriers ? { carriers } : {}),
      merchants: seeds,
      ...(flags.faults === undefined ? {} : { faults: await readFaults(flags.faults) }),
      ...(seed ? { seed } : {}),
      allowReset: flags.allowReset === true,
      journalKeep: wholeNumber('--journal-size', flags.journalSize, { min: 0, max: 10_000_000 }),
      ...(flags.faultSeed === undefined
        ? {}
        : { faultSeed: wholeNumber('--fault-seed', flags.faultSeed, { min: 0, max: FAULT_SEED_MAX }) }),
      // The processes of one --workers share their start (the counts of --faults' next=N rules).
      startEpoch: String(Date.now()),
    },
  };
}

/** The database: `--database-url` or the environment's, else the data folder; each checked. */
function databaseOptions(
  f: Factory,
  flags: ServeFlags,
): { engine: EngineOptions; where: string; databaseUrl?: string } {
  const url = flags.databaseUrl ?? f.env[SERVE_DATABASE_ENV];
  const from = flags.databaseUrl !== undefined ? '--database-url' : SERVE_DATABASE_ENV;
  // An empty one is an unset variable in a script, not a wish for SQLite in the user's data folder.
  if (url !== undefined && url.trim() === '') {
    throw new UsageError(`${from} is empty`, [
      `Give a URL like postgres://user@host:5432/database, or leave ${from === '--database-url' ? 'the flag' : 'the variable'} out for SQLite (--data DIR).`,
    ]);
  }
  if (url === undefined) {
    const folder = flags.data ?? dataDir(f.env);
    return { engine: { dataDir: folder }, where: folder };
  }
  if (flags.data !== undefined) throw new UsageError(`give --data or ${from}, not both`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`${from} is not a URL like postgres://user@host:5432/database`);
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new UsageError(`${from} must start with postgres:// (it starts with ${parsed.protocol}//)`);
  }
  if (flags.databaseUrl !== undefined && parsed.password !== '') {
    f.log.warn(
      serveWords(f).inProcessList(
        '--database-url',
        [SERVE_DATABASE_ENV, 'PGPASSWORD', '~/.pgpass'],
        'password',
      ),
    );
  }
  const statementTimeoutMs = parseDuration(flags.statementTimeout);
  if (statementTimeoutMs === undefined || statementTimeoutMs < 100) {
    throw new UsageError(
      `--statement-timeout "${flags.statementTimeout}" is not a duration of 100ms or more (10s)`,
    );
  }
  parsed.password = '';
  const direct = flags.databaseDirectUrl ?? f.env[SERVE_DATABASE_DIRECT_ENV];
  if (direct !== undefined && !/^postgres(ql)?:\/\//.test(direct)) {
    throw new UsageError('--database-direct-url must be a URL like postgres://user@host:5432/database');
  }
  return {
    engine: {
      databaseUrl: url,
      ...(direct === undefined ? {} : { directUrl: direct }),
      poolSize: wholeNumber('--pool-size', flags.poolSize, { min: 1, max: 1000 }),
      statementTimeoutMs,
    },
    where: parsed.toString().replace(/:@/, '@'),
    databaseUrl: url,
  };
}

/** Starting failures of the service that are the user's to fix (folder, files, flags): exit 2. */
async function usageProblem(error: unknown, where: string): Promise<UsageError | undefined> {
  const [{ DatabaseOpenError }, { Conflict, SeedRefused }] = await Promise.all([
    import('../../storage/sqlite.js'),
    import('../../server/errors.js'),
  ]);
  if (error instanceof DatabaseOpenError) {
    if (error.code === 'in_use') {
      return new UsageError(`the data folder ${where} is in use by another intake serve`, [
        'Stop that one first, or give this one its own folder with --data.',
      ]);
    }
    return new UsageError(error.message);
  }
  if (error instanceof Conflict) return new UsageError(`cannot set up the merchants: ${error.message}`);
  if (error instanceof SeedRefused) return new UsageError(error.message);
  return undefined;
}

/** Starts the service, prints where it listens (and credentials it generated), and runs until stopped. */
export async function serveRun(options: ServeOptions, f: Factory): Promise<void> {
  const worker = f.env[SERVE_WORKER_ENV] !== undefined;
  if (options.workers > 1 && !worker) {
    const { runWorkers } = await import('./workers.js');
    return runWorkers(options, f, { prepare: (server) => openService(server, options.where), announce });
  }
  const quiet = f.globals.quiet === true;
  // The database not answering is an operator's matter, said in a line (every request meets it: said
  // once every few seconds, with a count); anything else is ours.
  const storageWarnings = new RepeatedLines((line) => f.io.stderr.write(`${line}\n`));
  const app = await openService(
    {
      ...options.server,
      // Each process of --workers marks its lines with its pid.
      requestLog: (line) => {
        if (!quiet) f.io.stderr.write(worker ? `[${process.pid}] ${line}\n` : `${line}\n`);
      },
      onError: (error) => {
        if (error instanceof StorageUnavailable)
          storageWarnings.say(`warning: ${error.message}; tried again shortly`);
        else
          f.io.stderr.write(
            `${unexpectedLines('internal error', error, f.globals.verbose === true).join('\n')}\n`,
          );
      },
    },
    options.where,
  );
  const stopped = new Promise<void>((resolve) => {
    let stopping = false;
    f.interrupts.onInterrupt((signal) => {
      if (stopping) {
        // A process of --workers hears Ctrl-C and then its first process's SIGTERM: the same request.
        // The first process answers a second Ctrl-C with SIGKILL.
        if (worker) return;
        f.io.stderr.write(`${serveWords(f).secondSignal}\n`);
        process.exit(EXIT.interrupted);
      }
      stopping = true;
      if (!worker) f.log.info(serveWords(f).stopping(signal, false));
      void app.close().then(resolve);
    });
  });

  let url: string;
  try {
    const port = worker && f.env[SERVE_PORT_ENV] ? Number(f.env[SERVE_PORT_ENV]) : options.port;
    url = await app.listen({ host: options.host, port });
  } catch (error) {
    await app.close();
    throw listenFailure(options.host, options.port, error);
  }
  if (!worker)
    await announce(f, {
      url,
      where: options.where,
      provisioned: app.service.provisioned,
      workers: 1,
      server: options.server,
    });
  await stopped;
  if (!worker) f.log.info(serveWords(f).stopped);
  // A process of --workers ends once its channel to the first process is closed.
  else process.disconnect?.();
}

type App = FastifyInstance;

/** Builds the service over its database; a database that cannot be used is the user's to fix (exit 2). */
async function openService(server: BuildServerOptions, where: string): Promise<App> {
  const { buildServer } = await import('../../server/build-server.js');
  try {
    return await buildServer(server);
  } catch (error) {
    throw (await usageProblem(error, where)) ?? error;
  }
}

/** Says where the service listens, where its data is, and the credentials it generated. */
async function announce(f: Factory, facts: Announcement): Promise<void> {
  const { url, where, workers, server } = facts;
  const test = {
    faults: server.faults || undefined,
    seeded: server.seed !== undefined,
    reset_allowed: server.allowReset === true,
  };
  const merchants = facts.provisioned.filter((merchant) => merchant.created);
  if ((await f.settings()).output.value === 'json') {
    // The same names as the API and every other command's JSON.
    const listed = merchants.map((merchant) => ({
      merchant_id: merchant.merchantId,
      access_key_id: merchant.accessKeyId,
      ...(merchant.secretAccessKey === undefined ? {} : { secret_access_key: merchant.secretAccessKey }),
      thanks_delay_days: merchant.thanksDelayDays,
    }));
    f.io.stdout.write(
      `${JSON.stringify({ url, console: `${url}/console`, data: where, workers, merchants: listed, ...test })}\n`,
    );
    return;
  }
  const words = serveWords(f);
  const lines = [
    words.listening(url, workers),
    words.console(url),
    words.data(where),
    // What makes this service behave unlike the real one, said up front.
    ...(test.faults ? [words.faults(test.faults)] : []),
    ...(test.seeded ? [words.seeded] : []),
    ...(test.reset_allowed ? [words.resetAllowed] : []),
    ...merchants.map((merchant) =>
      words.merchant(merchant.merchantId, merchant.accessKeyId, merchant.secretAccessKey),
    ),
    ...(merchants.some((merchant) => merchant.secretAccessKey) ? [words.secretOnce] : []),
  ];
  f.io.stdout.write(`${lines.join('\n')}\n`);
}

export function newServeCommand(
  f: Factory,
  runF: (options: ServeOptions, f: Factory) => Promise<void> = serveRun,
): Command {
  return new Command('serve')
    .description('Run the whole service locally: on an embedded SQLite database, or on PostgreSQL')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--port <port>', 'port to listen on (0 picks a free one)', '8080')
    .option('--data <dir>', 'folder of the SQLite database (default: the user data directory for intake)')
    .option(
      '--database-url <url>',
      `run on PostgreSQL: postgres://user@host:5432/database (or set ${SERVE_DATABASE_ENV})`,
    )
    .option('--workers <n>', 'processes behind the port (PostgreSQL only when more than 1)', '1')
    .option(
      '--database-direct-url <url>',
      `PostgreSQL through a transaction pooler (pgbouncer): a direct connection, for notices between processes and migrations (or set ${SERVE_DATABASE_DIRECT_ENV})`,
    )
    .option('--pool-size <n>', 'PostgreSQL connections per process', '10')
    .option('--statement-timeout <duration>', 'PostgreSQL: longest a statement may run', '10s')
    .option(
      '--apply-delay <duration>',
      'delay before queued creates apply: 0, 2s, 1m, or a range 1m-5m',
      '2s',
    )
    .option('--merchant-id <id>', 'id of the first merchant')
    .option('--access-key-id <id>', "fix the first merchant's access key id")
    .option(
      '--secret-file <file>',
      `read the first merchant's secret from a file (or set ${SERVE_SECRET_ENV})`,
    )
    .option('--secret-access-key <secret>', "fix the first merchant's secret (visible in the process list)")
    .option('--carriers <file>', 'JSON list of {code, name} replacing the built-in carriers')
    .option('--thanks-delay-days <n>', 'days from an order to the thanks message of a self delivery', '3')
    .option(
      '--merchants <file>',
      'JSON list of {merchant_id, access_key_id, secret_access_key, thanks_delay_days}',
    )
    .option(
      '--delivery-days <n>',
      'days from a carrier shipment to its simulated delivery and review request',
      '2',
    )
    .option('--review-points <points>', 'points a review earns, by kind', 'text=100,photo=500,video=1000')
    .option(
      '--faults <spec>',
      'inject faults into requests to /api/, as "503:10%,429:5%,latency:50-200ms,POST /api/v1/orders/=drop-after-commit:1%" (also stall, drop-before-commit, 500)',
    )
    .option('--journal-size <n>', 'requests kept per merchant in the request journal (0 keeps none)', '10000')
    .option('--fault-seed <n>', 'draw the --faults from this seed: the same requests get the same faults')
    .option('--seed <file>', 'JSON of merchants and the products, orders and shipments each starts with')
    .option(
      '--allow-reset',
      "let POST /local/reset (intake local reset) remove a merchant's data and load its seed again",
    )
    .addHelpText(
      'after',
      examples(
        'intake serve',
        'intake serve --port 0 --data ./.intake-data --apply-delay 0',
        'intake serve --apply-delay 1m-5m --thanks-delay-days 5',
        `${SERVE_SECRET_ENV}=dev-secret intake serve --merchant-id shop-a --access-key-id AKDEV1`,
        'intake serve --merchants merchants.json --delivery-days 1 --review-points text=50,photo=300,video=800',
        'intake serve --faults "503:10%,drop-after-commit:5%" --seed seed.json --allow-reset',
        `${SERVE_DATABASE_ENV}=postgres://intake@db.internal/intake intake serve --workers 4`,
        'intake serve export --to postgres://intake@db.internal/intake   (the data folder into PostgreSQL)',
      ),
    )
    .action(async (flags: ServeFlags) =>
      runF(
        f.env[SERVE_WORKER_ENV] === undefined
          ? await serveOptions(f, flags)
          : await (await import('./workers.js')).optionsFromFirstProcess(),
        f,
      ),
    )
    .addCommand(newExportCommand(f))
    .addCommand(newImportCommand(f))
    .addCommand(newMigrateCommand(f));
}

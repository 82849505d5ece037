import { withPageCredentials } from './credentials.js';
import { uiTerminalWords } from './words.js';
import { marketplaceServices, settleIfPulled } from './marketplaces.js';
import { createHash } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Command } from 'commander';
import type { FastifyInstance } from 'fastify';
import { EXIT, UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { listenFailure } from '../../cli/listen-error.js';
import { examples } from '../../cli/help.js';
import { dataDir } from '../../cli/paths.js';
import { wholeNumber } from '../../cli/values.js';
import { unexpectedLines } from '../../cli/report-error.js';
import { keepHeapTight } from '../../util/heap.js';
import type { Trouble } from '../../ui/answers.js';
import type { Liveness, UiState } from '../../ui/state.js';
import type { ProfileView, StatusView } from '../../ui/views/status.js';
import type { UploadSession } from '../../ui/session.js';
import { terminalLang } from '../../util/terminal-lang.js';
import { fileErrorReason, isDiskFull } from '../../util/file-errors.js';
import { makeFolder } from '../../util/make-folder.js';

export interface UiOptions {
  /** The port to listen on; undefined: the one it had last time, else the first free from 8765. */
  port: number | undefined;
  open: boolean;
  keepDays: number;
  signOut: boolean;
}

/** The ports tried, in order, when none is given and the last one is taken. */
const DEFAULT_PORTS = Array.from({ length: 35 }, (_, index) => 8765 + index);

/** Who the page works as: the profile (or the environment's credentials), its service and key. */
async function profileView(f: Factory): Promise<ProfileView> {
  const settings = await f.settings();
  const fromEnv = settings.accessKeyId?.source === 'env' || settings.secretAccessKey?.source === 'env';
  const profile = (await f.config()).profile(settings.profile.value);
  return {
    name: fromEnv ? undefined : settings.profile.value,
    baseUrl: settings.baseUrl.value,
    accessKeyId: settings.accessKeyId?.value,
    secretFrom: fromEnv
      ? settings.secretAccessKey
        ? 'environment'
        : 'none'
      : profile?.secret_storage === 'keychain'
        ? 'keychain'
        : profile?.secret_access_key
          ? 'file'
          : 'none',
  };
}

/** The profile's client for the page (credentials it lacks are the page's `NoCredentials`). */
function clientFor(f: Factory, options: Parameters<Factory['apiClient']>[0] = {}) {
  return withPageCredentials(() => f.apiClient(options));
}

/** The connection page: the credentials checked as `auth status` does, the service's health and queue. */
async function statusOf(f: Factory, profile: ProfileView): Promise<StatusView> {
  const { troubleOf } = await import('../../ui/answers.js');
  /** A known trouble with the service, for the page to word; any other error is thrown. */
  const troubleFrom = (error: unknown): Trouble => {
    const trouble = troubleOf(error);
    if (trouble === undefined) throw error;
    return trouble;
  };
  const [credentials, health, queue] = await Promise.all([
    clientFor(f)
      .then((client) => client.checkCredentials())
      .then((result) => ({ valid: result.is_valid, reason: result.reason }))
      .catch((error: unknown) => ({ error: troubleFrom(error) })),
    clientFor(f, { auth: 'optional' })
      .then((client) => client.health())
      .then((result) => result.status)
      .catch(troubleFrom),
    clientFor(f)
      .then((client) => client.shipmentQueueStatus())
      .catch(troubleFrom),
  ]);
  const known = typeof queue === 'object' && 'origin_mall_id' in queue ? queue : undefined;
  return {
    profile,
    credentials,
    health,
    merchant: known?.origin_mall_id,
    queue: known ? Number(known.count) : (queue as Trouble),
  };
}

/** The service's health and merchant, asked again in the background when older than 15 seconds. */
function livenessOf(f: Factory): () => Liveness {
  const seen: Liveness = { healthy: undefined, merchant: undefined };
  let askedAt = 0;
  const ask = async () => {
    const [health, queue] = await Promise.allSettled([
      f.apiClient({ auth: 'optional' }).then((client) => client.health()),
      f.apiClient().then((client) => client.shipmentQueueStatus()),
    ]);
    seen.healthy = health.status === 'fulfilled' && health.value.status === 'available';
    if (queue.status === 'fulfilled') seen.merchant = queue.value.origin_mall_id;
  };
  return () => {
    if (Date.now() - askedAt > 15_000) {
      askedAt = Date.now();
      void ask().catch(() => {});
    }
    return seen;
  };
}

/** A folder name for a profile's page (its uploads and sign-ins), whatever the profile is called. */
const folderOf = (profile: string) =>
  /^[\w.-]{1,40}$/.test(profile) && !profile.startsWith('.')
    ? profile
    : `profile-${createHash('sha256').update(profile).digest('hex').slice(0, 16)}`;

/** What the page draws on, from the Factory: the client, the ledger, the carriers, the catalog, the profile. */
async function uiState(f: Factory, options: UiOptions): Promise<UiState> {
  const [
    { SessionStore },
    { UiAuth },
    { ledgerTargetIfAny },
    { loadCarriers },
    { MAX_INPUT_BYTES },
    { openCatalog, productBook },
    layouts,
    { keepRejects },
  ] = await Promise.all([
    import('../../ui/sessions.js'),
    import('../../ui/auth.js'),
    import('../../cli/ledger-target.js'),
    import('../../cli/carriers.js'),
    import('../../bulk/index.js'),
    import('../../cli/catalog.js'),
    import('../../cli/saved-layouts.js'),
    import('../../ui/downloads.js'),
  ]);
  const dir = dataDir(f.env);
  const profile = await profileView(f);
  const folder = join(dir, 'ui', folderOf((await f.settings()).profile.value));
  try {
    makeFolder(folder);
  } catch (error) {
    throw new UsageError(`cannot use the folder ${folder} for intake ui: ${fileErrorReason(error)}`, [
      'Set INTAKE_DATA_DIR to a folder of yours.',
    ]);
  }
  const auth = new UiAuth(folder);
  if (options.signOut) auth.signOutAll();
  const sessions = new SessionStore(join(folder, 'uploads'), { keepDays: options.keepDays });
  await sessions.prepare();
  const catalog = await openCatalog(f);
  const save = (session: UploadSession) => sessions.save(session);
  const marketplaces = marketplaceServices(f);
  return {
    sessions,
    auth,
    services: {
      client: (patient) => clientFor(f, { patient }),
      ledger: { dir, target: await ledgerTargetIfAny(f) },
      carriers: () => loadCarriers(f, undefined),
      products: productBook(catalog),
      savedLayouts: () => layouts.savedLayouts(f.env),
      save,
      afterSend: async (session) => {
        await keepRejects(session).catch(() => {});
        await settleIfPulled(marketplaces, session).catch(() => {});
        await sessions.removeFileIfDone(session);
        await save(session);
      },
    },
    profile,
    status: () => statusOf(f, profile),
    liveness: livenessOf(f),
    maxBytes: MAX_INPUT_BYTES,
    catalog,
    marketplaces,
    layouts: {
      list: () => layouts.savedLayouts(f.env),
      save: (layout) => layouts.saveLayout(f.env, layout),
    },
  };
}

/** Listens on the port asked for, else the one it had, else the first free of the defaults. */
async function listen(
  app: { listen(options: { host: string; port: number }): Promise<string> },
  wanted: number | undefined,
  last: number | undefined,
): Promise<void> {
  const ports =
    wanted !== undefined ? [wanted] : [...new Set([...(last ? [last] : []), ...DEFAULT_PORTS, 0])];
  let failure: unknown;
  for (const port of ports) {
    try {
      await app.listen({ host: '127.0.0.1', port });
      return;
    } catch (error) {
      failure = error;
      if ((error as { code?: string }).code !== 'EADDRINUSE' || wanted !== undefined) break;
    }
  }
  throw listenFailure(
    '127.0.0.1',
    wanted ?? (ports[0] as number),
    failure,
    wanted !== undefined ? 'Give another with --port, or leave --port out for a free one.' : undefined,
  );
}

/**
 * Opens the browser on a private file (mode 0600) that sends it on to the sign-in address, so that the
 * one-time token is never in a process's arguments, where any user of the machine could read it.
 */
async function openBrowser(f: Factory, folder: string, url: string): Promise<string> {
  const file = join(folder, 'open.html');
  const escaped = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  await writeFile(
    file,
    `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${escaped}"><title>Intake</title><a href="${escaped}">Intake</a>\n`,
    { mode: 0o600 },
  );
  try {
    const browser = f.env.BROWSER;
    if (browser) {
      // The browser people chose, as other tools honour it: given the file, never the token.
      const { spawn } = await import('node:child_process');
      spawn(browser, [pathToFileURL(file).href], { stdio: 'ignore', detached: true }).unref();
    } else {
      const { default: open } = await import('open');
      await open(pathToFileURL(file).href);
    }
  } catch (error) {
    f.log.warn(
      uiTerminalWords(terminalLang(f.env)).noBrowser(error instanceof Error ? error.message : String(error)),
    );
  }
  return file;
}

/** How long requests under way are given to finish when intake ui stops, before their connections are cut. */
const CLOSE_GRACE_MS = 5_000;

/**
 * Closes the page's server: requests under way get `graceMs` to finish, then their connections are cut.
 * A form a browser stopped sending half-way (a tab put to sleep, a file on a network drive that hangs)
 * would otherwise hold Ctrl-C up until Node's request timeout, minutes later.
 */
async function closeWithin(app: FastifyInstance, graceMs: number): Promise<void> {
  const cut = setTimeout(() => app.server.closeAllConnections(), graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}

/**
 * Starts the page on 127.0.0.1, prints its address (and a one-time address that signs a browser in)
 * and opens the browser. Stopping it (Ctrl-C) stops uploads in progress as the CLI does and waits for
 * them; uploads, their results and signed-in browsers are kept for the next start.
 */
export async function uiRun(options: UiOptions, f: Factory): Promise<void> {
  const settings = await f.settings();
  if (settings.baseUrlError) throw settings.baseUrlError;
  const state = await uiState(f, options);
  // A long-lived process that runs uploads of any size: its heap is kept close to what it holds.
  keepHeapTight();
  const words = uiTerminalWords(terminalLang(f.env));
  const { buildUi } = await import('../../ui/build-ui.js');
  const app = await buildUi({
    state,
    onError: (error) =>
      f.io.stderr.write(
        isDiskFull(error)
          ? `${words.diskFull((error as Error).message)}\n`
          : `${unexpectedLines('internal error', error, f.globals.verbose === true).join('\n')}\n`,
      ),
  });
  let opened: string | undefined;
  const stopped = new Promise<void>((resolve) => {
    let signals = 0;
    f.interrupts.onInterrupt((signal) => {
      signals += 1;
      const running = state.sessions.all().filter((session) => session.running);
      if (signals > 2) {
        f.io.stderr.write(`${words.stopNow}\n`);
        process.exit(EXIT.interrupted);
      }
      for (const session of running) session.stopHub.stop();
      if (signals > 1) return;
      f.log.info(words.stopping(signal, running.length));
      void Promise.allSettled(state.sessions.all().map((session) => session.sending))
        .then(() => closeWithin(app, CLOSE_GRACE_MS))
        .then(() => state.sessions.close())
        .then(() => state.catalog.close())
        .then(() => state.marketplaces.close())
        .then(() => (opened ? rm(opened, { force: true }) : undefined))
        .then(resolve, resolve);
    });
  });
  try {
    await listen(app, options.port, state.auth.port);
  } catch (error) {
    await app.close();
    state.catalog.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  if (options.port !== 0) state.auth.port = port;
  const page = `http://127.0.0.1:${port}${state.auth.base}`;
  const url = `${page}?token=${state.auth.newToken()}`;
  if ((await f.settings()).output.value === 'json')
    f.io.stdout.write(`${JSON.stringify({ url, address: page })}\n`);
  else {
    f.io.stdout.write(`${words.ready(page)}\n${words.signIn(url)}\n`);
    f.io.stdout.write(`${words.working(state.profile.name, state.profile.baseUrl)}\n`);
  }
  if (options.open) opened = await openBrowser(f, join(state.sessions.root, '..'), url);
  await stopped;
  f.log.info(words.stopped);
}

export function newUiCommand(
  f: Factory,
  runF: (options: UiOptions, f: Factory) => Promise<void> = uiRun,
): Command {
  return new Command('ui')
    .description(
      'Upload in the browser: a local page on 127.0.0.1 with the checks, fixes, progress and history',
    )
    .option(
      '--port <port>',
      'port to listen on (default: the one it had last time, else the first free from 8765; 0: any)',
    )
    .option('--no-open', 'print the address without opening a browser')
    .option('--keep-days <n>', 'days to keep each upload’s results and rows to fix', '14')
    .option('--sign-out', 'sign every browser out first (each needs the new address then)')
    .addHelpText(
      'after',
      examples('intake ui', 'intake ui --profile shop-b', 'intake ui --port 8765 --no-open'),
    )
    .action((flags: { port?: string; open: boolean; keepDays: string; signOut?: boolean }) =>
      runF(
        {
          port: flags.port === undefined ? undefined : wholeNumber('--port', flags.port, { max: 65535 }),
          open: flags.open,
          keepDays: wholeNumber('--keep-days', flags.keepDays, { min: 1, max: 3650 }),
          signOut: flags.signOut === true,
        },
        f,
      ),
    );
}

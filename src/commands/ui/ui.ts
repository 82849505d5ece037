import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Command } from 'commander';
import { ApiError, NetworkError } from '../../client/errors.js';
import { AuthError, EXIT, UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { dataDir } from '../../cli/paths.js';
import { wholeNumber } from '../../cli/values.js';
import { unexpectedLines } from '../../cli/report-error.js';
import { keepHeapTight } from '../../util/heap.js';
import type { UiState } from '../../ui/state.js';
import type { ProfileView, StatusView } from '../../ui/views.js';

export interface UiOptions {
  port: number;
  open: boolean;
}

/** Who the page works as: the profile (or the environment's credentials), its service and key. */
async function profileView(f: Factory): Promise<ProfileView> {
  const settings = await f.settings();
  const fromEnv = settings.accessKeyId?.source === 'env' || settings.secretAccessKey?.source === 'env';
  const profile = (await f.config()).profile(settings.profile.value);
  return {
    name: fromEnv ? '(environment)' : settings.profile.value,
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

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The connection page: the credentials checked as `auth status` does, the service's health and queue. */
async function statusOf(f: Factory, profile: ProfileView): Promise<StatusView> {
  const known = (error: unknown) =>
    error instanceof AuthError || error instanceof NetworkError || error instanceof ApiError;
  const [credentials, health, queue] = await Promise.all([
    f
      .apiClient()
      .then((client) => client.checkCredentials())
      .then((result) => ({ valid: result.is_valid, reason: result.reason }))
      .catch((error: unknown) => {
        if (error instanceof AuthError) return { valid: false, reason: error.message };
        if (known(error)) return { error: reasonOf(error) };
        throw error;
      }),
    f
      .apiClient({ auth: 'optional' })
      .then((client) => client.health())
      .then((result) => result.status)
      .catch((error: unknown) => {
        if (known(error)) return reasonOf(error);
        throw error;
      }),
    f
      .apiClient()
      .then((client) => client.shipmentQueueStatus())
      .then((result) => String(result.count))
      .catch((error: unknown) => {
        if (known(error)) return reasonOf(error);
        throw error;
      }),
  ]);
  return { profile, credentials, health, queue };
}

/** What the page draws on, from the Factory: the client, the ledger, the carriers, the profile. */
async function uiState(f: Factory): Promise<UiState> {
  const [{ SessionStore }, { ledgerTargetIfAny }, { loadCarriers }, { MAX_INPUT_BYTES }] = await Promise.all([
    import('../../ui/sessions.js'),
    import('../../cli/ledger-target.js'),
    import('../../cli/carriers.js'),
    import('../../bulk/read/source.js'),
  ]);
  const dir = dataDir(f.env);
  const sessions = new SessionStore(join(dir, 'ui'));
  await sessions.prepare();
  const profile = await profileView(f);
  return {
    sessions,
    services: {
      client: (patient) => f.apiClient({ patient }),
      ledger: { dir, target: await ledgerTargetIfAny(f) },
      carriers: () => loadCarriers(f, undefined),
    },
    profile,
    status: () => statusOf(f, profile),
    maxBytes: MAX_INPUT_BYTES,
  };
}

/**
 * Starts the page on 127.0.0.1, prints its address (with the token that signs a browser in) and opens
 * the browser. Stopping it (Ctrl-C) stops uploads in progress as the CLI does, waits for them, and
 * removes the files received (but those of uploads to resume).
 */
export async function uiRun(options: UiOptions, f: Factory): Promise<void> {
  const settings = await f.settings();
  if (settings.baseUrlError) throw settings.baseUrlError;
  const state = await uiState(f);
  // A long-lived process that runs uploads of any size: its heap is kept close to what it holds.
  keepHeapTight();
  const { buildUi } = await import('../../ui/build-ui.js');
  const token = randomBytes(24).toString('base64url');
  const app = await buildUi({
    state,
    token,
    onError: (error) =>
      f.io.stderr.write(
        `${unexpectedLines('internal error', error, f.globals.verbose === true).join('\n')}\n`,
      ),
  });
  const stopped = new Promise<void>((resolve) => {
    let signals = 0;
    f.interrupts.onInterrupt((signal) => {
      signals += 1;
      const running = state.sessions.all().filter((session) => session.running);
      if (signals > 2) {
        f.io.stderr.write('Third signal: stopping now.\n');
        process.exit(EXIT.interrupted);
      }
      for (const session of running) session.stopHub.stop();
      if (signals > 1) return;
      f.log.info(
        running.length > 0
          ? `${signal}: stopping ${running.length} upload(s) as Ctrl-C does (requests on their way finish; again to abort them)…`
          : `${signal}: closing…`,
      );
      void Promise.allSettled(state.sessions.all().map((session) => session.sending))
        .then(() => app.close())
        .then(() => state.sessions.close())
        .then(resolve);
    });
  });
  try {
    await app.listen({ host: '127.0.0.1', port: options.port });
  } catch (error) {
    await app.close();
    throw new UsageError(
      `cannot listen on 127.0.0.1:${options.port}: ${(error as { code?: string }).code ?? String(error)}`,
    );
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://127.0.0.1:${port}/?token=${token}`;
  if ((await f.settings()).output.value === 'json') f.io.stdout.write(`${JSON.stringify({ url })}\n`);
  else {
    f.io.stdout.write(`Intake is ready at ${url}\n`);
    f.io.stdout.write(`Profile ${state.profile.name}, service ${state.profile.baseUrl}. Ctrl-C stops it.\n`);
  }
  if (options.open) {
    try {
      const { default: open } = await import('open');
      await open(url);
    } catch (error) {
      f.log.warn(`cannot open a browser (${reasonOf(error)}): open the address above`);
    }
  }
  await stopped;
  f.log.info('Stopped.');
}

export function newUiCommand(
  f: Factory,
  runF: (options: UiOptions, f: Factory) => Promise<void> = uiRun,
): Command {
  return new Command('ui')
    .description(
      'Upload in the browser: a local page on 127.0.0.1 with the checks, fixes, progress and history',
    )
    .option('--port <port>', 'port to listen on (default: a free one)', '0')
    .option('--no-open', 'print the address without opening a browser')
    .addHelpText(
      'after',
      examples('intake ui', 'intake ui --profile shop-b', 'intake ui --port 8765 --no-open'),
    )
    .action((flags: { port: string; open: boolean }) =>
      runF({ port: wholeNumber('--port', flags.port, { max: 65535 }), open: flags.open }, f),
    );
}

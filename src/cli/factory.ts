import type { Dispatcher } from 'undici';
import type { ApiClient } from '../client/api-client.js';
import type { AttemptReport } from '../client/http.js';
import type { RetryPolicy } from '../client/retry.js';
import type { ServiceProbe } from '../client/probe.js';
import type { Credentials } from '../contract/auth.js';
import type { ConfigStore } from './config-store.js';
import { AuthError } from './errors.js';
import type { Interrupts } from './interrupts.js';
import { colorEnabled, colors, type IOStreams, type Palette } from './io.js';
import { inquirerPrompter, type Prompter } from './prompter.js';
import type { Query } from './query.js';
import type { Keychain } from './secrets.js';
import type { GlobalOptions, Settings } from './settings.js';
import { terminalLang } from '../util/terminal-lang.js';

export type Env = Readonly<Record<string, string | undefined>>;

/** What a run is given from outside: streams, environment, and for tests, stand-ins for the network edge. */
export interface FactoryDeps {
  io: IOStreams;
  env: Env;
  version: string;
  interrupts: Interrupts;
  now?: () => Date;
  /** Used instead of the client's own agent (a test's MockAgent or fault proxy setup). */
  dispatcher?: Dispatcher;
  retry?: RetryPolicy;
  /** How an upload retries its records (default `PATIENT_RETRY`: a minute). */
  patientRetry?: RetryPolicy;
  /** The jitter of retry waits. */
  random?: () => number;
  prompter?: Prompter;
}

/** Messages for people, on stderr: `info` unless `--quiet`, `verbose` only with `--verbose`. */
export interface Logger {
  info(line: string): void;
  warn(line: string): void;
  verbose(line: string): void;
}

/**
 * What commands need, built fresh for each run. Everything that costs something (the config file, the
 * HTTP client, the prompt library, and the modules behind them) is loaded on first use, so `--help` stays
 * fast and a command that never calls the service never needs credentials. `globals` is filled in from
 * the command line just before the command runs.
 */
export interface Factory {
  readonly io: IOStreams;
  readonly env: Env;
  readonly version: string;
  readonly interrupts: Interrupts;
  globals: GlobalOptions;
  /** `--query`, compiled; set from the command line before the command runs. */
  query: Query | undefined;
  now(): Date;
  config(): Promise<ConfigStore>;
  settings(): Promise<Settings>;
  /** Colours for stdout and stderr, honouring NO_COLOR, FORCE_COLOR, `--no-color` and terminals. */
  colors(): { out: Palette; err: Palette };
  log: Logger;
  /** The resolved credentials (the secret from the OS keychain if kept there); fails with what to do when there are none. */
  credentials(): Promise<Credentials>;
  /**
   * The OS keychain, or why it cannot be used; opened on first use. `probe` makes sure it can store a
   * secret (a write and a removal); without, a lookup only tells "nothing there".
   */
  keychain(options?: { probe: boolean }): Promise<{ keychain: Keychain } | { unavailable: string }>;
  /**
   * The service client with the resolved credentials; `auth: 'required'` fails without them. A
   * `patient` client retries its creates and corrections for a minute (an upload's records).
   */
  apiClient(options?: { auth?: 'required' | 'optional'; patient?: boolean }): Promise<ApiClient>;
  /** A client for explicit settings (`intake login` checks credentials before saving them). */
  apiClientFor(
    baseUrl: string,
    credentials: Credentials | undefined,
    options?: { patient?: boolean },
  ): Promise<ApiClient>;
  /**
   * The service's one-shot checks (health, the credentials, the shipment queue) for a command that asks
   * one and ends: starts in a few milliseconds (Node's HTTP, no schema library), with the settings'
   * credentials (`auth: 'optional'` sends none when there are none).
   */
  probe(options?: { auth?: 'required' | 'optional' }): Promise<ServiceProbe>;
  /** The same for explicit settings (`intake auth status` checks every profile). */
  probeFor(baseUrl: string, credentials: Credentials | undefined): Promise<ServiceProbe>;
  prompter(): Promise<Prompter>;
  /** Releases what the run opened (keep-alive connections). */
  close(): Promise<void>;
}

function formatAttempt(report: AttemptReport): string {
  const outcome = report.status !== undefined ? String(report.status) : `failed: ${report.error}`;
  const retry =
    report.retryInMs === undefined
      ? ''
      : ` (retry ${report.attempt + 1}/${report.attempts} in ${Math.round(report.retryInMs)}ms)`;
  const attempt = report.attempts > 1 && report.attempt > 1 ? ` [attempt ${report.attempt}]` : '';
  const headers = Object.entries(report.headers)
    .map(([name, value]) => `\n    ${name}: ${value}`)
    .join('');
  return `> ${report.method} ${report.url}${attempt}${headers}\n< ${outcome} ${Math.round(report.ms)}ms${retry}`;
}

export function createFactory(deps: FactoryDeps): Factory {
  // Long because it is the factory: one lazy getter per dependency a command may ask for, each a few lines.
  let store: Promise<ConfigStore> | undefined;
  let settings: Promise<Settings> | undefined;
  let palette: { out: Palette; err: Palette } | undefined;
  const keychains = new Map<boolean, Promise<{ keychain: Keychain } | { unavailable: string }>>();
  const clients: ApiClient[] = [];

  const factory: Factory = {
    io: deps.io,
    env: deps.env,
    version: deps.version,
    interrupts: deps.interrupts,
    globals: {},
    query: undefined,
    now: deps.now ?? (() => new Date()),
    config: () =>
      (store ??= import('./config-store.js').then(
        ({ ConfigStore, configDir }) => new ConfigStore(configDir(deps.env)),
      )),
    settings: () =>
      (settings ??= Promise.all([import('./settings.js'), factory.config()]).then(
        ([{ resolveSettings }, config]) => resolveSettings(factory.globals, deps.env, config),
      )),
    colors: () =>
      (palette ??= {
        out: colors(colorEnabled(deps.io.stdout, deps.env, factory.globals.color)),
        err: colors(colorEnabled(deps.io.stderr, deps.env, factory.globals.color)),
      }),
    log: {
      info: (line) => {
        if (!factory.globals.quiet) deps.io.stderr.write(`${line}\n`);
      },
      // As git says them at a Korean terminal: 경고 (warning).
      warn: (line) =>
        deps.io.stderr.write(
          `${factory.colors().err.yellow(terminalLang(deps.env) === 'ko' ? '경고:' : 'warning:')} ${line}\n`,
        ),
      verbose: (line) => {
        if (factory.globals.verbose) deps.io.stderr.write(`${factory.colors().err.dim(line)}\n`);
      },
    },
    apiClientFor: async (baseUrl, credentials, { patient = false } = {}) => {
      const [{ ApiClient }, { HttpClient }, { basicAuthorization }, { PATIENT_RETRY }, resolved] =
        await Promise.all([
          import('../client/api-client.js'),
          import('../client/http.js'),
          import('../contract/auth.js'),
          import('../client/retry.js'),
          factory.settings(),
        ]);
      const client = new ApiClient(
        new HttpClient({
          baseUrl,
          authorization: credentials ? basicAuthorization(credentials) : undefined,
          timeoutMs: resolved.timeoutMs.value,
          userAgent: `intake-cli/${deps.version}`,
          ...(deps.retry ? { retry: deps.retry } : {}),
          ...(deps.random ? { random: deps.random } : {}),
          ...(deps.dispatcher ? { dispatcher: deps.dispatcher } : {}),
          onAttempt: (report) => {
            if (factory.globals.verbose) factory.log.verbose(formatAttempt(report));
          },
        }),
        patient ? { writeRetry: deps.patientRetry ?? PATIENT_RETRY } : {},
      );
      clients.push(client);
      return client;
    },
    keychain: ({ probe } = { probe: false }) => {
      let opened = keychains.get(probe);
      if (!opened) {
        opened = import('./secrets.js').then(({ openKeychain }) => openKeychain(deps.env, { probe }));
        keychains.set(probe, opened);
        // A keychain that did not answer is asked again next time: `intake ui` lives on while its
        // owner unlocks it.
        const asked = opened;
        const forget = () => {
          if (keychains.get(probe) === asked) keychains.delete(probe);
        };
        void asked.then((result) => ('unavailable' in result ? forget() : undefined), forget);
      }
      return opened;
    },
    credentials: async () => {
      const resolved = await factory.settings();
      const accessKeyId = resolved.accessKeyId?.value;
      let secretAccessKey = resolved.secretAccessKey?.value;
      if (accessKeyId !== undefined && secretAccessKey === undefined && resolved.secretInKeychain) {
        secretAccessKey = await secretFromKeychain(factory, resolved);
      }
      if (accessKeyId === undefined || secretAccessKey === undefined) throw missingCredentials(resolved);
      return { accessKeyId, secretAccessKey };
    },
    apiClient: async ({ auth = 'required', patient = false } = {}) => {
      const resolved = await factory.settings();
      if (resolved.baseUrlError) throw resolved.baseUrlError;
      if (auth === 'optional' && (!resolved.accessKeyId || !resolved.secretAccessKey)) {
        return factory.apiClientFor(resolved.baseUrl.value, undefined, { patient });
      }
      return factory.apiClientFor(resolved.baseUrl.value, await factory.credentials(), { patient });
    },
    probeFor: async (baseUrl, credentials) => {
      const [{ ServiceProbe }, { basicAuthorization }, resolved] = await Promise.all([
        import('../client/probe.js'),
        import('../contract/auth.js'),
        factory.settings(),
      ]);
      return new ServiceProbe({
        baseUrl,
        authorization: credentials ? basicAuthorization(credentials) : undefined,
        timeoutMs: resolved.timeoutMs.value,
        userAgent: `intake-cli/${deps.version}`,
        ...(deps.retry ? { retry: deps.retry } : {}),
        ...(deps.random ? { random: deps.random } : {}),
        onAttempt: (report) => {
          if (factory.globals.verbose) factory.log.verbose(formatAttempt(report));
        },
      });
    },
    probe: async ({ auth = 'required' } = {}) => {
      const resolved = await factory.settings();
      if (resolved.baseUrlError) throw resolved.baseUrlError;
      if (auth === 'optional' && (!resolved.accessKeyId || !resolved.secretAccessKey))
        return factory.probeFor(resolved.baseUrl.value, undefined);
      return factory.probeFor(resolved.baseUrl.value, await factory.credentials());
    },
    prompter: async () => deps.prompter ?? inquirerPrompter(deps.io),
    close: async () => {
      await Promise.all(clients.map((client) => client.close()));
    },
  };
  return factory;
}

async function secretFromKeychain(f: Factory, settings: Settings): Promise<string> {
  const where = settings.secretInKeychain as NonNullable<Settings['secretInKeychain']>;
  const opened = await f.keychain();
  const again = `Store it again with: intake login${settings.profile.source === 'flag' ? ` --profile ${settings.profile.value}` : ''}`;
  if ('unavailable' in opened) {
    throw new AuthError(
      `the secret of profile "${settings.profile.value}" is in the OS keychain, which cannot be read: ${opened.unavailable}`,
      [again],
    );
  }
  let secret: string | undefined;
  try {
    secret = await opened.keychain.get(where.account);
  } catch (error) {
    throw new AuthError(
      `cannot read the secret of profile "${settings.profile.value}" from ${opened.keychain.name}: ${(error as Error).message}`,
      [again],
    );
  }
  if (secret === undefined) {
    throw new AuthError(
      `the secret of profile "${settings.profile.value}" is missing from ${opened.keychain.name}`,
      [again],
    );
  }
  return secret;
}

function missingCredentials(settings: Settings): AuthError {
  const which =
    settings.accessKeyId?.source === 'env' || settings.secretAccessKey?.source === 'env'
      ? `INTAKE_${settings.accessKeyId ? 'SECRET_ACCESS_KEY' : 'ACCESS_KEY_ID'} is not set (the other one is)`
      : settings.profileExists
        ? `profile "${settings.profile.value}" has no credentials`
        : `no credentials: profile "${settings.profile.value}" does not exist and INTAKE_ACCESS_KEY_ID is not set`;
  return new AuthError(which, [
    `Run: intake login${settings.profile.source === 'flag' ? ` --profile ${settings.profile.value}` : ''}`,
    'or set INTAKE_ACCESS_KEY_ID and INTAKE_SECRET_ACCESS_KEY.',
  ]);
}

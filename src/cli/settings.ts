import { parseDuration } from '../util/duration.js';
import type { ConfigStore, Profile } from './config-store.js';
import { UsageError } from './errors.js';
import { keychainAccount } from './secrets.js';
import { OUTPUT_FORMATS, type OutputFormat } from './global-options.js';
import { API_PATH, isHttpUrl, withSchemeGuessed } from './values.js';

export { OUTPUT_FORMATS, type OutputFormat };

/** The options every command takes (see `global-options.ts`). */
export interface GlobalOptions {
  profile?: string;
  baseUrl?: string;
  sandbox?: boolean;
  output?: string;
  json?: boolean;
  verbose?: boolean;
  quiet?: boolean;
  color?: boolean;
  timeout?: string;
  query?: string;
}

export type Source = 'flag' | 'env' | 'profile' | 'keychain' | 'default';

/** An effective setting and where it came from (`--base-url`, `INTAKE_BASE_URL`, `profile "work"`, ...). */
export interface Setting<T> {
  value: T;
  source: Source;
  origin: string;
}

export interface Settings {
  profile: Setting<string>;
  /** Whether the profile exists in the config store. */
  profileExists: boolean;
  baseUrl: Setting<string>;
  /** Why the base URL cannot be used, if it cannot; commands that call the service throw it. */
  baseUrlError?: UsageError;
  accessKeyId: Setting<string> | undefined;
  /** The secret when it is at hand (environment, config file); see `secretInKeychain` otherwise. */
  secretAccessKey: Setting<string> | undefined;
  /** Where the profile's secret is kept in the OS keychain, when it is kept there. */
  secretInKeychain: { account: string; origin: string } | undefined;
  output: Setting<OutputFormat>;
  timeoutMs: Setting<number>;
  /** A carriers file the profile names (`intake config set carriers FILE`). */
  carriers: Setting<string> | undefined;
}

/** The profile used when none is chosen. */
export const DEFAULT_PROFILE = 'default';

/** Where the local service listens by default, and so where the CLI looks when nothing else is set. */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080';
export const DEFAULT_TIMEOUT_MS = 30_000;

type Env = Readonly<Record<string, string | undefined>>;

function firstOf<T>(...candidates: (Setting<T> | undefined)[]): Setting<T> | undefined {
  return candidates.find((candidate) => candidate !== undefined);
}

const fromFlag = <T>(value: T | undefined, flag: string): Setting<T> | undefined =>
  value === undefined ? undefined : { value, source: 'flag', origin: flag };
const fromEnv = (env: Env, name: string): Setting<string> | undefined => {
  const value = env[name];
  return value === undefined || value === '' ? undefined : { value, source: 'env', origin: name };
};
const fromProfile = (
  profile: Profile | undefined,
  key: keyof Profile,
  name: string,
): Setting<string> | undefined => {
  const value = profile?.[key];
  return value === undefined ? undefined : { value, source: 'profile', origin: `profile "${name}"` };
};

/** What is wrong with a base URL, if anything: not http(s), or the API's path given with it. */
export function baseUrlProblem(value: string, origin: string): UsageError | undefined {
  if (!isHttpUrl(value)) {
    const meant = withSchemeGuessed(value);
    return new UsageError(
      `base URL "${value}" (from ${origin}) is not an http:// or https:// URL`,
      meant === undefined ? [] : [`Did you mean ${meant}?`],
    );
  }
  const url = new URL(value);
  if (url.username !== '' || url.password !== '') {
    // Said without them: an error line is often pasted or logged.
    url.username = '';
    url.password = '';
    return new UsageError(`base URL (from ${origin}) has a user name or password in it`, [
      `Give the service's address without them: ${url.href.replace(/\/$/, '')}`,
      'The credentials go in intake login, or INTAKE_ACCESS_KEY_ID and INTAKE_SECRET_ACCESS_KEY.',
    ]);
  }
  if (API_PATH.test(url.pathname)) {
    const without = `${url.origin}${url.pathname.replace(API_PATH, '')}`;
    return new UsageError(`base URL "${value}" (from ${origin}) ends in /api/v1`, [
      `Give the service's address without it: ${without} (intake adds /api/v1/... to every request).`,
    ]);
  }
  return undefined;
}

/**
 * Resolves every setting: flag, then environment, then the selected profile, then the default. An
 * explicit `--profile` beats credentials from the environment, since naming a profile says which
 * credentials to use.
 */
export function resolveSettings(globals: GlobalOptions, env: Env, store: ConfigStore): Settings {
  // Long because it resolves every setting in one place, one short line of precedence each (flag,
  // environment, profile, default).
  const profile =
    firstOf(fromFlag(globals.profile, '--profile'), fromEnv(env, 'INTAKE_PROFILE')) ??
    (store.currentProfile() === undefined
      ? { value: DEFAULT_PROFILE, source: 'default' as const, origin: 'default' }
      : { value: store.currentProfile() as string, source: 'profile' as const, origin: 'intake config use' });
  const stored = store.profile(profile.value);

  let sandbox: Setting<string> | undefined;
  if (globals.sandbox) {
    const url = stored?.sandbox_base_url;
    if (url === undefined) {
      throw new UsageError(`profile "${profile.value}" has no sandbox_base_url`, [
        `Set one with: intake config set sandbox_base_url <url>${profile.source === 'flag' ? ` --profile ${profile.value}` : ''}`,
      ]);
    }
    sandbox = { value: url, source: 'flag', origin: `--sandbox (profile "${profile.value}")` };
  }
  const baseUrl = firstOf(
    fromFlag(globals.baseUrl, '--base-url'),
    sandbox,
    fromEnv(env, 'INTAKE_BASE_URL'),
    fromProfile(stored, 'base_url', profile.value),
  ) ?? { value: DEFAULT_BASE_URL, source: 'default', origin: 'default' };
  // Said when the service is to be called, so that `intake config` can still mend a bad address.
  const baseUrlError = baseUrlProblem(baseUrl.value, baseUrl.origin);

  const envCredentials =
    profile.source !== 'flag' && (env.INTAKE_ACCESS_KEY_ID || env.INTAKE_SECRET_ACCESS_KEY);
  const accessKeyId = envCredentials
    ? fromEnv(env, 'INTAKE_ACCESS_KEY_ID')
    : fromProfile(stored, 'access_key_id', profile.value);
  const inKeychain = !envCredentials && stored?.secret_storage === 'keychain' && accessKeyId !== undefined;
  const secretAccessKey = envCredentials
    ? fromEnv(env, 'INTAKE_SECRET_ACCESS_KEY')
    : inKeychain
      ? undefined
      : fromProfile(stored, 'secret_access_key', profile.value);
  const secretInKeychain = inKeychain
    ? {
        account: keychainAccount(profile.value, accessKeyId.value),
        origin: `the OS keychain (profile "${profile.value}")`,
      }
    : undefined;

  const outputFlag = globals.json ? 'json' : globals.output;
  const output = firstOf(
    fromFlag(outputFlag, globals.json ? '--json' : '--output'),
    fromProfile(stored, 'output', profile.value),
  ) ?? { value: 'table', source: 'default', origin: 'default' };
  if (!(OUTPUT_FORMATS as readonly string[]).includes(output.value)) {
    throw new UsageError(
      `output format "${output.value}" (from ${output.origin}) is not one of ${OUTPUT_FORMATS.join(', ')}`,
    );
  }

  const timeoutText = firstOf(
    fromFlag(globals.timeout, '--timeout'),
    fromProfile(stored, 'timeout', profile.value),
  );
  let timeoutMs: Setting<number> = { value: DEFAULT_TIMEOUT_MS, source: 'default', origin: 'default' };
  if (timeoutText) {
    const ms = parseDuration(timeoutText.value);
    if (ms === undefined || ms <= 0) {
      throw new UsageError(
        `timeout "${timeoutText.value}" (from ${timeoutText.origin}) is not a duration such as 30s or 2m`,
      );
    }
    timeoutMs = { ...timeoutText, value: ms };
  }

  return {
    profile,
    profileExists: stored !== undefined,
    baseUrl,
    ...(baseUrlError ? { baseUrlError } : {}),
    accessKeyId,
    secretAccessKey,
    secretInKeychain,
    output: output as Setting<OutputFormat>,
    timeoutMs,
    carriers: fromProfile(stored, 'carriers', profile.value),
  };
}

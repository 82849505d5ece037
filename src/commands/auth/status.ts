import { Command } from 'commander';
import { ApiError, NetworkError } from '../../client/errors.js';
import { AuthError, EXIT, ExitCode } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';
import type { ConfigStore } from '../../cli/config-store.js';
import type { Settings } from '../../cli/settings.js';
import { NO_CREDENTIALS, supportWords, type MarketplaceSource } from '../../cli/support-words.js';

export type AuthStatusOptions = Record<string, never>;

/** The row of credentials from the environment, in the profile column. */
const ENVIRONMENT_ROW = '(environment)';

/** A set of credentials and whether the service takes them. */
export interface CredentialStatus {
  profile: string;
  /** The credentials the next command would use. */
  selected: boolean;
  base_url: string;
  access_key_id: string | null;
  /** Where the secret is kept: the keychain, the config file, the environment, or nowhere. */
  secret_from: 'keychain' | 'file' | 'environment' | 'none';
  valid: boolean | null;
  reason: string;
}

/** Why a check did not say valid or not: no usable credentials, no service, or the service failed. */
type Unchecked = 'credentials' | 'unreachable' | 'failed';

interface Verdict {
  valid: boolean | null;
  reason: string;
  unchecked?: Unchecked;
}

async function checkOne(
  f: Factory,
  baseUrl: string,
  credentials: () => Promise<{ accessKeyId: string; secretAccessKey: string }>,
): Promise<Verdict> {
  try {
    const result = await (await f.probeFor(baseUrl, await credentials())).checkCredentials();
    return { valid: result.is_valid, reason: result.reason };
  } catch (error) {
    if (error instanceof AuthError) return { valid: null, reason: error.message, unchecked: 'credentials' };
    if (error instanceof NetworkError)
      return { valid: null, reason: error.message, unchecked: 'unreachable' };
    if (error instanceof ApiError) return { valid: null, reason: error.message, unchecked: 'failed' };
    throw error;
  }
}

/** The exit code of the selected credentials' check, as every other command would end with them. */
function exitCodeOf(verdict: Verdict | undefined): number {
  if (!verdict) return EXIT.auth;
  if (verdict.valid === true) return EXIT.ok;
  if (verdict.unchecked === 'unreachable') return EXIT.unreachable;
  if (verdict.unchecked === 'failed') return EXIT.failure;
  return EXIT.auth;
}

type Checked = CredentialStatus & { unchecked?: Unchecked };

/** One profile's row: where its secret is kept, and (when it has credentials) whether the service takes them. */
function profileCheck(
  f: Factory,
  settings: Settings,
  store: ConfigStore,
  name: string,
  fromEnv: boolean,
): Promise<Checked> {
  const profile = store.profile(name) ?? {};
  const selected = !fromEnv && name === settings.profile.value;
  // The selected profile is checked where commands would send (a flag or the environment may say).
  const baseUrl = selected ? settings.baseUrl.value : (profile.base_url ?? settings.baseUrl.value);
  const secretFrom =
    profile.secret_storage === 'keychain' ? 'keychain' : profile.secret_access_key ? 'file' : 'none';
  const base = {
    profile: name,
    selected,
    base_url: baseUrl,
    access_key_id: profile.access_key_id ?? null,
    secret_from: secretFrom,
  } as const;
  if (!profile.access_key_id || secretFrom === 'none')
    return Promise.resolve({ ...base, valid: null, reason: NO_CREDENTIALS, unchecked: 'credentials' });
  const credentials = async () => {
    const { resolveSettings } = await import('../../cli/settings.js');
    const own = resolveSettings({ profile: name }, {}, store);
    if (own.secretAccessKey)
      return { accessKeyId: profile.access_key_id as string, secretAccessKey: own.secretAccessKey.value };
    return secretOf(f, name, profile.access_key_id as string);
  };
  return checkOne(f, baseUrl, credentials).then((verdict) => ({ ...base, ...verdict }));
}

/**
 * Every profile, and credentials from the environment, with where the secret is kept and whether the
 * service takes them (all asked at once). Exits 3 when the selected credentials are not valid.
 */
export async function authStatusRun(_options: AuthStatusOptions, f: Factory): Promise<void> {
  const settings = await f.settings();
  const store = await f.config();
  // Either variable set makes the environment the credentials' source, for every command.
  const fromEnv = settings.accessKeyId?.source === 'env' || settings.secretAccessKey?.source === 'env';
  const checks: Promise<Checked>[] = [];
  if (fromEnv) {
    checks.push(
      checkOne(f, settings.baseUrl.value, () => f.credentials()).then((verdict) => ({
        profile: ENVIRONMENT_ROW,
        selected: true,
        base_url: settings.baseUrl.value,
        access_key_id: settings.accessKeyId?.value ?? null,
        secret_from: settings.secretAccessKey ? 'environment' : 'none',
        ...verdict,
      })),
    );
  }
  for (const name of store.profileNames()) checks.push(profileCheck(f, settings, store, name, fromEnv));
  // The keychain and the marketplaces are asked while the service answers (each is a round trip); one
  // Promise.all, so that a failure of any is the command's, and none is left unhandled.
  const [checked, keychain, marketplaces] = await Promise.all([
    Promise.all(checks),
    f.keychain({ probe: true }),
    marketplaceSources(f),
  ]);
  const rows: CredentialStatus[] = checked.map(({ unchecked: _unchecked, ...row }) => row);
  const words = await supportWords(f);
  await writeData(f, {
    json: rows,
    rows,
    columns: [
      { header: 'selected', value: (row) => (row.selected ? '*' : '') },
      {
        header: 'profile',
        value: (row) => row.profile,
        // A profile's own name stays as it is; only the environment's row is named.
        shown: (row) => (row.profile === ENVIRONMENT_ROW ? words.cell(row.profile) : row.profile),
      },
      { header: 'base_url', value: (row) => row.base_url },
      { header: 'access_key_id', value: (row) => row.access_key_id },
      { header: 'secret_from', value: (row) => row.secret_from, shown: (row) => words.cell(row.secret_from) },
      { header: 'valid', value: (row) => row.valid, shown: (row) => words.cell(row.valid) },
      { header: 'reason', value: (row) => row.reason, shown: (row) => words.reason(row.reason) },
    ],
  });
  f.log.info(
    'keychain' in keychain
      ? words.secrets(keychain.keychain.name, undefined, store.path)
      : words.secrets(undefined, keychain.unavailable, store.path),
  );
  f.log.info(words.marketplaces(marketplaces));
  const selected = checked.find((row) => row.selected);
  if (!selected) f.log.info(words.noneSelected(settings.profile.value));
  const code = exitCodeOf(selected);
  if (code !== EXIT.ok) throw new ExitCode(code);
}

/** Where the selected profile's marketplace credentials come from (not checked: `intake marketplace status`). */
async function marketplaceSources(f: Factory): Promise<MarketplaceSource[]> {
  const [{ keptKeys }, { MARKETPLACES }] = await Promise.all([
    import('../../cli/marketplace-credentials.js'),
    import('../../marketplaces/names.js'),
  ]);
  return Promise.all(
    MARKETPLACES.map(async (marketplace) => {
      const kept = await keptKeys(f, marketplace);
      return 'unreadable' in kept
        ? { marketplace, origin: undefined, unreadable: kept.unreadable.keychain }
        : { marketplace, origin: kept.found?.origin };
    }),
  );
}

async function secretOf(f: Factory, profile: string, accessKeyId: string) {
  const { keychainAccount } = await import('../../cli/secrets.js');
  const opened = await f.keychain();
  if ('unavailable' in opened)
    throw new AuthError(`the secret is in the OS keychain, which cannot be read: ${opened.unavailable}`);
  const secretAccessKey = await opened.keychain.get(keychainAccount(profile, accessKeyId));
  if (secretAccessKey === undefined)
    throw new AuthError(`the secret is missing from ${opened.keychain.name}`);
  return { accessKeyId, secretAccessKey };
}

export function newAuthStatusCommand(
  f: Factory,
  runF: (options: AuthStatusOptions, f: Factory) => Promise<void> = authStatusRun,
): Command {
  return new Command('status')
    .description('Every profile: where its credentials come from and whether the service takes them')
    .addHelpText(
      'after',
      examples('intake auth status', 'intake auth status --json --query "[?valid==`false`].profile"'),
    )
    .action(() => runF({}, f));
}

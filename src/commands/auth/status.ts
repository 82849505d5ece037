import { Command } from 'commander';
import { ApiError, NetworkError } from '../../client/errors.js';
import { AuthError, EXIT, ExitCode } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';

export type AuthStatusOptions = Record<string, never>;

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

async function checkOne(
  f: Factory,
  baseUrl: string,
  credentials: () => Promise<{ accessKeyId: string; secretAccessKey: string }>,
) {
  try {
    const result = await (await f.apiClientFor(baseUrl, await credentials())).checkCredentials();
    return { valid: result.is_valid, reason: result.reason };
  } catch (error) {
    if (error instanceof NetworkError || error instanceof ApiError || error instanceof AuthError) {
      return { valid: null, reason: error.message };
    }
    throw error;
  }
}

/**
 * Every profile, and credentials from the environment, with where the secret is kept and whether the
 * service takes them (all asked at once). Exits 3 when the selected credentials are not valid.
 */
export async function authStatusRun(_options: AuthStatusOptions, f: Factory): Promise<void> {
  const settings = await f.settings();
  const store = await f.config();
  const fromEnv = settings.accessKeyId?.source === 'env';
  const checks: Promise<CredentialStatus>[] = [];
  if (fromEnv) {
    checks.push(
      checkOne(f, settings.baseUrl.value, () => f.credentials()).then((verdict) => ({
        profile: '(environment)',
        selected: true,
        base_url: settings.baseUrl.value,
        access_key_id: settings.accessKeyId?.value ?? null,
        secret_from: settings.secretAccessKey ? 'environment' : 'none',
        ...verdict,
      })),
    );
  }
  for (const name of store.profileNames()) {
    const profile = store.profile(name) ?? {};
    const baseUrl = profile.base_url ?? settings.baseUrl.value;
    const selected = !fromEnv && name === settings.profile.value;
    const secretFrom =
      profile.secret_storage === 'keychain' ? 'keychain' : profile.secret_access_key ? 'file' : 'none';
    const base = {
      profile: name,
      selected,
      base_url: baseUrl,
      access_key_id: profile.access_key_id ?? null,
      secret_from: secretFrom,
    } as const;
    if (!profile.access_key_id || secretFrom === 'none') {
      checks.push(Promise.resolve({ ...base, valid: null, reason: 'no credentials' }));
      continue;
    }
    const credentials = async () => {
      const { resolveSettings } = await import('../../cli/settings.js');
      const own = resolveSettings({ profile: name }, {}, store);
      if (own.secretAccessKey)
        return { accessKeyId: profile.access_key_id as string, secretAccessKey: own.secretAccessKey.value };
      return secretOf(f, name, profile.access_key_id as string);
    };
    checks.push(checkOne(f, baseUrl, credentials).then((verdict) => ({ ...base, ...verdict })));
  }
  const rows = await Promise.all(checks);
  await writeData(f, {
    json: rows,
    rows,
    columns: [
      { header: 'selected', value: (row) => (row.selected ? '*' : '') },
      { header: 'profile', value: (row) => row.profile },
      { header: 'base_url', value: (row) => row.base_url },
      { header: 'access_key_id', value: (row) => row.access_key_id },
      { header: 'secret_from', value: (row) => row.secret_from },
      { header: 'valid', value: (row) => row.valid },
      { header: 'reason', value: (row) => row.reason },
    ],
  });
  const keychain = await f.keychain({ probe: true });
  f.log.info(
    `Secrets: ${'keychain' in keychain ? keychain.keychain.name : `no keychain (${keychain.unavailable})`}; config file ${store.path}.`,
  );
  const selected = rows.find((row) => row.selected);
  if (selected && selected.valid !== true) throw new ExitCode(EXIT.auth);
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

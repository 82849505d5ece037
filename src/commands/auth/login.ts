import { Command } from 'commander';
import type { ApiClient } from '../../client/api-client.js';
import { NetworkError } from '../../client/errors.js';
import { AUTH_DETAILS } from '../../contract/auth.js';
import { AuthError, UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeRecord } from '../../cli/output.js';
import type { Prompter } from '../../cli/prompter.js';
import { keychainAccount } from '../../cli/secrets.js';
import { isHttpUrl, readSecret, withSchemeGuessed } from '../../cli/values.js';
import { loginWords, type SecretKept } from './login-words.js';

export interface LoginOptions {
  accessKeyId?: string;
  secretStdin: boolean;
  insecureStorage: boolean;
}

/** What a login asks for, and which of it to ask (again). */
interface Answers {
  baseUrl: string;
  accessKeyId: string;
  secret: string;
}
type Ask = Partial<Record<keyof Answers, boolean>>;

/** Which answers to ask again after the service refused them: only what failed. */
function askAgainFor(reason: string): Ask {
  if (reason === AUTH_DETAILS.wrongSecret) return { secret: true };
  if (reason === AUTH_DETAILS.unknownKey) return { accessKeyId: true };
  return { accessKeyId: true, secret: true };
}

const MAX_TRIES = 5;

/** The secret the profile holds now, from the file or the keychain, if it is for this access key id. */
async function storedSecret(f: Factory, profile: string, accessKeyId: string): Promise<string | undefined> {
  const stored = (await f.config()).profile(profile);
  if (!stored || stored.access_key_id !== accessKeyId) return undefined;
  if (stored.secret_storage !== 'keychain') return stored.secret_access_key;
  const opened = await f.keychain();
  if ('unavailable' in opened) return undefined;
  return opened.keychain.get(keychainAccount(profile, accessKeyId)).catch(() => undefined);
}

/** Asks what `ask` says, keeping the stored values on Enter (a stored secret is shown masked, never echoed). */
async function askFor(
  f: Factory,
  prompter: Prompter,
  profile: string,
  answers: Answers,
  ask: Ask,
): Promise<Answers> {
  const next = { ...answers };
  const words = loginWords(f);
  if (ask.baseUrl) {
    next.baseUrl = await prompter.input(words.baseUrl, {
      default: answers.baseUrl,
      validate: (value) => isHttpUrl(value) || words.baseUrlInvalid(withSchemeGuessed(value)),
    });
  }
  if (ask.accessKeyId) {
    next.accessKeyId = (
      await prompter.input(words.accessKeyId, {
        ...(answers.accessKeyId ? { default: answers.accessKeyId } : {}),
        validate: (value) => value.trim() !== '' || words.accessKeyIdEmpty,
      })
    ).trim();
  }
  if (ask.secret) {
    const kept = await storedSecret(f, profile, next.accessKeyId);
    const typed = await prompter.password(words.secret(kept !== undefined));
    next.secret = typed === '' && kept !== undefined ? kept : typed;
  }
  return next;
}

/** A verdict on credentials; `unreachable` when the service could not be asked (exit 5, not 3). */
type Verdict =
  { ok: true } | { ok: false; message: string; reason?: string; ask: Ask; unreachable?: NetworkError };

async function verify(f: Factory, answers: Answers): Promise<Verdict> {
  let client: ApiClient;
  try {
    client = await f.apiClientFor(answers.baseUrl, {
      accessKeyId: answers.accessKeyId,
      secretAccessKey: answers.secret,
    });
    const result = await client.checkCredentials();
    if (result.is_valid) return { ok: true };
    return {
      ok: false,
      message: `the service refused these credentials: ${result.reason}`,
      reason: result.reason,
      ask: askAgainFor(result.reason),
    };
  } catch (error) {
    if (error instanceof NetworkError)
      return { ok: false, message: error.message, ask: { baseUrl: true }, unreachable: error };
    throw error;
  }
}

/** Keeps the secret in the OS keychain, or (with `--insecure-storage`, or no keychain answering) the config file. */
async function storeCredentials(
  f: Factory,
  profile: string,
  answers: Answers,
  insecure: boolean,
): Promise<SecretKept> {
  const store = await f.config();
  const previous = store.profile(profile);
  const opened = insecure ? { unavailable: '--insecure-storage' } : await f.keychain({ probe: true });
  if ('keychain' in opened) {
    await opened.keychain.set(keychainAccount(profile, answers.accessKeyId), answers.secret);
    if (
      previous?.secret_storage === 'keychain' &&
      previous.access_key_id &&
      previous.access_key_id !== answers.accessKeyId
    ) {
      await opened.keychain.delete(keychainAccount(profile, previous.access_key_id)).catch(() => false);
    }
    await store.updateProfile(profile, {
      base_url: answers.baseUrl,
      access_key_id: answers.accessKeyId,
      secret_access_key: undefined,
      secret_storage: 'keychain',
    });
    return { keychain: opened.keychain.name };
  }
  await store.updateProfile(profile, {
    base_url: answers.baseUrl,
    access_key_id: answers.accessKeyId,
    secret_access_key: answers.secret,
    secret_storage: 'file',
  });
  return { file: store.path, unavailable: opened.unavailable };
}

/**
 * Checks credentials with the service and saves them in a profile. At a terminal it asks, keeping what
 * is stored on Enter and asking again only what the service refused; otherwise the secret comes from
 * standard input. Nothing is saved unless the service says the credentials are valid.
 */
export async function loginRun(options: LoginOptions, f: Factory): Promise<void> {
  const settings = await f.settings();
  const profileName = settings.profile.value;
  const stored = (await f.config()).profile(profileName);
  let answers: Answers = {
    baseUrl: settings.baseUrl.value,
    accessKeyId: options.accessKeyId ?? stored?.access_key_id ?? '',
    secret: '',
  };
  if (options.secretStdin) {
    if (!options.accessKeyId) throw new UsageError('--secret-stdin needs --access-key-id');
    answers.secret = await readSecret(f.io.stdin);
    const verdict = await verify(f, answers);
    if (!verdict.ok) throw verdict.unreachable ?? new AuthError(verdict.message, ['Nothing was saved.']);
  } else {
    if (f.io.stdin.isTTY !== true || f.io.stderr.isTTY !== true) {
      throw new UsageError('cannot prompt without a terminal', [
        'Pass the credentials instead: printf %s "$SECRET" | intake login --access-key-id <id> --secret-stdin',
      ]);
    }
    const prompter = await f.prompter();
    let ask: Ask = {
      baseUrl: f.globals.baseUrl === undefined,
      accessKeyId: options.accessKeyId === undefined,
      secret: true,
    };
    for (let tries = 1; ; tries++) {
      answers = await askFor(f, prompter, profileName, answers, ask);
      const verdict = await verify(f, answers);
      if (verdict.ok) break;
      if (tries >= MAX_TRIES)
        throw verdict.unreachable ?? new AuthError(verdict.message, ['Nothing was saved.']);
      f.log.warn(
        verdict.reason === undefined
          ? `${verdict.message.replace(/\.$/, '')}; try again (Ctrl-C to stop)`
          : loginWords(f).tryAgain(verdict.reason),
      );
      ask = verdict.ask;
    }
  }
  const saved = await storeCredentials(f, profileName, answers, options.insecureStorage);
  const store = await f.config();
  if (store.currentProfile() === undefined) await store.useProfile(profileName);
  const words = loginWords(f);
  f.log.info(words.loggedIn(answers.baseUrl, answers.accessKeyId, profileName));
  f.log.info(words.keptIn(saved));
  await writeRecord(f, {
    profile: profileName,
    base_url: answers.baseUrl,
    access_key_id: answers.accessKeyId,
    secret_storage: 'keychain' in saved ? 'keychain' : 'file',
    config_file: store.path,
  });
}

export function newLoginCommand(
  f: Factory,
  runF: (options: LoginOptions, f: Factory) => Promise<void> = loginRun,
): Command {
  return new Command('login')
    .description(
      'Check credentials with the service and save them in a profile (the secret in the OS keychain)',
    )
    .option('--access-key-id <id>', 'access key id (without a terminal, with --secret-stdin)')
    .option('--secret-stdin', 'read the secret access key from stdin (never pass a secret as an argument)')
    .option(
      '--insecure-storage',
      'keep the secret in the config file (mode 0600) even when a keychain answers',
    )
    .addHelpText(
      'after',
      examples(
        'intake login',
        'intake login --profile shop-b --base-url https://intake.example.com',
        'printf %s "$INTAKE_SECRET" | intake login --access-key-id AK123 --secret-stdin',
      ),
    )
    .action((flags: { accessKeyId?: string; secretStdin?: boolean; insecureStorage?: boolean }) =>
      runF(
        {
          ...(flags.accessKeyId === undefined ? {} : { accessKeyId: flags.accessKeyId.trim() }),
          secretStdin: flags.secretStdin === true,
          insecureStorage: flags.insecureStorage === true,
        },
        f,
      ),
    );
}

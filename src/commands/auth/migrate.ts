import { Command } from 'commander';
import { CliError, EXIT } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { keychainAccount } from '../../cli/secrets.js';
import { terminalLang } from '../../util/terminal-lang.js';
import { keychainKo } from '../../cli/origin-words.js';

export type AuthMigrateOptions = Record<string, never>;

/** Moves every secret kept in the config file into the OS keychain. */
export async function authMigrateRun(_options: AuthMigrateOptions, f: Factory): Promise<void> {
  // Asked to keep secrets in the file and to move them out of it: the two settings disagree (a usage error).
  if (f.env.INTAKE_SECRET_STORAGE === 'file') {
    throw new CliError('cannot move secrets to the keychain: INTAKE_SECRET_STORAGE is file', EXIT.usage, [
      'INTAKE_SECRET_STORAGE=file keeps secrets in the config file; unset it and run intake auth migrate again.',
    ]);
  }
  const opened = await f.keychain({ probe: true });
  if ('unavailable' in opened) {
    throw new CliError(`cannot move secrets to the keychain: ${opened.unavailable}`, EXIT.failure, [
      'Nothing was moved: the secrets stay in the config file (mode 0600), where commands read them.',
    ]);
  }
  const korean = terminalLang(f.env) === 'ko';
  const store = await f.config();
  let moved = 0;
  for (const name of store.profileNames()) {
    const profile = store.profile(name);
    if (!profile?.secret_access_key || !profile.access_key_id) continue;
    await opened.keychain.set(keychainAccount(name, profile.access_key_id), profile.secret_access_key);
    await store.updateProfile(name, { secret_access_key: undefined, secret_storage: 'keychain' });
    f.log.info(
      korean
        ? `프로필 "${name}"의 비밀 키를 ${keychainKo(opened.keychain.name)}(으)로 옮겼습니다.`
        : `Moved the secret of profile "${name}" to ${opened.keychain.name}.`,
    );
    moved += 1;
  }
  if (moved === 0)
    f.log.info(
      korean
        ? '설정 파일에 있는 비밀 키가 없습니다. 옮길 것이 없습니다.'
        : 'No secret is kept in the config file; nothing to move.',
    );
}

export function newAuthMigrateCommand(
  f: Factory,
  runF: (options: AuthMigrateOptions, f: Factory) => Promise<void> = authMigrateRun,
): Command {
  return new Command('migrate')
    .description('Move secrets kept in the config file into the OS keychain')
    .addHelpText('after', examples('intake auth migrate'))
    .action(() => runF({}, f));
}

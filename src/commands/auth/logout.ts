import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { keychainAccount } from '../../cli/secrets.js';
import { terminalLang } from '../../util/terminal-lang.js';

const ENGLISH = {
  nothing: (name: string) => `Profile "${name}" has no credentials; nothing to do.`,
  keychainLeft: (why: string) => `the secret stays in the OS keychain, which cannot be reached now: ${why}`,
  removed: (name: string) => `Removed the credentials of profile "${name}".`,
};

/** What logout says, in Korean at a Korean terminal. */
const KOREAN: typeof ENGLISH = {
  nothing: (name) => `프로필 "${name}"에 인증 정보가 없습니다. 지울 것이 없습니다.`,
  keychainLeft: (why) => `비밀 키는 OS 키체인에 남아 있습니다. 지금 키체인에 닿을 수 없습니다: ${why}`,
  removed: (name) => `프로필 "${name}"의 인증 정보를 지웠습니다.`,
};

export type LogoutOptions = Record<string, never>;

/** Removes a profile's credentials (the secret from the keychain or the file); its other settings stay. */
export async function logoutRun(_options: LogoutOptions, f: Factory): Promise<void> {
  const words = terminalLang(f.env) === 'ko' ? KOREAN : ENGLISH;
  const name = (await f.settings()).profile.value;
  const store = await f.config();
  const profile = store.profile(name);
  if (!profile?.access_key_id && !profile?.secret_access_key) {
    f.log.info(words.nothing(name));
    return;
  }
  if (profile.secret_storage === 'keychain' && profile.access_key_id) {
    const opened = await f.keychain();
    if ('keychain' in opened)
      await opened.keychain.delete(keychainAccount(name, profile.access_key_id)).catch(() => false);
    else f.log.warn(words.keychainLeft(opened.unavailable));
  }
  await store.updateProfile(name, {
    access_key_id: undefined,
    secret_access_key: undefined,
    secret_storage: undefined,
  });
  f.log.info(words.removed(name));
}

export function newLogoutCommand(
  f: Factory,
  runF: (options: LogoutOptions, f: Factory) => Promise<void> = logoutRun,
): Command {
  return new Command('logout')
    .description('Remove the credentials of a profile, from the keychain too (its other settings stay)')
    .addHelpText('after', examples('intake logout', 'intake logout --profile shop-b'))
    .action(() => runF({}, f));
}

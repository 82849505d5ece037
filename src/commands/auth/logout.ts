import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { keychainAccount } from '../../cli/secrets.js';

export type LogoutOptions = Record<string, never>;

/** Removes a profile's credentials (the secret from the keychain or the file); its other settings stay. */
export async function logoutRun(_options: LogoutOptions, f: Factory): Promise<void> {
  const name = (await f.settings()).profile.value;
  const store = await f.config();
  const profile = store.profile(name);
  if (!profile?.access_key_id && !profile?.secret_access_key) {
    f.log.info(`Profile "${name}" has no credentials; nothing to do.`);
    return;
  }
  if (profile.secret_storage === 'keychain' && profile.access_key_id) {
    const opened = await f.keychain();
    if ('keychain' in opened)
      await opened.keychain.delete(keychainAccount(name, profile.access_key_id)).catch(() => false);
    else
      f.log.warn(`the secret stays in the OS keychain, which cannot be reached now: ${opened.unavailable}`);
  }
  await store.updateProfile(name, {
    access_key_id: undefined,
    secret_access_key: undefined,
    secret_storage: undefined,
  });
  f.log.info(`Removed the credentials of profile "${name}".`);
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

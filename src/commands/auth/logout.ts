import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';

export function newLogoutCommand(f: Factory): Command {
  return new Command('logout')
    .description('Remove the credentials of a profile (its other settings stay)')
    .addHelpText('after', examples('intake logout', 'intake logout --profile shop-b'))
    .action(async () => {
      const name = (await f.settings()).profile.value;
      const store = await f.config();
      const profile = store.profile(name);
      if (!profile?.access_key_id && !profile?.secret_access_key) {
        f.log.info(`Profile "${name}" has no credentials; nothing to do.`);
        return;
      }
      store.updateProfile(name, { access_key_id: undefined, secret_access_key: undefined });
      f.log.info(`Removed the credentials of profile "${name}".`);
    });
}

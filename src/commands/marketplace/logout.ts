import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import type { Marketplace } from '../../marketplaces/names.js';
import { marketplaceArgument, marketplaceOf } from '../shared/marketplace-arg.js';
import { marketplaceLoginWords } from './login-words.js';

/** `intake marketplace logout`: forgets a marketplace's credentials kept for this profile. */
export async function marketplaceLogoutRun(options: { marketplace: Marketplace }, f: Factory): Promise<void> {
  const { removeCredentials } = await import('../../cli/marketplace-credentials.js');
  const removed = await removeCredentials(f, options.marketplace);
  const profile = (await f.settings()).profile.value;
  const words = marketplaceLoginWords(f);
  f.log.info(
    removed ? words.removed(options.marketplace, profile) : words.noneKept(options.marketplace, profile),
  );
}

export function newMarketplaceLogoutCommand(
  f: Factory,
  runF: (options: { marketplace: Marketplace }, f: Factory) => Promise<void> = marketplaceLogoutRun,
): Command {
  return new Command('logout')
    .description("Forget a marketplace's credentials kept for this profile")
    .addArgument(marketplaceArgument())
    .action((name: string) => runF({ marketplace: marketplaceOf(name) }, f));
}

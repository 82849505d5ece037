import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { MARKETPLACE_LABELS, type Marketplace } from '../../marketplaces/names.js';
import { marketplaceArgument, marketplaceOf } from '../shared/marketplace-arg.js';

/** `intake marketplace logout`: forgets a marketplace's credentials kept for this profile. */
export async function marketplaceLogoutRun(options: { marketplace: Marketplace }, f: Factory): Promise<void> {
  const { removeCredentials } = await import('../../cli/marketplace-credentials.js');
  const removed = await removeCredentials(f, options.marketplace);
  const profile = (await f.settings()).profile.value;
  f.log.info(
    removed
      ? `${MARKETPLACE_LABELS[options.marketplace]} credentials of profile "${profile}" removed.`
      : `No ${MARKETPLACE_LABELS[options.marketplace]} credentials were kept for profile "${profile}".`,
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

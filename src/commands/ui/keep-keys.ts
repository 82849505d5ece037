import type { Factory } from '../../cli/factory.js';
import type { MarketplaceCredentials } from '../../cli/marketplace-credentials.js';
import type { Marketplace } from '../../marketplaces/names.js';
import { KeysNotKept } from '../../ui/state.js';

/**
 * Keeps keys entered on the page once the marketplace takes them, as `intake marketplace login` keeps
 * them; says where. A keychain that does not keep them is the page's `KeysNotKept`.
 */
export async function keepForPage<M extends Marketplace>(
  f: Factory,
  marketplace: M,
  credentials: MarketplaceCredentials[M],
): Promise<'keychain' | 'file'> {
  const [{ keepCredentials }, { KeychainFailed }] = await Promise.all([
    import('../../cli/marketplace-login.js'),
    import('../../cli/secrets.js'),
  ]);
  try {
    const { where } = await keepCredentials(f, marketplace, credentials, true);
    return 'keychain' in where ? 'keychain' : 'file';
  } catch (error) {
    throw error instanceof KeychainFailed ? new KeysNotKept(error.why) : error;
  }
}

import type { Factory } from '../../cli/factory.js';
import type { MarketplaceCredentials } from '../../cli/marketplace-credentials.js';
import type { Marketplace } from '../../marketplaces/names.js';
import { KeysNotKept, KeysUnreadable } from '../../ui/state.js';

/**
 * Keeps keys entered on the page once the marketplace takes them, as `intake marketplace login` keeps
 * them; says where. A keychain that does not keep them, or cannot be read to know what it kept before,
 * is the page's `KeysNotKept`.
 */
export async function keepForPage<M extends Marketplace>(
  f: Factory,
  marketplace: M,
  credentials: MarketplaceCredentials[M],
): Promise<'keychain' | 'file'> {
  const [{ keepCredentials }, { KeychainError }] = await Promise.all([
    import('../../cli/marketplace-login.js'),
    import('../../cli/secrets.js'),
  ]);
  try {
    const { where } = await keepCredentials(f, marketplace, credentials, true);
    return 'keychain' in where ? 'keychain' : 'file';
  } catch (error) {
    throw error instanceof KeychainError ? new KeysNotKept(error.why) : error;
  }
}

/**
 * Runs `work`, which reads the profile's marketplace keys: a keychain that cannot be read (locked) is
 * the page's `KeysUnreadable`.
 */
export async function readingKeys<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const { KeychainUnreadable } = await import('../../cli/secrets.js');
    throw error instanceof KeychainUnreadable ? new KeysUnreadable(error.why) : error;
  }
}

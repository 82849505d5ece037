import type { Factory } from './factory.js';
import {
  loadCredentials,
  removeCredentials,
  saveCredentials,
  type KeptIn,
  type MarketplaceCredentials,
} from './marketplace-credentials.js';
import type { Marketplace } from '../marketplaces/names.js';
import { NAVER_SECRET_PATTERN } from '../marketplaces/naver/sign.js';

// Keeping a marketplace's keys, for `intake marketplace login` and the marketplaces page of `intake ui`:
// what is wrong with keys before the marketplace is asked, and keeping them with the marketplace's check,
// never losing the keys kept before to keys the marketplace refuses.

/** What is wrong with keys as given, before the marketplace is asked. */
export type KeysProblem = 'naver_secret' | 'key_issued';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Why keys cannot be what the marketplace issued, if they cannot. */
export function keysProblem<M extends Marketplace>(
  marketplace: M,
  credentials: MarketplaceCredentials[M],
): KeysProblem | undefined {
  if (marketplace === 'naver') {
    const { clientSecret } = credentials as MarketplaceCredentials['naver'];
    if (!NAVER_SECRET_PATTERN.test(clientSecret)) return 'naver_secret';
  }
  if (marketplace === 'coupang') {
    const { keyIssuedAt } = credentials as MarketplaceCredentials['coupang'];
    if (keyIssuedAt !== undefined && !DAY.test(keyIssuedAt)) return 'key_issued';
  }
  return undefined;
}

/**
 * Keeps credentials for the profile and, with `verify`, asks the marketplace whether it takes them
 * (returning what its check proved). Refused, or not answered, the keys kept before (if any) are put back
 * and the marketplace's error is thrown: a mistyped key never replaces working ones.
 */
export async function keepCredentials<M extends Marketplace>(
  f: Factory,
  marketplace: M,
  credentials: MarketplaceCredentials[M],
  verify: boolean,
): Promise<{ where: KeptIn; checked?: string }> {
  const before = await loadCredentials(f, marketplace);
  const where = await saveCredentials(f, marketplace, credentials);
  if (!verify) return { where };
  try {
    const { openConnector } = await import('./marketplaces.js');
    const { connector } = await openConnector(f, marketplace);
    return { where, checked: await connector.check() };
  } catch (error) {
    if (before !== undefined && before.where !== 'env') await saveCredentials(f, marketplace, before.value);
    else await removeCredentials(f, marketplace);
    throw error;
  }
}

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

/** Where a Cafe24 consent sends its code when nothing else is set: a loopback address Intake listens on. */
export const DEFAULT_CAFE24_REDIRECT = 'http://127.0.0.1:8767/cafe24/callback';

/** A Cafe24 app's keys, on their way to the mall's consent: what the code is exchanged with. */
export interface Cafe24Consent {
  mallId: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  mallUrl: string;
  /** The page the mall's operator opens to let Intake in; it sends the code to `redirectUri`. */
  address: string;
  /** What the redirect must carry back for the code to be this consent's. */
  state: string;
}

/** The redirect address a consent uses: the one given, else the profile's, else Intake's loopback default. */
export async function cafe24RedirectOf(f: Factory, given?: string): Promise<string> {
  if (given) return given;
  const profile = (await f.config()).profile((await f.settings()).profile.value);
  return profile?.cafe24_redirect_uri ?? DEFAULT_CAFE24_REDIRECT;
}

/** A consent for an app's keys: its address at the mall (the API's address, the mall's id in it). */
export async function cafe24Consent(
  f: Factory,
  keys: { mallId: string; clientId: string; clientSecret: string; redirectUri?: string },
): Promise<Cafe24Consent> {
  const [{ randomBytes }, { baseUrlOf }, { cafe24AuthorizeUrl, cafe24MallUrl }] = await Promise.all([
    import('node:crypto'),
    import('./marketplaces.js'),
    import('../marketplaces/cafe24/oauth.js'),
  ]);
  const redirectUri = await cafe24RedirectOf(f, keys.redirectUri);
  const mallUrl = cafe24MallUrl((await baseUrlOf(f, 'cafe24')).value, keys.mallId);
  const state = randomBytes(12).toString('hex');
  const address = cafe24AuthorizeUrl(mallUrl, { clientId: keys.clientId, redirectUri, state });
  return { ...keys, redirectUri, mallUrl, address, state };
}

/** The tokens the mall gives for a consent's code. */
export async function cafe24Tokens(
  f: Factory,
  consent: Cafe24Consent,
  code: string,
): Promise<MarketplaceCredentials['cafe24']> {
  const [{ exchangeCafe24Code }, { networkTransport }] = await Promise.all([
    import('../marketplaces/cafe24/oauth.js'),
    import('../marketplaces/http.js'),
  ]);
  const settings = await f.settings();
  return exchangeCafe24Code({
    mallUrl: consent.mallUrl,
    mallId: consent.mallId,
    clientId: consent.clientId,
    clientSecret: consent.clientSecret,
    code,
    redirectUri: consent.redirectUri,
    transport: networkTransport('cafe24', { timeoutMs: settings.timeoutMs.value }),
  });
}

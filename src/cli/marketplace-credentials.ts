import type { Cafe24Credentials } from '../marketplaces/cafe24/connector.js';
import type { CoupangCredentials } from '../marketplaces/coupang/connector.js';
import type { NaverCredentials } from '../marketplaces/naver/connector.js';
import type { Marketplace } from '../marketplaces/names.js';
import type { Factory } from './factory.js';
import { KeychainUnreadable } from './secrets.js';

/** Each marketplace's credentials as kept. */
export interface MarketplaceCredentials {
  naver: NaverCredentials;
  /** `keyIssuedAt` (YYYY-MM-DD): Coupang keys last 180 days, and the API does not say when they end. */
  coupang: CoupangCredentials & { keyIssuedAt?: string };
  /** `replaces`: the refresh token from the environment these tokens were refreshed from. */
  cafe24: Cafe24Credentials & { replaces?: string };
}

/** The environment variables of each marketplace's credentials (for CI), by field. */
export const CREDENTIAL_ENV = {
  naver: { clientId: 'INTAKE_NAVER_CLIENT_ID', clientSecret: 'INTAKE_NAVER_CLIENT_SECRET' },
  coupang: {
    vendorId: 'INTAKE_COUPANG_VENDOR_ID',
    accessKey: 'INTAKE_COUPANG_ACCESS_KEY',
    secretKey: 'INTAKE_COUPANG_SECRET_KEY',
  },
  cafe24: {
    mallId: 'INTAKE_CAFE24_MALL_ID',
    clientId: 'INTAKE_CAFE24_CLIENT_ID',
    clientSecret: 'INTAKE_CAFE24_CLIENT_SECRET',
    refreshToken: 'INTAKE_CAFE24_REFRESH_TOKEN',
  },
} as const;

export interface Found<M extends Marketplace> {
  value: MarketplaceCredentials[M];
  /** Where they came from, for people: `environment`, `the Secret Service (D-Bus)`, `config file`. */
  origin: string;
  where: 'env' | 'keychain' | 'file';
}

const account = (profile: string, marketplace: Marketplace) => `${profile}:marketplace:${marketplace}`;

function fromEnv<M extends Marketplace>(f: Factory, marketplace: M): MarketplaceCredentials[M] | undefined {
  const names = CREDENTIAL_ENV[marketplace] as Record<string, string>;
  const value: Record<string, string> = {};
  for (const [field, name] of Object.entries(names)) {
    const set = f.env[name];
    if (!set) return undefined;
    value[field] = set;
  }
  return value as unknown as MarketplaceCredentials[M];
}

async function fromStore<M extends Marketplace>(
  f: Factory,
  marketplace: M,
): Promise<{ value: MarketplaceCredentials[M]; origin: string; where: 'keychain' | 'file' } | undefined> {
  const profile = (await f.settings()).profile.value;
  const opened = await f.keychain();
  let unreadable: KeychainUnreadable | undefined;
  if ('keychain' in opened) {
    const { name } = opened.keychain;
    const text = await opened.keychain.get(account(profile, marketplace)).catch((error: unknown) => {
      unreadable = new KeychainUnreadable(name, error instanceof Error ? error.message : String(error));
      return undefined;
    });
    if (text)
      return { value: JSON.parse(text) as MarketplaceCredentials[M], origin: name, where: 'keychain' };
  }
  const kept = (await f.config()).profile(profile)?.marketplace_credentials;
  const all = kept ? (JSON.parse(kept) as Partial<MarketplaceCredentials>) : {};
  const value = all[marketplace] as MarketplaceCredentials[M] | undefined;
  if (value) return { value, origin: 'the config file', where: 'file' };
  // Keys may be in a keychain that did not answer (locked): that is not "not set up".
  if (unreadable) throw unreadable;
  return undefined;
}

/**
 * A marketplace's credentials: the environment's (all of its variables set) win, else the keychain's,
 * else the config file's; `KeychainUnreadable` where none is found and the keychain could not be read.
 * Cafe24 tokens refreshed from an environment's refresh token are kept and used while the environment
 * still holds the token they replaced (that one is spent).
 */
export async function loadCredentials<M extends Marketplace>(
  f: Factory,
  marketplace: M,
): Promise<Found<M> | undefined> {
  const env = fromEnv(f, marketplace);
  if (env && marketplace !== 'cafe24') return { value: env, origin: 'environment', where: 'env' };
  const stored = await fromStore(f, marketplace);
  if (env) {
    if (stored) {
      const kept = stored.value as MarketplaceCredentials['cafe24'];
      if (kept.replaces === (env as MarketplaceCredentials['cafe24']).refreshToken) {
        return {
          value: { ...env, ...kept } as MarketplaceCredentials[M],
          origin: `environment (tokens refreshed since, in ${stored.origin})`,
          where: 'env',
        };
      }
    }
    return { value: env, origin: 'environment', where: 'env' };
  }
  return stored;
}

/** A marketplace's keys as a status says them: found or not, or in a keychain that could not be read. */
export type KeptKeys<M extends Marketplace> =
  { found: Found<M> | undefined } | { unreadable: KeychainUnreadable };

/** `loadCredentials`, with a keychain that could not be read (locked) as an answer rather than an error. */
export async function keptKeys<M extends Marketplace>(f: Factory, marketplace: M): Promise<KeptKeys<M>> {
  try {
    return { found: await loadCredentials(f, marketplace) };
  } catch (error) {
    if (error instanceof KeychainUnreadable) return { unreadable: error };
    throw error;
  }
}

/** Where credentials were kept: a keychain by its name, or the config file and why no keychain. */
export type KeptIn = { keychain: string } | { unavailable: string };

/** Keeps credentials in the keychain, or in the config file (mode 0600) where there is none; says where. */
export async function saveCredentials<M extends Marketplace>(
  f: Factory,
  marketplace: M,
  value: MarketplaceCredentials[M],
): Promise<KeptIn> {
  const profile = (await f.settings()).profile.value;
  const opened = await f.keychain({ probe: true });
  const store = await f.config();
  const kept = store.profile(profile)?.marketplace_credentials;
  const all = kept ? (JSON.parse(kept) as Partial<MarketplaceCredentials>) : {};
  if ('keychain' in opened) {
    await opened.keychain.set(account(profile, marketplace), JSON.stringify(value));
    if (all[marketplace]) {
      delete all[marketplace];
      await store.updateProfile(profile, {
        marketplace_credentials: Object.keys(all).length ? JSON.stringify(all) : undefined,
      });
    }
    return { keychain: opened.keychain.name };
  }
  await store.updateProfile(profile, {
    marketplace_credentials: JSON.stringify({ ...all, [marketplace]: value }),
  });
  return { unavailable: opened.unavailable };
}

/** Removes kept credentials; says whether there were any. */
export async function removeCredentials(f: Factory, marketplace: Marketplace): Promise<boolean> {
  const profile = (await f.settings()).profile.value;
  let removed = false;
  const opened = await f.keychain();
  if ('keychain' in opened)
    removed = await opened.keychain.delete(account(profile, marketplace)).catch(() => false);
  const store = await f.config();
  const kept = store.profile(profile)?.marketplace_credentials;
  if (kept) {
    const all = JSON.parse(kept) as Partial<MarketplaceCredentials>;
    if (all[marketplace]) {
      delete all[marketplace];
      removed = true;
      await store.updateProfile(profile, {
        marketplace_credentials: Object.keys(all).length ? JSON.stringify(all) : undefined,
      });
    }
  }
  return removed;
}

import type { Profile } from './config-store.js';
import type { Setting } from './settings.js';
import { DEFAULT_BASE_URLS, type Marketplace } from '../marketplaces/names.js';

type Env = Readonly<Record<string, string | undefined>>;

/** The environment variable that sets a marketplace's base URL (it wins over the profile). */
export const BASE_URL_ENV: Readonly<Record<Marketplace, string>> = {
  naver: 'INTAKE_NAVER_BASE_URL',
  coupang: 'INTAKE_COUPANG_BASE_URL',
  cafe24: 'INTAKE_CAFE24_BASE_URL',
};

/**
 * Where a marketplace's API is: `INTAKE_<NAME>_BASE_URL`, else the profile's `<name>_base_url`, else the
 * real API (a relay with a fixed IP, or the local fakes, are set the same way).
 */
export function marketplaceBaseUrl(
  env: Env,
  profile: Profile | undefined,
  profileName: string,
  marketplace: Marketplace,
): Setting<string> {
  const fromEnv = env[BASE_URL_ENV[marketplace]];
  if (fromEnv) return { value: fromEnv, source: 'env', origin: BASE_URL_ENV[marketplace] };
  const stored = profile?.[`${marketplace}_base_url`];
  if (stored) return { value: stored, source: 'profile', origin: `profile "${profileName}"` };
  return { value: DEFAULT_BASE_URLS[marketplace], source: 'default', origin: 'the real API' };
}

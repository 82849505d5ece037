import type { Factory } from '../../cli/factory.js';
import type { Setting } from '../../cli/settings.js';
import { formatDuration } from '../../util/duration.js';
import * as marketplaceSettings from '../../cli/marketplace-settings.js';

/** How a secret is shown anywhere: never its characters. */
export const MASKED = '********';

export interface EffectiveSetting {
  key: string;
  value: string | number | undefined;
  source: string;
  origin: string;
}

const row = (key: string, setting: Setting<string | number> | undefined, mask = false): EffectiveSetting => ({
  key,
  value: setting === undefined ? undefined : mask ? MASKED : setting.value,
  source: setting?.source ?? 'unset',
  origin: setting?.origin ?? '',
});

/** Every effective setting with where it came from; the secret masked, wherever it is kept. */
export async function effectiveSettings(f: Factory): Promise<EffectiveSetting[]> {
  const settings = await f.settings();
  const profile = (await f.config()).profile(settings.profile.value);
  const inProfile = (value: string | undefined) =>
    value === undefined
      ? undefined
      : { value, source: 'profile' as const, origin: `profile "${settings.profile.value}"` };
  const secret = settings.secretInKeychain
    ? { value: MASKED, source: 'keychain' as const, origin: settings.secretInKeychain.origin }
    : settings.secretAccessKey;
  return [
    row('profile', settings.profile),
    row('base_url', settings.baseUrl),
    row('sandbox_base_url', inProfile(profile?.sandbox_base_url)),
    row('access_key_id', settings.accessKeyId),
    row('secret_access_key', secret, true),
    row('output', settings.output),
    row('timeout', { ...settings.timeoutMs, value: formatDuration(settings.timeoutMs.value) }),
    row('carriers', settings.carriers),
    ...(['naver', 'coupang', 'cafe24'] as const).map((marketplace) => {
      const { marketplaceBaseUrl } = marketplaceSettings;
      return row(
        `${marketplace}_base_url`,
        marketplaceBaseUrl(f.env, profile, settings.profile.value, marketplace),
      );
    }),
    row('cafe24_redirect_uri', inProfile(profile?.cafe24_redirect_uri)),
  ];
}

/** Keys a person sets with `intake config set` (the secret goes through `intake login`). */
export const SETTABLE_KEYS = [
  'base_url',
  'sandbox_base_url',
  'access_key_id',
  'output',
  'timeout',
  'carriers',
  'naver_base_url',
  'coupang_base_url',
  'cafe24_base_url',
  'cafe24_redirect_uri',
] as const;
export type SettableKey = (typeof SETTABLE_KEYS)[number];

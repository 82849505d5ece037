import type { Connector } from '../marketplaces/connector.js';
import { MarketplaceNotSetUp } from '../marketplaces/errors.js';
import { networkTransport, REAL_TIMING } from '../marketplaces/http.js';
import type { Marketplace } from '../marketplaces/names.js';
import type { MarketplaceState } from '../marketplaces/state.js';
import type { Factory } from './factory.js';
import { loadCredentials, saveCredentials, type Found } from './marketplace-credentials.js';
import { marketplaceBaseUrl } from './marketplace-settings.js';
import { dataDir } from './paths.js';
import type { Setting } from './settings.js';

/** A marketplace's base URL as this run resolves it. */
export async function baseUrlOf(f: Factory, marketplace: Marketplace): Promise<Setting<string>> {
  const settings = await f.settings();
  const profile = (await f.config()).profile(settings.profile.value);
  return marketplaceBaseUrl(f.env, profile, settings.profile.value, marketplace);
}

/** The profile's state of its marketplaces (cursors, pulled lines, pushes); the caller closes it. */
export async function openMarketplaceState(f: Factory): Promise<MarketplaceState> {
  const [{ MarketplaceState }, settings] = await Promise.all([
    import('../marketplaces/state.js'),
    f.settings(),
  ]);
  return MarketplaceState.open(dataDir(f.env), settings.profile.value, () => f.now().getTime());
}

/** A connector to a marketplace with the profile's credentials; refused with what to do when there are none. */
export async function openConnector(
  f: Factory,
  marketplace: Marketplace,
): Promise<{ connector: Connector; baseUrl: Setting<string>; credentials: Found<Marketplace> }> {
  const [baseUrl, credentials, settings] = await Promise.all([
    baseUrlOf(f, marketplace),
    loadCredentials(f, marketplace),
    f.settings(),
  ]);
  if (!credentials)
    throw new MarketplaceNotSetUp(marketplace, 'none in the environment, the keychain or the config file');
  const transport = networkTransport(marketplace, { timeoutMs: settings.timeoutMs.value });
  const timing = REAL_TIMING;
  let connector: Connector;
  if (marketplace === 'naver') {
    const { NaverConnector } = await import('../marketplaces/naver/connector.js');
    const value = credentials.value as Found<'naver'>['value'];
    connector = new NaverConnector({ baseUrl: baseUrl.value, credentials: value, transport, timing });
  } else if (marketplace === 'coupang') {
    const { CoupangConnector } = await import('../marketplaces/coupang/connector.js');
    const value = credentials.value as Found<'coupang'>['value'];
    connector = new CoupangConnector({ baseUrl: baseUrl.value, credentials: value, transport, timing });
  } else {
    const [{ Cafe24Connector }, { cafe24MallUrl }] = await Promise.all([
      import('../marketplaces/cafe24/connector.js'),
      import('../marketplaces/cafe24/oauth.js'),
    ]);
    const value = credentials.value as Found<'cafe24'>['value'];
    const fromEnv = credentials.where === 'env' ? f.env.INTAKE_CAFE24_REFRESH_TOKEN : undefined;
    // Orders Cafe24 took in from Smartstore or Coupang come straight from them when those are set up too.
    const skipPlaces = [
      ...((await loadCredentials(f, 'naver')) ? ['shopn'] : []),
      ...((await loadCredentials(f, 'coupang')) ? ['coupang'] : []),
    ];
    connector = new Cafe24Connector({
      mallUrl: cafe24MallUrl(baseUrl.value, value.mallId),
      credentials: value,
      save: async (next) => {
        await saveCredentials(f, 'cafe24', {
          ...next,
          ...(fromEnv ? { replaces: value.replaces ?? fromEnv } : {}),
        });
      },
      transport,
      timing,
      skipPlaces,
    });
  }
  return { connector, baseUrl, credentials };
}

import type { Factory } from '../../cli/factory.js';
import type { MarketplaceCredentials } from '../../cli/marketplace-credentials.js';
import type { Cafe24Consent } from '../../cli/marketplace-login.js';
import type { MarketplaceServices } from '../../ui/state.js';

/**
 * What the page of `intake ui` asks of a marketplace's keys: kept once the marketplace takes them, as
 * `intake marketplace login` keeps them; Cafe24's through the mall's consent.
 */
export function marketplaceKeys(
  f: Factory,
): Pick<MarketplaceServices, 'consent' | 'pendingConsent' | 'keep'> {
  // A Cafe24 app's keys between its consent and the mall's code: in memory only, gone with the page.
  let consent: Cafe24Consent | undefined;
  return {
    async consent(given) {
      const { cafe24Consent } = await import('../../cli/marketplace-login.js');
      consent = await cafe24Consent(f, {
        mallId: given.mallId ?? '',
        clientId: given.clientId ?? '',
        clientSecret: given.clientSecret ?? '',
        ...(given.redirectUri ? { redirectUri: given.redirectUri } : {}),
      });
      return { address: consent.address, redirectUri: consent.redirectUri };
    },
    pendingConsent: () => consent && { address: consent.address, redirectUri: consent.redirectUri },
    async keep(marketplace, given) {
      const { keysProblem, keepCredentials, cafe24Tokens } = await import('../../cli/marketplace-login.js');
      if (marketplace === 'cafe24') {
        if (!consent) return { problem: 'no_consent' };
        const tokens = await cafe24Tokens(f, consent, given.code ?? '');
        const { where } = await keepCredentials(f, 'cafe24', tokens, true);
        consent = undefined;
        return { kept: 'keychain' in where ? 'keychain' : 'file' };
      }
      // An issue date left empty is today's, as at the terminal.
      const filled =
        marketplace === 'coupang' && !given.keyIssuedAt
          ? { ...given, keyIssuedAt: f.now().toISOString().slice(0, 10) }
          : given;
      const credentials = filled as unknown as MarketplaceCredentials[typeof marketplace];
      const problem = keysProblem(marketplace, credentials);
      if (problem) return { problem };
      const { where } = await keepCredentials(f, marketplace, credentials, true);
      return { kept: 'keychain' in where ? 'keychain' : 'file' };
    },
  };
}

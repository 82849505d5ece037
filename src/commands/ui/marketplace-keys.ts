import type { Factory } from '../../cli/factory.js';
import type { MarketplaceCredentials } from '../../cli/marketplace-credentials.js';
import type { MarketplaceServices } from '../../ui/state.js';
import { Cafe24ConsentDesk } from './cafe24-consent.js';
import { keepForPage } from './keep-keys.js';

/**
 * What the page of `intake ui` asks of a marketplace's keys: kept once the marketplace takes them, as
 * `intake marketplace login` keeps them; Cafe24's through the mall's consent.
 */
export function marketplaceKeys(
  f: Factory,
): Pick<
  MarketplaceServices,
  'consent' | 'pendingConsent' | 'consentOutcome' | 'keep' | 'keepHeld' | 'holding' | 'close'
> {
  const desk = new Cafe24ConsentDesk(f);
  return {
    consent: (given, returnTo) => desk.start(given, returnTo),
    pendingConsent: () => desk.pending(),
    consentOutcome: () => desk.outcome(),
    close: () => desk.close(),
    holding: () => desk.holding(),
    async keepHeld() {
      const kept = await desk.keepHeld();
      return kept && { kept };
    },
    async keep(marketplace, given) {
      if (marketplace === 'cafe24') {
        const kept = await desk.keepCode(given.code ?? '');
        return kept ? { kept } : { problem: 'no_consent' };
      }
      const { keysProblem } = await import('../../cli/marketplace-login.js');
      // An issue date left empty is today's, as at the terminal.
      const filled =
        marketplace === 'coupang' && !given.keyIssuedAt
          ? { ...given, keyIssuedAt: f.now().toISOString().slice(0, 10) }
          : given;
      const credentials = filled as unknown as MarketplaceCredentials[typeof marketplace];
      const problem = keysProblem(marketplace, credentials);
      if (problem) return { problem };
      return { kept: await keepForPage(f, marketplace, credentials) };
    },
  };
}

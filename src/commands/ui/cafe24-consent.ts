import type { ConsentWait } from '../../cli/consent-redirect.js';
import type { Factory } from '../../cli/factory.js';
import type { MarketplaceCredentials } from '../../cli/marketplace-credentials.js';
import type { Cafe24Consent } from '../../cli/marketplace-login.js';
import type { ConsentOutcome, ConsentView } from '../../ui/state.js';
import { keepForPage } from './keep-keys.js';

/**
 * The Cafe24 consent under way on the page of `intake ui`: the app's keys, in memory only (gone with the
 * page) until the mall's code comes, pasted on the page or, at a loopback redirect address, taken there
 * by Intake itself; and what came of a code taken there. A code is spent once the mall has given its
 * tokens: tokens the keychain then refused (locked) are held here, in memory, until they are kept.
 */
export class Cafe24ConsentDesk {
  readonly #f: Factory;
  #consent: Cafe24Consent | undefined;
  #wait: ConsentWait | undefined;
  #outcome: ConsentOutcome | undefined;
  #held: MarketplaceCredentials['cafe24'] | undefined;
  /** The consent whose code is being exchanged and its tokens kept: still under way, its code taken. */
  #taking: Cafe24Consent | undefined;

  constructor(f: Factory) {
    this.#f = f;
  }

  /**
   * Starts a consent for an app's keys (any earlier one is dropped); with `returnTo`, waits at a loopback
   * redirect address, where the browser is then sent on to `returnTo`.
   */
  async start(given: Readonly<Record<string, string>>, returnTo?: string): Promise<ConsentView> {
    const { cafe24Consent } = await import('../../cli/marketplace-login.js');
    this.#stopWaiting();
    this.#outcome = undefined;
    this.#held = undefined;
    const consent = await cafe24Consent(this.#f, {
      mallId: given.mallId ?? '',
      clientId: given.clientId ?? '',
      clientSecret: given.clientSecret ?? '',
      ...(given.redirectUri ? { redirectUri: given.redirectUri } : {}),
    });
    this.#consent = consent;
    if (returnTo !== undefined) this.#wait = await this.#waitAtRedirect(consent, returnTo);
    return this.#view(consent);
  }

  pending(): ConsentView | undefined {
    return this.#consent && this.#view(this.#consent);
  }

  outcome(): ConsentOutcome | undefined {
    return this.#outcome;
  }

  /**
   * Exchanges the mall's code of the consent under way for its tokens and keeps them; undefined when no
   * consent is under way. A code the mall refuses leaves the consent to try another; tokens the keychain
   * refuses are held (`keepHeld`).
   */
  async keepCode(code: string): Promise<'keychain' | 'file' | undefined> {
    const consent = this.#consent;
    // A code of this consent is being taken already (pasted while Intake took it at the redirect address).
    if (!consent || this.#taking === consent) return undefined;
    this.#taking = consent;
    try {
      const { cafe24Tokens } = await import('../../cli/marketplace-login.js');
      const tokens = await cafe24Tokens(this.#f, consent, code);
      this.#stopWaiting();
      this.#held = tokens;
      // The code is spent: the consent is over, whatever the keychain does with its tokens. It is still
      // under way while they are kept and checked (a round trip to the mall), so that a page waiting for
      // its outcome is told to wait on, not that nothing is coming.
      try {
        return await this.keepHeld();
      } finally {
        if (this.#consent === consent) this.#consent = undefined;
      }
    } finally {
      if (this.#taking === consent) this.#taking = undefined;
    }
  }

  /** Keeps the tokens held since the keychain refused them; undefined when none are held. */
  async keepHeld(): Promise<'keychain' | 'file' | undefined> {
    const tokens = this.#held;
    if (!tokens) return undefined;
    const kept = await keepForPage(this.#f, 'cafe24', tokens);
    this.#held = undefined;
    return kept;
  }

  /** Whether a consent's tokens are held, not kept (the keychain refused them). */
  holding(): boolean {
    return this.#held !== undefined;
  }

  /** Ends the wait at the redirect address, if any (the page is going away). */
  close(): void {
    this.#stopWaiting();
  }

  #view(consent: Cafe24Consent): ConsentView {
    return { address: consent.address, redirectUri: consent.redirectUri, waiting: this.#wait !== undefined };
  }

  #stopWaiting(): void {
    this.#wait?.close();
    this.#wait = undefined;
  }

  /** Waits at the redirect address, where it is this machine's, to take the code without a paste. */
  async #waitAtRedirect(consent: Cafe24Consent, returnTo: string): Promise<ConsentWait | undefined> {
    const { isLoopbackRedirect, waitForConsent } = await import('../../cli/consent-redirect.js');
    if (!isLoopbackRedirect(consent.redirectUri)) return undefined;
    const take = async (code: string) => {
      this.#wait = undefined;
      if (this.#consent !== consent) return { location: returnTo };
      try {
        const kept = await this.keepCode(code);
        if (kept) this.#outcome = { kept };
      } catch (error) {
        // The mall's code is spent: unless its tokens are held, the consent starts again, from the
        // app's ids (never its secret).
        const { mallId, clientId, redirectUri } = consent;
        this.#outcome = { error, given: { mallId, clientId, redirectUri } };
        this.#consent = undefined;
      }
      return { location: returnTo };
    };
    // Its port taken (another intake ui, say): the code is pasted instead.
    return waitForConsent(consent.redirectUri, consent.state, take, { background: true }).catch(
      () => undefined,
    );
  }
}

import type { FastifyInstance } from 'fastify';
import type { Form } from '../../web/forms.js';
import { textsOf } from '../render.js';
import type { UiState } from '../state.js';
import { KEY_FIELDS } from '../views/marketplaces.js';
import { givenKeys, heldTokensPage, keptNotice, keysRefusal, missingKeys } from './marketplace-keys.js';
import { marketplacesPage } from './marketplaces.js';

/** Where a Cafe24 consent taken at the redirect address ends, under the page's base. */
const CONSENT_DONE = 'marketplaces/cafe24/consent/done';

/**
 * Cafe24's consent on the marketplaces page: the app's keys, then the mall's consent page to open; its
 * code pasted (`marketplaces/cafe24/keys`) or, at a loopback redirect address, taken there by Intake.
 */
export async function marketplaceConsentRoutes(
  app: FastifyInstance,
  { state }: { state: UiState },
): Promise<void> {
  // Cafe24: the app's keys, then the consent page to open and the field for the mall's code; where the
  // app's redirect address is this machine's, Intake waits there and the browser comes back to `done`.
  app.post<{ Body: Form }>('/marketplaces/cafe24/consent', async (request, reply) => {
    const t = textsOf(request);
    const given = givenKeys(request.body, KEY_FIELDS.cafe24);
    const missing = missingKeys(t, 'cafe24', given, KEY_FIELDS.cafe24);
    if (missing) {
      const keys = { marketplace: 'cafe24' as const, given, problem: { message: missing } };
      return marketplacesPage(request, reply, state, { keys }, 422);
    }
    // The page's own address as the browser named it (the guard let only that one in).
    const returnTo = `http://${request.headers.host}${state.auth.base}${CONSENT_DONE}`;
    const consent = await state.marketplaces.consent(given, returnTo);
    return marketplacesPage(request, reply, state, { keys: { marketplace: 'cafe24', given, consent } });
  });

  // What came of the code Intake took at the redirect address: the consent's tab is sent here, and the
  // page that started it comes here once its wait (below) says the consent is over.
  app.get(`/${CONSENT_DONE}`, async (request, reply) => {
    const t = textsOf(request);
    const outcome = state.marketplaces.consentOutcome();
    const consent = state.marketplaces.pendingConsent();
    if (outcome === undefined || consent !== undefined) {
      const keys = consent ? { keys: { marketplace: 'cafe24' as const, given: {}, consent } } : {};
      return marketplacesPage(request, reply, state, keys);
    }
    if ('kept' in outcome) {
      return marketplacesPage(request, reply, state, { notice: keptNotice(t, 'cafe24', outcome.kept) });
    }
    const held = heldTokensPage(request, reply, state, outcome.error);
    if (held) return held;
    const { problem, status } = keysRefusal(t, 'cafe24', outcome.error);
    const message = `${problem.message} ${t('keysConsentAgain')}`;
    const keys = { marketplace: 'cafe24' as const, given: outcome.given, problem: { ...problem, message } };
    return marketplacesPage(request, reply, state, { keys }, status);
  });

  // Cafe24's tokens held since the keychain refused them, kept once it is unlocked.
  app.post('/marketplaces/cafe24/keep-held', async (request, reply) => {
    const t = textsOf(request);
    let kept;
    try {
      kept = await state.marketplaces.keepHeld();
    } catch (error) {
      const held = heldTokensPage(request, reply, state, error);
      if (held) return held;
      throw error;
    }
    // Nothing held (kept from another tab, or intake ui started again): the page as it is.
    if (!kept) return marketplacesPage(request, reply, state);
    return marketplacesPage(request, reply, state, {
      notice: keptNotice(t, 'cafe24', kept.kept),
      ready: 'cafe24',
    });
  });

  // The page waiting for the consent asks every few seconds: nothing yet (204), or go and see (htmx's
  // HX-Redirect to `done`); with no consent under way and nothing come of one, it stops asking (286).
  app.get(`/${CONSENT_DONE}/wait`, async (_request, reply) => {
    if (state.marketplaces.pendingConsent()) return reply.code(204).send();
    if (state.marketplaces.consentOutcome() === undefined) return reply.code(286).send();
    return reply.header('hx-redirect', `${state.auth.base}${CONSENT_DONE}`).code(200).send();
  });
}

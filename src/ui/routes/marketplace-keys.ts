import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MarketplaceError } from '../../marketplaces/errors.js';
import { isMarketplace, type Marketplace } from '../../marketplaces/names.js';
import { field, type Form } from '../../web/forms.js';
import { textsOf } from '../render.js';
import { KeysNotKept, type UiState } from '../state.js';
import type { T } from '../texts/index.js';
import { KEY_FIELDS, keyLabel, marketName, optionalKey, type KeysForm } from '../views/marketplaces.js';
import { heldKeys, marketplacesPage, problemOf, type MarketParams, type Problem } from './marketplaces.js';

/** The words of what is wrong with keys before the marketplace is asked. */
const KEYS_PROBLEMS = {
  naver_secret: 'keysNaverSecret',
  key_issued: 'keysIssuedDate',
  no_consent: 'keysNoConsent',
} as const;

/** The fields of keys as a form gave them, trimmed (a field missing is empty). */
export function givenKeys(form: Form | undefined, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, field(form, name).trim()]));
}

/** The fields left empty that the marketplace needs, said; undefined when there are none. */
export function missingKeys(
  t: T,
  marketplace: Marketplace,
  given: Readonly<Record<string, string>>,
  names: readonly string[],
): string | undefined {
  const missing = names.filter((name) => given[name] === '' && !optionalKey(name));
  if (missing.length === 0) return undefined;
  return t('keysMissing', { fields: missing.map((name) => keyLabel(t, marketplace, name)).join(', ') });
}

/**
 * Keys the marketplace refused (or a marketplace that did not answer), or a keychain that did not keep
 * them: said, with nothing kept.
 */
export function keysRefusal(
  t: T,
  marketplace: Marketplace,
  error: unknown,
): { problem: Problem; status: number } {
  if (error instanceof KeysNotKept) {
    // The keychain's own words (the platform's, in English) go under the sentence, for support.
    const message = `${t('keysKeychainFailed')} ${t('keysNothingChanged')}`;
    return { problem: { message, detail: error.why }, status: 503 };
  }
  const { problem, status } = problemOf(t, marketplace, error);
  const refused = error instanceof MarketplaceError && error.kind === 'auth';
  const message = refused ? t('keysRefused', { name: marketName(t, marketplace) }) : problem.message;
  return {
    problem: { ...problem, message: `${message} ${t('keysNothingChanged')}` },
    status: refused ? 422 : status,
  };
}

/** What the page says of keys kept: which marketplace took them, and where they are kept. */
export const keptNotice = (t: T, marketplace: Marketplace, kept: 'keychain' | 'file') =>
  t('keysKept', { name: marketName(t, marketplace), from: t(`from_${kept}`) });

/**
 * Cafe24's tokens that the keychain refused after the mall's code was spent, when they are held: said,
 * with the button that keeps them; undefined for any other error.
 */
export function heldTokensPage(request: FastifyRequest, reply: FastifyReply, state: UiState, error: unknown) {
  if (!(error instanceof KeysNotKept) || !state.marketplaces.holding()) return undefined;
  return marketplacesPage(request, reply, state, { keys: heldKeys(textsOf(request), error.why) }, 503);
}

/**
 * A marketplace's keys entered on its page: checked with the marketplace, then kept for the profile;
 * Cafe24's through the mall's consent first.
 */
export async function marketplaceKeysRoutes(
  app: FastifyInstance,
  { state }: { state: UiState },
): Promise<void> {
  app.post<MarketParams & { Body: Form }>('/marketplaces/:marketplace/keys', async (request, reply) => {
    const { marketplace } = request.params;
    if (!isMarketplace(marketplace)) return reply.callNotFound();
    const t = textsOf(request);
    // Cafe24's keys are the mall's code for the consent under way; the others' are their own fields.
    const names = marketplace === 'cafe24' ? (['code'] as const) : KEY_FIELDS[marketplace];
    const given = givenKeys(request.body, names);
    const consent = marketplace === 'cafe24' ? state.marketplaces.pendingConsent() : undefined;
    const refuse = (problem: KeysForm['problem'], status: number) =>
      marketplacesPage(
        request,
        reply,
        state,
        { keys: { marketplace, given, problem, ...(consent ? { consent } : {}) } },
        status,
      );
    const missing = missingKeys(t, marketplace, given, names);
    if (missing) return refuse({ message: missing }, 422);
    let kept;
    try {
      kept = await state.marketplaces.keep(marketplace, given);
    } catch (error) {
      const held = marketplace === 'cafe24' ? heldTokensPage(request, reply, state, error) : undefined;
      if (held) return held;
      const { problem, status } = keysRefusal(t, marketplace, error);
      return refuse(problem, status);
    }
    if ('problem' in kept) return refuse({ message: t(KEYS_PROBLEMS[kept.problem]) }, 422);
    return marketplacesPage(request, reply, state, {
      notice: keptNotice(t, marketplace, kept.kept),
      ready: marketplace,
    });
  });
}

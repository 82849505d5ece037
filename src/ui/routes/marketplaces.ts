import { rm } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MarketplaceError, MarketplaceNotSetUp } from '../../marketplaces/errors.js';
import { marketFacts } from '../../marketplaces/problem-words.js';
import { isMarketplace, type Marketplace } from '../../marketplaces/names.js';
import { langOf } from '../../web/language.js';
import { ApiError } from '../../client/errors.js';
import { NoCredentials, troubleIn, troubleOf } from '../answers.js';
import { seeOther, sendPage, textsOf } from '../render.js';
import { UploadSession } from '../session.js';
import { KeysUnreadable, type UiState } from '../state.js';
import type { T } from '../texts/index.js';
import { when } from '../views/layout.js';
import { marketName, marketplacesBody, notSentWords, pushBody } from '../views/marketplaces.js';
import { readAndCheck } from './session-page.js';

export type MarketParams = { Params: { marketplace: string } };

export interface Problem {
  message: string;
  detail?: string;
}

/**
 * Words for what went wrong with a marketplace (the kind in the page's language, its own words after),
 * and the page's status: 409 for what this profile lacks (a marketplace's keys, the service's
 * credentials, or credentials the service refuses), which the page says how to mend; 503 for an OS
 * keychain that could not be read (locked); 502 for a marketplace or service that refused or did not
 * answer.
 */
export function problemOf(
  t: T,
  marketplace: Marketplace,
  error: unknown,
): { problem: Problem; status: number } {
  const problem = problemWords(t, marketplace, error);
  if (error instanceof KeysUnreadable) return { problem, status: 503 };
  const ours =
    error instanceof MarketplaceNotSetUp ||
    error instanceof NoCredentials ||
    (error instanceof ApiError && (error.status === 401 || error.status === 403));
  return { problem, status: ours ? 409 : 502 };
}

function problemWords(t: T, marketplace: Marketplace, error: unknown): Problem {
  const name = marketName(t, marketplace);
  if (error instanceof MarketplaceNotSetUp) {
    return { message: t('marketNotSetUp') };
  }
  if (error instanceof KeysUnreadable) return { message: t('marketKeychainLocked'), detail: error.why };
  if (error instanceof MarketplaceError) {
    // Korean says the marketplace's own code and ids, which support asks for; English the CLI's sentence.
    const detail = t.lang === 'ko' ? marketFacts('ko', error).join(', ') : error.message;
    return { message: t(`market_${error.kind}`, { name }), ...(detail ? { detail } : {}) };
  }
  // The service (the profile's credentials, reaching it): said as every page says it.
  const trouble = troubleOf(error);
  if (trouble) return { message: troubleIn(t.lang, trouble) };
  throw error;
}

/** Cafe24's card while its tokens are held, not kept (the keychain refused them): said, with their button. */
export const heldKeys = (t: T, why?: string) => ({
  marketplace: 'cafe24' as const,
  given: {},
  problem: { message: t('keysHeld'), ...(why === undefined ? {} : { detail: why }) },
  held: true,
});

/**
 * The marketplaces page, with what was `said`. Cafe24's tokens held since the keychain refused them are
 * said on every visit until they are kept: a person who went elsewhere meanwhile still finds their button.
 */
export async function marketplacesPage(
  request: FastifyRequest,
  reply: FastifyReply,
  state: UiState,
  said: Parameters<typeof marketplacesBody>[3] = {},
  status = 200,
) {
  const t = textsOf(request);
  const list = await state.marketplaces.list();
  if (said.keys === undefined && state.marketplaces.holding()) said = { ...said, keys: heldKeys(t) };
  return sendPage(request, reply, state, {
    title: t('marketplacesTitle'),
    current: 'marketplaces',
    body: marketplacesBody(t, langOf(request), list, said),
    status,
  });
}

/**
 * The marketplaces page: each one's pull (its orders become an upload, checked and sent on the upload's
 * own pages; the next pull starts where this one ended once they are all answered) and push.
 */
export async function marketplaceRoutes(app: FastifyInstance, { state }: { state: UiState }): Promise<void> {
  app.get('/marketplaces', async (request, reply) => marketplacesPage(request, reply, state));

  app.post<MarketParams>('/marketplaces/:marketplace/pull', async (request, reply) => {
    const { marketplace } = request.params;
    if (!isMarketplace(marketplace)) return reply.callNotFound();
    const t = textsOf(request);
    const dir = await state.sessions.newFolder();
    let pulled;
    try {
      pulled = await state.marketplaces.pull(marketplace, dir);
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      const { problem, status } = problemOf(t, marketplace, error);
      return marketplacesPage(request, reply, state, { problem }, status);
    }
    const name = marketName(t, marketplace);
    const notSent = notSentWords(t, pulled.notSent);
    if (pulled.path === undefined) {
      await rm(dir, { recursive: true, force: true });
      // Nothing to send: the window is answered.
      await state.marketplaces.settle(marketplace, pulled.until);
      const nothing = t('pulledNothing', { name, lines: String(pulled.lines) });
      return marketplacesPage(request, reply, state, {
        notice: [nothing, notSent].filter(Boolean).join(' '),
        warns: notSent !== '',
      });
    }
    const session = new UploadSession({
      label: t('pulledLabel', { name, when: when(langOf(request), pulled.until) }),
      dir,
      id: dir.split(/[\\/]/).pop() as string,
      path: pulled.path,
      format: 'ndjson',
      kind: 'order',
    });
    session.options.pulled = { marketplace, until: pulled.until };
    if (notSent) {
      session.notice = notSent;
      session.noticeWarns = true;
    }
    state.sessions.add(session);
    await readAndCheck(session, state);
    return seeOther(reply, state, `uploads/${session.id}`);
  });

  app.post<MarketParams>('/marketplaces/:marketplace/push', async (request, reply) => {
    const { marketplace } = request.params;
    if (!isMarketplace(marketplace)) return reply.callNotFound();
    const t = textsOf(request);
    let result;
    try {
      result = await state.marketplaces.push(marketplace);
    } catch (error) {
      const { problem, status } = problemOf(t, marketplace, error);
      return marketplacesPage(request, reply, state, { problem }, status);
    }
    return sendPage(request, reply, state, {
      title: t('pushTitle', { name: marketName(t, marketplace) }),
      current: 'marketplaces',
      body: pushBody(t, result),
    });
  });
}

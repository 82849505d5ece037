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
import type { UiState } from '../state.js';
import type { T } from '../texts/index.js';
import { when } from '../views/layout.js';
import {
  KEY_FIELDS,
  marketName,
  marketplacesBody,
  keyLabel,
  notSentWords,
  optionalKey,
  pushBody,
  type KeysForm,
  type KeysMarketplace,
} from '../views/marketplaces.js';
import { field, type Form } from '../../web/forms.js';
import { readAndCheck } from './session-page.js';

type MarketParams = { Params: { marketplace: string } };

interface Problem {
  message: string;
  detail?: string;
}

/**
 * Words for what went wrong with a marketplace (the kind in the page's language, its own words after),
 * and the page's status: 409 for what this profile lacks (a marketplace's keys, the service's
 * credentials, or credentials the service refuses), which the page says how to mend; 502 for a
 * marketplace or service that refused or did not answer.
 */
function problemOf(t: T, marketplace: Marketplace, error: unknown): { problem: Problem; status: number } {
  const problem = problemWords(t, marketplace, error);
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

/** The words of what is wrong with keys before the marketplace is asked. */
const KEYS_PROBLEMS = {
  naver_secret: 'keysNaverSecret',
  key_issued: 'keysIssuedDate',
  no_consent: 'keysNoConsent',
} as const;

/** The fields of keys as a form gave them, trimmed (a field missing is empty). */
function givenKeys(form: Form | undefined, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, field(form, name).trim()]));
}

/** The fields left empty that the marketplace needs, said; undefined when there are none. */
function missingKeys(
  t: T,
  marketplace: KeysMarketplace,
  given: Readonly<Record<string, string>>,
  names: readonly string[],
): string | undefined {
  const missing = names.filter((name) => given[name] === '' && !optionalKey(name));
  if (missing.length === 0) return undefined;
  return t('keysMissing', { fields: missing.map((name) => keyLabel(t, marketplace, name)).join(', ') });
}

/** Keys the marketplace refused (or a marketplace that did not answer): said, with nothing kept. */
function keysRefusal(t: T, marketplace: Marketplace, error: unknown): { problem: Problem; status: number } {
  const { problem, status } = problemOf(t, marketplace, error);
  const refused = error instanceof MarketplaceError && error.kind === 'auth';
  const message = refused ? t('keysRefused', { name: marketName(t, marketplace) }) : problem.message;
  return {
    problem: { ...problem, message: `${message} ${t('keysNothingChanged')}` },
    status: refused ? 422 : status,
  };
}

async function marketplacesPage(
  request: FastifyRequest,
  reply: FastifyReply,
  state: UiState,
  said: Parameters<typeof marketplacesBody>[3] = {},
  status = 200,
) {
  const t = textsOf(request);
  const list = await state.marketplaces.list();
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
      const { problem, status } = keysRefusal(t, marketplace, error);
      return refuse(problem, status);
    }
    if ('problem' in kept) return refuse({ message: t(KEYS_PROBLEMS[kept.problem]) }, 422);
    const name = marketName(t, marketplace);
    return marketplacesPage(request, reply, state, {
      notice: t('keysKept', { name, from: t(`from_${kept.kept}`) }),
    });
  });

  // Cafe24: the app's keys, then the consent page to open and the field for the mall's code.
  app.post<{ Body: Form }>('/marketplaces/cafe24/consent', async (request, reply) => {
    const t = textsOf(request);
    const given = givenKeys(request.body, KEY_FIELDS.cafe24);
    const missing = missingKeys(t, 'cafe24', given, KEY_FIELDS.cafe24);
    if (missing) {
      const keys = { marketplace: 'cafe24' as const, given, problem: { message: missing } };
      return marketplacesPage(request, reply, state, { keys }, 422);
    }
    const consent = await state.marketplaces.consent(given);
    return marketplacesPage(request, reply, state, { keys: { marketplace: 'cafe24', given, consent } });
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

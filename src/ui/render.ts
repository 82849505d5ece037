import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseLang, LANG_COOKIE, type Lang } from '../web/lang.js';
import type { UiState } from './state.js';
import { uiTexts } from './texts/index.js';
import { uiPage } from './views/layout.js';

/** The language of the page for this request: the person's choice, else the browser's. */
export function langOf(request: FastifyRequest): Lang {
  return chooseLang(request.cookies[LANG_COOKIE], request.headers['accept-language']);
}

/** The texts for this request's language. */
export const textsOf = (request: FastifyRequest) => uiTexts(langOf(request));

/** Answers with a whole page of the UI; pages are never cached (they show live state). */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  state: UiState,
  page: { title: string; current: string; body: string; status?: number },
): FastifyReply {
  const here = new URL(request.url, 'http://page').pathname;
  return reply
    .code(page.status ?? 200)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      uiPage(langOf(request), {
        ...page,
        profile: state.profile,
        liveness: state.liveness(),
        base: state.auth.base,
        here,
        keepDays: state.sessions.keepDays,
      }),
    );
}

/** After a form is posted, the page to see next (the browser gets it with GET: no form posted twice). */
export const seeOther = (reply: FastifyReply, state: UiState, path: string) =>
  reply.redirect(`${state.auth.base}${path}`, 303);

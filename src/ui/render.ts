import type { FastifyReply, FastifyRequest } from 'fastify';
import { langOf } from '../web/language.js';
import { pageAddress, type SeenAgain } from '../web/page-address.js';
import { sendHtml } from '../web/reply.js';
import type { UiState } from './state.js';
import { uiTexts } from './texts/index.js';
import { uiPage } from './views/layout.js';

/** The texts for this request's language. */
export const textsOf = (request: FastifyRequest) => uiTexts(langOf(request));

/** Where a form's answer page is seen again by GET, by the form's path (the language switch goes there). */
export const SEEN_AGAIN: SeenAgain = [
  [/\/uploads$/, '/'],
  [/(\/uploads\/[^/]+)\/(?!mapping$)[^/]+$/, '$1'],
  [/\/catalog\/import$/, '/catalog'],
  [/\/marketplaces\/[^/]+\/(?:pull|push|keys|consent)$/, '/marketplaces'],
  [/\/status\/sign-in$/, '/status'],
  [/\/history\/[^/]+\/resume$/, '/history'],
];

/** Answers with a whole page of the UI; pages are never cached (they show live state). */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  state: UiState,
  page: { title: string; current: string; body: string; status?: number },
): FastifyReply {
  const here = pageAddress(request.method, request.url, SEEN_AGAIN);
  const html = uiPage(langOf(request), {
    ...page,
    profile: state.profile,
    liveness: state.liveness(),
    base: state.auth.base,
    here,
    keepDays: state.sessions.keepDays,
  });
  return sendHtml(reply, html, page.status);
}

/** After a form is posted, the page to see next (the browser gets it with GET: no form posted twice). */
export const seeOther = (reply: FastifyReply, state: UiState, path: string) =>
  reply.redirect(`${state.auth.base}${path}`, 303);

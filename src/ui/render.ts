import type { FastifyReply, FastifyRequest } from 'fastify';
import { langOf } from '../web/language.js';
import { sendHtml } from '../web/reply.js';
import type { UiState } from './state.js';
import { uiTexts } from './texts/index.js';
import { uiPage } from './views/layout.js';

/** The texts for this request's language. */
export const textsOf = (request: FastifyRequest) => uiTexts(langOf(request));

/** Where a form's answer page is seen again by GET, by the form's path (the language switch goes there). */
const SEEN_AGAIN: readonly [RegExp, string][] = [
  [/\/uploads$/, '/'],
  [/(\/uploads\/[^/]+)\/(?!mapping$)[^/]+$/, '$1'],
  [/\/catalog\/import$/, '/catalog'],
  [/\/marketplaces\/[^/]+\/(?:pull|push)$/, '/marketplaces'],
  [/\/status\/sign-in$/, '/status'],
  [/\/history\/[^/]+\/resume$/, '/history'],
];

/**
 * The page's own address, to be asked again with GET (the language switch): a page that answers a form
 * is seen again at the page the form belongs to, never at the form's address, which takes no GET.
 */
export function pageAddress(method: string, url: string): string {
  const path = new URL(url, 'http://page').pathname;
  if (method === 'GET' || method === 'HEAD') return path;
  for (const [pattern, to] of SEEN_AGAIN) if (pattern.test(path)) return path.replace(pattern, to);
  return path;
}

/** Answers with a whole page of the UI; pages are never cached (they show live state). */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  state: UiState,
  page: { title: string; current: string; body: string; status?: number },
): FastifyReply {
  const here = pageAddress(request.method, request.url);
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

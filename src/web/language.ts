import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';
import { chooseLang, LANG_COOKIE, LANGS, type Lang } from './lang.js';

/** The language of the page for this request: the person's choice, else the browser's. */
export function langOf(request: FastifyRequest): Lang {
  return chooseLang(request.cookies[LANG_COOKIE], request.headers['accept-language']);
}

/**
 * The language of a page said to a request the door refused: the one its address asks for (`?lang=`,
 * the page's own switch), else as for any page. Nothing is kept: a refused request sets no cookie.
 */
export function langAsked(request: FastifyRequest): Lang {
  const lang = (request.query as Record<string, unknown> | undefined)?.lang;
  return typeof lang === 'string' && LANGS.includes(lang as Lang) ? (lang as Lang) : langOf(request);
}

/** The longest query the language switch keeps in the address it sends back to. */
const MAX_KEPT_QUERY = 4096;

/**
 * The language switch: a GET with `?lang=ko` keeps the choice in a cookie scoped to the front end's
 * path, and shows the same page without the parameter. Registered after a front end's own door, so
 * that a refused request sets nothing.
 */
export function languageSwitch(app: FastifyInstance, options: { cookiePath: string }): void {
  app.addHook('onRequest', async (request, reply) => {
    const lang = (request.query as Record<string, unknown> | undefined)?.lang;
    if (request.method !== 'GET' || typeof lang !== 'string' || !LANGS.includes(lang as Lang)) return;
    reply.setCookie(LANG_COOKIE, lang, {
      sameSite: 'strict',
      path: options.cookiePath,
      maxAge: 365 * 86_400,
    });
    const url = new URL(request.url, 'http://page');
    url.searchParams.delete('lang');
    // An address too long to send back whole (a client reads 16 KB of headers) leads to its page.
    const search = url.search.length <= MAX_KEPT_QUERY ? url.search : '';
    return reply.redirect(`${url.pathname}${search}`, 303);
  });
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Fastify from 'fastify';
import { html } from 'ghtml';
import { LANGS, LANG_COOKIE, type Lang } from '../web/lang.js';
import { assetRoutes } from '../web/assets.js';
import { page } from '../web/page.js';
import { guardPlugin, type Refusal } from './guard.js';
import { langOf, sendPage, textsOf } from './render.js';
import { catalogRoutes } from './routes/catalog.js';
import { eventRoutes } from './routes/events.js';
import { fixRoutes } from './routes/fixes.js';
import { marketplaceRoutes } from './routes/marketplaces.js';
import { pageRoutes } from './routes/pages.js';
import { sendRoutes } from './routes/send.js';
import { uploadRoutes } from './routes/uploads.js';
import type { UiState } from './state.js';
import { uiTexts } from './texts/index.js';

export interface BuildUiOptions {
  state: UiState;
  /** Where unexpected errors go (the terminal); never to the page. */
  onError?: (error: unknown) => void;
}

/** A page for a refused request: it says why, and nothing of the profile. */
function refusalPage(lang: Lang, why: Refusal): string {
  const t = uiTexts(lang);
  return page({
    lang,
    title: t('refusedTitle'),
    app: t('app'),
    assets: '',
    nav: [],
    body: html`<section class="card"><p class="error-box" role="alert">${t(`refused_${why}`)}</p></section>`,
    skip: t('skip'),
    languageLabel: t('language'),
  });
}

/** The security headers of every answer: never framed, nothing loaded from elsewhere but product images. */
function securityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-frame-options', 'DENY');
    reply.header(
      'content-security-policy',
      "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https: http:; frame-ancestors 'none'; form-action 'self'",
    );
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-content-type-options', 'nosniff');
  });
}

/**
 * Builds `intake ui` without listening: the guard (loopback, own address, secret path, token then
 * cookie, own origin), forms and files, the language switch, the assets (htmx from the installed
 * package), and the pages, all under the page's base path. Tests call `listen({ port: 0 })` on
 * 127.0.0.1 and drive it with a real browser.
 */
export async function buildUi(options: BuildUiOptions): Promise<FastifyInstance> {
  const { state } = options;
  const base = state.auth.base;
  const app = Fastify({ logger: false, exposeHeadRoutes: false, bodyLimit: 4 * 1024 * 1024 });
  try {
    securityHeaders(app);
    await app.register(import('@fastify/cookie'));
    await app.register(guardPlugin, {
      auth: state.auth,
      refuse: (request: FastifyRequest, reply: FastifyReply, why: Refusal) =>
        reply
          .code(why === 'path' ? 404 : 403)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(refusalPage(langOf(request), why)),
    });
    await app.register(import('@fastify/formbody'));
    await app.register(import('@fastify/multipart'), {
      throwFileSizeLimit: false,
      limits: { parts: 200, fields: 150, fieldSize: 64 * 1024, files: 4 },
    });
    // The language switch: `?lang=ko` keeps the choice in a cookie, and shows the same page.
    app.addHook('preHandler', async (request, reply) => {
      const lang = (request.query as Record<string, unknown> | undefined)?.lang;
      if (request.method !== 'GET' || typeof lang !== 'string' || !LANGS.includes(lang as Lang)) return;
      reply.setCookie(LANG_COOKIE, lang, { sameSite: 'strict', path: base, maxAge: 365 * 86_400 });
      const url = new URL(request.url, 'http://page');
      url.searchParams.delete('lang');
      return reply.redirect(`${url.pathname}${url.search}`, 303);
    });
    const prefix = base.replace(/\/$/, '');
    await app.register(
      async (scope) => {
        await scope.register(assetRoutes, { at: '/assets' });
        await scope.register(pageRoutes, { state });
        await scope.register(catalogRoutes, { state });
        await scope.register(uploadRoutes, { state });
        await scope.register(fixRoutes, { state });
        await scope.register(sendRoutes, { state });
        await scope.register(eventRoutes, { state });
        await scope.register(marketplaceRoutes, { state });
      },
      { prefix },
    );
    app.setNotFoundHandler((request, reply) => {
      const t = textsOf(request);
      return sendPage(request, reply, state, {
        title: t('notFoundTitle'),
        current: '',
        body: html`<section class="card">
          <p>${t('notFound', { days: state.sessions.keepDays })}</p>
          <p><a href="./">${t('newUpload')}</a></p>
        </section>`,
        status: 404,
      });
    });
    app.setErrorHandler((error, request, reply) => {
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status >= 500) options.onError?.(error);
      const t = textsOf(request);
      // Never the framework's words (they may name files and internals): ours, by the kind of failure.
      return sendPage(request, reply, state, {
        title: t('errorPageTitle'),
        current: '',
        body: html`<section class="card">
          <p class="error-box" role="alert">${status >= 500 ? t('errorPage') : t('errorBadRequest')}</p>
          <p><a href="./">${t('newUpload')}</a></p>
        </section>`,
        status: status >= 500 ? 500 : status,
      });
    });
  } catch (error) {
    await app.close().catch(() => {});
    throw error;
  }
  return app;
}

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Fastify from 'fastify';
import { chooseLang, type Lang } from '../web/lang.js';
import { barePage } from '../web/bare-page.js';
import { assetRoutes } from '../web/assets.js';
import { clientErrorAnswers, refuseTunnels } from '../util/raw-answer.js';
import { errorPages, sayCard } from '../web/error-pages.js';
import { plainQuery } from '../web/forms.js';
import { securityHeaders } from '../web/headers.js';
import { langAsked, languageSwitch } from '../web/language.js';
import { page } from '../web/page.js';
import { sendHtml } from '../web/reply.js';
import { guardPlugin, type Refusal } from './guard.js';
import { sendPage, textsOf } from './render.js';
import { catalogRoutes } from './routes/catalog.js';
import { eventRoutes } from './routes/events.js';
import { fixRoutes } from './routes/fixes.js';
import { mappingRoutes } from './routes/mapping.js';
import { marketplaceConsentRoutes } from './routes/marketplace-consent.js';
import { marketplaceKeysRoutes } from './routes/marketplace-keys.js';
import { marketplaceRoutes } from './routes/marketplaces.js';
import { pageRoutes } from './routes/pages.js';
import { sendRoutes } from './routes/send.js';
import { uploadRoutes } from './routes/uploads.js';
import type { UiState } from './state.js';
import { uiTexts, type T } from './texts/index.js';
import { isDiskFull } from '../util/file-errors.js';

export interface BuildUiOptions {
  state: UiState;
  /** Where unexpected errors go (the terminal); never to the page. */
  onError?: (error: unknown) => void;
}

/** Where the pages' styles and scripts are served outside the secret path (for the refusal page). */
const PUBLIC_ASSETS = '/assets';

/** A page for a refused request: it says why, and nothing of the profile. */
function refusalPage(lang: Lang, why: Refusal): string {
  const t = uiTexts(lang);
  return page({
    lang,
    title: t('refusedTitle'),
    app: t('app'),
    assets: PUBLIC_ASSETS,
    nav: [],
    body: sayCard(t(`refused_${why}`), { alert: true }),
    skip: t('skip'),
    languageLabel: t('language'),
  });
}

const newUpload = (t: T) => ({ href: './', label: t('newUpload') });

/**
 * What Node refuses before a request exists (headers too large, bad HTTP): a page of its own, in both
 * languages as no request says which, and the connection closed so the browser's next request opens another.
 */
const rawRefusals = clientErrorAnswers(() => ({
  headers: {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  },
  body: barePage({ en: uiTexts('en')('errorBadRequest'), ko: uiTexts('ko')('errorBadRequest') }),
}));

/**
 * An address the router refuses before the door (an escape that decodes to nothing, an id past any
 * length): no such page, said as the door says a path outside the page's own.
 */
function routerRefusals(_error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return sendHtml(reply, refusalPage(chooseLang(undefined, request.headers['accept-language']), 'path'), 404);
}

/** The pages' routes, each a plugin given the state. */
const PAGE_ROUTES = [
  pageRoutes,
  catalogRoutes,
  uploadRoutes,
  mappingRoutes,
  fixRoutes,
  sendRoutes,
  eventRoutes,
  marketplaceRoutes,
  marketplaceKeysRoutes,
  marketplaceConsentRoutes,
] as const;

/**
 * Builds `intake ui` without listening: the guard (loopback, own address, secret path, token then
 * cookie, own origin), forms and files, the language switch, the assets (htmx from the installed
 * package), and the pages, all under the page's base path. Tests call `listen({ port: 0 })` on
 * 127.0.0.1 and drive it with a real browser.
 */
export async function buildUi(options: BuildUiOptions): Promise<FastifyInstance> {
  const { state } = options;
  const base = state.auth.base;
  const app = Fastify({
    logger: false,
    exposeHeadRoutes: false,
    bodyLimit: 4 * 1024 * 1024,
    clientErrorHandler: rawRefusals,
    frameworkErrors: routerRefusals,
  });
  // A tunnel is refused as any path outside the page's own is: 404, without a word.
  refuseTunnels(app.server, { status: 404 });
  try {
    securityHeaders(app);
    plainQuery(app);
    await app.register(import('@fastify/cookie'));
    await app.register(guardPlugin, {
      auth: state.auth,
      publicAssets: PUBLIC_ASSETS,
      refuse: (request: FastifyRequest, reply: FastifyReply, why: Refusal) =>
        sendHtml(reply, refusalPage(langAsked(request), why), why === 'path' ? 404 : 403),
    });
    languageSwitch(app, { cookiePath: base });
    // Forms only (the pages post nothing else): another body is refused (415) before any route.
    app.removeAllContentTypeParsers();
    await app.register(import('@fastify/formbody'));
    await app.register(import('@fastify/multipart'), {
      throwFileSizeLimit: false,
      limits: { parts: 200, fields: 150, fieldSize: 64 * 1024, files: 4 },
    });
    errorPages(app, {
      send: (request, reply, answer) => sendPage(request, reply, state, { ...answer, current: '' }),
      notFound: (request) => {
        const t = textsOf(request);
        return {
          title: t('notFoundTitle'),
          body: sayCard(t('notFound', { days: state.sessions.keepDays }), { link: newUpload(t) }),
        };
      },
      failure: (request, error, status) => {
        const t = textsOf(request);
        // A full disk met where no page says it on its own (the product list, a layout saved): said so.
        if (isDiskFull(error)) {
          return {
            title: t('errorTitle'),
            body: sayCard(t('diskFull'), { alert: true, link: newUpload(t) }),
            status: 507,
          };
        }
        const words = status >= 500 ? t('errorPage') : t('errorBadRequest');
        return {
          title: t('errorTitle'),
          body: sayCard(words, { alert: true, link: newUpload(t) }),
          status: status >= 500 ? 500 : status,
        };
      },
      ...(options.onError ? { onError: options.onError } : {}),
    });
    await app.register(assetRoutes, { at: PUBLIC_ASSETS });
    const prefix = base.replace(/\/$/, '');
    await app.register(
      async (scope) => {
        await scope.register(assetRoutes, { at: '/assets' });
        for (const routes of PAGE_ROUTES) await scope.register(routes, { state });
      },
      { prefix },
    );
  } catch (error) {
    await app.close().catch(() => {});
    throw error;
  }
  return app;
}

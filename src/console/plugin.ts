import type { FastifyInstance } from 'fastify';
import { serviceTextIn } from '../client/answer-words.js';
import { ServiceError } from '../server/errors.js';
import type { Service } from '../server/service.js';
import { StorageUnavailable } from '../server/storage/engine.js';
import { assetRoutes } from '../web/assets.js';
import { errorPages, sayCard } from '../web/error-pages.js';
import { plainQuery } from '../web/forms.js';
import { securityHeaders } from '../web/headers.js';
import { langOf, languageSwitch } from '../web/language.js';
import { consoleGuard } from './guard.js';
import { failureCard, sendPage, textsOf } from './render.js';
import { clockRoutes } from './routes/clock.js';
import { conversationRoutes } from './routes/conversations.js';
import { faultRoutes } from './routes/faults.js';
import { orderRoutes } from './routes/orders.js';
import { recordRoutes } from './routes/records.js';
import { requestRoutes } from './routes/requests.js';
import { signInRoutes } from './routes/sign-in.js';

/**
 * The console of `intake serve` under `/console` (its own context: forms, cookies, pages, errors), so
 * that nothing of it touches the service's own paths or answers. Registered with the prefix `/console`.
 * Every page shows the signed-in merchant's data only.
 */
export async function consolePlugin(
  app: FastifyInstance,
  options: { service: Service; onUnexpected?: (error: unknown) => void },
): Promise<void> {
  const { service, onUnexpected } = options;
  securityHeaders(app);
  plainQuery(app);
  await app.register(import('@fastify/cookie'));
  // Forms only: a body of another type is refused (415) before any route, not read as the API's JSON.
  app.removeAllContentTypeParsers();
  await app.register(import('@fastify/formbody'));
  languageSwitch(app, { cookiePath: '/console' });
  consoleGuard(app, { service });
  // A page answers HEAD as it answers GET, without the body (`curl -I` to see that the console is up); the
  // API does not (FastAPI's 405). The live stream (`/events`, wherever the console is mounted) does not
  // either: it would never end.
  app.addHook('onRoute', (route) => {
    if (route.method === 'GET' && route.routePath !== '/events') route.method = ['GET', 'HEAD'];
  });
  errorPages(app, {
    send: (request, reply, answer) => sendPage(request, reply, { ...answer, current: '' }),
    notFound: (request) => {
      const t = textsOf(request);
      return { title: t('notFoundTitle'), body: sayCard(t('notFound')) };
    },
    failure: (request, error, status) => {
      const t = textsOf(request);
      // What the framework refused before any route (a form over the size limit, a body it cannot read).
      if (status < 500)
        return { title: t('errorTitle'), body: failureCard(request, t('unreadableForm')), status };
      if (error instanceof StorageUnavailable) {
        return {
          title: t('errorTitle'),
          body: failureCard(request, t('storageUnavailable')),
          status: 503,
        };
      }
      const known = error instanceof ServiceError;
      return {
        title: t('errorTitle'),
        body: failureCard(request, known ? serviceTextIn(langOf(request), error.message) : t('errorTitle')),
        status: known ? 400 : 500,
      };
    },
    // Told as the API tells its own (the database not answering is said by readiness, not page by page).
    onError: (error) => {
      if (!(error instanceof StorageUnavailable)) onUnexpected?.(error);
    },
  });
  await app.register(assetRoutes, { at: '/assets' });
  for (const routes of [
    signInRoutes,
    conversationRoutes,
    orderRoutes,
    recordRoutes,
    requestRoutes,
    clockRoutes,
    faultRoutes,
  ])
    await app.register(routes, { service });
}

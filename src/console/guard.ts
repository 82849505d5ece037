import type { FastifyInstance } from 'fastify';
import type {} from '@fastify/cookie';
import type { Service } from '../server/service.js';
import { sayCard } from '../web/error-pages.js';
import { readsOnly } from '../web/forms.js';
import { fromOwnPage } from '../web/origin.js';
import { sendPage, textsOf } from './render.js';
import { CONSOLE_COOKIE, sessionMerchant } from './session.js';

/** What a visitor who is not signed in may open. */
const open = (url: string) => url === '/console/sign-in' || url.startsWith('/console/assets/');

/**
 * The console's door: a change comes from the console's own pages only (no other site's forms), and
 * every page but the sign-in is the signed-in merchant's, who must still be a merchant of the service.
 * A page asked for or a form posted without a session leads to the sign-in; a stream is refused with 401.
 */
export function consoleGuard(app: FastifyInstance, { service }: { service: Service }): void {
  app.decorateRequest('consoleMerchant', null);
  app.addHook('onRequest', async (request, reply) => {
    // A read (GET, or HEAD: a check that the console is up) needs no origin; a change comes from its pages.
    if (!readsOnly(request.method) && !fromOwnPage(request, request.headers.host)) {
      const t = textsOf(request);
      return sendPage(request, reply, {
        title: t('errorTitle'),
        current: '',
        body: sayCard(t('refusedOrigin'), { alert: true }),
        status: 403,
      });
    }
    const merchant = sessionMerchant(service.consoleKey, request.cookies[CONSOLE_COOKIE], Date.now());
    // Still a merchant of the service (not removed since).
    request.consoleMerchant = merchant && (await service.merchants.byId(merchant)) ? merchant : null;
    if (request.consoleMerchant || open(request.url)) return undefined;
    // A page, or a form posted once the session ended (it lasts 12 hours), leads to the sign-in page;
    // the live stream of a page left open is refused (401): a redirect would be no stream.
    if (!request.url.startsWith('/console/events')) return reply.redirect('/console/sign-in', 303);
    return reply.code(401).type('text/plain; charset=utf-8').send('Sign in first.');
  });
  // A NUL is in no record (the contract refuses one): a page or form that names one names nothing.
  app.addHook('preHandler', async (request, reply) => {
    // Already the page of no such address (its own not-found again would be Fastify's bare text).
    if (request.is404) return undefined;
    const given = [
      ...Object.values((request.params ?? {}) as Record<string, unknown>),
      ...Object.values((request.body ?? {}) as Record<string, unknown>).flat(),
    ];
    if (given.some((value) => typeof value === 'string' && value.includes('\u0000'))) {
      return reply.callNotFound();
    }
    return undefined;
  });
}

import { FAKE_MARKETPLACES, type FakeState } from '../contract/marketplace-fakes.js';
import { describeDoc } from '../server/marketplaces/model.js';
import { marketplacesBody } from './marketplaces-view.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { html } from 'ghtml';
import { basicAuthorization } from '../contract/auth.js';
import { REVIEW_KINDS, type ReviewKind } from '../contract/kinds.js';
import type { QueueRun } from '../contract/local.js';
import { ServiceError } from '../server/errors.js';
import { streamEvents } from '../server/routes/event-stream.js';
import type { Service } from '../server/service.js';
import { chooseLang, LANG_COOKIE, LANGS, type Lang } from '../web/lang.js';
import { CONSOLE_COOKIE, SESSION_MS, sessionMerchant, sessionValue } from './session.js';
import { consoleTexts, type ConsoleT } from './texts.js';
import {
  clockCard,
  consolePage,
  conversationPanel,
  conversationsBody,
  conversationsOf,
  faultsBody,
  jobsBody,
  matches,
  orderBody,
  ordersBody,
  productsBody,
  rewardsBody,
  signInBody,
} from './views.js';

type Form = Record<string, string | string[] | undefined>;
const field = (form: Form | undefined, name: string) => {
  const value = form?.[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The merchant signed in to the console. */
    consoleMerchant: string | null;
  }
}

const langOf = (request: FastifyRequest): Lang =>
  chooseLang(request.cookies[LANG_COOKIE], request.headers['accept-language']);

/** Whether a form comes from the console's own pages: its Origin is this very host. */
function fromOwnPage(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    try {
      return new URL(origin).host === request.headers.host;
    } catch {
      return false;
    }
  }
  return request.headers['sec-fetch-site'] === 'same-origin';
}

/**
 * The console's pages: sign-in, the bot's conversations (searched, live), orders with their items,
 * shipments and messages, products, the queue, reviews and rewards, the clock, and the faults. Every
 * page shows the signed-in merchant's data only.
 */
export async function consoleRoutes(app: FastifyInstance, { service }: { service: Service }): Promise<void> {
  const key = service.consoleKey;
  app.decorateRequest('consoleMerchant', null);

  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    options: { title: string; current: string; body: string; status?: number },
  ) =>
    reply
      .code(options.status ?? 200)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        consolePage(langOf(request), {
          ...options,
          ...(request.consoleMerchant ? { merchantId: request.consoleMerchant } : {}),
        }),
      );

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-frame-options', 'DENY');
    reply.header(
      'content-security-policy',
      // Product images come from the merchant's own servers, anywhere.
      "default-src 'self'; img-src 'self' https: http: data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; form-action 'self'",
    );
    reply.header('referrer-policy', 'same-origin');
    const lang = (request.query as Record<string, unknown> | undefined)?.lang;
    if (request.method === 'GET' && typeof lang === 'string' && LANGS.includes(lang as Lang)) {
      reply.setCookie(LANG_COOKIE, lang, { sameSite: 'strict', path: '/console', maxAge: 365 * 86_400 });
      const url = new URL(request.url, 'http://console');
      url.searchParams.delete('lang');
      return reply.redirect(`${url.pathname}${url.search}`, 303);
    }
    if (request.method !== 'GET' && !fromOwnPage(request)) {
      const t = consoleTexts(langOf(request));
      return send(request, reply, {
        title: t('errorTitle'),
        current: '',
        body: html`<section class="card">
          <p class="error-box" role="alert">${t('refusedOrigin')}</p>
        </section>`,
        status: 403,
      });
    }
    request.consoleMerchant = sessionMerchant(key, request.cookies[CONSOLE_COOKIE], Date.now()) ?? null;
    // Still a merchant of the service (not removed since).
    if (request.consoleMerchant && !(await service.merchants.byId(request.consoleMerchant)))
      request.consoleMerchant = null;
    const open = request.url === '/console/sign-in' || request.url.startsWith('/console/assets/');
    if (!request.consoleMerchant && !open) {
      if (request.method === 'GET' && !request.url.startsWith('/console/events')) {
        return reply.redirect('/console/sign-in', 303);
      }
      return reply.code(401).type('text/plain; charset=utf-8').send('Sign in first.');
    }
    return undefined;
  });

  const merchantOf = (request: FastifyRequest) => request.consoleMerchant as string;
  const texts = (request: FastifyRequest): ConsoleT => consoleTexts(langOf(request));

  app.get('/', async (_request, reply) => reply.redirect('/console/conversations', 303));

  app.get('/sign-in', async (request, reply) => {
    const t = texts(request);
    return send(request, reply, { title: t('signInTitle'), current: '', body: signInBody(t, undefined) });
  });

  app.post<{ Body: Form }>('/sign-in', async (request, reply) => {
    const t = texts(request);
    const accessKeyId = field(request.body, 'access_key_id').trim();
    const secretAccessKey = field(request.body, 'secret_access_key');
    // The same check as the API's, with the same words for a refusal (and the same limits on guessing).
    const result = await service.merchants.authenticate(basicAuthorization({ accessKeyId, secretAccessKey }));
    if (!result.ok) {
      return send(request, reply, {
        title: t('signInTitle'),
        current: '',
        body: signInBody(t, result.detail, accessKeyId),
        status: 401,
      });
    }
    reply.setCookie(CONSOLE_COOKIE, sessionValue(key, result.merchant.id, Date.now()), {
      httpOnly: true,
      sameSite: 'strict',
      path: '/console',
      maxAge: SESSION_MS / 1000,
    });
    return reply.redirect('/console/conversations', 303);
  });

  app.post('/sign-out', async (_request, reply) => {
    reply.clearCookie(CONSOLE_COOKIE, { path: '/console' });
    return reply.redirect('/console/sign-in', 303);
  });

  const conversationsFor = async (
    request: FastifyRequest<{ Querystring: { q?: string; buyer?: string } }>,
  ) => {
    const all = conversationsOf(
      (await service.local.messages(merchantOf(request), { limit: 10_000 })).results,
    );
    const q = request.query.q ?? '';
    const shown = all.filter((conversation) => matches(conversation, q));
    const selected =
      shown.find((conversation) => conversation.key === request.query.buyer) ??
      (request.query.buyer === undefined && shown.length === 1 ? shown[0] : undefined);
    return { all, q, shown, selected };
  };

  app.get<{ Querystring: { q?: string; buyer?: string } }>('/conversations', async (request, reply) => {
    const t = texts(request);
    const { all, q, shown, selected } = await conversationsFor(request);
    const body = conversationsBody(t, { conversations: shown, all: all.length, q, selected });
    return send(request, reply, {
      title: t('conversationsTitle'),
      current: 'conversations',
      body: clockCard(t, new Date(service.now(merchantOf(request))).toISOString(), request.url) + body,
    });
  });

  // The conversation alone, for the page to refresh it when the bot sends something.
  app.get<{ Querystring: { q?: string; buyer?: string } }>('/conversations/panel', async (request, reply) => {
    const t = texts(request);
    const { q, selected } = await conversationsFor(request);
    const url = `/console/conversations/panel?${new URLSearchParams({
      ...(q ? { q } : {}),
      ...(selected ? { buyer: selected.key } : {}),
    }).toString()}`;
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(conversationPanel(t, selected, url));
  });

  app.get('/events', async (request, reply) =>
    streamEvents(
      reply,
      service.events,
      merchantOf(request),
      Number(request.headers['last-event-id'] ?? 0) || 0,
    ),
  );

  app.get('/orders', async (request, reply) => {
    const t = texts(request);
    const orders = (await service.local.orders(merchantOf(request), { limit: 1000 })).results.reverse();
    return send(request, reply, { title: t('ordersTitle'), current: 'orders', body: ordersBody(t, orders) });
  });

  app.get<{ Params: { id: string }; Querystring: { reviewed?: string } }>(
    '/orders/:id',
    async (request, reply) => {
      const t = texts(request);
      const merchantId = merchantOf(request);
      const order = (await service.local.orders(merchantId, { id: request.params.id })).results[0];
      if (!order) return reply.callNotFound();
      const messages = (await service.local.messages(merchantId, { order_id: order.id, limit: 1000 }))
        .results;
      const reviewed = new Set(
        (await service.local.reviews(merchantId, { limit: 10_000 })).results
          .filter((review) => review.order_id === order.id)
          .map((review) => review.item_id),
      );
      return send(request, reply, {
        title: t('orderTitle', { id: order.id }),
        current: 'orders',
        body: orderBody(t, order, messages, reviewed, request.query.reviewed ? t('reviewDone') : undefined),
      });
    },
  );

  app.post<{ Params: { id: string }; Body: Form }>('/orders/:id/reviews', async (request, reply) => {
    const kind = field(request.body, 'kind') as ReviewKind;
    if (!REVIEW_KINDS.includes(kind)) return reply.code(400).send('Unknown review kind.');
    await service.local.addReview(merchantOf(request), {
      order_id: request.params.id,
      item_id: field(request.body, 'item_id'),
      kind,
    });
    return reply.redirect(`/console/orders/${encodeURIComponent(request.params.id)}?reviewed=1`, 303);
  });

  app.get('/products', async (request, reply) => {
    const t = texts(request);
    const products = (await service.local.products(merchantOf(request), { limit: 1000 })).results;
    return send(request, reply, {
      title: t('productsTitle'),
      current: 'products',
      body: productsBody(t, products),
    });
  });

  app.get('/jobs', async (request, reply) => {
    const t = texts(request);
    const jobs = (await service.local.jobs(merchantOf(request), { limit: 1000 })).results.reverse();
    return send(request, reply, {
      title: t('jobsTitle'),
      current: 'jobs',
      body:
        clockCard(t, new Date(service.now(merchantOf(request))).toISOString(), request.url) +
        jobsBody(t, jobs),
    });
  });

  app.get('/rewards', async (request, reply) => {
    const t = texts(request);
    const reviews = (await service.local.reviews(merchantOf(request), { limit: 1000 })).results;
    return send(request, reply, {
      title: t('rewardsTitle'),
      current: 'rewards',
      body: rewardsBody(t, reviews),
    });
  });

  /** The clock card again (for htmx, which swaps it in place) or the page the form was on. */
  const afterClock = (request: FastifyRequest<{ Body: Form }>, reply: FastifyReply, ran: QueueRun) => {
    if (request.headers['hx-request'] === 'true') {
      const back = field(request.body, 'back') || '/console/conversations';
      return reply.type('text/html; charset=utf-8').send(clockCard(texts(request), ran.now, back, ran));
    }
    const back = field(request.body, 'back');
    return reply.redirect(back.startsWith('/console/') ? back : '/console/conversations', 303);
  };

  app.post<{ Body: Form }>('/clock/advance', async (request, reply) =>
    afterClock(
      request,
      reply,
      await service.local.advanceClock(merchantOf(request), field(request.body, 'by') || '1d'),
    ),
  );

  app.post<{ Body: Form }>('/queue/apply', async (request, reply) =>
    afterClock(request, reply, await service.local.runQueue(merchantOf(request))),
  );

  app.get('/marketplaces', async (request, reply) => {
    const t = texts(request);
    const merchant = merchantOf(request);
    const fakes = await Promise.all(
      FAKE_MARKETPLACES.map(async (name) =>
        describeDoc(name, await service.marketplaces.read(name, merchant)),
      ),
    );
    return send(request, reply, {
      title: t('marketplacesTitle'),
      current: 'marketplaces',
      body: marketplacesBody(t, fakes as FakeState[]),
    });
  });

  app.get('/faults', async (request, reply) => {
    const t = texts(request);
    const state = service.local.faultsState(service.faults, merchantOf(request));
    return send(request, reply, {
      title: t('faultsTitle'),
      current: 'faults',
      body: faultsBody(t, state, undefined, state.spec),
    });
  });

  app.post<{ Body: Form }>('/faults', async (request, reply) => {
    const t = texts(request);
    const spec = field(request.body, 'spec');
    try {
      await service.local.setFaults(service.faults, merchantOf(request), spec);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      const issues = (error as { issues?: { msg: string }[] }).issues;
      const message = issues?.[0]?.msg.replace(/^Value error, /, '') ?? error.message;
      return send(request, reply, {
        title: t('faultsTitle'),
        current: 'faults',
        body: faultsBody(t, service.local.faultsState(service.faults, merchantOf(request)), message, spec),
        status: 422,
      });
    }
    return reply.redirect('/console/faults', 303);
  });

  app.post('/faults/clear', async (request, reply) => {
    await service.faults.set(merchantOf(request), []);
    return reply.redirect('/console/faults', 303);
  });

  app.setNotFoundHandler((request, reply) => {
    const t = texts(request);
    return send(request, reply, {
      title: t('notFoundTitle'),
      current: '',
      body: html`<section class="card"><p>${t('notFound')}</p></section>`,
      status: 404,
    });
  });

  app.setErrorHandler((error, request, reply) => {
    const t = texts(request);
    const known = error instanceof ServiceError;
    return send(request, reply, {
      title: t('errorTitle'),
      current: '',
      body: html`<section class="card">
        <p class="error-box" role="alert">${known ? error.message : t('errorTitle')}</p>
      </section>`,
      status: known ? 400 : 500,
    });
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FakeBook } from './book.js';
import {
  countRefusal,
  fakeBodies,
  takeToken,
  useFault,
  isCallersError,
  type FakeOptions,
  repeatedParameter,
} from './gate.js';
import { apiError, oauthError, send, type Cafe24Handler } from './cafe24-answers.js';
import { createShipment, listCarriers, listOrders, oneOrder, oneProduct } from './cafe24-handlers.js';
import { consent, grantToken } from './cafe24-oauth.js';

const mallOf = (request: FastifyRequest) => (request.params as { mallId: string }).mallId;

/**
 * Registers an Admin API endpoint: a live access token of the mall's, then a place in its bucket (the
 * `X-Api-Call-Limit` on every answer), no parameter given twice; `handle` answers on the merchant's data.
 */
function adminRoute(
  app: FastifyInstance,
  book: FakeBook,
  method: 'GET' | 'POST',
  url: string,
  handle: Cafe24Handler,
): void {
  app.route({
    method,
    url,
    handler: async (request, reply) => {
      const merchantId = await book.ownerOf('cafe24', mallOf(request));
      if (!merchantId) return send(reply, apiError(404, 'mall not found'));
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const answer = await book.update('cafe24', merchantId, (doc, now, real) => {
        doc.requests += 1;
        const token = doc.tokens.find((known) => known.kind === 'access' && known.value === bearer);
        if (!token || token.revoked) return (countRefusal(doc, '401'), apiError(401, 'Invalid access_token'));
        if (token.expiresAt <= now)
          return (countRefusal(doc, '401'), apiError(401, 'access_token time expired.'));
        const left = useFault(doc, 'storm') ? -1 : takeToken(doc, 'mall', now);
        const limit = {
          'x-api-call-limit': `${left < 0 ? doc.rate.burst : doc.rate.burst - left}/${doc.rate.burst}`,
        };
        if (left < 0)
          return { ...(countRefusal(doc, '429'), apiError(429, 'Too Many Requests')), headers: limit };
        const twice = repeatedParameter(request);
        if (twice !== undefined)
          return { ...apiError(400, `${twice} is given more than once`), headers: limit };
        return { ...handle(doc, real, request), headers: limit };
      });
      return send(reply, answer);
    },
  });
}

/**
 * The Cafe24 Admin API fake, at its real paths under `/cafe24/{mall_id}` (the reference's §4.8): the
 * consent redirect with one-minute codes, the token endpoint with rotating refresh tokens, the mall's
 * bucket (40 deep, 2 a second) with `X-Api-Call-Limit`, orders with offset pages, shipments with the
 * mall's own carrier codes, products and carriers; faults on demand.
 */
export async function cafe24Fake(app: FastifyInstance, options: FakeOptions): Promise<void> {
  const { book } = options;
  fakeBodies(app);

  app.get('/api/v2/oauth/authorize', async (request, reply) => {
    const query = request.query as Record<string, string>;
    const merchantId = await book.ownerOf('cafe24', mallOf(request));
    if (!merchantId) return send(reply, oauthError(400, 'invalid_request', 'unknown mall'));
    const answer = await book.update('cafe24', merchantId, (doc, now) =>
      consent(doc, merchantId, query, now),
    );
    if (answer.status === 302)
      return reply
        .code(302)
        .header('location', answer.headers?.location ?? '')
        .send('');
    return send(reply, answer);
  });

  app.post('/api/v2/oauth/token', async (request, reply) => {
    const mallId = mallOf(request);
    const fields = (request.body ?? {}) as Record<string, string>;
    const merchantId = await book.ownerOf('cafe24', mallId);
    if (!merchantId) return send(reply, oauthError(401, 'invalid_client', 'unknown mall'));
    const answer = await book.update('cafe24', merchantId, (doc, now) => {
      doc.requests += 1;
      return grantToken(doc, merchantId, mallId, fields, request.headers.authorization ?? '', now);
    });
    return send(reply, answer);
  });

  const route = (method: 'GET' | 'POST', url: string, handle: Cafe24Handler) =>
    adminRoute(app, book, method, url, handle);
  route('GET', '/api/v2/admin/orders', listOrders);
  route('GET', '/api/v2/admin/orders/:orderId', oneOrder);
  route('POST', '/api/v2/admin/orders/:orderId/shipments', createShipment);
  route('GET', '/api/v2/admin/products/:productNo', oneProduct);
  route('GET', '/api/v2/admin/carriers', listCarriers);

  app.setNotFoundHandler((_request, reply) => send(reply, apiError(404, 'No API found')));
  app.setErrorHandler((thrown, _request, reply) => {
    if (isCallersError(thrown)) return send(reply, apiError(400, 'Bad request'));
    options.onUnexpected(thrown);
    return send(reply, apiError(500, 'Internal Server Error'));
  });
}

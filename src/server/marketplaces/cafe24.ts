import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { kstIso } from '../../marketplaces/connector.js';
import { CAFE24_OPEN, CAFE24_SHIPPED } from '../../marketplaces/cafe24/schema.js';
import { cafe24Basic, CAFE24_SCOPES } from '../../marketplaces/cafe24/oauth.js';
import {
  isObject,
  countRefusal,
  fakeBodies,
  noteWrite,
  takeToken,
  tokenFor,
  useFault,
  isCallersError,
  type FakeOptions,
  repeatedParameter,
  sameText,
} from './gate.js';
import { findLine, type FakeDoc, type FakeOrder } from './model.js';

/** A consent code lives a minute; an access token 2 hours; a refresh token 14 days (the reference's §4.1). */
export const CODE_MS = 60_000;
const ACCESS_MS = 2 * 3_600_000;
const REFRESH_MS = 14 * 86_400_000;
const DAY_MS = 86_400_000;

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

const apiError = (status: number, message: string): Answer => ({
  status,
  body: { error: { code: status, message, more_info: {} } },
});
const oauthError = (status: number, error: string, description: string): Answer => ({
  status,
  body: { error, error_description: description },
});

/** Cafe24's timestamps: KST, no offset (`2026-11-25T14:00:00.000`). */
const cafe24Stamp = (at: number) => kstIso(at).slice(0, 23);

function send(reply: FastifyReply, answer: Answer): FastifyReply {
  return reply
    .code(answer.status)
    .headers(answer.headers ?? {})
    .type('application/json')
    .send(JSON.stringify(answer.body));
}

/** Issues a token pair; the refresh token it replaces (if any) is spent. */
function issuePair(doc: FakeDoc, merchantId: string, now: number, mallId: string): Answer {
  const pair = tokenFor('c24p', merchantId);
  const access = {
    value: tokenFor('c24a', merchantId),
    kind: 'access' as const,
    expiresAt: now + ACCESS_MS,
    pair,
  };
  const refresh = {
    value: tokenFor('c24r', merchantId),
    kind: 'refresh' as const,
    expiresAt: now + REFRESH_MS,
    pair,
  };
  doc.tokens = doc.tokens.filter((token) => token.expiresAt > now && !token.revoked).concat(access, refresh);
  return {
    status: 200,
    body: {
      access_token: access.value,
      expires_at: cafe24Stamp(access.expiresAt),
      refresh_token: refresh.value,
      refresh_token_expires_at: cafe24Stamp(refresh.expiresAt),
      client_id: doc.credentials.client_id,
      mall_id: mallId,
      user_id: 'intake',
      scopes: CAFE24_SCOPES,
      issued_at: cafe24Stamp(now),
      shop_no: '1',
      token_type: 'Bearer',
    },
  };
}

function orderBody(order: FakeOrder, embedItems: boolean) {
  return {
    shop_no: 1,
    order_id: order.orderId,
    order_date: kstIso(order.orderedAt).replace('.000', ''),
    payment_date: kstIso(order.orderedAt).replace('.000', ''),
    paid: 'T',
    canceled: order.lines.every((line) => line.status.startsWith('C')) ? 'T' : 'F',
    order_place_id: order.place ?? 'cafe24',
    market_order_no: null,
    ...(embedItems
      ? {
          items: order.lines.map((line, index) => ({
            item_no: index + 1,
            order_item_code: line.lineId,
            product_no: Number(line.productId) || line.productId,
            product_name: line.productName,
            option_value: line.option ?? '',
            quantity: line.quantity,
            product_price: `${line.price}.00`,
            order_status: line.claim ?? line.status,
            tracking_no: line.trackingNumber,
            shipping_company_code: line.carrierCode,
            claim_type: null,
            claim_status: null,
          })),
        }
      : {}),
    receivers: [
      {
        name: order.recipientName,
        phone: '',
        cellphone: order.recipientPhone,
        virtual_phone_no: null,
        zipcode: '04524',
        address1: '서울특별시 중구 세종대로 110',
        address2: '1층',
        shipping_code: `D-${order.orderId}-00`,
      },
    ],
  };
}

/**
 * The Cafe24 Admin API fake, at its real paths under `/cafe24/{mall_id}` (the reference's §4.8): the
 * consent redirect with one-minute codes, the token endpoint with rotating refresh tokens, the mall's
 * bucket (40 deep, 2 a second) with `X-Api-Call-Limit`, orders with offset pages, shipments with the
 * mall's own carrier codes, products and carriers; faults on demand.
 */
export async function cafe24Fake(app: FastifyInstance, options: FakeOptions): Promise<void> {
  // Long because it registers one fake API's routes, one short handler per endpoint, over the state they
  // share (the book, the consent codes, the tokens, the bucket).
  const { book } = options;
  fakeBodies(app);
  const mallOf = (request: FastifyRequest) => (request.params as { mallId: string }).mallId;

  app.get('/api/v2/oauth/authorize', async (request, reply) => {
    const mallId = mallOf(request);
    const query = request.query as Record<string, string>;
    const merchantId = await book.ownerOf('cafe24', mallId);
    if (!merchantId) return send(reply, oauthError(400, 'invalid_request', 'unknown mall'));
    const answer = await book.update('cafe24', merchantId, (doc, now) => {
      if (query.response_type !== 'code')
        return oauthError(400, 'unsupported_response_type', 'response_type must be code');
      if (query.client_id !== doc.credentials.client_id)
        return oauthError(400, 'invalid_client', 'unknown client_id');
      if (!query.redirect_uri || query.redirect_uri !== doc.credentials.redirect_uri)
        return oauthError(400, 'invalid_request', 'redirect_uri does not match the app');
      const code = tokenFor('c24c', merchantId);
      doc.tokens.push({ value: code, kind: 'code', expiresAt: now + CODE_MS });
      const to = new URL(query.redirect_uri);
      to.searchParams.set('code', code);
      if (query.state) to.searchParams.set('state', query.state);
      return { status: 302, body: '', headers: { location: to.toString() } };
    });
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
      const expected = cafe24Basic(doc.credentials.client_id ?? '', doc.credentials.client_secret ?? '');
      if (!sameText(expected, request.headers.authorization ?? ''))
        return (
          countRefusal(doc, 'invalid_client'),
          oauthError(401, 'invalid_client', 'client authentication failed')
        );
      if (fields.grant_type === 'authorization_code') {
        const code = doc.tokens.find((token) => token.kind === 'code' && token.value === fields.code);
        if (!code || code.revoked || code.expiresAt <= now)
          return (
            countRefusal(doc, 'invalid_grant'),
            oauthError(400, 'invalid_grant', 'the code is unknown, used or expired')
          );
        if (fields.redirect_uri !== doc.credentials.redirect_uri)
          return oauthError(400, 'invalid_grant', 'redirect_uri does not match');
        code.revoked = true;
        return issuePair(doc, merchantId, now, mallId);
      }
      if (fields.grant_type === 'refresh_token') {
        const refresh = doc.tokens.find(
          (token) => token.kind === 'refresh' && token.value === fields.refresh_token,
        );
        if (!refresh || refresh.revoked || refresh.expiresAt <= now)
          return (
            countRefusal(doc, 'invalid_grant'),
            oauthError(400, 'invalid_grant', 'the refresh token is unknown, used or expired')
          );
        refresh.revoked = true;
        return issuePair(doc, merchantId, now, mallId);
      }
      return oauthError(
        400,
        'unsupported_grant_type',
        'grant_type must be authorization_code or refresh_token',
      );
    });
    return send(reply, answer);
  });

  const api = (
    method: 'GET' | 'POST',
    url: string,
    /** `now`: real time, the caller's clock (the lines' times are on it; see `FakeBook`). */
    handle: (doc: FakeDoc, now: number, request: FastifyRequest) => Answer,
  ) => {
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
          if (!token || token.revoked)
            return (countRefusal(doc, '401'), apiError(401, 'Invalid access_token'));
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
  };

  api('GET', '/api/v2/admin/orders', (doc, _now, request) => {
    const query = request.query as Record<string, string>;
    const limit = query.limit === undefined ? 10 : Number(query.limit);
    const offset = query.offset === undefined ? 0 : Number(query.offset);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
      return apiError(422, 'limit must be 1 to 1000');
    if (!Number.isInteger(offset) || offset < 0 || offset > 15_000)
      return apiError(422, 'offset must be 0 to 15000');
    const from = Date.parse(`${(query.start_date ?? '').slice(0, 10)}T00:00:00+09:00`);
    const to = Date.parse(`${(query.end_date ?? '').slice(0, 10)}T00:00:00+09:00`) + DAY_MS;
    if (Number.isNaN(from) || Number.isNaN(to))
      return apiError(422, 'start_date and end_date are required (YYYY-MM-DD)');
    if (to - from > 93 * DAY_MS || to <= from) return apiError(422, 'the search period is at most 3 months');
    const embedItems = (query.embed ?? '').split(',').includes('items');
    const orders = doc.orders
      .filter((order) => order.orderedAt >= from && order.orderedAt < to)
      .sort((a, b) => (a.orderId < b.orderId ? -1 : a.orderId > b.orderId ? 1 : 0));
    // Offset pages that repeat a row (a fault), as offset paging does when rows move between pages.
    const start = doc.faults.duplicate_pages && offset > 0 ? offset - 1 : offset;
    return {
      status: 200,
      body: { orders: orders.slice(start, start + limit).map((order) => orderBody(order, embedItems)) },
    };
  });

  api('GET', '/api/v2/admin/orders/:orderId', (doc, _now, request) => {
    const id = (request.params as { orderId: string }).orderId;
    const order = doc.orders.find((known) => known.orderId === id);
    if (!order) return apiError(404, `order ${id} not found`);
    const embed = ((request.query as Record<string, string>).embed ?? '').split(',');
    return { status: 200, body: { order: orderBody(order, embed.includes('items')) } };
  });

  api('POST', '/api/v2/admin/orders/:orderId/shipments', (doc, now, request) => {
    const id = (request.params as { orderId: string }).orderId;
    const order = doc.orders.find((known) => known.orderId === id);
    if (!order) return apiError(404, `order ${id} not found`);
    const given = (request.body as { request?: unknown } | null | undefined)?.request;
    if (!isObject(given)) return apiError(422, 'request is required: an object');
    const body = given;
    const number = String(body?.tracking_no ?? '');
    const code = String(body?.shipping_company_code ?? '');
    const status = String(body?.status ?? '');
    if (number === '' || number.length > 40)
      return apiError(422, 'tracking_no is required, at most 40 characters');
    if (!doc.carriers.some((carrier) => carrier.code === code))
      return apiError(422, `shipping_company_code ${code} is not a carrier of this mall`);
    if (status !== 'standby' && status !== 'shipping')
      return apiError(422, 'status must be standby or shipping');
    const named = Array.isArray(body?.order_item_code)
      ? (body.order_item_code as unknown[]).map(String)
      : order.lines.map((line) => line.lineId);
    const lines = named.map((lineId) => findLine(doc, lineId)?.line);
    if (lines.some((line) => !line)) return apiError(422, 'an order_item_code is not an item of this order');
    const forced = named.map((lineId) => doc.faults.fail_lines[lineId]).find(Boolean);
    if (forced) {
      for (const lineId of named) delete doc.faults.fail_lines[lineId];
      return apiError(Number(forced) || 422, `forced failure (${forced})`);
    }
    for (const line of lines) {
      const state = line?.claim ?? line?.status ?? '';
      if (/^[CRE]/.test(state))
        return apiError(422, `item ${line?.lineId} is ${state}: it cannot be shipped`);
      if (!CAFE24_OPEN.has(state) && !CAFE24_SHIPPED.has(state))
        return apiError(422, `item ${line?.lineId} is ${state}: it cannot be shipped`);
      if (CAFE24_SHIPPED.has(state) && line?.trackingNumber !== number)
        return apiError(409, `item ${line?.lineId} is shipped already`);
    }
    for (const line of lines) {
      if (!line) continue;
      line.status = status === 'shipping' ? 'N30' : 'N21';
      line.trackingNumber = number;
      line.carrierCode = code;
      line.changedAt = now;
      line.written = (line.written ?? 0) + 1;
    }
    noteWrite(doc, { at: now, kind: 'shipment', lines: named, result: `shipment ${number}` });
    if (useFault(doc, 'timeout_after_write')) return apiError(504, 'Gateway Timeout');
    return {
      status: 201,
      body: {
        shipments: [
          {
            shop_no: 1,
            shipping_code: `D-${id}-00`,
            order_id: id,
            status,
            tracking_no: number,
            shipping_company_code: code,
            order_item_code: named,
            carrier_id: doc.carriers.find((carrier) => carrier.code === code)?.carrierId,
          },
        ],
      },
    };
  });

  api('GET', '/api/v2/admin/products/:productNo', (doc, _now, request) => {
    const id = (request.params as { productNo: string }).productNo;
    const product = doc.products.find((known) => known.productId === id);
    if (!product) return apiError(404, `product ${id} not found`);
    return {
      status: 200,
      body: {
        product: {
          shop_no: 1,
          product_no: Number(id) || id,
          product_name: product.name,
          detail_image: product.imageUrl ?? null,
          list_image: product.imageUrl ?? null,
        },
      },
    };
  });

  api('GET', '/api/v2/admin/carriers', (doc) => ({
    status: 200,
    body: {
      carriers: doc.carriers.map((carrier) => ({
        shop_no: 1,
        carrier_id: carrier.carrierId,
        shipping_carrier_code: carrier.code,
        shipping_carrier: carrier.name,
      })),
    },
  }));

  app.setNotFoundHandler((_request, reply) => send(reply, apiError(404, 'No API found')));
  app.setErrorHandler((thrown, _request, reply) => {
    if (isCallersError(thrown)) return send(reply, apiError(400, 'Bad request'));
    options.onUnexpected(thrown);
    return send(reply, apiError(500, 'Internal Server Error'));
  });
}

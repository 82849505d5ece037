import type { FastifyInstance } from 'fastify';
import { naverSignature } from '../../marketplaces/naver/sign.js';
import type { FakeBook } from './book.js';
import {
  countRefusal,
  fakeBodies,
  ipAllowed,
  merchantOfToken,
  takeToken,
  tokenFor,
  traceId,
  useFault,
  isCallersError,
  type FakeOptions,
  repeatedParameter,
  sameText,
} from './gate.js';
import type { FakeDoc } from './model.js';
import { badInput, business, gw, send, type Answer, type GatewayHandler } from './naver-answers.js';
import { dispatchProductOrders } from './naver-dispatch.js';
import { channelProduct, lastChangedStatuses, queryProductOrders } from './naver-orders.js';

/** Naver's token: 3 hours; the same one comes back while 30 minutes or more are left. */
const TOKEN_MS = 10_800_000;
const REUSE_MS = 1_800_000;

/** The fields of a token request, as the form gives them. */
type TokenFields = Record<string, string>;

/**
 * A token for an application whose caller's address is allowed: checked as Naver checks it (grant, type,
 * a timestamp within 5 minutes of real time, the bcrypt signature), the newest one again while it has 30
 * minutes or more left.
 */
function issueToken(
  doc: FakeDoc,
  merchantId: string,
  fields: TokenFields,
  now: number,
  real: number,
  trace: string,
): Answer {
  if (fields.grant_type !== 'client_credentials')
    return badInput('grant_type', 'grant_type must be client_credentials', trace);
  if (fields.type !== 'SELF' && fields.type !== 'SELLER')
    return badInput('type', 'type must be SELF or SELLER', trace);
  if (fields.type === 'SELLER' && !fields.account_id)
    return badInput('account_id', 'account_id is required for SELLER', trace);
  const timestamp = Number(fields.timestamp);
  // Signed with the caller's clock: checked against real time, not the merchant's moved clock.
  if (!/^\d+$/.test(fields.timestamp ?? '') || real - timestamp > 300_000 || timestamp - real > 1_000) {
    countRefusal(doc, 'timestamp');
    return badInput('timestamp', 'timestamp is not within the allowed time', trace);
  }
  let expected: string;
  try {
    expected = naverSignature(
      fields.client_id as string,
      doc.credentials.client_secret ?? '',
      fields.timestamp as string,
    );
  } catch {
    return badInput('client_secret_sign', 'the application has no valid secret', trace);
  }
  if (!sameText(expected, fields.client_secret_sign ?? '')) {
    countRefusal(doc, 'client_secret_sign');
    return badInput('client_secret_sign', 'client_secret_sign is invalid', trace);
  }
  doc.tokens = doc.tokens.filter((known) => known.expiresAt > now);
  const newest = doc.tokens
    .filter((known) => known.kind === 'access')
    .sort((a, b) => b.expiresAt - a.expiresAt)[0];
  const token =
    newest && newest.expiresAt - now >= REUSE_MS
      ? newest
      : { value: tokenFor('nv', merchantId), kind: 'access' as const, expiresAt: now + TOKEN_MS };
  if (token !== newest) doc.tokens.push(token);
  return {
    status: 200,
    body: {
      access_token: token.value,
      expires_in: Math.floor((token.expiresAt - now) / 1000),
      token_type: 'Bearer',
    },
  };
}

/**
 * Registers an endpoint behind Naver's gateway: a live bearer token of the merchant's, the IP allowlist,
 * maintenance (a fault), the token bucket with Naver's rate headers, no parameter given twice; then
 * `handle` answers, on the merchant's data.
 */
function gatewayRoute(
  app: FastifyInstance,
  book: FakeBook,
  method: 'GET' | 'POST',
  path: string,
  handle: GatewayHandler,
): void {
  app.route({
    method,
    url: path,
    handler: async (request, reply) => {
      const trace = traceId();
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const merchantId = token ? merchantOfToken(token) : undefined;
      if (!token || !merchantId) return send(reply, trace, gw(401, 'GW.AUTHN', trace));
      let rate: Record<string, string> = {};
      const answer = await book.update('naver', merchantId, (doc, now, real) => {
        doc.requests += 1;
        if (!ipAllowed(doc))
          return (countRefusal(doc, 'GW.IP_NOT_ALLOWED'), gw(403, 'GW.IP_NOT_ALLOWED', trace));
        const live = doc.tokens.find(
          (known) => known.kind === 'access' && known.value === token && known.expiresAt > now,
        );
        if (!live) return (countRefusal(doc, 'GW.AUTHN'), gw(401, 'GW.AUTHN', trace));
        if (useFault(doc, 'maintenance'))
          return (countRefusal(doc, 'GW.BLOCK.02'), gw(503, 'GW.BLOCK.02', trace));
        const left = useFault(doc, 'storm') ? -1 : takeToken(doc, `${method} ${path}`, now);
        rate = {
          'gncp-gw-ratelimit-replenish-rate': String(doc.rate.perSecond),
          'gncp-gw-ratelimit-burst-capacity': String(doc.rate.burst),
          'gncp-gw-ratelimit-remaining': String(Math.max(0, left)),
        };
        if (left < 0) return (countRefusal(doc, 'GW.RATE_LIMIT'), gw(429, 'GW.RATE_LIMIT', trace));
        const twice = repeatedParameter(request);
        if (twice !== undefined) return business(400, '4000', `${twice} is given more than once`, trace);
        return handle(doc, real, request, trace);
      });
      return send(reply, trace, answer, rate);
    },
  });
}

/**
 * The Naver Commerce API fake, at its real paths under `/naver` (the reference's §2.8): tokens from the
 * bcrypt signature with the real refusals, the IP allowlist, a token bucket with Naver's headers, the
 * change feed with its `more` cursor, the detail query, the dispatch with partial failures, the product
 * lookup; faults on demand. Every answer carries a trace id.
 */
export async function naverFake(app: FastifyInstance, options: FakeOptions): Promise<void> {
  const { book } = options;
  fakeBodies(app);

  app.post('/external/v1/oauth2/token', async (request, reply) => {
    const trace = traceId();
    const fields = (request.body ?? {}) as TokenFields;
    const inQuery = Object.keys(request.query as Record<string, unknown>).find((name) =>
      ['client_id', 'timestamp', 'client_secret_sign', 'grant_type', 'type'].includes(name),
    );
    if (inQuery) return send(reply, trace, badInput(inQuery, `${inQuery} must be sent in the body`, trace));
    const merchantId = fields.client_id ? await book.ownerOf('naver', fields.client_id) : undefined;
    if (!merchantId) return send(reply, trace, badInput('client_id', 'unknown client_id', trace));
    const answer = await book.update('naver', merchantId, (doc, now, real) => {
      doc.requests += 1;
      if (!ipAllowed(doc))
        return (countRefusal(doc, 'GW.IP_NOT_ALLOWED'), gw(403, 'GW.IP_NOT_ALLOWED', trace));
      return issueToken(doc, merchantId, fields, now, real, trace);
    });
    return send(reply, trace, answer);
  });

  const orders = '/external/v1/pay-order/seller/product-orders';
  gatewayRoute(app, book, 'GET', `${orders}/last-changed-statuses`, lastChangedStatuses);
  gatewayRoute(app, book, 'POST', `${orders}/query`, queryProductOrders);
  gatewayRoute(app, book, 'POST', `${orders}/dispatch`, dispatchProductOrders);
  gatewayRoute(app, book, 'GET', '/external/v2/products/channel-products/:channelProductNo', channelProduct);

  app.setNotFoundHandler((_request, reply) => {
    const trace = traceId();
    return send(reply, trace, gw(404, 'GW.NOT_FOUND', trace));
  });
  app.setErrorHandler((thrown, _request, reply) => {
    const trace = traceId();
    if (isCallersError(thrown))
      return send(reply, trace, business(400, '4000', '요청 형식이 올바르지 않습니다.', trace));
    options.onUnexpected(thrown);
    return send(reply, trace, gw(500, 'GW.INTERNAL_SERVER_ERROR', trace));
  });
}

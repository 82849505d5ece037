// Long because it is one fake API: every endpoint of Naver's that Intake calls, with the refusals the real
// one gives, in the order of Naver's reference.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { kstIso } from '../../marketplaces/connector.js';
import { serviceCarrierOf, trackingProblem } from '../../marketplaces/crosswalk.js';
import { NAVER_BLOCKING_CLAIMS } from '../../marketplaces/naver/schema.js';
import { naverSignature } from '../../marketplaces/naver/sign.js';
import {
  isObject,
  countRefusal,
  fakeBodies,
  ipAllowed,
  merchantOfToken,
  noteWrite,
  takeToken,
  tokenFor,
  traceId,
  useFault,
  isCallersError,
  type FakeOptions,
  repeatedParameter,
} from './gate.js';
import { findLine, type FakeDoc, type FakeLine, type FakeOrder } from './model.js';

/** Naver's token: 3 hours; the same one comes back while 30 minutes or more are left. */
const TOKEN_MS = 10_800_000;
const REUSE_MS = 1_800_000;
const WINDOW_MS = 24 * 3_600_000;
const PAGE_MAX = 300;
const DISPATCH_MAX = 30;
const GW_MESSAGES: Record<string, string> = {
  'GW.AUTHN': '요청을 보낼 권한이 없습니다.',
  'GW.IP_NOT_ALLOWED': '호출이 허용되지 않은 IP입니다.',
  'GW.RATE_LIMIT': '요청이 많아 서비스를 일시적으로 사용할 수 없습니다.',
  'GW.NOT_FOUND': '요청한 API를 찾을 수 없습니다.',
  'GW.BLOCK.02': '서비스 점검 중입니다.',
  'GW.TIMEOUT.01': '요청 처리 시간이 초과되었습니다.',
};

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

const gw = (status: number, code: string, trace: string): Answer => ({
  status,
  body: { code, message: GW_MESSAGES[code] ?? code, timestamp: kstIso(Date.now()), traceId: trace },
});
const business = (status: number, code: string, message: string, trace: string): Answer => ({
  status,
  body: { code, message, timestamp: kstIso(Date.now()), traceId: trace },
});
const badInput = (name: string, message: string, trace: string): Answer => ({
  status: 400,
  body: {
    code: 'BAD_REQUEST',
    message,
    timestamp: kstIso(Date.now()),
    traceId: trace,
    invalidInputs: [{ name, type: 'invalid', message }],
  },
});

function send(
  reply: FastifyReply,
  trace: string,
  answer: Answer,
  rate?: Record<string, string>,
): FastifyReply {
  return reply
    .code(answer.status)
    .headers({
      'gncp-gw-trace-id': trace,
      'gncp-gw-httpclient-responsetime': '12',
      ...(rate ?? {}),
      ...(answer.headers ?? {}),
    })
    .type('application/json;charset=UTF-8')
    .send(JSON.stringify(answer.body));
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** The product order as the detail query answers it. */
function productOrderInfo(order: FakeOrder, line: FakeLine) {
  return {
    order: {
      orderId: order.orderId,
      orderDate: kstIso(order.orderedAt),
      paymentDate: kstIso(order.orderedAt),
      ordererName: order.recipientName,
      ordererTel: order.recipientPhone,
    },
    productOrder: {
      productOrderId: line.lineId,
      productOrderStatus: line.status,
      claimType: line.claim
        ? line.claim.startsWith('RETURN')
          ? 'RETURN'
          : line.claim.startsWith('EXCHANGE')
            ? 'EXCHANGE'
            : 'CANCEL'
        : null,
      claimStatus: line.claim,
      placeOrderStatus: 'NOT_YET',
      productId: line.productId,
      productName: line.productName,
      productOption: line.option ?? null,
      quantity: line.quantity,
      unitPrice: line.price,
      totalPaymentAmount: line.price * line.quantity,
      shippingAddress: {
        name: order.recipientName,
        tel1: order.recipientPhone,
        tel2: '',
        addressType: 'DOMESTIC',
      },
    },
    ...(line.trackingNumber !== null || line.status === 'DELIVERING'
      ? {
          delivery: {
            deliveryCompany: line.carrierCode,
            trackingNumber: line.trackingNumber,
            deliveryMethod: line.carrierCode ? 'DELIVERY' : 'DIRECT_DELIVERY',
            deliveryStatus: 'DELIVERING',
            isWrongTrackingNumber: false,
          },
        }
      : {}),
  };
}

/** Each line's last change, in the feed's order: (time, productOrderId). */
function lastChanges(
  doc: FakeDoc,
): { entry: FakeDoc['feed'][number]; status: string; claim: string | null }[] {
  const last = new Map<string, FakeDoc['feed'][number]>();
  for (const entry of doc.feed) {
    const known = last.get(entry.lineId);
    if (!known || known.at <= entry.at) last.set(entry.lineId, entry);
  }
  return [...last.values()]
    .filter((entry) => !doc.faults.drop_feed.includes(entry.lineId))
    .sort((a, b) => a.at - b.at || (a.lineId < b.lineId ? -1 : a.lineId > b.lineId ? 1 : 0))
    .map((entry) => {
      const found = findLine(doc, entry.lineId);
      return { entry, status: found?.line.status ?? 'PAYED', claim: found?.line.claim ?? null };
    });
}

/**
 * The Naver Commerce API fake, at its real paths under `/naver` (the reference's §2.8): tokens from the
 * bcrypt signature with the real refusals, the IP allowlist, a token bucket with Naver's headers, the
 * change feed with its `more` cursor, the detail query, the dispatch with partial failures, the product
 * lookup; faults on demand. Every answer carries a trace id.
 */
export async function naverFake(app: FastifyInstance, options: FakeOptions): Promise<void> {
  // Long because it registers one fake API's routes, one short handler per endpoint, over the state they
  // share (the book, the token bucket, the allowlist).
  const { book } = options;
  fakeBodies(app);

  const api = (
    path: string,
    method: 'GET' | 'POST',
    /** `now`: real time, the caller's clock (the lines' times are on it; see `FakeBook`). */
    handle: (doc: FakeDoc, now: number, request: FastifyRequest, trace: string) => Answer,
  ) => {
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
  };

  app.post('/external/v1/oauth2/token', async (request, reply) => {
    const trace = traceId();
    const fields = (request.body ?? {}) as Record<string, string>;
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
    });
    return send(reply, trace, answer);
  });

  api(
    '/external/v1/pay-order/seller/product-orders/last-changed-statuses',
    'GET',
    (doc, _now, request, trace) => {
      const query = request.query as Record<string, string>;
      const from = Date.parse(query.lastChangedFrom ?? '');
      if (Number.isNaN(from))
        return badInput('lastChangedFrom', 'lastChangedFrom must be yyyy-MM-ddTHH:mm:ss.SSSXXX', trace);
      const to = query.lastChangedTo ? Date.parse(query.lastChangedTo) : from + WINDOW_MS;
      if (Number.isNaN(to))
        return badInput('lastChangedTo', 'lastChangedTo must be yyyy-MM-ddTHH:mm:ss.SSSXXX', trace);
      if (to - from > WINDOW_MS) return business(400, '104139', '조회 기간이 초과되었습니다.', trace);
      const limit = Math.min(PAGE_MAX, Number(query.limitCount) > 0 ? Number(query.limitCount) : PAGE_MAX);
      const sequence = query.moreSequence;
      const inWindow = lastChanges(doc).filter(
        ({ entry }) =>
          entry.at >= from &&
          entry.at <= to &&
          (sequence === undefined || entry.at > from || entry.lineId >= sequence),
      );
      const page = inWindow.slice(0, limit);
      // A duplicated page (a fault): the next page starts again at this page's last item.
      const next =
        doc.faults.duplicate_pages && page.length > 1 && inWindow.length > limit
          ? page.at(-1)
          : inWindow[limit];
      return {
        status: 200,
        body: {
          timestamp: kstIso(Date.now()),
          traceId: trace,
          data: {
            lastChangeStatuses: page.map(({ entry, status, claim }) => ({
              orderId: entry.orderId,
              productOrderId: entry.lineId,
              lastChangedType: entry.type,
              lastChangedDate: kstIso(entry.at),
              productOrderStatus: status,
              ...(claim ? { claimType: 'CANCEL', claimStatus: claim } : {}),
              receiverAddressChanged: false,
            })),
            ...(next ? { more: { moreFrom: kstIso(next.entry.at), moreSequence: next.entry.lineId } } : {}),
            count: page.length,
          },
        },
      };
    },
  );

  api('/external/v1/pay-order/seller/product-orders/query', 'POST', (doc, _now, request, trace) => {
    const body = request.body as { productOrderIds?: unknown } | undefined;
    const ids = Array.isArray(body?.productOrderIds)
      ? (body.productOrderIds as unknown[]).map(String)
      : undefined;
    if (!ids || ids.length === 0) return badInput('productOrderIds', 'productOrderIds is required', trace);
    if (ids.length > PAGE_MAX)
      return badInput('productOrderIds', `at most ${PAGE_MAX} productOrderIds`, trace);
    const data = ids.flatMap((id) => {
      const found = findLine(doc, id);
      return found ? [productOrderInfo(found.order, found.line)] : [];
    });
    return { status: 200, body: { timestamp: kstIso(Date.now()), traceId: trace, data } };
  });

  api('/external/v1/pay-order/seller/product-orders/dispatch', 'POST', (doc, now, request, trace) => {
    // Long because Naver's dispatch answers each line on its own (success, failure with a code, or
    // nothing), and each case is one of the reference's.
    const entries = (request.body as { dispatchProductOrders?: Record<string, unknown>[] } | undefined)
      ?.dispatchProductOrders;
    if (!Array.isArray(entries) || entries.length === 0)
      return business(400, '4000', 'dispatchProductOrders is required', trace);
    if (entries.length > DISPATCH_MAX)
      return business(400, '4000', `at most ${DISPATCH_MAX} product orders per request`, trace);
    if (!entries.every(isObject))
      return business(400, '4000', 'dispatchProductOrders must hold product orders (objects)', trace);
    const seen = new Set<string>();
    const success: string[] = [];
    const fail: { productOrderId: string; code: string; message: string }[] = [];
    for (const entry of entries) {
      const id = String(entry.productOrderId ?? '');
      const refuse = (code: string, message: string) => fail.push({ productOrderId: id, code, message });
      if (seen.has(id)) {
        refuse('104131', '요청에 중복된 상품주문번호가 있습니다.');
        continue;
      }
      seen.add(id);
      const forced = doc.faults.fail_lines[id];
      if (forced) {
        delete doc.faults.fail_lines[id];
        refuse(forced, 'forced failure');
        continue;
      }
      const found = findLine(doc, id);
      if (!found) {
        refuse('100001', '상품주문을 찾을 수 없습니다.');
        continue;
      }
      const { line, order } = found;
      const method = String(entry.deliveryMethod ?? 'DELIVERY');
      const company = entry.deliveryCompanyCode === undefined ? null : String(entry.deliveryCompanyCode);
      const number = entry.trackingNumber === undefined ? null : String(entry.trackingNumber);
      if (line.status === 'DELIVERING' && line.carrierCode === company && line.trackingNumber === number) {
        success.push(id);
        continue;
      }
      if (line.status !== 'PAYED' || (line.claim && NAVER_BLOCKING_CLAIMS.has(line.claim))) {
        refuse('104442', '상품주문 상태를 확인해 주세요.');
        continue;
      }
      if (method === 'DELIVERY') {
        if (!company) {
          refuse('104118', '택배사를 입력해 주세요.');
          continue;
        }
        const carrier = serviceCarrierOf('naver', company);
        if (!carrier) {
          refuse('104119', '유효하지 않은 택배사입니다.');
          continue;
        }
        if (!number) {
          refuse('104120', '송장번호를 입력해 주세요.');
          continue;
        }
        const reused = doc.orders.some(
          (other) =>
            other.orderId !== order.orderId && other.lines.some((known) => known.trackingNumber === number),
        );
        if (reused) {
          refuse('104121', '기사용 송장입니다.');
          continue;
        }
        if (trackingProblem(carrier.rule, number)) {
          refuse('104122', '유효하지 않은 송장입니다.');
          continue;
        }
      } else if (method !== 'DIRECT_DELIVERY') {
        refuse('104116', '배송방법을 변경해야 합니다.');
        continue;
      }
      line.status = 'DELIVERING';
      line.carrierCode = method === 'DELIVERY' ? company : null;
      line.trackingNumber = method === 'DELIVERY' ? number : null;
      line.changedAt = now;
      line.written = (line.written ?? 0) + 1;
      doc.feed.push({ orderId: order.orderId, lineId: id, type: 'DISPATCHED', at: now });
      success.push(id);
    }
    noteWrite(doc, {
      at: now,
      kind: 'dispatch',
      lines: entries.map((entry) => String(entry.productOrderId ?? '')),
      result: `${success.length} dispatched, ${fail.length} failed`,
    });
    // The write is kept; its answer is lost on the way (a fault): the caller must read before retrying.
    if (useFault(doc, 'timeout_after_write')) return gw(504, 'GW.TIMEOUT.01', trace);
    return {
      status: 200,
      body: {
        timestamp: kstIso(Date.now()),
        traceId: trace,
        data: { successProductOrderIds: success, failProductOrderInfos: fail },
      },
    };
  });

  api('/external/v2/products/channel-products/:channelProductNo', 'GET', (doc, _now, request, trace) => {
    const id = (request.params as { channelProductNo: string }).channelProductNo;
    const product = doc.products.find((known) => known.productId === id);
    if (!product) return business(404, 'NOT_FOUND', '상품이 존재하지 않습니다.', trace);
    return {
      status: 200,
      body: {
        originProduct: {
          name: product.name,
          images: { representativeImage: { url: product.imageUrl ?? '' }, optionalImages: [] },
        },
        smartstoreChannelProduct: { channelProductName: product.name },
      },
    };
  });

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

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { stringify } from 'lossless-json';
import {
  coupangSignature,
  parseCoupangAuthorization,
  sameSignature,
  signedDateTime,
} from '../../marketplaces/coupang/sign.js';
import { carrierCrosswalk } from '../../marketplaces/crosswalk.js';
import {
  isObject,
  countRefusal,
  fakeBodies,
  ipAllowed,
  noteWrite,
  takeToken,
  useFault,
  isCallersError,
  type FakeOptions,
  repeatedParameter,
} from './gate.js';
import type { FakeDoc } from './model.js';
import {
  big,
  boxStatus,
  compareIds,
  error,
  invoiceBox,
  ok,
  orderSheet,
  readDate,
  type Answer,
} from './coupang-sheets.js';

const PREFIX = '/coupang';
const VENDOR_PATH = '/v2/providers/openapi/apis/api/:version/vendors/:vendorId';
const SIGNATURE_WINDOW_MS = 300_000;
const DAY_MS = 86_400_000;
/** Repeated 404s of a vendor get it blocked (the reference's §3.8): after 3, for 10 minutes. */
const NOT_FOUND_BLOCK_AFTER = 3;
const BLOCK_MS = 10 * 60_000;
/** Past 10 a second, everything answers 429 for a minute of the merchant's clock. */
const THROTTLE_MS = 60_000;
const ACCESS_DENIED_PAGE =
  "<HTML><HEAD><TITLE>Access Denied</TITLE></HEAD><BODY><H1>Access Denied</H1>You don't have permission to access this server.<P>Reference #18.2f1e3b17.1764000000.1a2b3c</BODY></HTML>";

function send(reply: FastifyReply, answer: Answer): FastifyReply {
  if (answer.location) return reply.code(302).header('location', answer.location).send('');
  if (answer.html) return reply.code(answer.status).type('text/html').send(ACCESS_DENIED_PAGE);
  return reply
    .code(answer.status)
    .type('application/json;charset=UTF-8')
    .send(stringify(answer.body) ?? '');
}

/**
 * The Coupang Wing Open API fake, at its real paths under `/coupang` (the reference's §3.8): HMAC
 * signatures checked over the real path and raw query, the IP allowlist, a block after repeated 404s,
 * 10 requests a second and then a minute of 429s, order sheets by day and by minute with `nextToken`, the
 * single box, acknowledgement and invoices with their result codes; faults on demand.
 */
export async function coupangFake(app: FastifyInstance, options: FakeOptions): Promise<void> {
  // Long because it registers one fake API's routes, one short handler per endpoint, over the state they
  // share (the book, the rate limit, the allowlist and its 404 block).
  const { book } = options;
  fakeBodies(app);

  const api = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    /** `now`: real time, the caller's clock (the lines' times are on it; see `FakeBook`). */
    handle: (doc: FakeDoc, now: number, request: FastifyRequest) => Answer,
  ) => {
    app.route({
      method,
      url,
      handler: async (request, reply) => {
        const parsed = parseCoupangAuthorization(request.headers.authorization ?? '');
        if (!request.headers.authorization) return send(reply, error(401, 'Request is not authorized.'));
        if (!parsed) return send(reply, error(401, 'HMAC format is invalid.'));
        const merchantId = await book.ownerOf('coupang', parsed.accessKey);
        if (!merchantId) return send(reply, error(401, 'Request is not authorized.'));
        const raw = request.raw.url ?? '';
        const question = raw.indexOf('?');
        const path = (question < 0 ? raw : raw.slice(0, question)).slice(PREFIX.length);
        const query = question < 0 ? '' : raw.slice(question + 1);
        const answer = await book.update('coupang', merchantId, (doc, now, real) => {
          doc.requests += 1;
          if (doc.blockedUntil > now)
            return (
              countRefusal(doc, '302'),
              { status: 302, body: '', location: 'https://www.coupang.com/' }
            );
          if (!ipAllowed(doc)) return (countRefusal(doc, '403'), error(403, '[FORBIDDEN] Not allowed IP'));
          if (useFault(doc, 'access_denied'))
            return (countRefusal(doc, '403-html'), { status: 403, body: '', html: true });
          const throttled = doc.buckets.throttle;
          if (throttled && throttled.at > now)
            return (countRefusal(doc, '429'), error(429, 'Too Many Requests'));
          const signedAt = signedDateTime(parsed.signedDate) ?? 0;
          // Signed with the caller's clock: checked against real time, not the merchant's moved clock.
          if (Math.abs(signedAt - real) > SIGNATURE_WINDOW_MS)
            return (countRefusal(doc, '401'), error(401, 'Specified signature is expired.'));
          const expected = coupangSignature(
            doc.credentials.secret_key ?? '',
            parsed.signedDate,
            request.method,
            path,
            query,
          );
          if (!sameSignature(expected, parsed.signature))
            return (countRefusal(doc, '401'), error(401, 'Invalid signature.'));
          if (useFault(doc, 'storm') || takeToken(doc, 'all', now) < 0) {
            doc.buckets.throttle = { tokens: 0, at: now + THROTTLE_MS };
            countRefusal(doc, '429');
            return error(429, 'Too Many Requests');
          }
          const vendorId = (request.params as { vendorId?: string }).vendorId;
          if (vendorId !== undefined && vendorId !== doc.credentials.vendor_id) {
            doc.notFound += 1;
            countRefusal(doc, '404');
            if (doc.notFound >= NOT_FOUND_BLOCK_AFTER) {
              doc.blockedUntil = now + BLOCK_MS;
              doc.notFound = 0;
            }
            return error(404, `vendorId (${vendorId}) is not found.`);
          }
          const twice = repeatedParameter(request);
          if (twice !== undefined) return error(400, `${twice} is given more than once`);
          return handle(doc, real, request);
        });
        return send(reply, answer);
      },
    });
  };

  api('GET', `${VENDOR_PATH}/ordersheets`, (doc, _now, request) => {
    const query = request.query as Record<string, string>;
    if (query.nextToken && !/^\d{1,30}$/.test(query.nextToken))
      return error(400, 'nextToken must be the one a page gave');
    const timeFrame = query.searchType === 'timeFrame';
    const from = readDate(query.createdAtFrom, timeFrame);
    const to = readDate(query.createdAtTo, timeFrame);
    if (from === undefined || to === undefined)
      return error(400, 'createdAtFrom and createdAtTo must be dates (yyyy-MM-dd)');
    if (!query.status) return error(400, 'status is required');
    const end = timeFrame ? to + 60_000 : to + DAY_MS;
    if (to < from || end - from > (timeFrame ? DAY_MS : 31 * DAY_MS))
      return error(400, `the range must be within ${timeFrame ? '24 hours' : '31 days'}`);
    const boxes = doc.orders
      .filter(
        (order) =>
          order.boxId &&
          order.orderedAt >= from &&
          order.orderedAt < end &&
          boxStatus(order) === query.status,
      )
      .sort((a, b) => compareIds(a.boxId as string, b.boxId as string));
    if (timeFrame) return { status: 200, body: { code: 200, message: 'OK', data: boxes.map(orderSheet) } };
    const size = Math.min(50, Math.max(1, Number(query.maxPerPage) || 50));
    const after = query.nextToken;
    const rest = after ? boxes.filter((order) => compareIds(order.boxId as string, after) > 0) : boxes;
    // A duplicated page (a fault): the next token points one box back, so that box comes again.
    const page = rest.slice(0, size);
    const more = rest.length > size;
    const last = doc.faults.duplicate_pages && page.length > 1 && more ? page.at(-2) : page.at(-1);
    return {
      status: 200,
      body: {
        code: 200,
        message: 'OK',
        data: page.map(orderSheet),
        nextToken: more && last ? (last.boxId as string) : '',
      },
    };
  });

  api('GET', `${VENDOR_PATH}/ordersheets/:shipmentBoxId`, (doc, _now, request) => {
    const box = (request.params as { shipmentBoxId: string }).shipmentBoxId;
    const order = doc.orders.find((known) => known.boxId === box);
    return order ? ok(orderSheet(order)) : error(404, `shipmentBoxId (${box}) is not found.`);
  });

  const acknowledge = (doc: FakeDoc, now: number, request: FastifyRequest): Answer => {
    const given = (request.body as { shipmentBoxIds?: unknown } | null | undefined)?.shipmentBoxIds;
    const ids = Array.isArray(given) ? given.map(String) : [];
    if (ids.length === 0 || ids.length > 50) return error(400, 'shipmentBoxIds must hold 1 to 50 boxes');
    if (ids.some((id) => !/^\d{1,30}$/.test(id))) return error(400, 'shipmentBoxIds must be numbers');
    const list = ids.map((id) => {
      const order = doc.orders.find((known) => known.boxId === id);
      if (!order)
        return {
          shipmentBoxId: big(id),
          succeed: false,
          resultCode: 'NOT_FOUND_SHIPMENT_BOX',
          retryRequired: true,
          resultMessage: `shipmentBoxId (${id}) is not found.`,
        };
      if (boxStatus(order) !== 'ACCEPT' || order.lines.some((line) => line.claim !== null)) {
        return {
          shipmentBoxId: big(id),
          succeed: false,
          resultCode: 'INVALID_STATUS',
          retryRequired: false,
          resultMessage: '배송상태를 변경할 수 없습니다. 주문내역을 확인해주세요.',
        };
      }
      for (const line of order.lines) {
        line.status = 'INSTRUCT';
        line.changedAt = now;
      }
      return {
        shipmentBoxId: big(id),
        succeed: true,
        resultCode: 'OK',
        retryRequired: false,
        resultMessage: 'request succeeded.',
      };
    });
    const good = list.filter((entry) => entry.succeed).length;
    noteWrite(doc, { at: now, kind: 'acknowledgement', lines: ids, result: `${good} acknowledged` });
    const code = good === list.length ? 0 : good === 0 ? 99 : 1;
    return {
      status: 200,
      body: {
        code: '200',
        message: 'OK',
        data: {
          responseKey: big('7326489997410939972'),
          responseCode: code,
          responseMessage: code === 0 ? 'SUCCESS' : 'apply instructStatus result - Partial errors.',
          responseList: list,
        },
      },
    };
  };
  api('PUT', `${VENDOR_PATH}/ordersheets/acknowledgement`, acknowledge);
  api('PATCH', `${VENDOR_PATH}/ordersheets/acknowledgement`, acknowledge);

  api('POST', `${VENDOR_PATH}/orders/invoices`, (doc, now, request) => {
    const dtos = (request.body as { orderSheetInvoiceApplyDtos?: Record<string, unknown>[] } | undefined)
      ?.orderSheetInvoiceApplyDtos;
    if (!Array.isArray(dtos) || dtos.length === 0)
      return error(400, 'orderSheetInvoiceApplyDtos is required');
    if (!dtos.every(isObject)) return error(400, 'orderSheetInvoiceApplyDtos must hold objects');
    if (dtos.some((dto) => !/^\d{1,30}$/.test(String(dto.shipmentBoxId))))
      return error(400, 'shipmentBoxId must be a number');
    const codes = new Set(
      carrierCrosswalk().flatMap((row) => (row.codes.coupang ? [row.codes.coupang] : [])),
    );
    if (dtos.some((dto) => !codes.has(String(dto.deliveryCompanyCode))))
      return { status: 500, body: { code: 'ERROR', message: 'internal exception' } };
    const byBox = new Map<string, Record<string, unknown>[]>();
    for (const dto of dtos)
      byBox.set(String(dto.shipmentBoxId), [...(byBox.get(String(dto.shipmentBoxId)) ?? []), dto]);
    const list = [...byBox].map(([box, items]) => invoiceBox(doc, box, items, now));
    const good = list.filter((entry) => entry.succeed).length;
    noteWrite(doc, {
      at: now,
      kind: 'invoice',
      lines: [...byBox.keys()],
      result: `${good} uploaded, ${list.length - good} failed`,
    });
    if (useFault(doc, 'timeout_after_write')) return error(504, 'Gateway Timeout');
    const code = good === list.length ? 0 : good === 0 ? 99 : 1;
    return {
      status: 200,
      body: {
        code: '200',
        message: 'OK',
        data: {
          responseCode: code,
          responseMessage: code === 0 ? 'SUCCESS' : 'Partial errors.',
          responseList: list,
        },
      },
    };
  });

  api(
    'GET',
    '/v2/providers/seller_api/apis/api/v1/marketplace/seller-products/:sellerProductId',
    (doc, _now, request) => {
      const id = (request.params as { sellerProductId: string }).sellerProductId;
      const lines = doc.orders
        .flatMap((order) => order.lines)
        .filter((line) => (line.sellerProductId ?? line.productId) === id);
      if (lines.length === 0) return error(404, `sellerProductId (${id}) is not found.`);
      const items = [...new Map(lines.map((line) => [line.productId, line])).values()].map((line) => {
        const product = doc.products.find((known) => known.productId === line.productId);
        return {
          vendorItemId: big(line.productId),
          itemName: product?.name ?? line.productName,
          images: product?.imageUrl
            ? [
                {
                  imageOrder: 0,
                  imageType: 'REPRESENTATION',
                  cdnPath: `vendor_inventory/${line.productId}.jpg`,
                  vendorPath: product.imageUrl,
                },
              ]
            : [],
        };
      });
      return ok({ sellerProductId: big(id), sellerProductName: lines[0]?.productName, items });
    },
  );

  app.setNotFoundHandler((_request, reply) => send(reply, error(404, 'Not Found')));
  app.setErrorHandler((thrown, _request, reply) => {
    if (isCallersError(thrown)) return send(reply, error(400, 'bad request'));
    options.onUnexpected(thrown);
    return send(reply, { status: 500, body: { code: 'ERROR', message: 'internal exception' } });
  });
}

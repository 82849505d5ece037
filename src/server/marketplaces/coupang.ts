import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { stringify } from 'lossless-json';
import {
  coupangSignature,
  parseCoupangAuthorization,
  sameSignature,
  signedDateTime,
} from '../../marketplaces/coupang/sign.js';
import type { FakeBook } from './book.js';
import {
  countRefusal,
  fakeBodies,
  ipAllowed,
  takeToken,
  useFault,
  isCallersError,
  type FakeOptions,
  repeatedParameter,
} from './gate.js';
import type { FakeDoc } from './model.js';
import { error, type Answer } from './coupang-sheets.js';
import {
  acknowledge,
  oneOrderSheet,
  orderSheets,
  sellerProduct,
  uploadInvoices,
  type CoupangHandler,
} from './coupang-handlers.js';

const PREFIX = '/coupang';
const VENDOR_PATH = '/v2/providers/openapi/apis/api/:version/vendors/:vendorId';
const SIGNATURE_WINDOW_MS = 300_000;
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

/** A request signed as Coupang's clients sign it: who signed, over which path and query. */
interface Signed {
  parsed: NonNullable<ReturnType<typeof parseCoupangAuthorization>>;
  path: string;
  query: string;
}

/**
 * Why Coupang's gateway turns a request away, if it does: a vendor blocked after repeated 404s, the IP
 * allowlist, a throttle of a minute once past 10 a second, a signature expired or wrong, another vendor's
 * path, a parameter given twice.
 */
function gateRefusal(
  doc: FakeDoc,
  request: FastifyRequest,
  { parsed, path, query }: Signed,
  now: number,
  real: number,
): Answer | undefined {
  if (doc.blockedUntil > now)
    return (countRefusal(doc, '302'), { status: 302, body: '', location: 'https://www.coupang.com/' });
  if (!ipAllowed(doc)) return (countRefusal(doc, '403'), error(403, '[FORBIDDEN] Not allowed IP'));
  if (useFault(doc, 'access_denied'))
    return (countRefusal(doc, '403-html'), { status: 403, body: '', html: true });
  const throttled = doc.buckets.throttle;
  if (throttled && throttled.at > now) return (countRefusal(doc, '429'), error(429, 'Too Many Requests'));
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
  return undefined;
}

/**
 * Registers an endpoint behind Coupang's gateway (see `gateRefusal`); `handle` answers a request it lets
 * in, on the merchant's data.
 */
function gatewayRoute(
  app: FastifyInstance,
  book: FakeBook,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  handle: CoupangHandler,
): void {
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
      const signed: Signed = {
        parsed,
        path: (question < 0 ? raw : raw.slice(0, question)).slice(PREFIX.length),
        query: question < 0 ? '' : raw.slice(question + 1),
      };
      const answer = await book.update('coupang', merchantId, (doc, now, real) => {
        doc.requests += 1;
        return gateRefusal(doc, request, signed, now, real) ?? handle(doc, real, request);
      });
      return send(reply, answer);
    },
  });
}

/**
 * The Coupang Wing Open API fake, at its real paths under `/coupang` (the reference's §3.8): HMAC
 * signatures checked over the real path and raw query, the IP allowlist, a block after repeated 404s,
 * 10 requests a second and then a minute of 429s, order sheets by day and by minute with `nextToken`, the
 * single box, acknowledgement and invoices with their result codes; faults on demand.
 */
export async function coupangFake(app: FastifyInstance, options: FakeOptions): Promise<void> {
  const { book } = options;
  fakeBodies(app);
  const route = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, handle: CoupangHandler) =>
    gatewayRoute(app, book, method, url, handle);
  route('GET', `${VENDOR_PATH}/ordersheets`, orderSheets);
  route('GET', `${VENDOR_PATH}/ordersheets/:shipmentBoxId`, oneOrderSheet);
  route('PUT', `${VENDOR_PATH}/ordersheets/acknowledgement`, acknowledge);
  route('PATCH', `${VENDOR_PATH}/ordersheets/acknowledgement`, acknowledge);
  route('POST', `${VENDOR_PATH}/orders/invoices`, uploadInvoices);
  route(
    'GET',
    '/v2/providers/seller_api/apis/api/v1/marketplace/seller-products/:sellerProductId',
    sellerProduct,
  );

  app.setNotFoundHandler((_request, reply) => send(reply, error(404, 'Not Found')));
  app.setErrorHandler((thrown, _request, reply) => {
    if (isCallersError(thrown)) return send(reply, error(400, 'bad request'));
    options.onUnexpected(thrown);
    return send(reply, { status: 500, body: { code: 'ERROR', message: 'internal exception' } });
  });
}

import fc from 'fast-check';
import { expect } from 'vitest';
import { basicAuthorization, type Credentials } from '../../src/contract/index.js';
import { documentedEndpoints } from '../../src/contract/openapi.js';
import { FAULT_KINDS } from '../../src/server/faults/spec.js';
import { sampleOrder, sampleProduct } from './samples.js';
import type { Answer, TestService } from './service.js';

/** Who a fuzzed request claims to be. */
type Caller = 'valid' | 'wrong-secret' | 'unknown-key' | 'garbage' | 'none';

export interface FuzzRequest {
  method: string;
  path: string;
  caller: Caller;
  contentType: string | undefined;
  body: string | Buffer | undefined;
}

// Everything under /local/ needs credentials but the readiness probe (for load balancers).
const PROTECTED = /^\/(api\/v1\/(orders|products|rewards|shipments)|local(?!\/ready\b))\b/;

const idText = fc.oneof(
  fc.constantFrom('ORD-F', 'ORD-F-1', 'P-100', 'NOPE', '', ' ', '%', '..', '주문-1'),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.integer({ min: 250, max: 5000 }).map((length) => 'x'.repeat(length)),
);
const segment = fc.oneof(
  idText.map((text) => encodeURIComponent(text)),
  fc.constantFrom('%E0%A4%A', '%ZZ', '%00', '%2F', '%', '..'),
);

/**
 * A value in a /local list's address: numbers past 64 bits or below zero, escapes, a NUL, words, and
 * positions (`number:key`, as products and messages page) right and wrong.
 */
const oddValue = fc.oneof(
  fc.constantFrom('99999999999999999999', '9007199254740993', '-1', '1e3', '%00', '%ZZ', '', 'abc'),
  fc.constantFrom(
    '1%3A1',
    '0%3A0',
    '1%3A',
    '%3A1',
    '9007199254740993%3A1',
    '1%3A99999999999999999999',
    '1%3Ax',
  ),
  fc.nat().map(String),
  fc.string({ maxLength: 8 }).map(encodeURIComponent),
);

/** A /local list with a few of the fields such lists read (never `wait`: a fuzz run does not wait). */
const localList = fc
  .tuple(
    fc.constantFrom(
      '/local/orders',
      '/local/jobs',
      '/local/reviews',
      '/local/requests',
      '/local/requests/count',
      '/local/events',
      '/local/messages',
      '/local/products',
    ),
    fc.array(
      fc.tuple(
        fc.constantFrom('before', 'after', 'status', 'id', 'limit', 'method', 'path', 'order_id', 'kind'),
        oddValue,
      ),
      { minLength: 1, maxLength: 3 },
    ),
  )
  .map(([list, fields]) => `${list}?${fields.map(([name, value]) => `${name}=${value}`).join('&')}`);

const path = fc.oneof(
  fc.constantFrom(
    '/api/v1/orders/',
    '/api/v1/orders',
    '/api/v1/products/',
    '/api/v1/products',
    '/api/v1/health/',
    '/api/v1/health',
    '/api/v1/users/client-keys/',
    '/api/v1/shipments/status/',
    '/local/orders',
    '/local/jobs',
    '/local/merchants',
    '/local/reviews',
    '/local/products',
    '/local/messages',
    '/local/clock/advance',
    '/local/queue/apply',
    '/local/ready',
    '/local/reset',
    '/local/requests/count?method=POST&path=/api/v1/orders/',
    '/local/marketplaces/naver',
    '/local/marketplaces/coupang/seed',
    '/local/marketplaces/cafe24/settings',
    '/metrics',
    '/openapi.json',
    '/',
  ),
  fc
    .tuple(fc.oneof(fc.constantFrom('naver', 'coupang', 'cafe24'), segment), segment)
    .map(([market, line]) => `/local/marketplaces/${market}/lines/${line}`),
  segment.map((id) => `/api/v1/orders/${id}`),
  segment.map((id) => `/api/v1/orders/${id}/`),
  segment.map((id) => `/api/v1/orders/${id}/shipments/`),
  segment.map((id) => `/api/v1/products/${id}/`),
  fc
    .tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }))
    .map(
      ([start, end]) =>
        `/api/v1/rewards/?start_date=${encodeURIComponent(start)}&end_date=${encodeURIComponent(end)}`,
    ),
  fc.constantFrom('/api/v1/rewards/?start_date=2026-11-01&end_date=2026-11-30', '/local/orders?limit=abc'),
  fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.join('/')}`),
);

const json = (value: unknown) => JSON.stringify(value);
const body = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 4 }).map(json),
  fc.constantFrom(
    json(sampleOrder('ORD-Z')),
    json(sampleProduct('P-Z')),
    json({ order_item_ids: ['ORD-F-1'], company_code: 'kr.cjlogistics', tracking_number: '1' }),
    json({ recipient_name: '김', recipient_cellphone: '010' }),
    json({ order_id: 'ORD-F', item_id: 'ORD-F-1', kind: 'photo' }),
    json({ merchant_id: 'fuzz-shop' }),
    json({ by: '1h' }),
    json({ by: '10000d' }),
    json({ by: '-1d' }),
    json({ sample: 3 }),
    json({ sample: 1e9 }),
    json({ status: 'CANCELED', cancel: true }),
    `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
    '\uFEFF{}',
  ),
  fc
    .record(
      {
        id: fc.oneof(idText, fc.integer(), fc.constant(null)),
        name: fc.oneof(fc.string(), fc.constant(null)),
        image_url: fc.oneof(fc.webUrl(), fc.string(), fc.constantFrom('https:x', ' https://x.y/z ')),
        items: fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 3 }),
        recipient_name: fc.string(),
        recipient_cellphone: fc.oneof(fc.string(), fc.integer()),
        order_item_ids: fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 3 }),
        company_code: fc.oneof(fc.constantFrom('self', 'kr.hanjin', 'xx'), fc.string()),
        tracking_number: fc.oneof(fc.constant('self'), fc.string()),
      },
      { requiredKeys: [] },
    )
    .map(json),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
);

const caller = fc.constantFrom<Caller>('valid', 'valid', 'wrong-secret', 'unknown-key', 'garbage', 'none');
const contentType = fc.option(
  fc.oneof(
    fc.constantFrom('application/json', '', 'text/plain', 'multipart/form-data'),
    fc.string({ maxLength: 20 }),
  ),
  { nil: undefined },
);

/** Any method on any path. */
const scattered = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'),
  path,
  caller,
  contentType,
  body,
});

/** Bodies that fit an operation, with fresh ids and now and then an odd field, so creates get through. */
function fittingBody(name: string): fc.Arbitrary<string | Buffer | undefined> {
  const fresh = fc.string({ minLength: 1, maxLength: 12 });
  const odd = fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 4 },
    { arbitrary: fc.oneof(fc.string(), fc.constant(''), fc.constant(' ')), weight: 1 },
  );
  switch (name) {
    case 'createOrder':
      return fc
        .tuple(fresh, odd)
        .map(([id, name]) =>
          json(sampleOrder(`Z-${id}`, name === undefined ? {} : { recipient_name: name })),
        );
    case 'createProduct':
      return fc
        .tuple(fresh, odd)
        .map(([id, name]) => json(sampleProduct(`PZ-${id}`, name === undefined ? {} : { name })));
    case 'createShipment':
      return fc
        .tuple(
          fc.subarray(['ORD-F-1', 'ORD-F-2', 'ORD-X-1'], { minLength: 1 }),
          fc.constantFrom('self', 'kr.hanjin', 'kr.epost'),
          fresh,
        )
        .map(([items, company, tracking]) =>
          json({
            order_item_ids: items,
            company_code: company,
            tracking_number: company === 'self' ? 'self' : tracking,
          }),
        );
    case 'patchOrder':
      return odd.map((name) =>
        json({ recipient_name: name ?? '김민지', recipient_cellphone: '010-1111-2222' }),
      );
    case 'patchProduct':
      return odd.map((name) => json({ name: name ?? '새 이름' }));
    default:
      return body;
  }
}

/** An operation of the table with its own method, so that requests reach the handlers and the store. */
const aimed = fc.constantFrom(...Object.entries(documentedEndpoints())).chain(([name, endpoint]) =>
  fc
    .record({
      id: fc.oneof(fc.constantFrom('ORD-F', 'P-100', 'ORD-Z'), idText),
      caller,
      contentType,
      body: fc.oneof(fittingBody(name), fittingBody(name), body),
    })
    .map(({ id, ...rest }) => ({
      ...rest,
      method: endpoint.method as string,
      path: endpoint.path.replace('{id}', encodeURIComponent(id)),
    })),
);

/** A merchant's test reading its /local lists with odd fields in the address. */
const listed = localList.map((path) => ({
  method: 'GET',
  path,
  caller: 'valid' as const,
  contentType: undefined,
  body: undefined,
}));

/** Requests a careless or hostile client might send: odd paths, methods, credentials, types and bodies. */
export const fuzzRequest: fc.Arbitrary<FuzzRequest> = fc.oneof(scattered, aimed, listed);

function authorizationOf(caller: Caller, credentials: Credentials): string {
  switch (caller) {
    case 'valid':
      return basicAuthorization(credentials);
    case 'wrong-secret':
      return basicAuthorization({ ...credentials, secretAccessKey: `${credentials.secretAccessKey}x` });
    case 'unknown-key':
      return basicAuthorization({ ...credentials, accessKeyId: 'AKNOBODY' });
    case 'garbage':
      return 'Basic ###';
    case 'none':
      return '';
  }
}

/** Sends one fuzzed request through `app.inject` (or a socket) and returns the answer. */
export function send(
  service: TestService,
  request: FuzzRequest,
  via: 'call' | 'http' = 'call',
): Promise<Answer> {
  const headers: Record<string, string> = {
    authorization: authorizationOf(request.caller, service.credentials),
  };
  if (request.contentType !== undefined) headers['content-type'] = request.contentType;
  const withBody = request.method !== 'GET' && request.method !== 'HEAD';
  return service[via](request.method, request.path, {
    headers,
    ...(withBody && request.body !== undefined ? { raw: request.body } : {}),
  });
}

/**
 * What every answer must be: never a 5xx; every error a JSON `{"detail": ...}` of the spec's shape (a
 * text, or 422 entries with string locs and an input); a redirect with a Location; and no success on a
 * protected path for credentials that are not valid.
 */
export function expectSpecShaped(request: FuzzRequest, answer: Answer): void {
  const label = `${request.method} ${request.path.slice(0, 80)} (${request.caller})`;
  expect(answer.status, label).toBeLessThan(500);
  const pathOnly = request.path.split('?')[0] as string;
  if (answer.status >= 200 && answer.status < 300 && PROTECTED.test(pathOnly)) {
    expect(request.caller, `${label} succeeded without valid credentials`).toBe('valid');
  }
  if (answer.status === 307) {
    expect(answer.headers.location, label).toBeTruthy();
    return;
  }
  if (answer.status < 400 || request.method === 'HEAD') return;
  const detail = (answer.json as { detail?: unknown } | undefined)?.detail;
  if (typeof detail === 'string') return;
  expect(Array.isArray(detail), `${label}: ${answer.text.slice(0, 200)}`).toBe(true);
  expect(answer.status, label).toBe(422);
  for (const issue of detail as Record<string, unknown>[]) {
    expect(typeof issue.type, label).toBe('string');
    expect(typeof issue.msg, label).toBe('string');
    expect(Array.isArray(issue.loc) && issue.loc.every((part) => typeof part === 'string'), label).toBe(true);
    expect(issue, label).toHaveProperty('input');
  }
}

/** A rule of a fault spec, from its grammar's pieces: `[METHOD] [PATH]=KIND[:VALUE…]`, right and wrong. */
const faultRule = fc
  .tuple(
    fc.constantFrom('', 'POST ', 'GET ', 'PATCH ', 'TRACE ', 'post '),
    fc.constantFrom(
      '',
      '/api/v1/orders/',
      '/api/v1/rewards/',
      '/local/orders',
      '/nowhere',
      '@ORD-F',
      '@P-1',
      '/api/v1/orders/{id}',
    ),
    fc.constantFrom<string>(...FAULT_KINDS, 'garbage', '', '200'),
    fc.array(
      fc.constantFrom(
        ...['10%', '100%', '0%', '150%', '-5%', '1e3%', 'next=2', 'next=0', 'next=99999999999999', 'next=-1'],
        ...['200ms', '50-200ms', '200-50ms', '99999999s', 'retry-after=5s', 'retry-after=-1s', 'seed=1', ''],
      ),
      { maxLength: 3 },
    ),
  )
  .map(([method, path, kind, values]) => {
    const where = `${method}${path}`.trim();
    return `${where ? `${where}=` : ''}${[kind, ...values].join(':')}`;
  });

/** A fault spec and seed as a client might send them: rules of the grammar, odd text, odd seeds. */
export const faultsBody = fc
  .tuple(
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc.array(faultRule, { minLength: 1, maxLength: 3 }).map((rules) => rules.join(',')),
      },
      { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
      { weight: 1, arbitrary: fc.constantFrom(',,,', ':', '=', 'x'.repeat(2001)) },
    ),
    fc.option(fc.oneof(fc.nat(), fc.constantFrom(-1, 2 ** 53, 1.5)), { nil: undefined }),
  )
  .map(([spec, seed]) => (seed === undefined ? { spec } : { spec, seed }));

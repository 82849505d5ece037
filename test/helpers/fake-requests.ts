import fc from 'fast-check';
import { expect } from 'vitest';
import { coupangAuthorization, coupangSignedDate } from '../../src/marketplaces/coupang/sign.js';
import { naverSignature } from '../../src/marketplaces/naver/sign.js';
import { FAKE_CREDENTIALS, fakes, seedOrders } from './marketplaces.js';
import { startService, type Answer, type TestService } from './service.js';

/**
 * Requests a caller the marketplace fakes let in might send: each fake's endpoints, their ids mostly the
 * ones the fake holds, their queries and bodies odd (wrong kinds, repeats, NULs, numbers past 64 bits).
 */

/** A value a caller might put anywhere: odd numbers, escapes, a NUL, words, JSON of the wrong kind. */
const oddText = fc.oneof(
  fc.constantFrom('', ' ', '0', '-1', '1e5', '99999999999999999999', 'abc', '%00', '%ZZ', 'null', '[]', '{}'),
  fc.constantFrom('2026-11-28', '2026-11-28T00:00:00.000+09:00', '2026-13-40', 'ACCEPT', 'PAYED', 'N10'),
  fc.string({ maxLength: 12 }),
);
const oddJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    oddText,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(
      fc.constantFrom(
        'productOrderIds',
        'dispatchProductOrders',
        'productOrderId',
        'deliveryMethod',
        'deliveryCompanyCode',
        'trackingNumber',
        'dispatchDate',
        'shipmentBoxIds',
        'orderSheetInvoiceApplyDtos',
        'shipmentBoxId',
        'orderId',
        'vendorItemId',
        'deliveryCompanyCode',
        'invoiceNumber',
        'splitShipping',
        'preSplitShipped',
        'estimatedShippingDate',
        'vendorId',
        'request',
        'order_item_code',
        'tracking_no',
        'shipping_company_code',
        'status',
        'shop_no',
      ),
      tie('value'),
      { maxKeys: 4 },
    ),
  ),
})).value;

/** A query string of names each API reads, with odd values, a name sometimes twice. */
const oddQuery = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        'lastChangedFrom',
        'lastChangedTo',
        'limitCount',
        'moreSequence',
        'createdAtFrom',
        'createdAtTo',
        'status',
        'maxPerPage',
        'nextToken',
        'searchType',
        'start_date',
        'end_date',
        'date_type',
        'order_status',
        'limit',
        'offset',
        'embed',
        'shop_no',
      ),
      oddText,
    ),
    { maxLength: 5 },
  )
  .map((pairs) => pairs.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&'));

const { vendor_id } = FAKE_CREDENTIALS.coupang;
const COUPANG = `/v2/providers/openapi/apis/api/v4/vendors/${vendor_id}`;
const segment = oddText.map((text) => encodeURIComponent(text) || '0');

/** The line ids each fake holds (read once seeded): requests that name them reach the deeper rules. */
const held: Record<'naver' | 'coupang' | 'cafe24', string[]> = { naver: [], coupang: [], cafe24: [] };
const heldId = (fake: keyof typeof held, part: (lineId: string) => string = (id) => id) =>
  fc.nat().map((index) => part(held[fake][index % held[fake].length] ?? '0'));

/** Ids the fakes hold, mostly, mixed with odd ones. */
const mostly = <T>(usual: fc.Arbitrary<T>, odd: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: usual }, { weight: 1, arbitrary: odd });
const naverLine = mostly(heldId('naver'), oddText);
const coupangBox = mostly(
  heldId('coupang', (id) => id.split(':')[0] ?? ''),
  oddText,
);
const carrierCode = mostly(
  fc.constantFrom('CJGLS', 'HANJIN', 'EPOST', 'cjlogistics', '0006', 'KDEXP'),
  oddText,
);
const trackingNumber = mostly(fc.constantFrom('640123456701', '123456789012', '1'), oddText);
/** An element of a list a write takes: mostly an object of the fields it reads, sometimes anything. */
const element = <T>(fields: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 9, arbitrary: fields as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: oddJson });

const naverDispatch = fc.record({
  dispatchProductOrders: fc.array(
    element(
      fc.record(
        {
          productOrderId: naverLine,
          deliveryMethod: mostly(fc.constantFrom('DELIVERY', 'DIRECT_DELIVERY'), oddText),
          deliveryCompanyCode: carrierCode,
          trackingNumber,
          dispatchDate: oddText,
        },
        { requiredKeys: [] },
      ),
    ),
    { maxLength: 4 },
  ),
});
const coupangInvoices = fc.record({
  vendorId: fc.constantFrom('A00012345', 'A0'),
  orderSheetInvoiceApplyDtos: fc.array(
    element(
      fc.record(
        {
          shipmentBoxId: coupangBox,
          orderId: fc.oneof(fc.constantFrom('33000009000001'), oddText),
          vendorItemId: mostly(
            heldId('coupang', (id) => id.split(':')[1] ?? ''),
            oddText,
          ),
          deliveryCompanyCode: carrierCode,
          invoiceNumber: trackingNumber,
          splitShipping: fc.boolean(),
          preSplitShipped: fc.boolean(),
          estimatedShippingDate: oddText,
        },
        { requiredKeys: [] },
      ),
    ),
    { maxLength: 4 },
  ),
});
const coupangAcknowledgement = fc.record({
  vendorId: fc.constant('A00012345'),
  shipmentBoxIds: fc.oneof(fc.array(coupangBox, { maxLength: 3 }), oddJson),
});
const cafe24Shipment = fc.record({
  shop_no: fc.oneof(fc.constant(1), oddJson),
  request: element(
    fc.record(
      {
        tracking_no: trackingNumber,
        shipping_company_code: carrierCode,
        status: mostly(fc.constantFrom('standby', 'shipping'), oddText),
        order_item_code: mostly(fc.array(mostly(heldId('cafe24'), oddText), { maxLength: 3 }), oddJson),
      },
      { requiredKeys: [] },
    ),
  ),
});
const cafe24Order = mostly(fc.constantFrom('20261128-0000001', '20261128-0000002'), oddText);

/** An endpoint of a fake: its method, and its path with any id odd. */
const endpoint = (method: string, path: fc.Arbitrary<string>, body: fc.Arbitrary<unknown> = oddJson) =>
  fc.record({
    method: fc.constant(method),
    path,
    body: fc.option(fc.oneof({ weight: 3, arbitrary: body }, oddJson)),
  });
const at = (path: string) => fc.constant(path);

/** A request to one of the fakes' APIs, signed or with a live token as a connector's would be. */
export const fakeRequest = fc.oneof(
  fc.record({
    fake: fc.constant('naver' as const),
    to: fc.oneof(
      endpoint('GET', at('/external/v1/pay-order/seller/product-orders/last-changed-statuses')),
      endpoint(
        'POST',
        at('/external/v1/pay-order/seller/product-orders/query'),
        fc.record({ productOrderIds: fc.oneof(fc.array(naverLine, { maxLength: 3 }), oddJson) }),
      ),
      endpoint('POST', at('/external/v1/pay-order/seller/product-orders/dispatch'), naverDispatch),
      endpoint(
        'GET',
        segment.map((id) => `/external/v2/products/channel-products/${id}`),
      ),
    ),
    query: oddQuery,
  }),
  fc.record({
    fake: fc.constant('coupang' as const),
    to: fc.oneof(
      endpoint('GET', at(`${COUPANG}/ordersheets`)),
      endpoint(
        'GET',
        mostly(coupangBox, oddText).map((id) => `${COUPANG}/ordersheets/${encodeURIComponent(id) || '0'}`),
      ),
      endpoint('PUT', at(`${COUPANG}/ordersheets/acknowledgement`), coupangAcknowledgement),
      endpoint('PATCH', at(`${COUPANG}/ordersheets/acknowledgement`), coupangAcknowledgement),
      endpoint('POST', at(`${COUPANG}/orders/invoices`), coupangInvoices),
      endpoint(
        'GET',
        segment.map((id) => `/v2/providers/seller_api/apis/api/v1/marketplace/seller-products/${id}`),
      ),
    ),
    query: oddQuery,
  }),
  fc.record({
    fake: fc.constant('cafe24' as const),
    to: fc.oneof(
      endpoint('GET', at('/api/v2/admin/orders')),
      endpoint('GET', at('/api/v2/admin/carriers')),
      endpoint(
        'GET',
        cafe24Order.map((id) => `/api/v2/admin/orders/${encodeURIComponent(id) || '0'}`),
      ),
      endpoint(
        'POST',
        cafe24Order.map((id) => `/api/v2/admin/orders/${encodeURIComponent(id) || '0'}/shipments`),
        cafe24Shipment,
      ),
      endpoint(
        'GET',
        segment.map((id) => `/api/v2/admin/products/${id}`),
      ),
    ),
    query: oddQuery,
  }),
);

export type FakeRequest = typeof fakeRequest extends fc.Arbitrary<infer T> ? T : never;

function send(
  service: TestService,
  request: FakeRequest,
  naverToken: string,
  cafe24Token: string,
): Promise<Answer> {
  const { fake, to, query } = request;
  const { method, path, body } = to;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  let prefix = '/naver';
  if (fake === 'naver') headers.authorization = `Bearer ${naverToken}`;
  if (fake === 'cafe24') {
    prefix = `/cafe24/${FAKE_CREDENTIALS.cafe24.mall_id}`;
    headers.authorization = `Bearer ${cafe24Token}`;
  }
  if (fake === 'coupang') {
    prefix = '/coupang';
    const { access_key, secret_key } = FAKE_CREDENTIALS.coupang;
    headers.authorization = coupangAuthorization(
      { accessKey: access_key, secretKey: secret_key },
      coupangSignedDate(new Date()),
      method,
      path,
      query,
    );
  }
  return service.call(method, `${prefix}${path}${query ? `?${query}` : ''}`, {
    headers,
    ...(body === null || method === 'GET' ? {} : { raw: JSON.stringify(body) ?? '' }),
  });
}

/**
 * Sets the three fakes of `service` up for a fuzz run (keys, generous rates, three seeded orders each)
 * and logs in as their connectors would; returns how to send a fuzzed request.
 */
export async function prepareFakes(service: TestService): Promise<(request: FakeRequest) => Promise<Answer>> {
  const fake = fakes(service);
  for (const name of ['naver', 'coupang', 'cafe24'] as const) {
    await fake.setUp(name, { rate: { per_second: 1000, burst: 10_000 } });
  }
  await fake.seed('naver', seedOrders('2026112800', 3));
  await fake.seed('coupang', seedOrders('33000009', 3));
  await fake.seed('cafe24', seedOrders('20261128-0', 3));
  for (const name of ['naver', 'coupang', 'cafe24'] as const)
    held[name] = (await fake.state(name)).lines.map((line) => line.line_id);
  const { client_id, client_secret } = FAKE_CREDENTIALS.naver;
  const timestamp = Date.now();
  const form = new URLSearchParams({
    client_id,
    timestamp: String(timestamp),
    client_secret_sign: naverSignature(client_id, client_secret, timestamp),
    grant_type: 'client_credentials',
    type: 'SELF',
  }).toString();
  const naver = await service.call('POST', '/naver/external/v1/oauth2/token', {
    raw: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const naverToken = (naver.json as { access_token: string }).access_token;
  const cafe24 = FAKE_CREDENTIALS.cafe24;
  const code = await fake.cafe24Code();
  const token = await service.call('POST', `/cafe24/${cafe24.mall_id}/api/v2/oauth/token`, {
    raw: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: cafe24.redirect_uri,
    }).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${cafe24.client_id}:${cafe24.client_secret}`).toString('base64')}`,
    },
  });
  const cafe24Token = (token.json as { access_token: string }).access_token;
  expect(naverToken).not.toBe('');
  expect(cafe24Token).not.toBe('');
  return (request) => send(service, request, naverToken, cafe24Token);
}

/**
 * A service whose fakes are ready for a fuzz run: how to send a request, and the failures of the
 * fakes themselves it told (none may happen, whatever a caller they let in asks).
 */
export async function fakeFuzzService(): Promise<{
  service: TestService;
  send: (request: FakeRequest) => Promise<Answer>;
  told: unknown[];
}> {
  const told: unknown[] = [];
  const service = await startService({ onError: (error) => told.push(error), startWorker: false });
  return { service, send: await prepareFakes(service), told };
}

/**
 * Sends `runs` fuzzed requests (drawn from `seed`) to a fuzz service's fakes: the ones a fake failed
 * itself on, or answered without JSON, and how many of each fake's statuses came.
 */
export async function fuzzFakes(
  fuzz: Awaited<ReturnType<typeof fakeFuzzService>>,
  options: { runs: number; seed: number },
): Promise<{ failed: string[]; statuses: Map<string, number> }> {
  const statuses = new Map<string, number>();
  const failed: string[] = [];
  await fc.assert(
    fc.asyncProperty(fakeRequest, async (request) => {
      const before = fuzz.told.length;
      const answer = await fuzz.send(request);
      const key = `${request.fake} ${answer.status}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (fuzz.told.length > before || answer.json === undefined)
        failed.push(
          `${answer.status} ${JSON.stringify(request)}: ${String(fuzz.told.at(-1) ?? answer.text)}`,
        );
    }),
    { numRuns: options.runs, seed: options.seed },
  );
  return { failed, statuses };
}

import fc from 'fast-check';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Connector, PushLine } from '../../src/marketplaces/connector.js';
import { CoupangConnector } from '../../src/marketplaces/coupang/connector.js';
import { Cafe24Connector } from '../../src/marketplaces/cafe24/connector.js';
import { exchangeCafe24Code, type Cafe24Credentials } from '../../src/marketplaces/cafe24/oauth.js';
import { MarketplaceError, MarketplaceNotSetUp } from '../../src/marketplaces/errors.js';
import type {
  MarketplaceAnswer,
  MarketplaceRequest,
  Timing,
  Transport,
} from '../../src/marketplaces/http.js';
import type { Marketplace } from '../../src/marketplaces/names.js';
import { NaverConnector } from '../../src/marketplaces/naver/connector.js';
import { consoleCookie } from './console.js';
import { FAKE_CREDENTIALS, fakes, seedOrders } from './marketplaces.js';
import { startService, type TestService } from './service.js';

/** What is done to one answer of the fake on its way to the connector. */
export type Twist =
  | { kind: 'none' }
  | { kind: 'status'; status: number }
  | { kind: 'cut'; at: number }
  | { kind: 'body'; text: string }
  | { kind: 'value'; at: number; value: unknown }
  | { kind: 'drop'; at: number }
  | { kind: 'header'; name: string; value: string | undefined };

/** A value put where the answer had another: of another type, out of range, empty. */
const oddValue = fc.constantFrom<unknown>(
  ...[null, true, 0, -1, 1e21, '', ' ', 'x', '2026-13-45T99:00:00', '9999999999999999999999', [], {}],
  ...[[null], { a: 1 }, 'PAYED', 'CANCEL', 'ACCEPT', 'N40', '주문', '010-0000-0000'],
);

/** Twists, mostly none: the fake's own answer as it is. */
export const twist: fc.Arbitrary<Twist> = fc.oneof(
  { weight: 12, arbitrary: fc.constant({ kind: 'none' as const }) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(200, 201, 204, 301, 400, 401, 403, 404, 409, 429, 500, 502, 503)
      .map((status) => ({ kind: 'status' as const, status })),
  },
  { weight: 1, arbitrary: fc.nat(400).map((at) => ({ kind: 'cut' as const, at })) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(
        '',
        '<html><body>Bad Gateway</body></html>',
        'null',
        '[]',
        '{}',
        '"text"',
        '{"data":null}',
      )
      .map((text) => ({ kind: 'body' as const, text })),
  },
  {
    weight: 4,
    arbitrary: fc.tuple(fc.nat(), oddValue).map(([at, value]) => ({ kind: 'value' as const, at, value })),
  },
  { weight: 2, arbitrary: fc.nat().map((at) => ({ kind: 'drop' as const, at })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('retry-after', 'content-type', 'gncp-gw-rate-limit-remaining', 'x-api-call-limit'),
        fc.constantFrom(undefined, '', '99999', '-1', 'soon', '1/40', 'text/html'),
      )
      .map(([name, value]) => ({ kind: 'header' as const, name, value })),
  },
);

/** Every place in a JSON value that holds something: `[parent, key]` pairs, depth first. */
function places(value: unknown, found: [Record<string, unknown> | unknown[], string | number][] = []) {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      found.push([value, index]);
      places(item, found);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      found.push([value as Record<string, unknown>, key]);
      places(item, found);
    }
  }
  return found;
}

/** The answer with the twist done to it. */
export function twisted(answer: MarketplaceAnswer, how: Twist): MarketplaceAnswer {
  switch (how.kind) {
    case 'none':
      return answer;
    case 'status':
      return { ...answer, status: how.status };
    case 'cut':
      return { ...answer, text: answer.text.slice(0, how.at % (answer.text.length + 1)) };
    case 'body':
      return { ...answer, text: how.text };
    case 'header': {
      const headers = { ...answer.headers };
      if (how.value === undefined) delete headers[how.name];
      else headers[how.name] = how.value;
      return { ...answer, headers };
    }
    case 'value':
    case 'drop': {
      let json: unknown;
      try {
        json = JSON.parse(answer.text);
      } catch {
        return answer;
      }
      const all = places(json);
      const place = all[how.at % Math.max(1, all.length)];
      if (!place) return answer;
      const [parent, key] = place;
      if (how.kind === 'drop') {
        if (Array.isArray(parent)) parent.splice(key as number, 1);
        else delete parent[key as string];
      } else (parent as Record<string | number, unknown>)[key] = how.value;
      return { ...answer, text: JSON.stringify(json) };
    }
  }
}

/** A transport to the fakes of `service` in-process, each answer twisted by the next of `twists`. */
export function twistingTransport(service: TestService, twists: Twist[]): Transport {
  return {
    async send(call: MarketplaceRequest) {
      const url = new URL(call.url);
      const answer = await service.app.inject({
        method: call.method,
        url: `${url.pathname}${url.search}`,
        headers: call.headers,
        ...(call.body === undefined ? {} : { payload: call.body }),
      });
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined)
          headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      }
      return twisted(
        { status: answer.statusCode, headers, text: answer.body },
        twists.shift() ?? { kind: 'none' },
      );
    },
  };
}

/** Time that passes only when the connector waits: no fuzz run sleeps. */
export function instantTiming(): Timing {
  let slept = 0;
  return {
    now: () => Date.now() + slept,
    sleep: async (ms) => {
      slept += ms;
    },
  };
}

/** The fakes of `service` set up and seeded; what a connector of each needs. */
export async function readyFakes(service: TestService): Promise<{ cafe24: Cafe24Credentials }> {
  const fake = fakes(service);
  for (const [name, prefix] of [
    ['naver', '2026112500'],
    ['coupang', '32000009'],
    ['cafe24', '20261125-0'],
  ] as const) {
    await fake.setUp(name);
    await fake.seed(name, seedOrders(prefix, 6));
  }
  const c = FAKE_CREDENTIALS.cafe24;
  const cafe24 = await exchangeCafe24Code({
    mallUrl: `http://fake/cafe24/${c.mall_id}`,
    mallId: c.mall_id,
    clientId: c.client_id,
    clientSecret: c.client_secret,
    code: await fake.cafe24Code(),
    redirectUri: c.redirect_uri,
    transport: twistingTransport(service, []),
  });
  return { cafe24 };
}

/** A connector to `marketplace`'s fake through `transport`. */
export function connectorTo(
  marketplace: Marketplace,
  transport: Transport,
  ready: { cafe24: Cafe24Credentials },
): Connector {
  const timing = instantTiming();
  if (marketplace === 'naver') {
    const { client_id, client_secret } = FAKE_CREDENTIALS.naver;
    return new NaverConnector({
      baseUrl: 'http://fake/naver',
      credentials: { clientId: client_id, clientSecret: client_secret },
      transport,
      timing,
    });
  }
  if (marketplace === 'coupang') {
    const { vendor_id, access_key, secret_key } = FAKE_CREDENTIALS.coupang;
    return new CoupangConnector({
      baseUrl: 'http://fake/coupang',
      credentials: { vendorId: vendor_id, accessKey: access_key, secretKey: secret_key },
      transport,
      timing,
    });
  }
  return new Cafe24Connector({
    mallUrl: `http://fake/cafe24/${ready.cafe24.mallId}`,
    credentials: ready.cafe24,
    save: async () => {},
    transport,
    timing,
  });
}

/** What a connector is asked: a pull of the last days, a product, a push of pulled lines, a check. */
export type Ask = 'pull' | 'product' | 'push' | 'check';

/**
 * Asks `connector` for `ask` (lines to push: those a clean pull finds): it answers, or fails with a
 * marketplace's error that the CLI says in words; never anything else.
 */
export async function expectAnsweredOrSaid(
  connector: Connector,
  ask: Ask,
  lines: readonly PushLine[],
  label: string,
): Promise<'answered' | 'said'> {
  const window = { from: new Date(Date.now() - 3 * 86_400_000), to: new Date() };
  try {
    if (ask === 'pull') await connector.pull(window);
    else if (ask === 'product') await connector.product('1001');
    else if (ask === 'push') await connector.push(lines, { sending: () => {}, outcomes: () => {} });
    else await connector.check();
    return 'answered';
  } catch (error) {
    const known = error instanceof MarketplaceError || error instanceof MarketplaceNotSetUp;
    expect(known, `${label}: ${(error as Error).stack ?? String(error)}`).toBe(true);
    return 'said';
  }
}

/** The fakes of `service` ready, and for each marketplace the lines a clean pull finds, to push. */
export async function answerFuzzTarget(service: TestService) {
  const ready = await readyFakes(service);
  const lines = new Map<Marketplace, PushLine[]>();
  for (const marketplace of ['naver', 'coupang', 'cafe24'] as const) {
    const connector = connectorTo(marketplace, twistingTransport(service, []), ready);
    const pulled = await connector.pull({ from: new Date(Date.now() - 3 * 86_400_000), to: new Date() });
    expect(pulled.length, marketplace).toBeGreaterThan(0);
    lines.set(
      marketplace,
      pulled.map((line, index) => ({
        orderId: line.orderId,
        lineId: line.lineId,
        companyCode: index % 2 === 0 ? 'kr.cjlogistics' : 'kr.epost',
        trackingNumber: `64012345${String(6789 + index)}`,
      })),
    );
  }
  return { ready, lines };
}

/**
 * A service of the file's own (no worker) with its fakes ready for an answer fuzz, started before its
 * tests and closed after them.
 */
export function useAnswerFuzz(): {
  readonly service: TestService;
  readonly target: Awaited<ReturnType<typeof answerFuzzTarget>>;
} {
  let service: TestService | undefined;
  let target: Awaited<ReturnType<typeof answerFuzzTarget>> | undefined;
  beforeAll(async () => {
    service = await startService({ startWorker: false });
    target = await answerFuzzTarget(service);
  });
  afterAll(() => service?.close());
  return {
    get service() {
      return service as TestService;
    },
    get target() {
      return target as Awaited<ReturnType<typeof answerFuzzTarget>>;
    },
  };
}

/**
 * `runs` asks of the three connectors with their answers twisted: how many were answered, and how many
 * said as the marketplace's error.
 */
export async function fuzzAnswers(
  service: TestService,
  target: Awaited<ReturnType<typeof answerFuzzTarget>>,
  { runs, seed }: { runs: number; seed: number },
): Promise<{ answered: number; said: number }> {
  const seen = { answered: 0, said: 0 };
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom<Marketplace>('naver', 'coupang', 'cafe24'),
      fc.constantFrom<Ask>('pull', 'pull', 'product', 'push', 'check'),
      fc.array(twist, { minLength: 1, maxLength: 12 }),
      async (marketplace, ask, twists) => {
        const label = `${marketplace} ${ask} ${JSON.stringify(twists)}`;
        const connector = connectorTo(marketplace, twistingTransport(service, [...twists]), target.ready);
        const lines = target.lines.get(marketplace) ?? [];
        seen[await expectAnsweredOrSaid(connector, ask, lines, label)] += 1;
      },
    ),
    { numRuns: runs, seed },
  );
  return seen;
}

/** The statuses each fake's lines may be seeded with: its own words, and one it does not have. */
const STATUSES: Record<Marketplace, string[]> = {
  naver: ['PAYED', 'PAYMENT_WAITING', 'DELIVERING', 'DELIVERED', 'PURCHASE_DECIDED', 'CANCELED', 'RETURNED'],
  coupang: ['ACCEPT', 'INSTRUCT', 'DEPARTURE', 'DELIVERING', 'FINAL_DELIVERY', 'NONE_TRACKING'],
  cafe24: ['N00', 'N10', 'N20', 'N21', 'N22', 'N30', 'N40', 'C00', 'C10'],
};

/** An id of a marketplace's shape (digits), or one that is not (leading zeros, letters, long, Korean). */
const seedId = fc.oneof(
  { weight: 4, arbitrary: fc.bigInt({ min: 1n, max: 10n ** 19n }).map(String) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '0',
      '007',
      'P-1',
      '',
      ' ',
      '주문-1',
      '1'.repeat(40),
      '9007199254740993',
      '1e3',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

/** A seed a person (or a test) might give a fake: odd ids, dates, phones, statuses, quantities, images. */
function fakeSeed(marketplace: Marketplace) {
  const line = fc.record(
    {
      line_id: seedId,
      product_id: seedId,
      product_name: fc.oneof(fc.constantFrom('감귤 5kg', ''), fc.string({ maxLength: 30 })),
      seller_product_id: seedId,
      option: fc.string({ maxLength: 20 }),
      quantity: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constantFrom(0, -1, 1000, 1.5)),
      price: fc.oneof(fc.constant(10_000), fc.constantFrom(0, -1, 2 ** 53)),
      status: fc.oneof(fc.constantFrom(...STATUSES[marketplace]), fc.constantFrom('NOPE', '')),
      claim: fc.constantFrom('CANCEL_REQUEST', 'C00', 'RETURN_REQUEST', '', 'NOPE'),
    },
    { requiredKeys: ['line_id', 'product_id', 'product_name'] },
  );
  const order = fc.record(
    {
      order_id: seedId,
      box_id: seedId,
      ordered_at: fc.constantFrom(
        new Date(Date.now() - 3_600_000).toISOString(),
        '2026-02-30T00:00:00Z',
        '1970-01-01T00:00:00Z',
        '2999-01-01T00:00:00+09:00',
        'yesterday',
      ),
      recipient_name: fc.oneof(fc.constantFrom('김민지', ''), fc.string({ maxLength: 12 })),
      recipient_phone: fc.constantFrom(
        '010-1234-5678',
        '0503-1234-5678',
        '+82 10-1234-5678',
        '1.01235E+10',
        '',
      ),
      place: fc.constantFrom('cafe24', 'shopn', 'coupang', 'nope'),
      lines: fc.array(line, { minLength: 1, maxLength: 3 }),
    },
    { requiredKeys: ['order_id', 'recipient_name', 'recipient_phone', 'lines'] },
  );
  const product = fc.record(
    {
      product_id: seedId,
      name: fc.string({ maxLength: 20 }),
      image_url: fc.constantFrom(
        'https://img.example.com/a.png',
        'http://x',
        'not a url',
        'javascript:alert(1)',
      ),
    },
    { requiredKeys: ['product_id', 'name'] },
  );
  return fc.record({
    orders: fc.array(order, { maxLength: 3 }),
    products: fc.array(product, { maxLength: 2 }),
  });
}

/**
 * `runs` odd seeds given to the fakes of `service`: each taken or refused with a 422 (never a failure of
 * the fake), and after each taken, the connector's pull and a product's look-up answered or said as the
 * marketplace's error; the fake's own view and the console's page of the fakes answered. How many seeds were taken and refused.
 */
export async function fuzzSeeds(
  service: TestService,
  target: Awaited<ReturnType<typeof answerFuzzTarget>>,
  { runs, seed }: { runs: number; seed: number },
): Promise<{ taken: number; refused: number }> {
  const seen = { taken: 0, refused: 0 };
  const cookie = await consoleCookie(service);
  const given = fc
    .constantFrom<Marketplace>('naver', 'coupang', 'cafe24')
    .chain((marketplace) =>
      fc.tuple(
        fc.constant(marketplace),
        fakeSeed(marketplace),
        fc.constantFrom('pull', 'product') as fc.Arbitrary<Ask>,
      ),
    );
  await fc.assert(
    fc.asyncProperty(given, async ([marketplace, body, ask]) => {
      const label = `${marketplace} ${ask} ${JSON.stringify(body).slice(0, 600)}`;
      const seeded = await service.call('POST', `/local/marketplaces/${marketplace}/seed`, { body });
      expect([200, 409, 422], `${label}: ${seeded.text.slice(0, 300)}`).toContain(seeded.status);
      if (seeded.status !== 200) {
        seen.refused += 1;
        return;
      }
      seen.taken += 1;
      const shown = await service.call('GET', `/local/marketplaces/${marketplace}`);
      expect(shown.status, `${label}: ${shown.text.slice(0, 300)}`).toBe(200);
      const page = await service.app.inject({
        method: 'GET',
        url: '/console/marketplaces',
        headers: { cookie },
      });
      expect(page.statusCode, `${label}: the console's page`).toBe(200);
      const connector = connectorTo(marketplace, twistingTransport(service, []), target.ready);
      await expectAnsweredOrSaid(connector, ask, [], label);
    }),
    { numRuns: runs, seed },
  );
  return seen;
}

import { describe, expect, it } from 'vitest';
import { kstIso } from '../../src/marketplaces/connector.js';
import { coupangAuthorization, coupangSignedDate } from '../../src/marketplaces/coupang/sign.js';
import { naverSignature } from '../../src/marketplaces/naver/sign.js';
import { FAKE_CREDENTIALS, fakes, seedOrders } from '../helpers/marketplaces.js';
import { servicesClosedAfterEach, type Answer, type TestService } from '../helpers/service.js';

const { service } = servicesClosedAfterEach();

/** A day in Korea (today by default), as Coupang's order sheets take it. */
const kstToday = (at = Date.now()) => new Date(at + 9 * 3_600_000).toISOString().slice(0, 10);

/** Coupang's order sheets asked of a service's fake with `query`, signed as the connector signs at `at`. */
function coupangOrderSheets(s: TestService, query: string, at = Date.now()): Promise<Answer> {
  const { vendor_id, access_key, secret_key } = FAKE_CREDENTIALS.coupang;
  const path = `/v2/providers/openapi/apis/api/v4/vendors/${vendor_id}/ordersheets`;
  const authorization = coupangAuthorization(
    { accessKey: access_key, secretKey: secret_key },
    coupangSignedDate(new Date(at)),
    'GET',
    path,
    query,
  );
  return s.call('GET', `/coupang${path}?${query}`, { headers: { authorization } });
}

describe('the marketplace fakes answer any address', () => {
  it('Coupang: a field given twice, a token that is no box id, odd dates: its own 400 or an answer, never a 5xx', async () => {
    const s = await service();
    const fake = fakes(s);
    await fake.setUp('coupang');
    await fake.seed('coupang', seedOrders('10000', 3));
    const ask = (query: string) => coupangOrderSheets(s, query);
    const day = kstToday();
    const good = `createdAtFrom=${day}&createdAtTo=${day}&status=ACCEPT`;
    const listed = await ask(good);
    expect(listed.status).toBe(200);
    expect((listed.json as { data: unknown[] }).data.length).toBeGreaterThan(0);
    const failed: string[] = [];
    for (const query of [
      `${good}&createdAtFrom=${day}`,
      `${good}&status=INSTRUCT`,
      `${good}&nextToken=abc`,
      `${good}&nextToken=1e5`,
      `${good}&maxPerPage=x&maxPerPage=2`,
      `createdAtFrom=%00&createdAtTo=${day}&status=ACCEPT`,
    ]) {
      const answer = await ask(query);
      if (answer.status >= 500) failed.push(`${answer.status} ${query} ${answer.text.slice(0, 200)}`);
    }
    expect(failed.join('\n')).toBe('');
  });

  it('Coupang: a seed whose ids are not numbers is refused, each named (its lists read them as numbers)', async () => {
    const s = await service();
    await fakes(s).setUp('coupang');
    const seed = seedOrders('SL', 1);
    const answer = await s.call('POST', '/local/marketplaces/coupang/seed', { body: seed });
    expect(answer.status).toBe(422);
    expect(
      (answer.json as { detail: { loc: string[]; input: string }[] }).detail.map((issue) => [
        issue.loc.join('.'),
        issue.input,
      ]),
    ).toEqual([['body.orders.0.order_id', 'SL000001']]);
    expect((await fakes(s).state('coupang')).lines).toEqual([]);
  });

  it("a fake's own failure is a 500 in its marketplace's words, told as the service's own, never a 400", async () => {
    const told: unknown[] = [];
    const s = await service({ onError: (error) => told.push(error) });
    await fakes(s).setUp('coupang');
    await fakes(s).seed('coupang', seedOrders('20000', 1));
    // A fake's data as no seed can leave it now: an order id that is no number.
    await s.app.service.marketplaces.update('coupang', 'mall-1', (doc) => {
      (doc.orders[0] as { orderId: string }).orderId = 'not-a-number';
    });
    const day = kstToday();
    const answer = await coupangOrderSheets(s, `createdAtFrom=${day}&createdAtTo=${day}&status=ACCEPT`);
    expect(answer.status).toBe(500);
    expect(answer.json).toEqual({ code: 'ERROR', message: 'internal exception' });
    expect(told).toHaveLength(1);
  });

  it('their control plane refuses a text holding a NUL with a 422, as the contract says, on every engine', async () => {
    const s = await service();
    await fakes(s).setUp('naver');
    await fakes(s).seed('naver', seedOrders('NUL', 1));
    for (const [method, path, body] of [
      [
        'PUT',
        '/local/marketplaces/naver/settings',
        { credentials: { client_id: 'a\u0000b', client_secret: 'x' } },
      ],
      ['PUT', '/local/marketplaces/naver/settings', { allowlist: ['\u0000'] }],
      ['PUT', '/local/marketplaces/naver/settings', { faults: { fail_lines: { NUL9000001: '\u0000' } } }],
      ['POST', '/local/marketplaces/naver/seed', seedOrders('N\u0000', 1)],
      ['POST', '/local/marketplaces/naver/lines/NUL9000001', { status: 'PAYED\u0000' }],
    ] as const) {
      const answer = await s.call(method, path, { body });
      expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(422);
    }
    expect((await fakes(s).state('naver')).lines).toHaveLength(1);
  });

  it('once the merchant’s clock is moved forward, a caller’s signature on its own clock is taken and new orders are in its windows, on every engine', async () => {
    const s = await service();
    const fake = fakes(s);
    await fake.setUp('naver');
    await fake.setUp('coupang');
    await s.call('POST', '/local/clock/advance', { body: { by: '3d' } });
    await fake.seed('naver', seedOrders('NADV', 2));
    await fake.seed('coupang', seedOrders('10001', 2));
    const now = Date.now();

    const { client_id, client_secret } = FAKE_CREDENTIALS.naver;
    const token = await fetch(`${s.baseUrl}/naver/external/v1/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id,
        timestamp: String(now),
        client_secret_sign: naverSignature(client_id, client_secret, now),
        grant_type: 'client_credentials',
        type: 'SELF',
      }).toString(),
    });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const window = new URLSearchParams({ lastChangedFrom: kstIso(now - 3_600_000) }).toString();
    const changes = await s.call(
      'GET',
      `/naver/external/v1/pay-order/seller/product-orders/last-changed-statuses?${window}`,
      { headers: { authorization: `Bearer ${access_token}` } },
    );
    expect(changes.status).toBe(200);
    const naverLines = (changes.json as { data: { lastChangeStatuses: unknown[] } }).data.lastChangeStatuses;
    expect(naverLines).toHaveLength(2);

    const day = kstToday(now);
    const sheets = await coupangOrderSheets(s, `createdAtFrom=${day}&createdAtTo=${day}&status=ACCEPT`, now);
    expect(sheets.status).toBe(200);
    expect((sheets.json as { data: unknown[] }).data).toHaveLength(2);
  });
});

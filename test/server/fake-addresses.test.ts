import { describe, expect, it } from 'vitest';
import { coupangAuthorization, coupangSignedDate } from '../../src/marketplaces/coupang/sign.js';
import { FAKE_CREDENTIALS, fakes, seedOrders } from '../helpers/marketplaces.js';
import { servicesClosedAfterEach } from '../helpers/service.js';

const { service } = servicesClosedAfterEach();

describe('the marketplace fakes answer any address', () => {
  it('Coupang: a field given twice, a token that is no box id, odd dates: its own 400 or an answer, never a 5xx', async () => {
    const s = await service();
    const fake = fakes(s);
    await fake.setUp('coupang');
    await fake.seed('coupang', seedOrders('10000', 3));
    const { vendor_id, access_key, secret_key } = FAKE_CREDENTIALS.coupang;
    const path = `/v2/providers/openapi/apis/api/v4/vendors/${vendor_id}/ordersheets`;
    const ask = async (query: string) => {
      const authorization = coupangAuthorization(
        { accessKey: access_key, secretKey: secret_key },
        coupangSignedDate(new Date()),
        'GET',
        path,
        query,
      );
      return s.call('GET', `/coupang${path}?${query}`, { headers: { authorization } });
    };
    const day = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
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
});

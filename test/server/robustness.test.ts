import { randomBytes } from 'node:crypto';
import { request } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sampleOrder } from '../helpers/samples.js';
import { startService, type TestService } from '../helpers/service.js';

let service: TestService;
const unexpected: unknown[] = [];
beforeAll(async () => {
  service = await startService({ onError: (error) => unexpected.push(error) });
  await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-F') });
});
afterAll(() => service.close());

const paths = [
  '/api/v1/orders/',
  '/api/v1/orders/ORD-F',
  '/api/v1/orders/ORD-F/shipments/',
  '/api/v1/products/',
  '/api/v1/products/P-100/',
  '/api/v1/rewards/?start_date=2026-11-01&end_date=2026-11-30',
  '/api/v1/orders/%E0%A4%A',
  '/api/v1/orders/%00/shipments/',
  `/api/v1/orders/${'x'.repeat(5000)}`,
  '/api/v1/rewards/?start_date[]=1&start_date[]=2&end_date=%FF',
  '/%2e%2e/%2e%2e/etc/passwd',
];

const bodies: (string | Buffer)[] = [
  randomBytes(64),
  Buffer.from([0xff, 0xfe, 0x7b, 0x7d]),
  '{"__proto__": {"admin": true}, "constructor": {"prototype": {}}}',
  '{"id": 1e400, "items": [{"id": {}, "product": []}]}',
  '{"id": "\\ud800", "name": "\\u0000", "image_url": "http://[::1"}',
  `{"items": [${'{},'.repeat(5000)}{}]}`,
  '\uFEFF{"id": "bom"}',
  '{"order_item_ids": "ORD-F-1", "company_code": null, "tracking_number": false}',
];

it('answers every odd input with a 4xx or 2xx, never a 5xx, and stays up', async () => {
  const statuses = new Set<number>();
  for (const path of paths) {
    for (const method of ['GET', 'POST', 'PATCH']) {
      for (const body of method === 'GET' ? [undefined] : bodies) {
        const response = await request(service.baseUrl + path, {
          method,
          headers: { authorization: service.authorization, 'content-type': 'application/json' },
          body,
        });
        await response.body.text();
        statuses.add(response.statusCode);
        expect(response.statusCode, `${method} ${path.slice(0, 60)}`).toBeLessThan(500);
      }
    }
  }
  expect(unexpected).toEqual([]);
  expect([...statuses].some((status) => status === 422)).toBe(true);
  const health = await service.call('GET', '/api/v1/health/');
  expect(health.status).toBe(200);
});

it('odd Authorization headers are 401s', async () => {
  for (const authorization of [
    'Basic ' + 'A'.repeat(10_000),
    'Basic =',
    'Basic ====',
    'Basic Og==',
    '\u00e9',
    'Basic 6Kq/',
  ]) {
    const response = await request(`${service.baseUrl}/api/v1/shipments/status/`, {
      headers: { authorization },
    });
    await response.body.text();
    expect(response.statusCode).toBe(401);
  }
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleOrder, sampleProduct } from '../helpers/samples.js';
import { startService, type TestService } from '../helpers/service.js';

let service: TestService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

describe('400', () => {
  it('a start date after the end date', async () => {
    const response = await service.call('GET', '/api/v1/rewards/?start_date=2026-11-02&end_date=2026-11-01');
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ detail: 'start_date is later than end_date.' });
  });
});

describe('404', () => {
  it.each([
    ['an unknown path', 'GET', '/api/v1/nothing/', undefined, 'Not Found'],
    ['an unknown version', 'POST', '/api/v2/orders/', {}, 'Not Found'],
    [
      'PATCH of an unknown order',
      'PATCH',
      '/api/v1/orders/NOPE',
      { recipient_name: 'a', recipient_cellphone: 'b' },
      "Order 'NOPE' not found.",
    ],
    [
      'PATCH of an unknown product',
      'PATCH',
      '/api/v1/products/NOPE/',
      { name: 'a' },
      "Product 'NOPE' not found.",
    ],
    [
      'a shipment of an unknown order',
      'POST',
      '/api/v1/orders/NOPE/shipments/',
      { order_item_ids: ['x'], company_code: 'kr.epost', tracking_number: '1' },
      "Order 'NOPE' not found.",
    ],
  ])('%s', async (_name, method, path, body, detail) => {
    const response = await service.call(method, path, body === undefined ? {} : { body });
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ detail });
  });
});

describe('405', () => {
  it.each([
    ['DELETE', '/api/v1/orders/', 'POST'],
    ['GET', '/api/v1/orders/ORD-1', 'PATCH'],
    ['PUT', '/api/v1/products/P-1/', 'PATCH'],
    ['POST', '/api/v1/health/', 'GET'],
    ['POST', '/api/v1/shipments/status/', 'GET'],
    // Served outside the endpoint table: the same answer.
    ['POST', '/metrics', 'GET'],
    ['DELETE', '/openapi.json', 'GET'],
  ])('%s %s says which methods are allowed', async (method, path, allow) => {
    const response = await service.call(method, path);
    expect(response.status).toBe(405);
    expect(response.headers['allow']).toBe(allow);
    expect(response.json).toEqual({ detail: 'Method Not Allowed' });
  });
});

describe('409', () => {
  it('an order id still queued', async () => {
    expect((await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-DUP') })).status).toBe(
      202,
    );
    const again = await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-DUP') });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ detail: "Order 'ORD-DUP' already exists." });
  });

  it('an order id already applied', async () => {
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-APPLIED') });
    await service.local.apply();
    expect((await service.local.order('ORD-APPLIED'))?.state).toBe('applied');
    const again = await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-APPLIED') });
    expect(again.status).toBe(409);
  });

  it('an item id used by another order', async () => {
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-ITEMS') });
    const reused = sampleOrder('ORD-OTHER');
    reused.items[1] = { ...reused.items[1], id: 'ORD-ITEMS-2' } as (typeof reused.items)[1];
    const response = await service.call('POST', '/api/v1/orders/', { body: reused });
    expect(response.status).toBe(409);
    expect(response.json).toEqual({
      detail: "Order item 'ORD-ITEMS-2' already exists in order 'ORD-ITEMS'.",
    });
    expect(await service.local.order('ORD-OTHER')).toBeUndefined();
  });

  it('a product id already known, from a product create or from an order line', async () => {
    await service.call('POST', '/api/v1/products/', { body: sampleProduct('P-DUP') });
    const again = await service.call('POST', '/api/v1/products/', { body: sampleProduct('P-DUP') });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ detail: "Product 'P-DUP' already exists." });
    const fromOrder = await service.call('POST', '/api/v1/products/', { body: sampleProduct('P-100') });
    expect(fromOrder.status).toBe(409);
  });
});

describe('413', () => {
  it('a body over 1 MiB', async () => {
    const big = { ...sampleProduct('P-BIG'), name: 'x'.repeat(1024 * 1024) };
    const response = await service.call('POST', '/api/v1/products/', { body: big });
    expect(response.status).toBe(413);
    expect(response.json).toEqual({ detail: 'Request body too large.' });
  });
});

describe('307 to the canonical slash form', () => {
  it.each([
    ['POST', '/api/v1/orders', '/api/v1/orders/'],
    ['PATCH', '/api/v1/orders/ORD-1/', '/api/v1/orders/ORD-1'],
    ['POST', '/api/v1/orders/ORD-1/shipments', '/api/v1/orders/ORD-1/shipments/'],
    ['PATCH', '/api/v1/products/P-1', '/api/v1/products/P-1/'],
    ['GET', '/api/v1/health', '/api/v1/health/'],
    ['GET', '/metrics/', '/metrics'],
    [
      'GET',
      '/api/v1/rewards?start_date=2026-11-01&end_date=2026-11-02',
      '/api/v1/rewards/?start_date=2026-11-01&end_date=2026-11-02',
    ],
  ])('%s %s', async (method, path, location) => {
    const response = await service.call(method, path, method === 'GET' ? {} : { body: {} });
    expect(response.status).toBe(307);
    expect(response.headers['location']).toBe(location);
  });

  it('a client that follows the redirect keeps method and body', async () => {
    const response = await fetch(`${service.baseUrl}/api/v1/products`, {
      method: 'POST',
      headers: { authorization: service.authorization, 'content-type': 'application/json' },
      body: JSON.stringify(sampleProduct('P-REDIRECTED')),
    });
    expect(response.status).toBe(202);
  });
});

it('ids with slashes, spaces and Korean text work in paths', async () => {
  const id = '주문/2026 11#1';
  await service.call('POST', '/api/v1/orders/', { body: sampleOrder(id) });
  const response = await service.call('PATCH', `/api/v1/orders/${encodeURIComponent(id)}`, {
    body: { recipient_name: '김민지', recipient_cellphone: '010-0000-0000' },
  });
  expect(response.status).toBe(204);
});

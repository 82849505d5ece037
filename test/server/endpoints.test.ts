import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_DETAILS, VALID_CREDENTIALS_REASON } from '../../src/contract/index.js';
import { sampleOrder, sampleProduct } from '../helpers/samples.js';
import { startService, type TestService } from '../helpers/service.js';

let service: TestService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

describe('success paths of the nine endpoints', () => {
  it('POST /api/v1/orders/ queues an order', async () => {
    const response = await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-OK-1') });
    expect(response.status).toBe(202);
    expect(response.json).toEqual({ message: 'Order creation request has been queued.' });
  });

  it('PATCH /api/v1/orders/{id} changes the recipient and answers 204 with no body', async () => {
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-OK-2') });
    const response = await service.call('PATCH', '/api/v1/orders/ORD-OK-2', {
      body: { recipient_name: '이서준', recipient_cellphone: '010-5555-0000' },
    });
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect(await service.local.order('ORD-OK-2')).toMatchObject({
      recipient_name: '이서준',
      recipient_cellphone: '010-5555-0000',
    });
  });

  it('POST /api/v1/orders/{id}/shipments/ queues a shipment, with or without order_id in the body', async () => {
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-OK-3') });
    const body = {
      order_item_ids: ['ORD-OK-3-1'],
      company_code: 'kr.cjlogistics',
      tracking_number: '640123456789',
    };
    const plain = await service.call('POST', '/api/v1/orders/ORD-OK-3/shipments/', { body });
    expect(plain.status).toBe(202);
    expect(plain.json).toEqual({ message: 'Shipment creation request has been queued.' });
    const withOrderId = await service.call('POST', '/api/v1/orders/ORD-OK-3/shipments/', {
      body: { ...body, order_id: 'ORD-OK-3', order_item_ids: ['ORD-OK-3-2'] },
    });
    expect(withOrderId.status).toBe(202);
  });

  it('POST /api/v1/products/ queues a product', async () => {
    const response = await service.call('POST', '/api/v1/products/', { body: sampleProduct('P-OK-1') });
    expect(response.status).toBe(202);
    expect(response.json).toEqual({ message: 'Product creation request has been queued.' });
  });

  it('PATCH /api/v1/products/{id}/ takes name, image_url, both, nulls or nothing', async () => {
    await service.call('POST', '/api/v1/products/', { body: sampleProduct('P-OK-2') });
    for (const body of [
      { name: '새 이름' },
      { image_url: 'https://cdn.example.com/new.png' },
      { name: null },
      {},
    ]) {
      const response = await service.call('PATCH', '/api/v1/products/P-OK-2/', { body });
      expect(response.status).toBe(204);
    }
    expect(await service.local.product('P-OK-2')).toMatchObject({
      name: '새 이름',
      image_url: 'https://cdn.example.com/new.png',
    });
  });

  it('GET /api/v1/rewards/ lists rewards of a day range', async () => {
    const response = await service.call('GET', '/api/v1/rewards/?start_date=2026-11-01&end_date=2026-11-30');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ results: [] });
  });

  it('GET /api/v1/users/client-keys/ says valid credentials are valid', async () => {
    const response = await service.call('GET', '/api/v1/users/client-keys/');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ is_valid: true, reason: VALID_CREDENTIALS_REASON });
  });

  it.each([
    ['no header', ''],
    ['a wrong secret', 'Basic ' + Buffer.from('AKTESTMERCHANT0001:nope').toString('base64')],
    ['garbage', 'Bearer abc'],
  ])('GET /api/v1/health/ answers available with %s', async (_name, authorization) => {
    const response = await service.call('GET', '/api/v1/health/', { headers: { authorization } });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ status: 'available' });
  });

  it('GET /api/v1/shipments/status/ counts this merchant’s pending shipment creates as an integer', async () => {
    const before = await service.call('GET', '/api/v1/shipments/status/');
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-OK-4') });
    await service.call('POST', '/api/v1/orders/ORD-OK-4/shipments/', {
      body: { order_item_ids: ['ORD-OK-4-1', 'ORD-OK-4-2'], company_code: 'self', tracking_number: 'self' },
    });
    const after = await service.call('GET', '/api/v1/shipments/status/');
    expect(after.status).toBe(200);
    const count = (before.json as { count: number }).count;
    expect(after.json).toEqual({ origin_mall_id: 'mall-1', count: count + 1 });
  });
});

describe('the credential check', () => {
  it.each([
    ['no header', undefined, AUTH_DETAILS.required],
    ['a malformed header', 'Basic !!!', AUTH_DETAILS.invalid],
    ['an unknown key', 'Basic ' + Buffer.from('AKNOBODY:x').toString('base64'), AUTH_DETAILS.unknownKey],
    [
      'a wrong secret',
      'Basic ' + Buffer.from('AKTESTMERCHANT0001:wrong').toString('base64'),
      AUTH_DETAILS.wrongSecret,
    ],
  ])('answers 200 with is_valid false and the 401 text for %s', async (_name, authorization, reason) => {
    const response = await service.call('GET', '/api/v1/users/client-keys/', {
      headers: { authorization: authorization ?? '' },
    });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ is_valid: false, reason });
  });
});

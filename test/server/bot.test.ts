import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuthorization } from '../../src/contract/index.js';
import { sampleOrder, sampleProduct } from '../helpers/samples.js';
import { startService, type TestService } from '../helpers/service.js';

let service: TestService;
beforeAll(async () => {
  service = await startService({ startWorker: false, thanksDelayDays: 3, deliveryDays: 2 });
});
afterAll(() => service.close());

type Message = {
  order_id: string;
  kind: string;
  status: string;
  due_at: string;
  sent_at: string | null;
  to: { name: string; cellphone: string };
  text: string;
  items: { product_name: string; image_url: string }[];
  carrier: { code: string; name: string } | null;
  tracking_number: string | null;
};

const messages = async (orderId: string) =>
  ((await service.call('GET', `/local/messages?order_id=${orderId}`)).json as { results: Message[] }).results;
const apply = () => service.call('POST', '/local/queue/apply');
const advance = async (by: string) =>
  (await service.call('POST', '/local/clock/advance', { body: { by } })).json as {
    now: string;
    sent: number;
  };

describe('the bot', () => {
  it('writes to the buyer once a shipment is applied: recipient, product names and images, carrier, tracking', async () => {
    await service.call('POST', '/api/v1/products/', {
      body: sampleProduct('P-100', { name: '제주 감귤 5kg' }),
    });
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-B1') });
    await service.call('POST', '/api/v1/orders/ORD-B1/shipments/', {
      body: {
        order_item_ids: ['ORD-B1-1', 'ORD-B1-2'],
        company_code: 'kr.cjlogistics',
        tracking_number: '640123456789',
      },
    });
    expect(await messages('ORD-B1')).toEqual([]);
    // The recipient changes before anything is sent: the message goes to the new one.
    await service.call('PATCH', '/api/v1/orders/ORD-B1', {
      body: { recipient_name: '김민지', recipient_cellphone: '010-9999-0000' },
    });
    const run = (await apply()).json as { applied: number; sent: number };
    expect(run).toMatchObject({ applied: 3, sent: 1 });

    const [notice, request] = await messages('ORD-B1');
    expect(notice).toMatchObject({
      kind: 'shipment',
      status: 'sent',
      to: { name: '김민지', cellphone: '010-9999-0000' },
      carrier: { code: 'kr.cjlogistics', name: 'CJ대한통운' },
      tracking_number: '640123456789',
      // P-100 was registered before the order: the stored product (refreshed weekly) is what the bot shows.
      items: [
        { product_name: '제주 감귤 5kg', image_url: 'https://shop.example.com/img/P-100.jpg' },
        { product_name: '한라봉 3kg', image_url: 'https://shop.example.com/img/p-200.jpg' },
      ],
    });
    expect(notice?.text).toContain('CJ대한통운 운송장번호 640123456789');
    expect(request).toMatchObject({ kind: 'review_request', status: 'scheduled' });
    expect(Date.parse(request!.due_at) - Date.parse(notice!.sent_at!)).toBe(2 * 86_400_000);

    const later = await advance('2d');
    expect(later.sent).toBe(1);
    expect((await messages('ORD-B1'))[1]).toMatchObject({
      kind: 'review_request',
      status: 'sent',
      text: expect.stringContaining('적립금'),
    });
  });

  it('self delivery: a thanks message due N days after the order request, sent once the clock gets there', async () => {
    await service.call('POST', '/api/v1/orders/', {
      body: sampleOrder('ORD-SELF', { member_id: undefined }),
    });
    await service.call('POST', '/api/v1/orders/ORD-SELF/shipments/', {
      body: { order_item_ids: ['ORD-SELF-1'], company_code: 'self', tracking_number: 'self' },
    });
    await apply();
    const orders = (await service.call('GET', '/local/orders?id=ORD-SELF')).json as {
      results: { requested_at: string }[];
    };
    const [thanks] = await messages('ORD-SELF');
    expect(thanks).toMatchObject({
      kind: 'thanks',
      status: 'scheduled',
      carrier: null,
      tracking_number: null,
    });
    expect(Date.parse(thanks!.due_at) - Date.parse(orders.results[0]!.requested_at)).toBe(3 * 86_400_000);
    expect(thanks?.text).not.toContain('적립금');
    await advance('2d');
    expect((await messages('ORD-SELF'))[0]?.status).toBe('scheduled');
    await advance('1d');
    expect((await messages('ORD-SELF'))[0]).toMatchObject({
      status: 'sent',
      text: expect.stringContaining('구매해 주셔서 감사합니다'),
    });
  });
});

describe('reviews and rewards', () => {
  it("a member's photo review earns a reward listed for that UTC day with milliseconds and Z", async () => {
    const response = await service.call('POST', '/local/reviews', {
      body: { order_id: 'ORD-B1', item_id: 'ORD-B1-1', kind: 'photo' },
    });
    expect(response.status).toBe(201);
    const review = response.json as {
      created_at: string;
      reward: { created_at: string; member_id: string; rewards: number; reason: string };
    };
    expect(review.reward).toMatchObject({
      member_id: 'M-1001',
      rewards: 500,
      reason: '포토 리뷰 적립 · 제주 감귤 5kg',
    });
    expect(review.reward.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const day = review.reward.created_at.slice(0, 10);
    const listed = await service.call('GET', `/api/v1/rewards/?start_date=${day}&end_date=${day}`);
    expect(listed.json).toEqual({ results: [review.reward] });
    const dayBefore = new Date(Date.parse(day) - 86_400_000).toISOString().slice(0, 10);
    expect(
      (await service.call('GET', `/api/v1/rewards/?start_date=${dayBefore}&end_date=${dayBefore}`)).json,
    ).toEqual({ results: [] });
  });

  it("a guest's review earns nothing; a second review of an item is refused; unknown items are 404", async () => {
    const guest = await service.call('POST', '/local/reviews', {
      body: { order_id: 'ORD-SELF', item_id: 'ORD-SELF-1', kind: 'video' },
    });
    expect(guest.status).toBe(201);
    expect(guest.json).toMatchObject({ kind: 'video', reward: null });
    const again = await service.call('POST', '/local/reviews', {
      body: { order_id: 'ORD-SELF', item_id: 'ORD-SELF-1', kind: 'text' },
    });
    expect(again.status).toBe(409);
    const unknown = await service.call('POST', '/local/reviews', {
      body: { order_id: 'ORD-B1', item_id: 'ORD-SELF-2', kind: 'text' },
    });
    expect(unknown.status).toBe(404);
    const bad = await service.call('POST', '/local/reviews', {
      body: { order_id: 'ORD-B1', item_id: 'ORD-B1-2', kind: 'audio' },
    });
    expect(bad.status).toBe(422);
  });
});

describe('the weekly product refresh, seen in messages', () => {
  it('an order a week later renames the product in the messages sent after it', async () => {
    await advance('7d');
    await service.call('POST', '/api/v1/orders/', {
      body: sampleOrder('ORD-R', {
        items: [
          {
            id: 'ORD-R-1',
            product: {
              id: 'P-100',
              name: '제주 감귤 5kg (리뉴얼)',
              image_url: 'https://shop.example.com/img/new.jpg',
            },
          },
        ],
      }),
    });
    await service.call('POST', '/api/v1/orders/ORD-R/shipments/', {
      body: { order_item_ids: ['ORD-R-1'], company_code: 'kr.epost', tracking_number: '6012345678901' },
    });
    await apply();
    expect((await messages('ORD-R'))[0]?.items[0]).toEqual(
      expect.objectContaining({
        product_name: '제주 감귤 5kg (리뉴얼)',
        image_url: 'https://shop.example.com/img/new.jpg',
      }),
    );
  });
});

describe('several merchants', () => {
  it('a second merchant has its own credentials and sees none of the first one’s data', async () => {
    const added = await service.call('POST', '/local/merchants', {
      body: { merchant_id: 'shop-b', thanks_delay_days: 5 },
    });
    expect(added.status).toBe(201);
    const shopB = added.json as {
      merchant_id: string;
      access_key_id: string;
      secret_access_key: string;
      thanks_delay_days: number;
    };
    expect(shopB).toMatchObject({ merchant_id: 'shop-b', thanks_delay_days: 5 });
    const authorization = basicAuthorization({
      accessKeyId: shopB.access_key_id,
      secretAccessKey: shopB.secret_access_key,
    });
    const asB = (method: string, path: string, body?: unknown) =>
      service.call(method, path, { headers: { authorization }, ...(body === undefined ? {} : { body }) });

    for (const path of [
      '/local/orders',
      '/local/products',
      '/local/messages',
      '/local/jobs',
      '/local/reviews',
    ]) {
      expect((await asB('GET', path)).json, path).toEqual({ results: [], has_more: false });
    }
    expect((await asB('GET', '/api/v1/rewards/?start_date=2020-01-01&end_date=2099-12-31')).json).toEqual({
      results: [],
    });
    expect((await asB('GET', '/api/v1/shipments/status/')).json).toEqual({
      origin_mall_id: 'shop-b',
      count: 0,
    });
    expect(
      (await asB('PATCH', '/api/v1/orders/ORD-B1', { recipient_name: 'x', recipient_cellphone: 'y' })).status,
    ).toBe(404);
    expect(
      (
        await asB('POST', '/api/v1/orders/ORD-B1/shipments/', {
          order_item_ids: ['ORD-B1-1'],
          company_code: 'kr.epost',
          tracking_number: '1',
        })
      ).status,
    ).toBe(404);
    // The same ids are free for another merchant.
    expect((await asB('POST', '/api/v1/orders/', sampleOrder('ORD-B1'))).status).toBe(202);
    expect((await service.call('POST', '/local/merchants', { body: { merchant_id: 'shop-b' } })).status).toBe(
      409,
    );
  });
});

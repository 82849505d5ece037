import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION_PAGE } from '../../src/server/local/browse.js';
import { homeDigits } from '../../src/util/phone.js';
import { sampleOrder } from '../helpers/samples.js';
import { startService, type TestService } from '../helpers/service.js';

let service: TestService;
const BUYERS = 120;

beforeAll(async () => {
  service = await startService({ startWorker: false });
  // 120 buyers, each an order and a shipment (the bot writes to each); two of them by their phones' odd forms.
  for (let i = 0; i < BUYERS; i++) {
    const phone =
      i === 0 ? '010-1234-5678' : i === 1 ? '+82 10-9876-5432' : `010-5555-${String(i).padStart(4, '0')}`;
    const order = sampleOrder(`ORD-B-${i}`, {
      recipient_name: i === 2 ? '박서준' : `구매자${i}`,
      recipient_cellphone: phone,
    });
    expect((await service.call('POST', '/api/v1/orders/', { body: order })).status).toBe(202);
    const shipment = {
      order_item_ids: [`ORD-B-${i}-1`],
      company_code: 'kr.cjlogistics',
      tracking_number: `64${i}`,
    };
    expect(
      (await service.call('POST', `/api/v1/orders/ORD-B-${i}/shipments/`, { body: shipment })).status,
    ).toBe(202);
  }
  await service.local.apply();
});
afterAll(() => service.close());

const browse = () => service.app.service.browse;

describe('the console finds a buyer by phone however it is written', () => {
  it.each([
    '010-1234-5678',
    '01012345678',
    '+82 10-1234-5678',
    '+821012345678',
    '82-10-1234-5678',
    '1234-5678',
  ])('%s', async (query) => {
    const found = await browse().conversations('mall-1', query, 1);
    expect(found.rows.map((buyer) => buyer.cellphone)).toEqual(['010-1234-5678']);
  });

  it('and not by another number; a number stored with the country code by its home form', async () => {
    expect((await browse().conversations('mall-1', '010-1234-5679', 1)).total).toBe(0);
    const abroad = await browse().conversations('mall-1', '010-9876-5432', 1);
    expect(abroad.rows.map((buyer) => buyer.cellphone)).toEqual(['+82 10-9876-5432']);
    expect(homeDigits('+82 10-9876-5432')).toBe('01098765432');
  });

  it('by a name, an order id or a product, and opens the one conversation found', async () => {
    expect((await browse().conversations('mall-1', '박서준', 1)).rows.map((buyer) => buyer.name)).toEqual([
      '박서준',
    ]);
    expect((await browse().conversations('mall-1', 'ord-b-17', 1)).rows.map((buyer) => buyer.name)).toEqual([
      '구매자17',
    ]);
    expect((await browse().conversations('mall-1', '감귤', 1)).total).toBe(BUYERS);
    const [buyer] = (await browse().conversations('mall-1', '박서준', 1)).rows;
    const conversation = await browse().conversation('mall-1', buyer?.key as string);
    // The shipping notice, and the review request scheduled after it.
    expect(
      [...(conversation?.sent ?? []), ...(conversation?.scheduled ?? [])].map((message) => [
        message.order_id,
        message.kind,
        message.status,
      ]),
    ).toEqual([
      ['ORD-B-2', 'shipment', 'sent'],
      ['ORD-B-2', 'review_request', 'scheduled'],
    ]);
    expect(conversation).toMatchObject({ counts: { sent: 1, scheduled: 1 }, older: undefined, latest: true });
  });
});

describe('lists a page at a time, newest first, none cut short', () => {
  it('every buyer, fifty to a page', async () => {
    const pages = [];
    for (let page = 1; ; page++) {
      const found = await browse().conversations('mall-1', '', page);
      pages.push(found.rows.length);
      expect(found.total).toBe(BUYERS);
      if (found.next === undefined) break;
    }
    expect(pages).toEqual([50, 50, 20]);
  });

  it('every order and every create, the newest first', async () => {
    const seen: string[] = [];
    let before: string | undefined;
    do {
      const page = await browse().orders('mall-1', before);
      expect(page.total).toBe(BUYERS);
      seen.push(...page.rows.map((order) => order.id));
      before = page.next;
    } while (before !== undefined);
    expect(seen).toHaveLength(BUYERS);
    expect(seen[0]).toBe(`ORD-B-${BUYERS - 1}`);
    expect(new Set(seen).size).toBe(BUYERS);
    const jobs = await browse().jobs('mall-1');
    expect(jobs.total).toBe(2 * BUYERS);
    expect(jobs.rows[0]?.kind).toBe('shipment');
    expect(jobs.next).toBeDefined();
  });
});

describe('an order page', () => {
  it("knows which of the order's items were reviewed, whatever other reviews there are", async () => {
    for (const [order, item] of [
      ['ORD-B-3', 'ORD-B-3-1'],
      ['ORD-B-4', 'ORD-B-4-1'],
    ]) {
      const review = { order_id: order, item_id: item, kind: 'text' };
      expect((await service.call('POST', '/local/reviews', { body: review })).status).toBe(201);
    }
    const order = { items: [{ id: 'ORD-B-3-1' }, { id: 'ORD-B-3-2' }] };
    expect([...(await browse().reviewedItems('mall-1', order))]).toEqual([
      ['ORD-B-3-1', { item_id: 'ORD-B-3-1', kind: 'text', points: 100 }],
    ]);
    expect([...(await browse().reviewedItems('mall-1', { items: [] }))]).toEqual([]);
  });
});

// Last: its orders would change the counts above.
describe('a buyer written to more than a page holds', () => {
  const REGULAR = CONVERSATION_PAGE + 30;
  beforeAll(async () => {
    for (let i = 0; i < REGULAR; i++) {
      const id = `ORD-R-${i}`;
      const order = sampleOrder(id, { recipient_name: '단골', recipient_cellphone: '010-7777-0000' });
      expect((await service.call('POST', '/api/v1/orders/', { body: order })).status).toBe(202);
      const shipment = {
        order_item_ids: [`${id}-1`],
        company_code: 'kr.cjlogistics',
        tracking_number: `65${i}`,
      };
      expect((await service.call('POST', `/api/v1/orders/${id}/shipments/`, { body: shipment })).status).toBe(
        202,
      );
    }
    await service.local.apply();
  });

  it('shows the latest messages sent, and pages back to the first, each once', async () => {
    const [buyer] = (await browse().conversations('mall-1', '010-7777-0000', 1)).rows;
    const key = buyer?.key as string;
    const latest = await browse().conversation('mall-1', key);
    expect(latest).toMatchObject({ counts: { sent: REGULAR, scheduled: REGULAR }, latest: true });
    expect(latest?.sent).toHaveLength(CONVERSATION_PAGE);
    // Oldest first on the page, ending with the last one sent.
    expect(latest?.sent.at(-1)?.order_id).toBe(`ORD-R-${REGULAR - 1}`);
    expect(latest?.sent[0]?.order_id).toBe(`ORD-R-${REGULAR - CONVERSATION_PAGE}`);
    // The soonest of the scheduled, as many as a page holds; their count says the rest.
    expect(latest?.scheduled).toHaveLength(CONVERSATION_PAGE);
    expect(latest?.scheduled[0]?.order_id).toBe('ORD-R-0');
    const earlier = await browse().conversation('mall-1', key, latest?.older);
    expect(earlier).toMatchObject({ latest: false, older: undefined });
    const seen = [...(earlier?.sent ?? []), ...(latest?.sent ?? [])].map((message) => message.order_id);
    expect(seen).toEqual(Array.from({ length: REGULAR }, (_, i) => `ORD-R-${i}`));
    // A position that is not one shows the latest.
    expect((await browse().conversation('mall-1', key, 'x:1'))?.latest).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleOrder, sampleProduct } from '../helpers/samples.js';
import { startService, type TestService } from '../helpers/service.js';

let service: TestService;
beforeAll(async () => {
  service = await startService({ startWorker: false });
  for (const n of [1, 2, 3]) {
    expect(
      (await service.call('POST', '/api/v1/products/', { body: sampleProduct(`P-LIST-${n}`) })).status,
    ).toBe(202);
    expect(
      (await service.call('POST', '/api/v1/orders/', { body: sampleOrder(`ORD-LIST-${n}`) })).status,
    ).toBe(202);
  }
});
afterAll(() => service.close());

type Page = { results: Record<string, unknown>[]; has_more: boolean };

/** Follows a list's next links from `path`: every row's `key`, and the links followed. */
async function followLinks(
  path: string,
  most: number,
): Promise<{ seen: Record<string, unknown>[]; links: string[] }> {
  const seen: Record<string, unknown>[] = [];
  const links: string[] = [];
  for (let next: string | undefined = path; next !== undefined;) {
    const page = await service.call('GET', next);
    expect(page.status, JSON.stringify(page.json)).toBe(200);
    const body = page.json as Page;
    seen.push(...body.results);
    const link = page.headers.link as string | undefined;
    expect(link === undefined, String(link)).toBe(!body.has_more);
    next = link === undefined ? undefined : /^<([^>]+)>; rel="next"$/.exec(link)?.[1];
    if (next !== undefined) links.push(next);
    expect(links.length).toBeLessThan(most);
  }
  return { seen, links };
}

describe('a local list cut at its limit says so', () => {
  it.each([
    ['/local/jobs?state=queued', 6],
    ['/local/orders', 3],
  ])('%s', async (path, all) => {
    const join = path.includes('?') ? '&' : '?';
    const cut = await service.call('GET', `${path}${join}limit=${all - 1}`);
    const whole = await service.call('GET', `${path}${join}limit=${all}`);
    expect(whole.json).toMatchObject({ has_more: false });
    expect((whole.json as { results: unknown[] }).results).toHaveLength(all);
    expect(cut.json).toMatchObject({ has_more: true });
    expect((cut.json as { results: unknown[] }).results).toHaveLength(all - 1);
  });

  it.each([
    ['/local/orders?limit=2', 3, 'id'],
    ['/local/jobs?state=queued&limit=4', 6, 'seq'],
    ['/local/products?limit=2', 5, 'id'],
  ])('%s links its next page, and following the links lists each once', async (path, all, key) => {
    const { seen, links } = await followLinks(path, all);
    const keys = seen.map((row) => row[key]);
    expect(keys).toHaveLength(all);
    expect(new Set(keys).size).toBe(all);
    expect(links[0]?.startsWith(`${path}&after=`), links[0]).toBe(true);
  });

  it('a position that is not one is refused, not read as the first page', async () => {
    const odd = await service.call('GET', '/local/products?after=P-1');
    expect(odd.status).toBe(422);
    expect((await service.call('GET', '/local/orders?after=x')).status).toBe(422);
    expect((await service.call('GET', '/local/messages?after=12')).status).toBe(422);
    expect((await service.call('GET', '/local/messages?after=1:x')).status).toBe(422);
    expect((await service.call('GET', '/local/reviews?after=1:2')).status).toBe(422);
  });

  it('products, once applied', async () => {
    await service.call('POST', '/local/queue/apply');
    const cut = (await service.call('GET', '/local/products?limit=2')).json as {
      results: unknown[];
      has_more: boolean;
    };
    expect(cut.has_more).toBe(true);
    expect(cut.results).toHaveLength(2);
    const whole = (await service.call('GET', '/local/products?limit=10000')).json as { has_more: boolean };
    expect(whole.has_more).toBe(false);
  });
});

describe("the bot's messages, the reviews and one id's creates, page by page", () => {
  beforeAll(async () => {
    await service.call('POST', '/local/queue/apply');
    for (const n of [1, 2, 3]) {
      const id = `ORD-LIST-${n}`;
      const shipment = {
        order_item_ids: [`${id}-1`, `${id}-2`],
        company_code: 'kr.cjlogistics',
        tracking_number: `64012345670${n}`,
      };
      expect((await service.call('POST', `/api/v1/orders/${id}/shipments/`, { body: shipment })).status).toBe(
        202,
      );
    }
    await service.call('POST', '/local/queue/apply');
    for (const n of [1, 2, 3])
      for (const item of [1, 2]) {
        const review = { order_id: `ORD-LIST-${n}`, item_id: `ORD-LIST-${n}-${item}`, kind: 'text' };
        expect((await service.call('POST', '/local/reviews', { body: review })).status).toBe(201);
      }
  });

  it('messages: pages of one are the whole list, in due order, with or without a filter', async () => {
    const whole = (await service.call('GET', '/local/messages?limit=100')).json as Page;
    expect(whole.has_more).toBe(false);
    const all = whole.results.length;
    // Each shipment is said at once (sent) and asked for a review days later (scheduled).
    expect(all).toBe(6);
    const { seen, links } = await followLinks('/local/messages?limit=1', all);
    expect(seen).toEqual(whole.results);
    expect(links[0], links[0]).toMatch(/^\/local\/messages\?limit=1&after=\d+%3A\d+$/);
    for (const filter of ['status=sent', 'status=scheduled', 'kind=review_request', 'order_id=ORD-LIST-2']) {
      const narrowed = (await service.call('GET', `/local/messages?limit=100&${filter}`)).json as Page;
      const [name, value] = filter.split('=') as [string, string];
      const field = name === 'order_id' ? 'order_id' : name;
      expect(narrowed.results.length, filter).toBeGreaterThan(0);
      expect(narrowed.results.length, filter).toBeLessThan(all);
      expect(
        narrowed.results.every((message) => message[field] === value),
        filter,
      ).toBe(true);
      const paged = await followLinks(`/local/messages?limit=1&${filter}`, all);
      expect(paged.seen, filter).toEqual(narrowed.results);
    }
  });

  it('reviews: pages of two are the whole list, oldest first', async () => {
    const whole = (await service.call('GET', '/local/reviews?limit=100')).json as Page;
    expect(whole.results).toHaveLength(6);
    const { seen } = await followLinks('/local/reviews?limit=2', 6);
    expect(seen).toEqual(whole.results);
    const ids = seen.map((review) => review.id as number);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it("one id's creates are found however many others came after it, and page too", async () => {
    const jobs = (await service.call('GET', '/local/jobs?target_id=ORD-LIST-2&limit=100')).json as Page;
    // The order's create and its shipment's.
    expect(jobs.results.map((job) => job.kind)).toEqual(['order', 'shipment']);
    const { seen } = await followLinks('/local/jobs?target_id=ORD-LIST-2&limit=1', 2);
    expect(seen.map((job) => job.seq)).toEqual(jobs.results.map((job) => job.seq));
  });
});

describe('the events, after one of them', () => {
  it('are the next ones, a page at a time, none skipped; without a position, the latest', async () => {
    const kept = (await service.call('GET', '/local/events?limit=1000')).json as Page;
    const ids = kept.results.map((event) => event.id as number);
    expect(ids.length).toBeGreaterThanOrEqual(6);
    expect(kept.has_more).toBe(false);
    // The latest three, oldest first.
    const latest = (await service.call('GET', '/local/events?limit=3')).json as Page;
    expect(latest.results.map((event) => event.id)).toEqual(ids.slice(-3));
    // After the first: the next three, not the latest three, and a link to the rest.
    const [first] = ids;
    const next = await service.call('GET', `/local/events?after=${first}&limit=3`);
    expect((next.json as Page).results.map((event) => event.id)).toEqual(ids.slice(1, 4));
    expect(next.json).toMatchObject({ has_more: true });
    const { seen } = await followLinks(`/local/events?after=${first}&limit=2`, ids.length);
    expect(seen.map((event) => event.id)).toEqual(ids.slice(1));
  });
});

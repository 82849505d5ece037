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
    const seen: unknown[] = [];
    const links: string[] = [];
    for (let next: string | undefined = path; next !== undefined;) {
      const page = await service.call('GET', next);
      const body = page.json as { results: Record<string, unknown>[]; has_more: boolean };
      seen.push(...body.results.map((row) => row[key]));
      const link = page.headers.link as string | undefined;
      expect(link === undefined, String(link)).toBe(!body.has_more);
      next = link === undefined ? undefined : /^<([^>]+)>; rel="next"$/.exec(link)?.[1];
      if (next !== undefined) links.push(next);
      expect(links.length).toBeLessThan(all);
    }
    expect(seen).toHaveLength(all);
    expect(new Set(seen).size).toBe(all);
    expect(links[0]?.startsWith(`${path}&after=`), links[0]).toBe(true);
  });

  it('a position that is not one is refused, not read as the first page', async () => {
    const odd = await service.call('GET', '/local/products?after=P-1');
    expect(odd.status).toBe(422);
    expect((await service.call('GET', '/local/orders?after=x')).status).toBe(422);
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

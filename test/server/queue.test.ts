import { afterEach, describe, expect, it } from 'vitest';
import { BUILT_IN_CARRIERS } from '../../src/contract/index.js';
import { sampleOrder, sampleProduct } from '../helpers/samples.js';
import { startService, type TestService } from '../helpers/service.js';

const open: TestService[] = [];
afterEach(async () => {
  while (open.length > 0) await open.pop()?.close();
});

/** A service on a hand-moved clock with the worker stopped, so a test applies the queue when it says. */
async function manualService(options: Parameters<typeof startService>[0] = {}) {
  const clock = { now: Date.parse('2026-11-22T09:00:00.000Z') };
  const service = await startService({ realNow: () => clock.now, startWorker: false, ...options });
  open.push(service);
  return { service, clock };
}

const jobs = (service: TestService) =>
  service.app.intake.store.jobs.pending('mall-1', 0, 1000).map((job) => `${job.kind}:${job.target_id}`);

describe('the queue worker', () => {
  it('applies a create only after the apply delay', async () => {
    const { service, clock } = await manualService({ applyDelay: { minMs: 60_000, maxMs: 60_000 } });
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-1') });
    clock.now += 59_000;
    expect(service.app.intake.worker.runDue()).toMatchObject({ applied: 0, failed: 0 });
    expect(service.app.intake.store.orders.get('mall-1', 'ORD-1')?.applied_at).toBeNull();
    clock.now += 1_000;
    expect(service.app.intake.worker.runDue()).toMatchObject({ applied: 1, failed: 0 });
    expect(service.app.intake.store.orders.get('mall-1', 'ORD-1')?.applied_at).toBe(clock.now);
    expect(service.app.intake.store.products.get('mall-1', 'P-100')?.applied_at).toBe(clock.now);
  });

  it('keeps arrival order per merchant even when a later create draws a shorter delay', async () => {
    const { service, clock } = await manualService({ applyDelay: { minMs: 60_000, maxMs: 300_000 } });
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-A') });
    await service.call('POST', '/api/v1/orders/ORD-A/shipments/', {
      body: { order_item_ids: ['ORD-A-1'], company_code: 'kr.hanjin', tracking_number: '111' },
    });
    const [first, second] = service.app.intake.store.jobs.pending('mall-1', 0, 10);
    const worker = service.app.intake.worker;
    const dueFirst = worker.dueAt(first!);
    const dueSecond = worker.dueAt(second!);
    clock.now = Math.min(dueFirst, dueSecond);
    worker.runDue();
    if (dueSecond < dueFirst) expect(jobs(service)).toEqual(['order:ORD-A', 'shipment:ORD-A']);
    clock.now = Math.max(dueFirst, dueSecond);
    worker.runDue();
    expect(jobs(service)).toEqual([]);
    expect(service.app.intake.store.shipments.byOrder('mall-1', 'ORD-A')).toHaveLength(1);
  });

  it('counts shipment creates until they are applied', async () => {
    const { service, clock } = await manualService({ applyDelay: { minMs: 1000, maxMs: 1000 } });
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-S') });
    for (const [item, tracking] of [
      ['ORD-S-1', '1'],
      ['ORD-S-2', '2'],
    ]) {
      await service.call('POST', '/api/v1/orders/ORD-S/shipments/', {
        body: { order_item_ids: [item], company_code: 'kr.lotte', tracking_number: tracking },
      });
    }
    expect((await service.call('GET', '/api/v1/shipments/status/')).json).toEqual({
      origin_mall_id: 'mall-1',
      count: 2,
    });
    clock.now += 1000;
    service.app.intake.worker.runDue();
    expect((await service.call('GET', '/api/v1/shipments/status/')).json).toEqual({
      origin_mall_id: 'mall-1',
      count: 0,
    });
  });

  it('a later shipment of an item replaces its tracking data and keeps the history', async () => {
    const { service } = await manualService();
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-H') });
    for (const tracking of ['1111', '2222']) {
      await service.call('POST', '/api/v1/orders/ORD-H/shipments/', {
        body: { order_item_ids: ['ORD-H-1'], company_code: 'kr.epost', tracking_number: tracking },
      });
    }
    service.app.intake.worker.runDue({ all: true });
    const { store } = service.app.intake;
    const history = store.shipments.byOrder('mall-1', 'ORD-H');
    expect(history.map((shipment) => shipment.tracking_number)).toEqual(['1111', '2222']);
    expect(store.orders.getItem('mall-1', 'ORD-H-1')?.shipment_id).toBe(history[1]?.id);
  });

  it('a PATCH of a queued order changes what is applied', async () => {
    const { service } = await manualService();
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-P') });
    await service.call('PATCH', '/api/v1/orders/ORD-P', {
      body: { recipient_name: '박지훈', recipient_cellphone: '010-2222-3333' },
    });
    service.app.intake.worker.runDue({ all: true });
    expect(service.app.intake.store.orders.get('mall-1', 'ORD-P')).toMatchObject({
      recipient_name: '박지훈',
      recipient_cellphone: '010-2222-3333',
    });
  });

  it('refreshes a product from order lines only when the stored copy is a week old', async () => {
    const { service, clock } = await manualService();
    const { store, worker } = service.app.intake;
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-R1') });
    worker.runDue({ all: true });
    const renamed = (id: string, name: string) =>
      sampleOrder(id, {
        items: [
          {
            id: `${id}-1`,
            product: { id: 'P-100', name, image_url: 'https://shop.example.com/img/new.jpg' },
          },
        ],
      });
    clock.now += 6 * 86_400_000;
    await service.call('POST', '/api/v1/orders/', { body: renamed('ORD-R2', '감귤 (6일 뒤)') });
    worker.runDue({ all: true });
    expect(store.products.get('mall-1', 'P-100')?.name).toBe('제주 감귤 5kg');
    clock.now += 86_400_000;
    await service.call('POST', '/api/v1/orders/', { body: renamed('ORD-R3', '감귤 (7일 뒤)') });
    worker.runDue({ all: true });
    expect(store.products.get('mall-1', 'P-100')).toMatchObject({
      name: '감귤 (7일 뒤)',
      image_url: 'https://shop.example.com/img/new.jpg',
    });
  });

  it('a create that cannot be applied is kept with its reason, and frees nothing else', async () => {
    const first = await manualService();
    await first.service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-L') });
    first.service.app.intake.worker.runDue({ all: true });
    await first.service.call('POST', '/api/v1/orders/ORD-L/shipments/', {
      body: { order_item_ids: ['ORD-L-1'], company_code: 'kr.lotte', tracking_number: '777' },
    });
    await first.service.call('POST', '/api/v1/products/', { body: sampleProduct('P-L') });
    const dataDir = first.service.dataDir;
    await first.service.app.close();
    open.length = 0;

    // The carriers change between restarts: the queued shipment names a carrier no longer configured.
    const carriers = BUILT_IN_CARRIERS.filter((carrier) => carrier.code !== 'kr.lotte');
    const second = await manualService({ dataDir, carriers });
    expect(second.service.app.intake.worker.runDue({ all: true })).toMatchObject({ applied: 1, failed: 1 });
    const db = second.service.app.intake.store;
    expect(db.jobs.countPending('mall-1', 'shipment')).toBe(0);
    const [failed] = db.jobs.list('mall-1', { state: 'failed', limit: 10 });
    expect(failed).toMatchObject({ kind: 'shipment', target_id: 'ORD-L', state: 'failed' });
    expect(failed?.reason).toContain("company_code: Input should be 'self'");
    expect(db.products.get('mall-1', 'P-L')?.applied_at).not.toBeNull();
  });
});

describe('group commit', () => {
  it('writes submitted in the same turn share one commit; one that throws is undone alone', async () => {
    const { service } = await manualService();
    const { ingest, store } = service.app.intake;
    const before = ingest.stats;
    const arrival = (i: number) => ({ merchantId: 'mall-1', now: 0, delayFraction: 0, i });
    const { acceptProduct } = await import('../../src/server/ingest/accept.js');
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        ingest.run(() => acceptProduct(store, arrival(i), sampleProduct(`P-G-${i === 7 ? 3 : i}`))),
      ),
    );
    expect(ingest.stats.batches - before.batches).toBe(1);
    expect(ingest.stats.writes - before.writes).toBe(20);
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(1);
    expect((results[7] as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    for (const i of [0, 3, 6, 8, 19]) expect(store.products.get('mall-1', `P-G-${i}`)).toBeDefined();
    expect(store.jobs.pending('mall-1', 0, 100)).toHaveLength(19);
  });

  it('concurrent HTTP creates of one id: exactly one is accepted', async () => {
    const { service } = await manualService();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        service.call('POST', '/api/v1/products/', { body: sampleProduct('P-RACE') }),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([202, ...Array(9).fill(409)]);
  });
});

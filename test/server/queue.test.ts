import { describe, expect, it } from 'vitest';
import { BUILT_IN_CARRIERS, ShipmentCreateBody } from '../../src/contract/index.js';
import { Conflict } from '../../src/server/errors.js';
import {
  acceptOrder,
  acceptOrders,
  acceptProduct,
  type OrderCreate,
} from '../../src/server/ingest/accept.js';
import type { Clock } from '../../src/server/clock.js';
import { QueueWorker } from '../../src/server/queue/worker.js';
import { GroupCommit } from '../../src/server/ingest/group-commit.js';
import type { Store } from '../../src/server/storage/store.js';
import { openTestStore, TEST_ENGINE, testDatabaseUrl } from '../helpers/engines.js';
import { PostgresEngine } from '../../src/server/storage/postgres/engine.js';
import type { Sql } from '../../src/server/storage/sql.js';
import { patience } from '../helpers/patience.js';
import { sampleOrder, sampleProduct } from '../helpers/samples.js';
import { startService, type TestService, servicesClosedAfterEach } from '../helpers/service.js';

const { keep, forget } = servicesClosedAfterEach();

const START = Date.parse('2026-11-22T09:00:00.000Z');

/**
 * A service on a pinned clock with the worker stopped: time moves only by `/local/clock/advance`, which
 * then applies what became due. `draws` are the apply-delay fractions of the creates, in order.
 */
async function manualService(options: Parameters<typeof startService>[0] = {}, draws: number[] = []) {
  const queue = [...draws];
  const service = await startService({
    realNow: () => START,
    random: () => queue.shift() ?? 0,
    startWorker: false,
    ...options,
  });
  keep(service);
  return service;
}

const pending = async (service: TestService) =>
  (await service.local.jobs('state=queued')).map((job) => `${job.kind}:${job.target_id}`);

describe('the queue worker', () => {
  it('applies a create only after the apply delay', async () => {
    const service = await manualService({ applyDelay: { minMs: 60_000, maxMs: 60_000 } });
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-1') });
    expect(await service.local.advance('59s')).toMatchObject({ applied: 0, failed: 0 });
    expect((await service.local.order('ORD-1'))?.state).toBe('queued');
    expect(await service.local.advance('1s')).toMatchObject({ applied: 1, failed: 0 });
    expect(await service.local.order('ORD-1')).toMatchObject({
      state: 'applied',
      applied_at: new Date(START + 60_000).toISOString(),
    });
    expect((await service.local.product('P-100'))?.state).toBe('applied');
  });

  it('tells when each create was applied and lists them by state, though applying writes nothing to its row', async () => {
    const service = await manualService({ applyDelay: { minMs: 60_000, maxMs: 60_000 } });
    const stateOf = async (query = '') =>
      (await service.local.jobs(query)).map((job) => [job.target_id, job.state, job.finished_at]);
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-1') });
    await service.local.advance('30s');
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-2') });
    expect(await service.local.advance('30s')).toMatchObject({ applied: 1 });
    const first = new Date(START + 60_000).toISOString();
    expect(await stateOf('state=applied')).toEqual([['ORD-1', 'applied', first]]);
    expect(await stateOf('state=queued')).toEqual([['ORD-2', 'queued', null]]);
    expect(await service.local.advance('30s')).toMatchObject({ applied: 1 });
    // Each at the step of the queue that passed it, not the latest.
    const second = new Date(START + 90_000).toISOString();
    const both = [
      ['ORD-1', 'applied', first],
      ['ORD-2', 'applied', second],
    ];
    expect(await stateOf()).toEqual(both);
    expect(await stateOf('state=applied')).toEqual(both);
    expect(await stateOf('state=queued')).toEqual([]);
    expect(await stateOf('state=failed')).toEqual([]);
  });

  it('keeps arrival order per merchant even when a later create draws a shorter delay', async () => {
    // The order draws the end of the range (due at 4 min), the shipment the start (due at 1 min).
    const service = await manualService({ applyDelay: { minMs: 60_000, maxMs: 240_000 } }, [1, 0]);
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-A') });
    await service.call('POST', '/api/v1/orders/ORD-A/shipments/', {
      body: { order_item_ids: ['ORD-A-1'], company_code: 'kr.hanjin', tracking_number: '111' },
    });
    const [order, shipment] = await service.local.jobs();
    expect(Date.parse(shipment!.due_at)).toBeLessThan(Date.parse(order!.due_at));
    expect(await service.local.advance('1m')).toMatchObject({ applied: 0 });
    expect(await pending(service)).toEqual(['order:ORD-A', 'shipment:ORD-A']);
    expect(await service.local.advance('3m')).toMatchObject({ applied: 2 });
    expect(await pending(service)).toEqual([]);
    expect((await service.local.order('ORD-A'))?.shipments).toHaveLength(1);
  });

  it('counts shipment creates until they are applied', async () => {
    const service = await manualService({ applyDelay: { minMs: 1000, maxMs: 1000 } });
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
    await service.local.advance('1s');
    expect((await service.call('GET', '/api/v1/shipments/status/')).json).toEqual({
      origin_mall_id: 'mall-1',
      count: 0,
    });
  });

  it('a later shipment of an item replaces its tracking data and keeps the history', async () => {
    const service = await manualService();
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-H') });
    for (const tracking of ['1111', '2222']) {
      await service.call('POST', '/api/v1/orders/ORD-H/shipments/', {
        body: { order_item_ids: ['ORD-H-1'], company_code: 'kr.epost', tracking_number: tracking },
      });
    }
    await service.local.apply();
    const order = await service.local.order('ORD-H');
    expect(order?.shipments.map((shipment) => shipment.tracking_number)).toEqual(['1111', '2222']);
    expect(order?.items[0]?.shipment_id).toBe(order?.shipments[1]?.id);
  });

  it('a PATCH of a queued order changes what is applied', async () => {
    const service = await manualService();
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-P') });
    await service.call('PATCH', '/api/v1/orders/ORD-P', {
      body: { recipient_name: '박지훈', recipient_cellphone: '010-2222-3333' },
    });
    await service.local.apply();
    expect(await service.local.order('ORD-P')).toMatchObject({
      state: 'applied',
      recipient_name: '박지훈',
      recipient_cellphone: '010-2222-3333',
    });
  });

  it('refreshes a product from order lines only when the stored copy is a week old', async () => {
    const service = await manualService();
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-R1') });
    await service.local.apply();
    const renamed = (id: string, name: string) =>
      sampleOrder(id, {
        items: [
          {
            id: `${id}-1`,
            product: { id: 'P-100', name, image_url: 'https://shop.example.com/img/new.jpg' },
          },
        ],
      });
    await service.local.advance('6d');
    await service.call('POST', '/api/v1/orders/', { body: renamed('ORD-R2', '감귤 (6일 뒤)') });
    await service.local.apply();
    expect((await service.local.product('P-100'))?.name).toBe('제주 감귤 5kg');
    await service.local.advance('1d');
    await service.call('POST', '/api/v1/orders/', { body: renamed('ORD-R3', '감귤 (7일 뒤)') });
    await service.local.apply();
    expect(await service.local.product('P-100')).toMatchObject({
      name: '감귤 (7일 뒤)',
      image_url: 'https://shop.example.com/img/new.jpg',
    });
  });

  it('a create that cannot be applied is kept with its reason, and frees nothing else', async () => {
    const first = await manualService();
    await first.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-L') });
    await first.local.apply();
    await first.call('POST', '/api/v1/orders/ORD-L/shipments/', {
      body: { order_item_ids: ['ORD-L-1'], company_code: 'kr.lotte', tracking_number: '777' },
    });
    await first.call('POST', '/api/v1/products/', { body: sampleProduct('P-L') });
    const dataDir = first.dataDir;
    await first.app.close();
    forget();

    // The carriers change between restarts: the queued shipment names a carrier no longer configured.
    const carriers = BUILT_IN_CARRIERS.filter((carrier) => carrier.code !== 'kr.lotte');
    const second = await manualService({ dataDir, carriers });
    expect(await second.local.apply()).toMatchObject({ applied: 1, failed: 1 });
    expect((await second.call('GET', '/api/v1/shipments/status/')).json).toMatchObject({ count: 0 });
    const [failed] = await second.local.jobs('state=failed');
    expect(failed).toMatchObject({ kind: 'shipment', target_id: 'ORD-L', state: 'failed' });
    expect(failed?.reason).toContain("company_code: Input should be 'self'");
    expect((await second.local.product('P-L'))?.state).toBe('applied');
  });
});

/** A database in memory with one merchant, `mall-1`. */
async function storeWithMerchant(): Promise<Store> {
  const store = await openTestStore();
  await store.merchants.insert({
    id: 'mall-1',
    access_key_id: 'AK1',
    secret_salt: Buffer.alloc(16),
    secret_hash: Buffer.alloc(32),
    secret_kdf: 'scrypt',
    thanks_delay_days: 3,
    created_at: 0,
  });
  return store;
}

/** Queues a shipment create of `mall-1` with this stored body, as it would have arrived at START. */
const queueShipment = (store: Store, orderId: string, payload: string) =>
  store.jobs.insert({
    merchant_id: 'mall-1',
    kind: 'shipment',
    target_id: orderId,
    payload,
    received_at: START,
    delay_fraction: 0,
  });

/** Applies everything queued at once, at START: what the run counted, and the unexpected errors it met. */
async function applyEverything(store: Store) {
  const errors: unknown[] = [];
  const worker = new QueueWorker({
    store,
    clock: fixedClock(() => START),
    delay: { minMs: 0, maxMs: 0 },
    applier: { shipmentSchema: ShipmentCreateBody, onShipmentApplied: async () => {} },
    onError: (error) => errors.push(error),
  });
  return { counts: await worker.runDue({ all: true }), errors };
}

describe('applying a batch', () => {
  it('an unexpected failure is kept to its own job: the rest of the batch is applied', async () => {
    const store = await storeWithMerchant();
    try {
      const arrival = { merchantId: 'mall-1', now: START, delayFraction: 0 };
      await acceptOrder(store, arrival, sampleOrder('ORD-B1'));
      // A queued shipment whose stored body cannot be read: not a conflict, an unexpected failure.
      await queueShipment(store, 'ORD-B1', '{not json');
      await acceptOrder(store, arrival, sampleOrder('ORD-B2'));
      const { counts, errors } = await applyEverything(store);
      expect(counts).toMatchObject({ applied: 2, failed: 1 });
      expect(errors).toHaveLength(1);
      const jobs = await store.jobs.list('mall-1', { limit: 10 });
      expect(jobs.map((job) => [job.kind, job.state])).toEqual([
        ['order', 'applied'],
        ['shipment', 'failed'],
        ['order', 'applied'],
      ]);
      expect(jobs[1]?.reason).toMatch(/JSON/);
      expect((await store.orders.get('mall-1', 'ORD-B2'))?.applied_at).toBe(START);
    } finally {
      await store.close();
    }
  });

  it('a step of the queue told with an earlier time than the step before it (another process, its clock behind) keeps the later time', async () => {
    const store = await storeWithMerchant();
    try {
      const first = await queueShipment(store, 'ORD-T1', '{}');
      const second = await queueShipment(store, 'ORD-T2', '{}');
      await store.transaction((tx) => tx.jobs.finishedThrough('mall-1', first, START + 10));
      await store.transaction((tx) => tx.jobs.finishedThrough('mall-1', second, START + 7));
      const jobs = await store.jobs.list('mall-1', { limit: 10 });
      expect(jobs.map((job) => [job.state, job.finished_at])).toEqual([
        ['applied', START + 10],
        ['applied', START + 10],
      ]);
    } finally {
      await store.close();
    }
  });

  it("a shipment queued before its order was staged again is refused: that order's create comes after it", async () => {
    const store = await storeWithMerchant();
    try {
      const arrival = { merchantId: 'mall-1', now: START, delayFraction: 0 };
      const [first] = await acceptOrders(store, [{ arrival, order: sampleOrder('ORD-R') }]);
      if (typeof first !== 'number') throw new Error('the order was refused');
      const shipment = { order_item_ids: ['ORD-R-1'], company_code: 'kr.hanjin', tracking_number: '1' };
      await queueShipment(store, 'ORD-R', JSON.stringify(shipment));
      // The order's first create let go of its ids (as a failed one does), and the order came again.
      await store.orders.discardStaged('mall-1', 'ORD-R', first);
      await acceptOrder(store, arrival, sampleOrder('ORD-R'));
      const { counts, errors } = await applyEverything(store);
      expect(counts).toMatchObject({ applied: 1, failed: 2 });
      // Conflicts, not errors.
      expect(errors).toEqual([]);
      const jobs = await store.jobs.list('mall-1', { limit: 10 });
      expect(jobs.map((job) => [job.kind, job.state, job.reason])).toEqual([
        ['order', 'failed', "order 'ORD-R' was taken by another request"],
        ['shipment', 'failed', "order 'ORD-R' was never applied"],
        ['order', 'applied', null],
      ]);
      expect(await store.shipments.byOrder('mall-1', 'ORD-R')).toEqual([]);
    } finally {
      await store.close();
    }
  });
});

describe('applying a run of orders together', () => {
  const WEEK = 7 * 24 * 3_600_000;
  const item = (id: string, productId: string, name: string) => ({
    id,
    product: { id: productId, name, image_url: `https://shop.example.com/img/${productId}.jpg` },
  });
  const workerOf = (store: Store, now: number) =>
    new QueueWorker({
      store,
      clock: fixedClock(() => now),
      delay: { minMs: 0, maxMs: 0 },
      applier: { shipmentSchema: ShipmentCreateBody, onShipmentApplied: async () => {} },
      onError: (error) => {
        throw error;
      },
    });

  it('does to products what applying the orders one after another would', async () => {
    const store = await storeWithMerchant();
    try {
      await acceptOrder(store, { merchantId: 'mall-1', now: START, delayFraction: 0 }, sampleOrder('ORD-W'));
      await workerOf(store, START).runDue({ all: true });
      const later = START + WEEK + 1;
      const arrival = { merchantId: 'mall-1', now: later, delayFraction: 0 };
      // P-100 is a week old: the first order naming it refreshes it, the next finds it fresh. P-NEW is
      // staged by the first order naming it and applied by it; the next order's name for it is not taken.
      const seqs = [
        await acceptOrder(
          store,
          arrival,
          sampleOrder('ORD-X1', { items: [item('X1-1', 'P-100', '새 이름')] }),
        ),
        await acceptOrder(
          store,
          arrival,
          sampleOrder('ORD-X2', {
            items: [item('X2-1', 'P-NEW', '신상품'), item('X2-2', 'P-100', '다른 이름')],
          }),
        ),
        await acceptOrder(
          store,
          arrival,
          sampleOrder('ORD-X3', { items: [item('X3-1', 'P-NEW', '다른 신상품')] }),
        ),
      ];
      expect(await workerOf(store, later).runDue({ all: true })).toMatchObject({ applied: 3, failed: 0 });
      for (const id of ['ORD-X1', 'ORD-X2', 'ORD-X3'])
        expect((await store.orders.get('mall-1', id))?.applied_at).toBe(later);
      expect(await store.products.get('mall-1', 'P-100')).toMatchObject({
        name: '새 이름',
        refreshed_at: later,
        applied_at: START,
      });
      expect(await store.products.get('mall-1', 'P-200')).toMatchObject({ refreshed_at: START });
      expect(await store.products.get('mall-1', 'P-NEW')).toMatchObject({
        name: '신상품',
        job_seq: seqs[1],
        applied_at: later,
        refreshed_at: later,
      });
    } finally {
      await store.close();
    }
  });

  it('an order of the run that conflicts fails alone; the others are applied', async () => {
    const store = await storeWithMerchant();
    try {
      const arrival = { merchantId: 'mall-1', now: START, delayFraction: 0 };
      const orders = ['ORD-C1', 'ORD-C2', 'ORD-C3'].map((id) =>
        sampleOrder(id, { items: [item(`${id}-1`, `P-${id}`, '상품')] }),
      );
      const seqs: number[] = [];
      for (const order of orders) seqs.push(await acceptOrder(store, arrival, order));
      // The second order's staged rows are gone (as if another request had taken its id meanwhile).
      await store.orders.discardStaged('mall-1', 'ORD-C2', seqs[1] as number);
      expect(await workerOf(store, START).runDue({ all: true })).toMatchObject({ applied: 2, failed: 1 });
      const jobs = await store.jobs.list('mall-1', { limit: 10 });
      expect(jobs.map((job) => [job.target_id, job.state])).toEqual([
        ['ORD-C1', 'applied'],
        ['ORD-C2', 'failed'],
        ['ORD-C3', 'applied'],
      ]);
      expect(jobs[1]?.reason).toBe("order 'ORD-C2' was taken by another request");
      expect((await store.products.get('mall-1', 'P-ORD-C1'))?.applied_at).toBe(START);
      expect(await store.products.get('mall-1', 'P-ORD-C2')).toBeUndefined();
      expect((await store.products.get('mall-1', 'P-ORD-C3'))?.applied_at).toBe(START);
    } finally {
      await store.close();
    }
  });
});

describe('group commit', () => {
  it('writes submitted in the same turn share one commit; one that throws is undone alone', async () => {
    const store = await storeWithMerchant();
    try {
      const commits = new GroupCommit(store);
      const arrival = { merchantId: 'mall-1', now: 0, delayFraction: 0 };
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          commits.run(arrival.merchantId, (tx) =>
            acceptProduct(tx, arrival, sampleProduct(`P-G-${i === 7 ? 3 : i}`)),
          ),
        ),
      );
      expect(commits.stats).toEqual({ batches: 1, writes: 20 });
      expect(results.filter((result) => result.status === 'rejected')).toHaveLength(1);
      expect((results[7] as PromiseRejectedResult).reason).toBeInstanceOf(Conflict);
      for (const i of [0, 3, 6, 8, 19]) expect(await store.products.get('mall-1', `P-G-${i}`)).toBeDefined();
      expect(await store.jobs.queued('mall-1', 0, 100)).toHaveLength(19);
    } finally {
      await store.close();
    }
  });

  it('a write that fails unexpectedly after writing is undone alone; the others are committed', async () => {
    const store = await storeWithMerchant();
    try {
      const commits = new GroupCommit(store);
      const arrival = { merchantId: 'mall-1', now: 0, delayFraction: 0 };
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) =>
          commits.run(arrival.merchantId, async (tx) => {
            await acceptProduct(tx, arrival, sampleProduct(`P-U-${i}`));
            if (i === 2) throw new Error('the disk said no');
          }),
        ),
      );
      expect(results.map((result) => result.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
        'fulfilled',
      ]);
      expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ message: 'the disk said no' });
      expect(await store.products.get('mall-1', 'P-U-2')).toBeUndefined();
      for (const i of [0, 1, 3, 4, 5]) expect(await store.products.get('mall-1', `P-U-${i}`)).toBeDefined();
      expect(await store.jobs.queued('mall-1', 0, 100)).toHaveLength(5);
    } finally {
      await store.close();
    }
  });

  describe('orders of one group', () => {
    const line = (id: string, productId: string, name: string) => ({
      id,
      product: { id: productId, name, image_url: `https://shop.example.com/img/${productId}.jpg` },
    });
    const arrival = { merchantId: 'mall-1', now: START, delayFraction: 0 };
    /** Creates that clash with each other and with what the store has (ORD-OLD, item OLD-1). */
    const clashing = (): OrderCreate[] =>
      [
        sampleOrder('ORD-A', { items: [line('A-1', 'P-NEW', '신상품'), line('A-2', 'P-100', '감귤')] }),
        sampleOrder('ORD-A', { items: [line('A-9', 'P-100', '감귤')] }),
        sampleOrder('ORD-B', { items: [line('B-1', 'P-100', '감귤'), line('A-2', 'P-100', '감귤')] }),
        sampleOrder('ORD-OLD', { items: [line('OLD-9', 'P-100', '감귤')] }),
        sampleOrder('ORD-C', { items: [line('OLD-1', 'P-100', '감귤')] }),
        sampleOrder('ORD-D', { items: [line('D-1', 'P-NEW', '다른 이름'), line('D-2', 'P-D', '상품 D')] }),
      ].map((order) => ({ arrival: { ...arrival }, order }));
    const seeded = async () => {
      const store = await storeWithMerchant();
      await acceptOrder(store, arrival, sampleOrder('ORD-OLD', { items: [line('OLD-1', 'P-100', '감귤')] }));
      return store;
    };
    /** What a store holds after the creates: orders with their items, products with their stager. */
    const contents = async (store: Store) => {
      const jobs = await store.jobs.list('mall-1', { limit: 100 });
      const stager = new Map(jobs.map((job) => [job.seq, job.target_id]));
      const orders = [];
      for (const job of jobs) {
        const items = await store.orders.itemsOf('mall-1', job.target_id);
        orders.push([job.target_id, items.map((item) => item.id)]);
      }
      const products = [];
      for (const id of ['P-100', 'P-NEW', 'P-D']) {
        const product = await store.products.get('mall-1', id);
        products.push([id, product?.name, stager.get(product?.job_seq as number)]);
      }
      return { orders, products };
    };
    const said = (outcome: unknown) => (outcome instanceof Conflict ? outcome.message : 'accepted');

    it('are taken together as if one after another: the same refusals, the same rows', async () => {
      const one = await seeded();
      const together = await seeded();
      try {
        const alone = [];
        for (const { arrival: at, order } of clashing()) {
          alone.push(await acceptOrder(one, at, order).catch((error: unknown) => error));
        }
        const outcomes = await acceptOrders(together, clashing());
        expect(outcomes.map(said)).toEqual(alone.map(said));
        expect(outcomes.map(said)).toEqual([
          'accepted',
          "Order 'ORD-A' already exists.",
          "Order item 'A-2' already exists in order 'ORD-A'.",
          "Order 'ORD-OLD' already exists.",
          "Order item 'OLD-1' already exists in order 'ORD-OLD'.",
          'accepted',
        ]);
        expect(await contents(together)).toEqual(await contents(one));
        // The product both accepted orders name is staged by the first, with its name.
        expect((await contents(together)).products).toContainEqual(['P-NEW', '신상품', 'ORD-A']);
        const [a, , , , , d] = outcomes as number[];
        expect(d).toBeGreaterThan(a as number);
      } finally {
        await one.close();
        await together.close();
      }
    });

    it('share one commit through the group commit; after an unexpected failure each runs alone', async () => {
      const store = await seeded();
      try {
        const commits = new GroupCommit(store);
        const fold = { many: (tx: Store, creates: readonly OrderCreate[]) => acceptOrders(tx, creates) };
        const submit = (creates: OrderCreate[]) =>
          Promise.allSettled(
            creates.map((create) =>
              commits.run(create.arrival.merchantId, (tx) => acceptOrder(tx, create.arrival, create.order), {
                with: fold,
                item: create,
              }),
            ),
          );
        const first = await submit(clashing());
        expect(commits.stats).toEqual({ batches: 1, writes: 6 });
        expect(first.map((result) => result.status === 'fulfilled')).toEqual([
          true,
          false,
          false,
          false,
          false,
          true,
        ]);
        // An order naming one item twice fails in the database, not by the service's rules: the group is
        // run again one create at a time, and only that one fails.
        const second = await submit(
          ['ORD-E', 'ORD-F', 'ORD-G'].map((id) => ({
            arrival: { ...arrival },
            order: sampleOrder(id, {
              items:
                id === 'ORD-F'
                  ? [line('F-1', 'P-100', '감귤'), line('F-1', 'P-100', '감귤')]
                  : [line(`${id}-1`, 'P-100', '감귤')],
            }),
          })),
        );
        expect(second.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
        expect((second[1] as PromiseRejectedResult).reason).not.toBeInstanceOf(Conflict);
        expect((await store.jobs.list('mall-1', { limit: 100 })).map((job) => job.target_id)).toEqual([
          'ORD-OLD',
          'ORD-A',
          'ORD-D',
          'ORD-E',
          'ORD-G',
        ]);
        expect(await store.orders.get('mall-1', 'ORD-F')).toBeUndefined();
      } finally {
        await store.close();
      }
    });
  });

  it.runIf(TEST_ENGINE === 'postgres')(
    'a transaction that finds rows by key lets PostgreSQL keep plans and use indexes; others are as configured',
    async () => {
      const engine = await PostgresEngine.open({ url: await testDatabaseUrl(`plans-${process.pid}`) });
      const mode = (sql: Sql) =>
        sql
          .get<{ mode: string }>(
            `SELECT current_setting('plan_cache_mode') || ' ' || current_setting('random_page_cost')
               || ' ' || current_setting('enable_bitmapscan') AS mode`,
          )
          .then((row) => row?.mode);
      try {
        expect(await engine.transaction(mode, { byKey: true })).toBe('auto 1.1 off');
        // The settings ended with their transaction: the connection it used (the pool's next) is as it was.
        expect(await mode(engine.sql)).toBe('force_custom_plan 4 on');
        expect(await engine.transaction(mode)).toBe('force_custom_plan 4 on');
      } finally {
        await engine.close();
      }
    },
  );

  /** Ten identical creates sent at once over HTTP; their answers, and the statuses sorted. */
  const tenAtOnce = async (path: string, body: unknown) => {
    const service = await manualService();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => service.http('POST', path, { body })),
    );
    return { service, responses, statuses: responses.map((response) => response.status).sort() };
  };

  it('concurrent HTTP creates of one id: exactly one is accepted', async () => {
    const { statuses } = await tenAtOnce('/api/v1/products/', sampleProduct('P-RACE'));
    expect(statuses).toEqual([202, ...Array(9).fill(409)]);
  });

  it('concurrent HTTP creates of one order, taken in one group: one 202, the others the 409 of an order that exists', async () => {
    const { service, responses, statuses } = await tenAtOnce('/api/v1/orders/', sampleOrder('ORD-RACE'));
    expect(statuses).toEqual([202, ...Array(9).fill(409)]);
    const refused = responses.find((response) => response.status === 409);
    expect(refused?.json).toEqual({ detail: "Order 'ORD-RACE' already exists." });
    expect(await pending(service)).toEqual(['order:ORD-RACE']);
  });
});

/** A clock that reads `now` for every merchant: no offsets. */
function fixedClock(now: () => number): Clock {
  return {
    now,
    real: now,
    offsetOf: () => 0,
    at: () => ({ real: now(), now, offsetOf: () => 0 }),
  } as unknown as Clock;
}

describe('the service clock', () => {
  it('a wall clock stepping back an hour does not stall the queue: time runs on a monotonic clock', async () => {
    let wall = START;
    const time = { wall: () => wall, monotonic: () => performance.now() };
    const service = await startService({ time, applyDelay: { minMs: 100, maxMs: 100 } });
    keep(service);
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-STEP-1') });
    // The system clock is set back an hour (a time sync); real time goes on.
    wall -= 3_600_000;
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-STEP-2') });
    // A stalled queue would wait the hour; a busy machine may take seconds.
    const deadline = Date.now() + patience(30_000);
    while ((await service.local.jobs('state=queued')).length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const jobs = await service.local.jobs();
    expect(jobs.map((job) => job.state)).toEqual(['applied', 'applied']);
    const received = jobs.map((job) => Date.parse(job.received_at));
    expect(received[1]).toBeGreaterThanOrEqual(received[0] as number);
  });

  it('a restart never starts the clock before the time it last told', async () => {
    let wall = START;
    const service = await startService({
      time: { wall: () => wall, monotonic: () => 0 },
      startWorker: false,
    });
    await service.local.advance('1h');
    await service.close();
    wall -= 86_400_000;
    const again = await startService({
      dataDir: service.dataDir,
      time: { wall: () => wall, monotonic: () => 0 },
      startWorker: false,
    });
    keep(again);
    const told = await again.local.advance('0s');
    expect(Date.parse(told.now)).toBeGreaterThanOrEqual(START + 3_600_000);
  });
});

describe.runIf(TEST_ENGINE === 'postgres')('a queue added to by transactions side by side', () => {
  it('is applied whole: a create that commits after a later-numbered one is not passed over', async () => {
    const store = await storeWithMerchant();
    try {
      const worker = new QueueWorker({
        store,
        clock: fixedClock(() => START),
        delay: { minMs: 0, maxMs: 0 },
        applier: { shipmentSchema: ShipmentCreateBody, onShipmentApplied: async () => {} },
        onError: (error) => {
          throw error;
        },
      });
      const commits = new GroupCommit(store, {
        concurrency: 2,
        open: (tx, merchantIds) => tx.jobs.holdArrivals(merchantIds),
      });
      const arrival = { merchantId: 'mall-1', now: START, delayFraction: 0 };
      // The first create is numbered, then its transaction stays open until told to commit.
      let commitFirst = () => {};
      let firstNumbered = () => {};
      const numbered = new Promise<void>((resolve) => (firstNumbered = resolve));
      const first = commits.run('mall-1', async (tx) => {
        const seq = await acceptProduct(tx, arrival, sampleProduct('P-FIRST'));
        firstNumbered();
        await new Promise<void>((resolve) => (commitFirst = resolve));
        return seq;
      });
      await numbered;
      // A second create, in a transaction of its own, numbered after it (or waiting to be).
      const second = commits.run('mall-1', (tx) =>
        acceptProduct(tx, { ...arrival }, sampleProduct('P-SECOND')),
      );
      const during = await worker.runDue({ all: true });
      commitFirst();
      const [firstSeq, secondSeq] = await Promise.all([first, second]);
      expect(secondSeq).toBeGreaterThan(firstSeq as number);
      const after = await worker.runDue({ all: true });
      // Nothing was applied while the first was open (the second waited for it), then both.
      expect(during.applied + after.applied).toBe(2);
      expect(during.applied).toBe(0);
      expect(await store.jobs.list('mall-1', { state: 'queued', limit: 10 })).toEqual([]);
      expect((await store.jobs.list('mall-1', { limit: 10 })).map((job) => job.state)).toEqual([
        'applied',
        'applied',
      ]);
    } finally {
      await store.close();
    }
  });
});

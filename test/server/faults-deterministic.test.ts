import { describe, expect, it } from 'vitest';
import { formatFaultSpec, parseFaultSpec } from '../../src/server/faults/spec.js';
import { TEST_ENGINE, testDatabaseUrl } from '../helpers/engines.js';
import { sampleOrder, sampleProduct } from '../helpers/samples.js';
import { type TestService, servicesClosedAfterEach } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';
import { postAlone } from '../helpers/net.js';

const { service } = servicesClosedAfterEach();

const setFaults = async (service: TestService, body: { spec: string; seed?: number }) => {
  const answer = await service.call('PUT', '/local/faults', { body });
  expect(answer.status).toBe(200);
  return answer.json as { rules: { next?: number; id?: string }[]; seed?: number };
};

describe('faults a test can count on', () => {
  it('reads and writes counts and records in a spec', () => {
    const rules = parseFaultSpec('503:next=2,POST /api/v1/orders/ @ORD-7=drop-after-commit:next=1,429:5%');
    expect(rules).toEqual([
      { kind: '503', share: 1, next: 2, retryAfterSeconds: 1 },
      { kind: 'drop-after-commit', share: 1, next: 1, method: 'POST', path: '/api/v1/orders/', id: 'ORD-7' },
      { kind: '429', share: 0.05, retryAfterSeconds: 1 },
    ]);
    expect(parseFaultSpec(formatFaultSpec(rules))).toEqual(rules);
    expect(() => parseFaultSpec('503:next=0')).toThrow(/next=2/);
    expect(() => parseFaultSpec('POST @=503')).toThrow(/record's id/);
  });

  it('503:next=2: the next two requests, then none', async () => {
    const s = await service();
    const state = await setFaults(s, { spec: 'POST /api/v1/products/=503:next=2' });
    expect(state.rules).toEqual([expect.objectContaining({ next: 2 })]);
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push(await postAlone(s, '/api/v1/products/', sampleProduct(`P-N-${i}`)));
    expect(statuses).toEqual([503, 503, 202, 202, 202]);
  });

  it('503:next=2 then a share: two 503s, then the rule after it draws as if alone; a new set counts afresh', async () => {
    const s = await service();
    await setFaults(s, { spec: 'POST /api/v1/products/=503:next=2,POST /api/v1/products/=429:100%' });
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push(await postAlone(s, '/api/v1/products/', sampleProduct(`P-T-${i}`)));
    // The spent count had kept the whole range: the 429s after it never came.
    expect(statuses).toEqual([503, 503, 429, 429, 429]);
    const shown = async () => ((await s.call('GET', '/local/faults')).json as { injected: object }).injected;
    expect(await shown()).toEqual({ '503': 2, '429': 3 });
    await setFaults(s, { spec: 'POST /api/v1/products/=429:next=1' });
    expect(await shown()).toEqual({});
    expect(await postAlone(s, '/api/v1/products/', sampleProduct('P-T-5'))).toBe(429);
    expect(await shown()).toEqual({ '429': 1 });
  });

  it('a fault about one record: its order is stored and its answer lost once; no other order is touched', async () => {
    const s = await service();
    await setFaults(s, { spec: 'POST @ORD-7=drop-after-commit:next=1' });
    expect(await postAlone(s, '/api/v1/orders/', sampleOrder('ORD-6'))).toBe(202);
    expect(await postAlone(s, '/api/v1/orders/', sampleOrder('ORD-7'))).toBe('dropped');
    // Stored all the same: sent again, the service says it has it.
    expect(await postAlone(s, '/api/v1/orders/', sampleOrder('ORD-7'))).toBe(409);
    expect(await postAlone(s, '/api/v1/orders/', sampleOrder('ORD-8'))).toBe(202);
    expect((await s.local.orders()).map((order) => order.id).sort()).toEqual(['ORD-6', 'ORD-7', 'ORD-8']);
  });

  it('with a seed, the same requests get the same faults, run after run', async () => {
    const run = async (seed: number) => {
      const s = await service();
      await setFaults(s, { spec: 'POST /api/v1/products/=503:30%', seed });
      const statuses = [];
      for (let i = 0; i < 30; i++)
        statuses.push(await postAlone(s, '/api/v1/products/', sampleProduct(`P-S-${i}`)));
      return statuses;
    };
    const first = await run(42);
    expect(first).toContain(503);
    expect(first).toContain(202);
    expect(await run(42)).toEqual(first);
    expect(await run(7)).not.toEqual(first);
  });

  it('faults set while the rules are being read again keep to what was set (a clear stays cleared)', async () => {
    const s = await service();
    const faults = s.app.service.faults;
    await faults.set('m-race', parseFaultSpec('PATCH /api/v1/orders/*=503:1%'));
    // Another process's changes are read on every pass of the queue: one read begun as these were
    // cleared, one begun while the clear was being written.
    const readFirst = faults.refresh();
    await faults.set('m-race', []);
    await readFirst;
    expect(faults.of('m-race').spec).toBe('');
    await faults.set('m-race', parseFaultSpec('PATCH /api/v1/orders/*=503:1%'));
    const clearing = faults.set('m-race', []);
    await faults.refresh();
    await clearing;
    expect(faults.of('m-race').spec).toBe('');
    await faults.refresh();
    expect(faults.of('m-race').spec).toBe('');
  });

  it.skipIf(TEST_ENGINE !== 'postgres')('next=3 across three processes: three requests in all', async () => {
    const databaseUrl = await testDatabaseUrl(tempDir('intake-next-'));
    const services = [
      await service({ databaseUrl }),
      await service({ databaseUrl }),
      await service({ databaseUrl }),
    ];
    await setFaults(services[0] as TestService, { spec: 'POST /api/v1/products/=503:next=3' });
    // Every process reads the merchant's faults before it serves a request with them.
    for (const s of services) await s.app.service.faults.refresh();
    const statuses = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        await postAlone(services[i % 3] as TestService, '/api/v1/products/', sampleProduct(`P-X-${i}`)),
      );
    expect(statuses.filter((status) => status === 503)).toHaveLength(3);
    expect(statuses.filter((status) => status === 202)).toHaveLength(9);
  });
});

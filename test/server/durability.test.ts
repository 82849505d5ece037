import { rmSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { basicAuthorization } from '../../src/contract/index.js';
import { openEngine } from '../../src/server/storage/open.js';
import { Store } from '../../src/server/storage/store.js';
import { TEST_ENGINE, engineOptions, testDatabaseUrl } from '../helpers/engines.js';
import { patience } from '../helpers/patience.js';
import { sampleOrder, sampleProduct } from '../helpers/samples.js';
import { spawnServe, type ServeProcess } from '../helpers/spawn.js';
import { tempDir } from '../helpers/temp.js';

const dataDir = tempDir('intake-durable-');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const credentials = { accessKeyId: 'AKDURABLE1', secretAccessKey: 'durable-secret-1' };
const serveArgs = [
  ...(TEST_ENGINE === 'postgres' ? ['--database-url', await testDatabaseUrl(dataDir)] : ['--data', dataDir]),
  '--merchant-id',
  'mall-1',
  '--access-key-id',
  credentials.accessKeyId,
  '--secret-access-key',
  credentials.secretAccessKey,
];

async function post(server: ServeProcess, path: string, body: unknown): Promise<number> {
  const response = await fetch(server.url + path, {
    method: 'POST',
    headers: { authorization: basicAuthorization(credentials), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.status;
}

async function pendingShipments(server: ServeProcess): Promise<number> {
  const response = await fetch(`${server.url}/api/v1/shipments/status/`, {
    headers: { authorization: basicAuthorization(credentials) },
  });
  return ((await response.json()) as { count: number }).count;
}

async function jobStates(): Promise<Record<string, number>> {
  const store = new Store(await openEngine(await engineOptions(dataDir)));
  try {
    const states: Record<string, number> = {};
    for (const job of await store.jobs.list('mall-1', { limit: 1000 }))
      states[job.state] = (states[job.state] ?? 0) + 1;
    return states;
  } finally {
    await store.close();
  }
}

it('keeps every accepted create through SIGKILL and applies them after a restart', async () => {
  const first = await spawnServe([...serveArgs, '--apply-delay', '10m']);
  const statuses: number[] = [];
  for (let i = 1; i <= 3; i++) statuses.push(await post(first, '/api/v1/orders/', sampleOrder(`ORD-K${i}`)));
  statuses.push(await post(first, '/api/v1/products/', sampleProduct('P-K1')));
  statuses.push(
    await post(first, '/api/v1/orders/ORD-K1/shipments/', {
      order_item_ids: ['ORD-K1-1', 'ORD-K1-2'],
      company_code: 'kr.cjlogistics',
      tracking_number: '640000000001',
    }),
  );
  statuses.push(
    await post(first, '/api/v1/orders/ORD-K2/shipments/', {
      order_item_ids: ['ORD-K2-1'],
      company_code: 'self',
      tracking_number: 'self',
    }),
  );
  expect(statuses).toEqual([202, 202, 202, 202, 202, 202]);
  expect(await first.stop('SIGKILL')).toBe(-1);

  const second = await spawnServe([...serveArgs, '--apply-delay', '10m']);
  expect(await pendingShipments(second)).toBe(2);
  expect(await post(second, '/api/v1/orders/', sampleOrder('ORD-K1'))).toBe(409);
  expect(await second.stop('SIGTERM')).toBe(0);
  expect(await jobStates()).toEqual({ queued: 6 });

  const third = await spawnServe([...serveArgs, '--apply-delay', '0']);
  const deadline = Date.now() + patience(30_000);
  while ((await pendingShipments(third)) > 0 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  expect(await pendingShipments(third)).toBe(0);
  expect(await third.stop('SIGINT')).toBe(0);
  expect(await jobStates()).toEqual({ applied: 6 });
  expect(third.stderr()).toContain('closing the database');
});

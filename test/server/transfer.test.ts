import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';
import { TEST_ENGINE, testDatabaseUrl } from '../helpers/engines.js';
import { sampleOrder, sampleProduct } from '../helpers/samples.js';
import { startService, type TestService } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';

const START = Date.parse('2026-11-20T09:00:00.000Z');

/** Everything a merchant's data looks like through the service, to compare two copies of it. */
async function everything(service: TestService) {
  const get = async (path: string) => (await service.call('GET', path)).json;
  return {
    orders: await get('/local/orders'),
    products: await get('/local/products'),
    jobs: await get('/local/jobs'),
    messages: await get('/local/messages'),
    reviews: await get('/local/reviews'),
    rewards: await get('/api/v1/rewards/?start_date=2026-11-01&end_date=2026-12-31'),
    shipments: await get('/api/v1/shipments/status/'),
  };
}

/** A service with some of everything: applied and queued creates, a failed one, messages sent and due, a reward. */
async function fill(service: TestService): Promise<void> {
  const statuses: number[] = [];
  const post = async (path: string, body: unknown) =>
    statuses.push((await service.call('POST', path, { body })).status);
  await post('/api/v1/products/', sampleProduct('P-T1'));
  for (let i = 1; i <= 12; i++)
    await post('/api/v1/orders/', { ...sampleOrder(`ORD-T${i}`), member_id: `member-${i}` });
  await post('/api/v1/orders/ORD-T1/shipments/', {
    order_item_ids: ['ORD-T1-1', 'ORD-T1-2'],
    company_code: 'kr.cjlogistics',
    tracking_number: '640000000001',
  });
  await post('/api/v1/orders/ORD-T2/shipments/', {
    order_item_ids: ['ORD-T2-1'],
    company_code: 'self',
    tracking_number: 'self',
  });
  expect(statuses.every((status) => status === 202)).toBe(true);
  expect((await service.call('POST', '/local/queue/apply')).status).toBe(200);
  expect(
    (
      await service.call('POST', '/local/reviews', {
        body: { order_id: 'ORD-T1', item_id: 'ORD-T1-1', kind: 'photo' },
      })
    ).status,
  ).toBe(201);
  expect((await service.call('POST', '/local/clock/advance', { body: { by: '1d' } })).status).toBe(200);
  // Queued after the apply: still pending in the copy.
  await post('/api/v1/orders/', sampleOrder('ORD-T-QUEUED'));
}

const options = { realNow: () => START, startWorker: false };

describe.skipIf(TEST_ENGINE !== 'postgres')('moving a service between SQLite and PostgreSQL', () => {
  it('export copies a data folder into PostgreSQL, import copies it back: the same answers everywhere', async () => {
    const folder = tempDir('intake-transfer-');
    const original = await startService({ ...options, dataDir: folder, engine: 'sqlite' });
    await fill(original);
    const before = await everything(original);
    await original.close();
    expect((before.jobs as { results: unknown[] }).results).toHaveLength(16);

    const url = await testDatabaseUrl(`${folder}-copy`);
    // The service's folder named as `intake serve --data` names it.
    const exported = await cli(['serve', 'export', '--data', folder, '--to', url, '--json']);
    expect(exported.code, exported.stderr).toBe(0);
    const tables = (exported.json() as { tables: { table: string; rows: number }[] }).tables;
    expect(Object.fromEntries(tables.map((table) => [table.table, table.rows]))).toMatchObject({
      merchants: 1,
      jobs: 16,
      orders: 13,
      shipments: 2,
      reviews: 1,
      rewards: 1,
    });

    const onPostgres = await startService({ ...options, databaseUrl: url, merchants: [] });
    expect(await everything(onPostgres)).toEqual(before);
    // The copy carries on: new ids continue after the copied ones, and the queue applies what was pending.
    expect(
      (await onPostgres.call('POST', '/api/v1/products/', { body: sampleProduct('P-T-AFTER') })).status,
    ).toBe(202);
    expect((await onPostgres.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-T1') })).status).toBe(
      409,
    );
    await onPostgres.close();

    const back = tempDir('intake-transfer-back-');
    const imported = await cli(['serve', 'import', '--from', url, '--data', back]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/^Copied \d+ rows in 13 tables .* counts and content checked\.\n$/);
    const again = await startService({ ...options, dataDir: back, engine: 'sqlite', merchants: [] });
    const after = await everything(again);
    expect((after.jobs as { results: unknown[] }).results).toHaveLength(17);
    expect(after.orders).toEqual(before.orders);
    expect(after.messages).toEqual(before.messages);
    expect(after.rewards).toEqual(before.rewards);
    await again.close();
  });

  it('refuses a source folder with no service in it, creating nothing', async () => {
    const folder = join(tempDir('intake-transfer-'), 'no-such-folder');
    const refused = await cli([
      'serve',
      'export',
      '--from',
      folder,
      '--to',
      await testDatabaseUrl(`${folder}-x`),
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('holds no data of intake serve');
    expect(existsSync(folder)).toBe(false);
  });

  it('refuses a source database with no service in it, writing nothing to it or the target', async () => {
    const url = await testDatabaseUrl(tempDir('intake-transfer-empty-'));
    const target = join(tempDir('intake-transfer-'), 'copy');
    const refused = await cli(['serve', 'import', '--from', url, '--to', target]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('holds no data of intake serve');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const tables = await client.query(
        'SELECT tablename FROM pg_tables WHERE schemaname = current_schema()',
      );
      expect(tables.rows).toEqual([]);
    } finally {
      await client.end();
    }
    expect(existsSync(target)).toBe(false);
  });

  it('refuses a target that already holds a service, copying nothing', async () => {
    const folder = tempDir('intake-transfer-');
    const service = await startService({ ...options, dataDir: folder, engine: 'sqlite' });
    await service.close();
    const url = await testDatabaseUrl(`${folder}-taken`);
    const taken = await startService({ ...options, databaseUrl: url });
    await taken.close();
    const refused = await cli(['serve', 'export', '--from', folder, '--to', url]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('already holds a service');
    expect(refused.stderr).toContain('nothing was copied');
    expect(refused.stderr).not.toMatch(/\n\s+at /);
  });
});

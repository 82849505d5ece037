import { join } from 'node:path';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { GroupCommit } from '../../src/server/ingest/group-commit.js';
import { StorageUnavailable } from '../../src/server/storage/engine.js';
import { SqliteEngine } from '../../src/server/storage/sqlite/engine.js';
import { Store } from '../../src/server/storage/store.js';
import { TEST_ENGINE, testDatabaseUrl } from '../helpers/engines.js';
import { sampleOrder } from '../helpers/samples.js';
import { startService, type TestService } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';

const engines: SqliteEngine[] = [];
const services: TestService[] = [];
afterEach(async () => {
  for (const service of services.splice(0)) await service.close();
  for (const engine of engines.splice(0)) await engine.close();
});

/**
 * A service's SQLite file that cannot grow: SQLite's own page limit answers as a full disk does
 * (SQLITE_FULL, "database or disk is full"), without filling one.
 */
async function fullStore(): Promise<{
  engine: SqliteEngine;
  store: Store;
  roomFor: (pages: number) => Promise<void>;
}> {
  const engine = new SqliteEngine(join(tempDir('intake-full-'), 'intake.db'));
  engines.push(engine);
  const roomFor = async (pages: number) => {
    const count = await engine.sql.get<{ page_count: number }>('PRAGMA page_count');
    await engine.sql.all(`PRAGMA max_page_count = ${(count?.page_count ?? 0) + pages}`);
  };
  await roomFor(0);
  return { engine, store: new Store(engine), roomFor };
}

const big = 'x'.repeat(64 * 1024);

it('a full disk is the storage unavailable (a 503 that may be tried again), nothing half-written, and it goes on once there is room', async () => {
  const { store, roomFor } = await fullStore();
  const write = store.transaction(async (tx) => {
    await tx.meta.set('first', 'kept?');
    await tx.meta.set('large', big);
  });
  await expect(write).rejects.toBeInstanceOf(StorageUnavailable);
  await expect(write).rejects.toThrow('the data folder could not be written: no space left on the device');
  // Undone whole, and the store still answers.
  expect(await store.meta.get('first')).toBeUndefined();
  await roomFor(100);
  await store.transaction((tx) => tx.meta.set('large', big));
  expect(await store.meta.get('large')).toBe(big);
});

it('the writes of a group on a full disk are each told the storage is unavailable, and none is kept half or alone', async () => {
  const { store, roomFor } = await fullStore();
  const group = new GroupCommit(store);
  // SQLite undoes the whole transaction when the large one finds the disk full: the small ones after it
  // must not go on outside it, each committed alone.
  const writes = [
    group.run('mall-1', async (tx) => {
      await tx.meta.set('a', 'x');
      await tx.meta.set('a-large', big);
    }),
    group.run('mall-1', (tx) => tx.meta.set('b', 'x')),
    group.run('mall-1', (tx) => tx.meta.set('c', 'x')),
  ];
  for (const write of writes) await expect(write).rejects.toBeInstanceOf(StorageUnavailable);
  for (const key of ['a', 'a-large', 'b', 'c']) expect(await store.meta.get(key), key).toBeUndefined();
  await roomFor(100);
  await group.run('mall-1', (tx) => tx.meta.set('a', 'x'));
  expect(await store.meta.get('a')).toBe('x');
});

/** An order of 200 items with long names: more than the pages a full file has room for. */
const largeOrder = (id: string) =>
  sampleOrder(id, {
    items: Array.from({ length: 200 }, (_, n) => ({
      id: `${id}-${n}`,
      product: {
        id: `${id}-P${n}`,
        name: `${'상품'.repeat(100)} ${n}`,
        image_url: 'https://shop.example.com/p.jpg',
      },
    })),
  });

it('readiness says writes are refused (why, and not ready) for ten seconds after the database refused one', async () => {
  const { engine, roomFor } = await fullStore();
  let now = Date.parse('2026-12-01T09:00:00Z');
  const service = await startService({ engine: 'sqlite', storage: engine, realNow: () => now });
  services.push(service);
  const ready = () => service.call('GET', '/local/ready', { headers: { authorization: '' } });
  // The request journal writes each request a moment after its answer, on a timer: on a busy machine a
  // moment long enough for the clock below to have moved. Each request is written (or refused) here, at
  // the time it was sent, by asking for the journal (which writes what waits first).
  const send = async (body: unknown) => {
    const answer = await service.call('POST', '/api/v1/orders/', { body });
    expect((await service.call('GET', '/local/requests?limit=1')).status).toBe(200);
    return answer.status;
  };
  await roomFor(0);
  expect((await ready()).status).toBe(200);

  expect(await send(largeOrder('FULL-1'))).toBe(503);
  // The database still answers reads: the refused write is what says there is no room.
  const refused = await ready();
  expect(refused.status).toBe(503);
  expect(refused.json).toEqual({
    ready: false,
    database: 'sqlite',
    detail: 'the data folder could not be written: no space left on the device',
  });
  now += 5_000;
  // A create refused for its content is no trouble of the disk; a small write taken (the request
  // journal's, a small create) does not show that a large one would be.
  expect(await send({ id: '' })).toBe(422);
  expect(await send(sampleOrder('SMALL-1'))).toBe(202);
  now += 4_999;
  expect((await ready()).status).toBe(503);
  // Ten seconds after the refusal: ready again, so that a load balancer sends the create that finds
  // whether there is room.
  now += 1;
  expect((await ready()).json).toEqual({ ready: true, database: 'sqlite' });

  expect(await send(largeOrder('FULL-1'))).toBe(503);
  expect((await ready()).status).toBe(503);
  await roomFor(1_000);
  now += 10_000;
  expect(await send(largeOrder('FULL-1'))).toBe(202);
  expect((await ready()).status).toBe(200);
});

it.skipIf(TEST_ENGINE !== 'postgres')(
  'on PostgreSQL too: a write the database refused (its statement cancelled) makes readiness say so, with why, for ten seconds',
  async () => {
    let now = Date.parse('2026-12-01T09:00:00Z');
    const dataDir = tempDir('intake-refused-');
    const service = await startService({ dataDir, statementTimeoutMs: 1_000, realNow: () => now });
    services.push(service);
    const ready = () => service.call('GET', '/local/ready', { headers: { authorization: '' } });
    expect((await ready()).status).toBe(200);
    // Another session holds the queue's table: the create waits on it until its statement is cancelled,
    // while the database still answers everything else.
    const holder = new pg.Client({ connectionString: await testDatabaseUrl(dataDir) });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE jobs IN ACCESS EXCLUSIVE MODE');
      const body = sampleOrder('HELD-1');
      expect((await service.call('POST', '/api/v1/orders/', { body })).status).toBe(503);
      const refused = await ready();
      expect(refused.status).toBe(503);
      expect(refused.json).toMatchObject({
        ready: false,
        database: 'postgres',
        detail: expect.stringMatching(/^the database did not answer: .*statement timeout/),
      });
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    now += 9_999;
    expect((await ready()).status).toBe(503);
    now += 1;
    expect((await ready()).status).toBe(200);
    expect((await service.call('POST', '/api/v1/orders/', { body: sampleOrder('HELD-1') })).status).toBe(202);
  },
);

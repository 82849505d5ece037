import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { GroupCommit } from '../../src/server/ingest/group-commit.js';
import { StorageUnavailable } from '../../src/server/storage/engine.js';
import { SqliteEngine } from '../../src/server/storage/sqlite/engine.js';
import { Store } from '../../src/server/storage/store.js';
import { tempDir } from '../helpers/temp.js';

const engines: SqliteEngine[] = [];
afterEach(async () => {
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

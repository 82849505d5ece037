import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteEngine, type SyncFile } from '../../src/server/storage/sqlite-engine.js';
import { Store } from '../../src/server/storage/store.js';
import { tempDir } from '../helpers/temp.js';

/** A file sync the test lets finish: each call waits until `release` is called for it. */
function heldSyncs() {
  const started: (() => void)[] = [];
  const syncFile: SyncFile = () => new Promise<void>((resolve) => started.push(resolve));
  return { syncFile, started, releaseNext: () => (started.shift() as () => void)() };
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  return done;
};

const insertMeta = (store: Store, key: string) => store.transaction((tx) => tx.meta.set(key, 'x'));

describe('a SQLite transaction waits for the disk off the event loop', () => {
  it('resolves only after a sync of the WAL that began after its commit; the next one runs meanwhile', async () => {
    const syncs = heldSyncs();
    const store = new Store(
      new SqliteEngine(join(tempDir('intake-wal-'), 'intake.db'), { syncFile: syncs.syncFile }),
    );
    try {
      const first = insertMeta(store, 'a');
      expect(await settled(first)).toBe(false);
      expect(syncs.started).toHaveLength(1);
      // Committed but not yet synced: the next transaction commits meanwhile, and statements are answered.
      const second = insertMeta(store, 'b');
      expect(await store.meta.get('a')).toBe('x');
      expect(await settled(second)).toBe(false);
      // The sync under way began before the second commit: its end does not answer the second.
      syncs.releaseNext();
      expect(await settled(first)).toBe(true);
      expect(await settled(second)).toBe(false);
      expect(syncs.started).toHaveLength(1);
      syncs.releaseNext();
      expect(await settled(second)).toBe(true);
      // Commits that end during one sync share the next one.
      const three = [insertMeta(store, 'c'), insertMeta(store, 'd'), insertMeta(store, 'e')];
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(syncs.started).toHaveLength(1);
      syncs.releaseNext();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(syncs.started).toHaveLength(1);
      syncs.releaseNext();
      await Promise.all(three);
    } finally {
      while (syncs.started.length > 0) syncs.releaseNext();
      await store.close();
    }
  });
});

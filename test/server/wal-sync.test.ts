import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Conflict } from '../../src/server/errors.js';
import { GroupCommit } from '../../src/server/ingest/group-commit.js';
import { CommitUnconfirmed, StorageUnavailable } from '../../src/server/storage/engine.js';
import { SqliteEngine, type SyncFile } from '../../src/server/storage/sqlite/engine.js';
import { Store } from '../../src/server/storage/store.js';
import { tempDir } from '../helpers/temp.js';

/** A file sync the test lets finish: each call waits until `release` is called for it. */
function heldSyncs() {
  const started: (() => void)[] = [];
  const syncFile: SyncFile = () => new Promise<void>((resolve) => started.push(resolve));
  return { syncFile, started, releaseNext: () => (started.shift() as () => void)() };
}

/**
 * Whether a promise has settled after a moment: used only for promises that cannot settle yet (their
 * sync is held), so a slow machine never turns the answer; what must settle is awaited.
 */
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
      await expect.poll(() => syncs.started.length).toBe(1);
      expect(await settled(first)).toBe(false);
      // Committed but not yet synced: the next transaction commits meanwhile, and statements are answered.
      const second = insertMeta(store, 'b');
      expect(await store.meta.get('a')).toBe('x');
      expect(await settled(second)).toBe(false);
      // The sync under way began before the second commit: its end answers the first, not the second,
      // which waits for a sync of its own.
      syncs.releaseNext();
      await first;
      await expect.poll(() => syncs.started.length).toBe(1);
      expect(await settled(second)).toBe(false);
      syncs.releaseNext();
      await second;
      // Commits that end during one sync share the next one: two syncs answer three commits (a third
      // sync would never be let go, and the wait below would not end).
      const three = [insertMeta(store, 'c'), insertMeta(store, 'd'), insertMeta(store, 'e')];
      await expect.poll(() => syncs.started.length).toBe(1);
      syncs.releaseNext();
      await expect.poll(() => syncs.started.length).toBe(1);
      syncs.releaseNext();
      await Promise.all(three);
    } finally {
      while (syncs.started.length > 0) syncs.releaseNext();
      await store.close();
    }
  });
});

describe('a commit the disk does not confirm', () => {
  it('is not run again: every write of its group gets a 503-class error, and what it wrote stays', async () => {
    let failNext = true;
    const syncFile: SyncFile = async (handle) => {
      if (failNext) {
        failNext = false;
        throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });
      }
      await handle.sync();
    };
    const store = new Store(new SqliteEngine(join(tempDir('intake-wal-'), 'intake.db'), { syncFile }));
    const commits = new GroupCommit(store);
    let runs = 0;
    // Stores a key once; a second run of the same write is refused, as a create whose id is taken.
    const once = (key: string) => async (tx: Store) => {
      runs += 1;
      if ((await tx.meta.get(key)) !== undefined) throw new Conflict(`'${key}' already exists.`);
      await tx.meta.set(key, 'x');
    };
    try {
      const group = [commits.run('m', once('a')), commits.run('m', once('b'))];
      for (const write of group) {
        const error = await write.then(
          () => undefined,
          (caught: unknown) => caught,
        );
        expect(error).toBeInstanceOf(CommitUnconfirmed);
        expect(error).toBeInstanceOf(StorageUnavailable);
      }
      expect(runs).toBe(2);
      expect(await store.meta.get('a')).toBe('x');
      expect(await store.meta.get('b')).toBe('x');
      // The disk answers again: the next group commits and is answered.
      await commits.run('m', async (tx) => tx.meta.set('c', 'x'));
      expect(await store.meta.get('c')).toBe('x');
    } finally {
      await store.close();
    }
  });
});

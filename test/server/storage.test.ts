import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/server/storage/sqlite/migrations.js';
import { SqliteEngine } from '../../src/server/storage/sqlite/engine.js';
import { Store } from '../../src/server/storage/store.js';
import { tempDir } from '../helpers/temp.js';

const SCHEMA_VERSION = MIGRATIONS.length;
const openStore = (file: string) => new Store(new SqliteEngine(file));
const tempFile = () => join(tempDir('intake-db-'), 'intake.db');

describe('the schema', () => {
  it('a database written by an older version is brought up to date, data kept', async () => {
    const file = tempFile();
    const old = new Database(file);
    old.exec(MIGRATIONS[0] as string);
    old.pragma('user_version = 1');
    old
      .prepare(
        "INSERT INTO merchants (id, access_key_id, secret_salt, secret_hash, thanks_delay_days, created_at) VALUES ('m', 'AK', x'00', x'00', 3, 0)",
      )
      .run();
    // A create still waiting was 'pending' then; it is 'queued' now, and an applied one stays applied.
    const job = old.prepare(
      "INSERT INTO jobs (merchant_id, kind, target_id, payload, received_at, delay_fraction, state) VALUES ('m', 'order', ?, '{}', 0, 0, ?)",
    );
    job.run('ORD-WAITING', 'pending');
    job.run('ORD-DONE', 'applied');
    old.close();

    const store = openStore(file);
    expect(await store.merchants.findById('m')).toMatchObject({ access_key_id: 'AK' });
    expect((await store.jobs.list('m', { limit: 10 })).map((row) => [row.target_id, row.state])).toEqual([
      ['ORD-WAITING', 'queued'],
      ['ORD-DONE', 'applied'],
    ]);
    expect(await store.jobs.queued('m', 0, 10)).toHaveLength(1);
    expect(await store.messages.list('m', {}, undefined, 10)).toEqual([]);
    await store.close();
    const reopened = new Database(file, { readonly: true });
    expect(reopened.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(SCHEMA_VERSION).toBe(MIGRATIONS.length);
    reopened.close();
  });

  it('refuses a database written by a newer version', () => {
    const file = tempFile();
    const newer = new Database(file);
    newer.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    newer.close();
    expect(() => openStore(file)).toThrow('written by a newer intake');
  });

  it('keeps its data in WAL mode', async () => {
    const file = tempFile();
    await openStore(file).close();
    const db = new Database(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });
});

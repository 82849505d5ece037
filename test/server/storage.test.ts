import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../src/server/storage/database.js';
import { MIGRATIONS } from '../../src/server/storage/migrations.js';
import { Store } from '../../src/server/storage/store.js';
import { tempDir } from '../helpers/temp.js';

const tempFile = () => join(tempDir('intake-db-'), 'intake.db');

describe('the schema', () => {
  it('a database written by an older version is brought up to date, data kept', () => {
    const file = tempFile();
    const old = new Database(file);
    old.exec(MIGRATIONS[0] as string);
    old.pragma('user_version = 1');
    old
      .prepare(
        "INSERT INTO merchants (id, access_key_id, secret_salt, secret_hash, thanks_delay_days, created_at) VALUES ('m', 'AK', x'00', x'00', 3, 0)",
      )
      .run();
    old.close();

    const store = new Store(file);
    expect(store.merchants.findById('m')).toMatchObject({ access_key_id: 'AK' });
    expect(store.messages.list('m', { limit: 10 })).toEqual([]);
    store.close();
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
    expect(() => new Store(file)).toThrow('written by a newer intake');
  });

  it('keeps its data in WAL mode', () => {
    const file = tempFile();
    new Store(file).close();
    const db = new Database(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });
});

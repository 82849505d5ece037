import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PostgresEngine } from '../../src/server/storage/postgres/engine.js';
import { POSTGRES_MIGRATIONS } from '../../src/server/storage/postgres/migrations.js';
import { Store } from '../../src/server/storage/store.js';
import { SqliteEngine } from '../../src/server/storage/sqlite/engine.js';
import { TEST_ENGINE, testDatabaseUrl } from '../helpers/engines.js';

/** A column as both engines can say it: its table, name, kind of value, and whether it may be empty. */
interface Column {
  table: string;
  column: string;
  kind: string;
  nullable: boolean;
}

/** SQLite's declared types and PostgreSQL's, as the kind of value each holds. */
const KINDS: Record<string, string> = {
  TEXT: 'text',
  text: 'text',
  INTEGER: 'integer',
  bigint: 'integer',
  integer: 'integer',
  REAL: 'real',
  'double precision': 'real',
  BLOB: 'bytes',
  bytea: 'bytes',
};

/**
 * Columns PostgreSQL has and SQLite gives without a column: the creation order of rows that have no
 * integer key (SQLite's rowid).
 */
const ROWID = new Set(['merchants.rowid', 'shipment_items.rowid']);

async function sqliteColumns(): Promise<Column[]> {
  const engine = new SqliteEngine(':memory:');
  try {
    const tables = await engine.sql.all<{ name: string }>(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    );
    const columns: Column[] = [];
    for (const { name } of tables) {
      const info = await engine.sql.all<{ name: string; type: string; notnull: number; pk: number }>(
        `SELECT name, type, "notnull", pk FROM pragma_table_info(?)`,
        [name],
      );
      for (const column of info) {
        columns.push({
          table: name,
          column: column.name,
          kind: KINDS[column.type] ?? column.type,
          // A key column is never empty, declared so or not.
          nullable: column.notnull === 0 && column.pk === 0,
        });
      }
    }
    return columns;
  } finally {
    await engine.close();
  }
}

async function postgresColumns(): Promise<Column[]> {
  const engine = await PostgresEngine.open({ url: await testDatabaseUrl(`schema-${process.pid}`) });
  try {
    const rows = await engine.sql.all<{
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: string;
    }>(
      `SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name <> 'intake_schema'`,
    );
    return rows
      .filter((row) => !ROWID.has(`${row.table_name}.${row.column_name}`))
      .map((row) => ({
        table: row.table_name,
        column: row.column_name,
        kind: KINDS[row.data_type] ?? row.data_type,
        nullable: row.is_nullable === 'YES',
      }));
  } finally {
    await engine.close();
  }
}

const byName = (columns: Column[]) =>
  [...columns].sort((a, b) => `${a.table}.${a.column}`.localeCompare(`${b.table}.${b.column}`));

describe.skipIf(TEST_ENGINE !== 'postgres')('the two schemas', () => {
  it('agree table by table, column by column: name, kind of value, and whether it may be empty', async () => {
    const [sqlite, postgres] = [byName(await sqliteColumns()), byName(await postgresColumns())];
    expect(sqlite.length).toBeGreaterThan(40);
    expect(postgres).toEqual(sqlite);
  });
});

describe.skipIf(TEST_ENGINE !== 'postgres')('a PostgreSQL database of an older version', () => {
  it('is brought up to date, a waiting create now said to be queued', async () => {
    const url = await testDatabaseUrl(`schema-old-${process.pid}`);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('CREATE TABLE intake_schema (version integer NOT NULL)');
      await client.query('INSERT INTO intake_schema (version) VALUES (1)');
      await client.query(POSTGRES_MIGRATIONS[0] as string);
      await client.query(
        "INSERT INTO merchants (id, access_key_id, secret_salt, secret_hash, thanks_delay_days, created_at) VALUES ('m', 'AK', '\\x00', '\\x00', 3, 0)",
      );
      await client.query(
        "INSERT INTO jobs (merchant_id, kind, target_id, payload, received_at, delay_fraction, state) VALUES ('m', 'order', 'ORD-WAITING', '{}', 0, 0, 'pending'), ('m', 'order', 'ORD-DONE', '{}', 0, 0, 'applied')",
      );
    } finally {
      await client.end();
    }
    const store = new Store(await PostgresEngine.open({ url }));
    try {
      expect((await store.jobs.list('m', { limit: 10 })).map((row) => [row.target_id, row.state])).toEqual([
        ['ORD-WAITING', 'queued'],
        ['ORD-DONE', 'applied'],
      ]);
      expect(await store.jobs.queued('m', 0, 10)).toHaveLength(1);
    } finally {
      await store.close();
    }
  });
});

import { createHash } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { EngineOptions } from '../../src/server/storage/open.js';
import { PostgresEngine } from '../../src/server/storage/postgres/engine.js';
import { SqliteEngine } from '../../src/server/storage/sqlite/engine.js';
import { Store } from '../../src/server/storage/store.js';

export type TestEngine = 'sqlite' | 'postgres';

/** The engine this test project runs the service on: the `postgres` project sets INTAKE_TEST_ENGINE. */
export const TEST_ENGINE: TestEngine = process.env.INTAKE_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/** The throw-away cluster's admin address ('' when PostgreSQL is not installed). */
export function postgresAdminUrl(): string {
  return TEST_ENGINE === 'postgres' ? inject('postgresUrl') : '';
}

const made = new Set<string>();

/**
 * A database of the throw-away cluster named from `key` (a test's data folder, say): the same key gives
 * the same database, so a test that restarts its service on one folder finds its data again.
 */
export async function testDatabaseUrl(key: string): Promise<string> {
  const admin = postgresAdminUrl();
  if (admin === '') throw new Error('no PostgreSQL cluster in this test run');
  const name = `t_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
  if (!made.has(name)) {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
    } finally {
      await client.end();
    }
    made.add(name);
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Where a test service keeps its state: its data folder, or on PostgreSQL a database named from it. */
export async function engineOptions(dataDir: string): Promise<EngineOptions> {
  return TEST_ENGINE === 'postgres' && dataDir !== ':memory:'
    ? { databaseUrl: await testDatabaseUrl(dataDir) }
    : { dataDir };
}

let stores = 0;

/** An empty store on this project's engine: SQLite in memory, or a fresh PostgreSQL database. */
export async function openTestStore(): Promise<Store> {
  if (TEST_ENGINE === 'sqlite') return new Store(new SqliteEngine(':memory:'));
  stores += 1;
  const url = await testDatabaseUrl(`store-${process.pid}-${stores}-${Math.random()}`);
  return new Store(await PostgresEngine.open({ url }));
}

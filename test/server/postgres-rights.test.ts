import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';
import { TEST_ENGINE, testDatabaseUrl } from '../helpers/engines.js';
import { sampleOrder } from '../helpers/samples.js';
import { startService } from '../helpers/service.js';
import { PostgresEngine } from '../../src/server/storage/postgres/engine.js';
import { DatabaseOpenError } from '../../src/storage/sqlite.js';

/** Runs statements on a database as the cluster's admin. */
async function asAdmin(url: string, ...statements: string[]): Promise<unknown[][]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows: unknown[][] = [];
    for (const statement of statements) rows.push((await client.query(statement)).rows);
    return rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(TEST_ENGINE !== 'postgres')(
  'intake serve on a PostgreSQL database it shares with people',
  () => {
    it('refuses a database holding another program’s tables, creating nothing in it', async () => {
      const url = await testDatabaseUrl(`foreign-${Math.random()}`);
      await asAdmin(url, 'CREATE TABLE customers (id integer PRIMARY KEY)');
      const opening = PostgresEngine.open({ url });
      await expect(opening).rejects.toBeInstanceOf(DatabaseOpenError);
      await expect(opening).rejects.toThrow(
        /holds tables that are not intake's \(customers\); nothing was changed/,
      );
      const [tables] = await asAdmin(url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'");
      expect(tables).toEqual([{ tablename: 'customers' }]);
    });

    it('runs as a user with rights to rows only once the owner has migrated it (intake serve migrate)', async () => {
      const url = await testDatabaseUrl(`rights-${Math.random()}`);
      const migrated = await cli(['serve', 'migrate', '--to', url, '--json']);
      expect(migrated.code, migrated.stderr).toBe(0);
      expect(migrated.json()).toMatchObject({ up_to_date: true });
      const role = `intake_rows_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
      await asAdmin(
        url,
        `CREATE ROLE ${role} LOGIN PASSWORD 'rows-only'`,
        `GRANT USAGE ON SCHEMA public TO ${role}`,
        `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`,
        `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role}`,
        `REVOKE CREATE ON SCHEMA public FROM PUBLIC`,
      );
      const asRows = new URL(url);
      asRows.username = role;
      asRows.password = 'rows-only';
      const service = await startService({ databaseUrl: asRows.toString() } as never);
      try {
        const created = await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ROWS-1') });
        expect(created.status).toBe(202);
        expect((await service.call('GET', '/api/v1/users/client-keys/')).json).toMatchObject({
          is_valid: true,
        });
      } finally {
        await service.close();
      }
    });
  },
);

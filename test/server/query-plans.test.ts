import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jobsRepo } from '../../src/server/storage/jobs.js';
import { ordersRepo } from '../../src/server/storage/orders.js';
import { productsRepo } from '../../src/server/storage/products.js';
import { SQLITE } from '../../src/server/storage/sqlite/dialect.js';
import { MIGRATIONS } from '../../src/server/storage/sqlite/migrations.js';
import type { Sql, SqlValue } from '../../src/server/storage/sql.js';
import { openDatabase } from '../../src/storage/sqlite.js';
import { tempDir } from '../helpers/temp.js';

/**
 * The statements that look up many ids at once must find each row by its key. A plan that reads a whole
 * merchant's rows instead gives the same answers, so no other test sees it; the service only slows as
 * its tables grow (applying 50,000 orders went from 47,000 orders/s to 17,000 over three rounds when
 * the lines of the orders being applied were read by a join the planner drove from the wrong side).
 */
const db = openDatabase(join(tempDir('intake-plans-'), 'intake.db'), {
  migrations: MIGRATIONS,
  synchronous: 'NORMAL',
  what: 'the test database',
});
afterAll(() => db.close());

/** Each step of the plan that reads a table: a search by the merchant and the row's key, or what it is. */
function tableSteps(text: string, values: readonly unknown[]): string[] {
  const plan = db.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...values) as { detail: string }[];
  return plan.map((step) => step.detail).filter((detail) => /^(SCAN|SEARCH) (?!json_each)/.test(detail));
}

const BY_KEY = /^SEARCH \w+ USING (PRIMARY KEY|INDEX \w+) \(merchant_id=\? AND \w+=\?/;

/** The statement a repository's method sends, taken down instead of run. */
async function statementOf(
  call: (sql: Sql) => Promise<unknown>,
): Promise<{ text: string; values: SqlValue[] }> {
  let taken: { text: string; values: SqlValue[] } | undefined;
  const take = (text: string, values?: readonly SqlValue[]) => {
    taken = { text, values: [...(values ?? [])] };
  };
  const sql: Sql = {
    dialect: SQLITE,
    all: async (text, values) => (take(text, values), []),
    get: async (text, values) => (take(text, values), undefined),
    run: async (text, values) => (take(text, values), 0),
  };
  await call(sql);
  if (!taken) throw new Error('no statement was sent');
  return taken;
}

describe('SQLite plans of the look-ups of many ids', () => {
  it('which create staged each order, with its lines: orders and lines each found by key', () => {
    const { text, values } = SQLITE.stagedLines('mall-1', ['ORD-1', 'ORD-2']);
    const steps = tableSteps(text, values);
    expect(steps).toHaveLength(2);
    for (const step of steps) expect(step).toMatch(BY_KEY);
  });

  it('the writes and reads of many rows by their ids: each row found by key', async () => {
    const ids = ['A', 'B'];
    const statements = [
      await statementOf((sql) => productsRepo(sql).getMany('mall-1', ids)),
      await statementOf((sql) => productsRepo(sql).markAppliedMany('mall-1', ids, 1)),
    ];
    for (const { text, values } of statements) {
      const steps = tableSteps(text, values);
      expect(steps, text).toHaveLength(1);
      expect(steps[0], text).toMatch(BY_KEY);
    }
  });

  it("a page of jobs, an order: each applied one's time found from the cursor's steps by key", async () => {
    const cursor = expect.stringMatching(/^SEARCH c USING PRIMARY KEY \(merchant_id=\?\)/);
    const step = expect.stringMatching(/^SEARCH s USING PRIMARY KEY \(merchant_id=\? AND through_seq>\?\)/);
    const jobs = await statementOf((sql) => jobsRepo(sql).newest('mall-1', 100, 20));
    expect(tableSteps(jobs.text, jobs.values)).toEqual([
      expect.stringMatching(
        /^SEARCH j USING (PRIMARY KEY|INDEX \w+|INTEGER PRIMARY KEY) \((merchant_id=\? AND )?(rowid|seq)<\?\)/,
      ),
      cursor,
      step,
    ]);
    const order = await statementOf((sql) => ordersRepo(sql).get('mall-1', 'ORD-1'));
    expect(tableSteps(order.text, order.values)).toEqual([
      expect.stringMatching(/^SEARCH o USING PRIMARY KEY \(merchant_id=\? AND id=\?\)/),
      cursor,
      step,
    ]);
  });

  it("an order's shipments still queued: read from the queue's cursor on, in the shipments' index", async () => {
    const cursor = /^SEARCH queue_cursors USING PRIMARY KEY \(merchant_id=\?\)/;
    const queued = await statementOf((sql) => jobsRepo(sql).queuedShipments('mall-1', 'ORD-1'));
    expect(tableSteps(queued.text, queued.values)).toEqual([
      expect.stringMatching(
        /^SEARCH jobs USING INDEX jobs_shipments \(merchant_id=\? AND target_id=\? AND seq>\?\)/,
      ),
      expect.stringMatching(cursor),
    ]);
    const counted = await statementOf((sql) => jobsRepo(sql).countQueuedShipments('mall-1'));
    expect(tableSteps(counted.text, counted.values)).toEqual([
      expect.stringMatching(/^SEARCH jobs USING INDEX jobs_shipments_in_order \(merchant_id=\? AND seq>\?\)/),
      expect.stringMatching(cursor),
    ]);
  });

  it('which order and item ids are taken: each found by key', () => {
    const { text, values } = SQLITE.takenIds('mall-1', ['ORD-1'], ['ORD-1-1']);
    const steps = tableSteps(text, values);
    expect(steps).toHaveLength(2);
    for (const step of steps) expect(step).toMatch(BY_KEY);
  });
});

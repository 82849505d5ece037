import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SQLITE } from '../../src/server/storage/sqlite/dialect.js';
import { MIGRATIONS } from '../../src/server/storage/sqlite/migrations.js';
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

describe('SQLite plans of the look-ups of many ids', () => {
  it('which create staged each order, with its lines: orders and lines each found by key', () => {
    const { text, values } = SQLITE.stagedLines('mall-1', ['ORD-1', 'ORD-2']);
    const steps = tableSteps(text, values);
    expect(steps).toHaveLength(2);
    for (const step of steps) expect(step).toMatch(BY_KEY);
  });

  it('which order and item ids are taken: each found by key', () => {
    const { text, values } = SQLITE.takenIds('mall-1', ['ORD-1'], ['ORD-1-1']);
    const steps = tableSteps(text, values);
    expect(steps).toHaveLength(2);
    for (const step of steps) expect(step).toMatch(BY_KEY);
  });
});

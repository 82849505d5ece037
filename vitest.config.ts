import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { SLOWDOWN } from './test/helpers/patience.js';
import { findPostgresBin } from './bench/lib/postgres-cluster.js';

/** The service's own tests again, on PostgreSQL (a throw-away cluster started for the run). */
const postgresProject: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'postgres',
    include: ['test/server/**/*.test.ts', 'test/console/**/*.test.ts'],
    // The SQLite file's own schema, plans and syncing (and a page failing on a row damaged in that file), and
    // the CLI's flags are the SQLite project's; the document's linters do not depend on the engine.
    exclude: [
      'test/server/storage.test.ts',
      'test/server/wal-sync.test.ts',
      'test/server/query-plans.test.ts',
      'test/server/serve-flags.test.ts',
      'test/server/openapi-lint.test.ts',
      'test/server/start-serve.test.ts',
      'test/console/own-failure.test.ts',
    ],
    globalSetup: ['test/global-setup.ts', 'test/postgres-setup.ts'],
    env: { INTAKE_TEST_ENGINE: 'postgres' },
  },
};

/**
 * The slow lane: real browsers, kills, outages, heap watching, shells, the public workbooks. `npm test`
 * runs it with the rest; `npm run test:fast` leaves it out, for a quick inner loop.
 */
const SLOW = [
  'test/ui/**/*.test.ts',
  'test/console/**/*.test.ts',
  'test/marketplaces/kills.test.ts',
  'test/marketplaces/loop.test.ts',
  'test/bulk/workbook-corpus.test.ts',
  'test/bulk/outage.test.ts',
  'test/bulk/faults.test.ts',
  'test/util/heap.test.ts',
  'test/server/serve-flags.test.ts',
  'test/server/test-bench.test.ts',
  'test/server/start-serve.test.ts',
  'test/cli/spawned.test.ts',
  'test/cli/completion.test.ts',
];

const postgres = findPostgresBin() !== undefined || process.env.INTAKE_TEST_POSTGRES === 'required';
if (!postgres) {
  process.stderr.write(
    'PostgreSQL is not installed here (initdb, pg_ctl): the service tests run on SQLite only.\n',
  );
}

/**
 * `npm test`: every test on the service's default engine (SQLite), in a fast and a slow lane, then the
 * service's own tests again on PostgreSQL; where PostgreSQL is not installed, that half is left out,
 * saying so.
 */
export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    // A test fails when what it waits for never happens, not because the machine is busy: long limits,
    // longer still with INTAKE_TEST_SLOWDOWN (see test/helpers/patience.ts).
    testTimeout: 120_000 * SLOWDOWN,
    hookTimeout: 120_000 * SLOWDOWN,
    // expect.poll gives up after a second unless told otherwise: too short for a page or a process on a
    // busy machine. A wait says its own limit where it has a reason to; the rest wait this long.
    expect: { poll: { timeout: 60_000 * SLOWDOWN } },
    // How long a test file's process has to stop once its tests end before vitest logs an error line
    // (which fails nothing). Its default, 10 s, was passed with two runs side by side by files that leave
    // nothing running (the hanging-process reporter finds nothing in them); a minute is still a sign.
    teardownTimeout: 60_000 * SLOWDOWN,
    // Vitest runs one file at a time on two cores (its default is one fewer than the cores). Most of a
    // file's time is spent waiting for a service, a browser or a process it started, so a second file
    // fills that time: on two cores the whole run takes about half as long. Each file keeps what it
    // shares to itself (ports chosen by the system, temp folders, its own keychain, its own database).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: 'fast', include: ['test/**/*.test.ts'], exclude: SLOW } },
      { extends: true, test: { name: 'slow', include: SLOW } },
      ...(postgres ? [postgresProject] : []),
    ],
  },
});

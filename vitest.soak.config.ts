import { defineConfig } from 'vitest/config';

/**
 * `npm run test:soak`: long fault, kill and fuzz runs, never part of `npm test`. The server fuzz runs on
 * each engine: PostgreSQL refuses what SQLite takes (a NUL in a text, a number past 64 bits).
 */
export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 30 * 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    projects: [
      { extends: true, test: { name: 'soak', include: ['test/soak/**/*.soak.ts'] } },
      {
        extends: true,
        test: {
          name: 'soak-postgres',
          include: ['test/soak/server-fuzz.soak.ts', 'test/soak/console-fuzz.soak.ts'],
          globalSetup: ['test/global-setup.ts', 'test/postgres-setup.ts'],
          env: { INTAKE_TEST_ENGINE: 'postgres' },
        },
      },
    ],
  },
});

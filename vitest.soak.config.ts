import { defineConfig } from 'vitest/config';

/** `npm run test:soak`: long fault, kill and fuzz runs, never part of `npm test`. */
export default defineConfig({
  test: {
    include: ['test/soak/**/*.soak.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 30 * 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});

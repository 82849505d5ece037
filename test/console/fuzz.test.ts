import { afterAll, beforeAll, expect, it } from 'vitest';
import { fuzzConsole } from '../helpers/console-fuzz.js';
import { startService, type TestService } from '../helpers/service.js';

let service: TestService;
const unexpected: unknown[] = [];
beforeAll(async () => {
  service = await startService({ onError: (error) => unexpected.push(error), startWorker: false });
});
afterAll(() => service.close());

// A fixed seed keeps `npm test` repeatable; `npm run test:soak` explores with fresh seeds.
const SEED = Number(process.env.FUZZ_SEED ?? 20261129);

it('a few hundred odd requests to the console, signed in or not: no failure of its own, no reset', async () => {
  const statuses = await fuzzConsole(service, unexpected, { runs: 300, seed: SEED });
  // The fuzz reaches the pages and their forms, not only the door's refusals.
  expect(statuses.get(200)).toBeGreaterThanOrEqual(15);
  expect(statuses.get(303)).toBeGreaterThanOrEqual(3);
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { fakeFuzzService, fuzzFakes } from '../helpers/fake-requests.js';

let fuzz: Awaited<ReturnType<typeof fakeFuzzService>>;
beforeAll(async () => {
  fuzz = await fakeFuzzService();
});
afterAll(() => fuzz.service.close());

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20_000);

it(`${RUNS} odd requests to the marketplace fakes (seed ${SEED})`, async () => {
  const started = performance.now();
  const { failed, statuses } = await fuzzFakes(fuzz, { runs: RUNS, seed: SEED });
  expect(failed.slice(0, 10).join('\n')).toBe('');
  expect(fuzz.told).toEqual([]);
  const summary = [...statuses].sort().map(([key, count]) => `${key}: ${count}`);
  console.log(
    `fakes fuzz, seed ${SEED}: ${summary.join(', ')} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
});

import { afterAll, beforeAll, it } from 'vitest';
import { fuzzConsole } from '../helpers/console-fuzz.js';
import { startService, type TestService } from '../helpers/service.js';

let service: TestService;
const unexpected: unknown[] = [];
beforeAll(async () => {
  service = await startService({ onError: (error) => unexpected.push(error), startWorker: false });
});
afterAll(() => service.close());

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20_000);

it(`${RUNS} odd requests to the console (seed ${SEED})`, async () => {
  const started = performance.now();
  const statuses = await fuzzConsole(service, unexpected, { runs: RUNS, seed: SEED });
  const summary = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
  console.log(
    `console fuzz, seed ${SEED}: ${summary.join(', ')} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
});

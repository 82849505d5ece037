import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fakeRequest, prepareFakes, type FakeRequest } from '../helpers/fake-requests.js';
import { startService, type Answer, type TestService } from '../helpers/service.js';

let service: TestService;
/** Failures of the fakes themselves: none may happen, whatever a caller they let in asks. */
const told: unknown[] = [];
let send: (request: FakeRequest) => Promise<Answer>;
beforeAll(async () => {
  service = await startService({ onError: (error) => told.push(error), startWorker: false });
  send = await prepareFakes(service);
});
afterAll(() => service.close());

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20_000);

it(`${RUNS} odd requests to the marketplace fakes (seed ${SEED})`, async () => {
  const started = performance.now();
  const statuses = new Map<string, number>();
  const failed: string[] = [];
  await fc.assert(
    fc.asyncProperty(fakeRequest, async (request) => {
      const before = told.length;
      const answer = await send(request);
      const key = `${request.fake} ${answer.status}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (told.length > before || answer.json === undefined)
        failed.push(`${answer.status} ${JSON.stringify(request)}: ${String(told.at(-1) ?? answer.text)}`);
    }),
    { numRuns: RUNS, seed: SEED },
  );
  expect(failed.slice(0, 10).join('\n')).toBe('');
  expect(told).toEqual([]);
  const summary = [...statuses].sort().map(([key, count]) => `${key}: ${count}`);
  console.log(
    `fakes fuzz, seed ${SEED}: ${summary.join(', ')} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
});

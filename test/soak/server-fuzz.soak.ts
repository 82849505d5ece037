import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectSpecShaped, faultsBody, fuzzRequest, send } from '../helpers/fuzz-requests.js';
import { sampleOrder } from '../helpers/samples.js';
import { startService, type TestService } from '../helpers/service.js';

let service: TestService;
const unexpected: unknown[] = [];
beforeAll(async () => {
  service = await startService({ onError: (error) => unexpected.push(error), startWorker: false });
  await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-F') });
});
afterAll(() => service.close());

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20_000);

it(`${RUNS} odd requests in-process and ${RUNS / 10} over sockets (seed ${SEED})`, async () => {
  const started = performance.now();
  const statuses = new Map<number, number>();
  for (const [via, runs] of [
    ['call', RUNS],
    ['http', RUNS / 10],
  ] as const) {
    await fc.assert(
      fc.asyncProperty(fuzzRequest, async (request) => {
        const answer = await send(service, request, via);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        expectSpecShaped(request, answer);
      }),
      { numRuns: runs, seed: SEED },
    );
  }
  expect(unexpected).toEqual([]);
  const summary = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
  console.log(
    `server fuzz, seed ${SEED}: ${summary.join(', ')} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
});

it(`${RUNS / 10} odd fault specs (seed ${SEED}): put in force or refused in the spec shape`, async () => {
  await fc.assert(
    fc.asyncProperty(faultsBody, async (body) => {
      const put = await service.call('PUT', '/local/faults', { body });
      expect([200, 422], `${JSON.stringify(body).slice(0, 300)}: ${put.text.slice(0, 300)}`).toContain(
        put.status,
      );
      expect((await service.call('DELETE', '/local/faults')).status).toBe(200);
    }),
    { numRuns: RUNS / 10, seed: SEED },
  );
  expect(unexpected).toEqual([]);
});

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

// A fixed seed keeps `npm test` repeatable; `npm run test:soak` explores with fresh seeds.
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

it('a few hundred odd requests: no 5xx, every error in the spec shape, no wrong secret accepted', async () => {
  await fc.assert(
    fc.asyncProperty(fuzzRequest, async (request) => expectSpecShaped(request, await send(service, request))),
    { numRuns: 400, seed: SEED },
  );
  expect(unexpected).toEqual([]);
  expect((await service.call('GET', '/api/v1/health/')).status).toBe(200);
});

it('odd fault specs and seeds are put in force or refused in the spec shape, never a failure of the service', async () => {
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(faultsBody, async (body) => {
      const put = await service.call('PUT', '/local/faults', { body });
      statuses.set(put.status, (statuses.get(put.status) ?? 0) + 1);
      expect([200, 422], `${JSON.stringify(body).slice(0, 300)}: ${put.text.slice(0, 300)}`).toContain(
        put.status,
      );
      if (put.status === 422) expect(Array.isArray((put.json as { detail?: unknown }).detail)).toBe(true);
      expect((await service.call('DELETE', '/local/faults')).status).toBe(200);
    }),
    { numRuns: 300, seed: SEED },
  );
  // Both reached: specs taken and specs refused.
  expect(statuses.get(200)).toBeGreaterThanOrEqual(5);
  expect(statuses.get(422)).toBeGreaterThanOrEqual(10);
  expect(unexpected).toEqual([]);
});

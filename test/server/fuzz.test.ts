import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectSpecShaped, fuzzRequest, send } from '../helpers/fuzz-requests.js';
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

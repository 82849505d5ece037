import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeRequest, prepareFakes, type FakeRequest } from '../helpers/fake-requests.js';
import { startService, type Answer, type TestService } from '../helpers/service.js';

// A fixed seed keeps `npm test` repeatable; `npm run test:soak` explores others.
const SEED = Number(process.env.FUZZ_SEED ?? 20261128);

let service: TestService;
/** Failures of the fakes themselves (never of a request): none may happen, whatever is asked. */
const told: unknown[] = [];
let send: (request: FakeRequest) => Promise<Answer>;

beforeAll(async () => {
  service = await startService({ onError: (error) => told.push(error), startWorker: false });
  send = await prepareFakes(service);
});
afterAll(() => service.close());

describe('the marketplace fakes, asked anything by a caller they let in', () => {
  it('answer each in their own words (JSON), and never fail themselves', async () => {
    const failed: string[] = [];
    await fc.assert(
      fc.asyncProperty(fakeRequest, async (request) => {
        const before = told.length;
        const answer = await send(request);
        if (told.length > before || answer.json === undefined) {
          failed.push(`${answer.status} ${JSON.stringify(request)}: ${String(told.at(-1) ?? answer.text)}`);
        }
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 600), seed: SEED },
    );
    expect(failed.slice(0, 10).join('\n')).toBe('');
    expect(told).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeFuzzService, fuzzFakes } from '../helpers/fake-requests.js';

// A fixed seed keeps `npm test` repeatable; `npm run test:soak` explores others.
const SEED = Number(process.env.FUZZ_SEED ?? 20261128);

let fuzz: Awaited<ReturnType<typeof fakeFuzzService>>;
beforeAll(async () => {
  fuzz = await fakeFuzzService();
});
afterAll(() => fuzz.service.close());

describe('the marketplace fakes, asked anything by a caller they let in', () => {
  it('answer each in their own words (JSON), and never fail themselves', async () => {
    const { failed } = await fuzzFakes(fuzz, { runs: Number(process.env.FUZZ_RUNS ?? 600), seed: SEED });
    expect(failed.slice(0, 10).join('\n')).toBe('');
    expect(fuzz.told).toEqual([]);
  });
});

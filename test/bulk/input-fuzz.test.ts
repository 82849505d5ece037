import { expect, it } from 'vitest';
import { useService } from '../helpers/cli.js';
import { fuzzInputs } from '../helpers/input-fuzz.js';

const t = useService();

// A fixed seed keeps `npm test` repeatable; `npm run test:soak` explores with fresh seeds.
const SEED = Number(process.env.FUZZ_SEED ?? 20261129);

it('odd files of every kind, checked by a dry run: each ends with a dry run’s exit code and its reasons in words', async () => {
  const codes = await fuzzInputs(t.env, { runs: 150, seed: SEED });
  // The fuzz reaches the check of records, not only the refusal of files it cannot read.
  expect(codes.get(4)).toBeGreaterThanOrEqual(10);
  expect(codes.get(2)).toBeGreaterThanOrEqual(10);
});

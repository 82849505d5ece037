import { expect, it } from 'vitest';
import { useService } from '../helpers/cli.js';
import { fuzzUi } from '../helpers/ui-fuzz.js';

const t = useService({ applyDelay: { minMs: 0, maxMs: 0 } });

// A fixed seed keeps `npm test` repeatable; `npm run test:soak` explores with fresh seeds.
const SEED = Number(process.env.FUZZ_SEED ?? 20261129);

it('a few hundred odd requests to intake ui, signed in or not: no failure of its own, no reset', async () => {
  const statuses = await fuzzUi(t.env, { runs: 300, seed: SEED });
  // The fuzz reaches the pages, not only the guard’s refusals.
  expect(statuses.get(200)).toBeGreaterThanOrEqual(15);
  expect(statuses.get(303)).toBeGreaterThanOrEqual(3);
});

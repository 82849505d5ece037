import { expect, it } from 'vitest';
import { useService } from '../helpers/cli.js';
import { fuzzCommandLines, inTempFolder } from '../helpers/argv-fuzz.js';

const t = useService();
inTempFolder();

// A fixed seed keeps `npm test` repeatable; `npm run test:soak` explores with fresh seeds.
const SEED = Number(process.env.FUZZ_SEED ?? 20261129);

it('odd command lines of every command: each ends with a documented exit code and says why in words', async () => {
  const { codes, commands } = await fuzzCommandLines(t.env, { runs: 200, seed: SEED });
  expect(commands).toBeGreaterThan(50);
  // The fuzz reaches the commands' work, not only the parser's refusals.
  expect(codes.get(0)).toBeGreaterThanOrEqual(20);
});

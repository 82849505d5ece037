import fc from 'fast-check';
import { it } from 'vitest';
import { useService } from '../helpers/cli.js';
import { expectCheckedInWords, fuzzedInput } from '../helpers/input-fuzz.js';

const t = useService();

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20_000) / 10;

it(`${RUNS} odd files checked by a dry run (seed ${SEED})`, async () => {
  const started = performance.now();
  const codes = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(fuzzedInput, async (input) => {
      const code = await expectCheckedInWords(input, t.env);
      codes.set(code, (codes.get(code) ?? 0) + 1);
    }),
    { numRuns: RUNS, seed: SEED },
  );
  const summary = [...codes].sort(([a], [b]) => a - b).map(([code, count]) => `exit ${code}: ${count}`);
  console.log(
    `input fuzz, seed ${SEED}: ${summary.join(', ')} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
});

import { it } from 'vitest';
import { useService } from '../helpers/cli.js';
import { fuzzInputs } from '../helpers/input-fuzz.js';

const t = useService();

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20_000) / 10;

it(`${RUNS} odd files checked by a dry run (seed ${SEED})`, async () => {
  const started = performance.now();
  const codes = await fuzzInputs(t.env, { runs: RUNS, seed: SEED });
  const summary = [...codes].sort(([a], [b]) => a - b).map(([code, count]) => `exit ${code}: ${count}`);
  const took = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`input fuzz, seed ${SEED}: ${summary.join(', ')} in ${took} s`);
});

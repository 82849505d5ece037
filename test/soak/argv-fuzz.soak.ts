import { it } from 'vitest';
import { useService } from '../helpers/cli.js';
import { fuzzCommandLines, inTempFolder } from '../helpers/argv-fuzz.js';

const t = useService();
inTempFolder();

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20_000) / 10;

it(`${RUNS} odd command lines (seed ${SEED})`, async () => {
  const started = performance.now();
  const { codes, commands } = await fuzzCommandLines(t.env, { runs: RUNS, seed: SEED });
  const summary = [...codes].sort(([a], [b]) => a - b).map(([code, count]) => `exit ${code}: ${count}`);
  const took = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`argv fuzz, seed ${SEED}, ${commands} commands: ${summary.join(', ')} in ${took} s`);
});

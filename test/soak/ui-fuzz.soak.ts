import { it } from 'vitest';
import { useService } from '../helpers/cli.js';
import { fuzzUi } from '../helpers/ui-fuzz.js';

const t = useService({ applyDelay: { minMs: 0, maxMs: 0 } });

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20_000);

it(`${RUNS} odd requests to intake ui (seed ${SEED})`, async () => {
  const started = performance.now();
  const statuses = await fuzzUi(t.env, { runs: RUNS, seed: SEED });
  const summary = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
  console.log(
    `ui fuzz, seed ${SEED}: ${summary.join(', ')} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
});

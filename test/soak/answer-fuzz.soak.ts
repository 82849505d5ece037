import { afterAll, beforeAll, it } from 'vitest';
import { answerFuzzTarget, fuzzAnswers, fuzzSeeds } from '../helpers/answer-fuzz.js';
import { startService, type TestService } from '../helpers/service.js';

let service: TestService;
let target: Awaited<ReturnType<typeof answerFuzzTarget>>;
beforeAll(async () => {
  service = await startService({ startWorker: false });
  target = await answerFuzzTarget(service);
});
afterAll(() => service.close());

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20_000) / 4;

it(`${RUNS} asks of the connectors with twisted answers (seed ${SEED})`, async () => {
  const started = performance.now();
  const seen = await fuzzAnswers(service, target, { runs: RUNS, seed: SEED });
  const took = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`answer fuzz, seed ${SEED}: ${seen.answered} answered, ${seen.said} said in ${took} s`);
});

it(`${RUNS / 5} odd seeds given to the fakes (seed ${SEED})`, async () => {
  const started = performance.now();
  const seen = await fuzzSeeds(service, target, { runs: RUNS / 5, seed: SEED });
  const took = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`seed fuzz, seed ${SEED}: ${seen.taken} taken, ${seen.refused} refused in ${took} s`);
});

import { it } from 'vitest';
import { fuzzAnswers, fuzzSeeds, useAnswerFuzz } from '../helpers/answer-fuzz.js';

const fuzz = useAnswerFuzz();

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20_000) / 4;

it(`${RUNS} asks of the connectors with twisted answers (seed ${SEED})`, async () => {
  const started = performance.now();
  const seen = await fuzzAnswers(fuzz.service, fuzz.target, { runs: RUNS, seed: SEED });
  const took = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`answer fuzz, seed ${SEED}: ${seen.answered} answered, ${seen.said} said in ${took} s`);
});

it(`${RUNS / 5} odd seeds given to the fakes (seed ${SEED})`, async () => {
  const started = performance.now();
  const seen = await fuzzSeeds(fuzz.service, fuzz.target, { runs: RUNS / 5, seed: SEED });
  const took = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`seed fuzz, seed ${SEED}: ${seen.taken} taken, ${seen.refused} refused in ${took} s`);
});

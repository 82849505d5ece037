import { expect, it } from 'vitest';
import { fuzzAnswers, fuzzSeeds, useAnswerFuzz } from '../helpers/answer-fuzz.js';

const fuzz = useAnswerFuzz();

// A fixed seed keeps `npm test` repeatable; `npm run test:soak` explores with fresh seeds.
const SEED = Number(process.env.FUZZ_SEED ?? 20261129);

it('answers of the three marketplaces twisted on their way (statuses, cut short, fields of another type or gone): each is taken or said as the marketplace’s error, never a failure of Intake', async () => {
  const seen = await fuzzAnswers(fuzz.service, fuzz.target, { runs: 300, seed: SEED });
  // Both reached: answers taken as they were, and answers said as the marketplace's error.
  expect(seen.answered).toBeGreaterThanOrEqual(30);
  expect(seen.said).toBeGreaterThanOrEqual(30);
});

it('odd seeds given to the fakes are taken or refused, and what was taken is pulled or said, never a failure', async () => {
  const seen = await fuzzSeeds(fuzz.service, fuzz.target, { runs: 150, seed: SEED });
  expect(seen.taken).toBeGreaterThanOrEqual(10);
  expect(seen.refused).toBeGreaterThanOrEqual(10);
});

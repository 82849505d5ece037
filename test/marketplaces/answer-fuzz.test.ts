import { expect, it } from 'vitest';
import type { Transport } from '../../src/marketplaces/http.js';
import {
  connectorTo,
  fuzzAnswers,
  fuzzSeeds,
  twistingTransport,
  useAnswerFuzz,
} from '../helpers/answer-fuzz.js';

const fuzz = useAnswerFuzz();

// A fixed seed keeps `npm test` repeatable; `npm run test:soak` explores with fresh seeds.
const SEED = Number(process.env.FUZZ_SEED ?? 20261129);

// First, while the fake mall's call bucket is full (the fuzz below spends it).
it('a Cafe24 order whose time is impossible (2026-13-45T99:00:00) is pulled, its time kept as it came', async () => {
  const real = twistingTransport(fuzz.service, []);
  const odd: Transport = {
    async send(call) {
      const answer = await real.send(call);
      const text = answer.text.replace(/"(payment_date|order_date)":"[^"]*"/g, '"$1":"2026-13-45T99:00:00"');
      return { ...answer, text };
    },
  };
  const connector = connectorTo('cafe24', odd, fuzz.target.ready);
  const lines = await connector.pull({ from: new Date(Date.now() - 2 * 86_400_000), to: new Date() });
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.every((line) => line.changedAt === '2026-13-45T99:00:00')).toBe(true);
});

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

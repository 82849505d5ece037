import fc from 'fast-check';
import { expect, it } from 'vitest';
import { useService } from '../helpers/cli.js';
import {
  expectSaidInWords,
  fuzzedArgv,
  fuzzedCommands,
  fuzzFiles,
  fuzzedStdin,
  inTempFolder,
} from '../helpers/argv-fuzz.js';

const t = useService();
inTempFolder();

// A fixed seed keeps `npm test` repeatable; `npm run test:soak` explores with fresh seeds.
const SEED = Number(process.env.FUZZ_SEED ?? 20261129);

it('odd command lines of every command: each ends with a documented exit code and says why in words', async () => {
  const commands = await fuzzedCommands();
  expect(commands.length).toBeGreaterThan(50);
  const codes = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(fuzzedArgv(commands, fuzzFiles()), fuzzedStdin, async (argv, stdin) => {
      const code = await expectSaidInWords(argv, stdin, t.env);
      codes.set(code, (codes.get(code) ?? 0) + 1);
    }),
    { numRuns: 200, seed: SEED },
  );
  // The fuzz reaches the commands' work, not only the parser's refusals.
  expect(codes.get(0)).toBeGreaterThanOrEqual(10);
});

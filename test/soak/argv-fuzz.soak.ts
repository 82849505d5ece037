import fc from 'fast-check';
import { it } from 'vitest';
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

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20_000) / 10;

it(`${RUNS} odd command lines (seed ${SEED})`, async () => {
  const started = performance.now();
  const codes = new Map<number, number>();
  const commands = await fuzzedCommands();
  await fc.assert(
    fc.asyncProperty(fuzzedArgv(commands, fuzzFiles()), fuzzedStdin, async (argv, stdin) => {
      const code = await expectSaidInWords(argv, stdin, t.env);
      codes.set(code, (codes.get(code) ?? 0) + 1);
    }),
    { numRuns: RUNS, seed: SEED },
  );
  const summary = [...codes].sort(([a], [b]) => a - b).map(([code, count]) => `exit ${code}: ${count}`);
  console.log(
    `argv fuzz, seed ${SEED}, ${commands.length} commands: ${summary.join(', ')} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
});

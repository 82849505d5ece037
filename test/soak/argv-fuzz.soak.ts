import { it } from 'vitest';
import { useService } from '../helpers/cli.js';
import { fuzzCommandLines, inTempFolder } from '../helpers/argv-fuzz.js';

const t = useService();
inTempFolder();

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20_000) / 10;

// The same odd command lines at an English and at a Korean terminal: the Korean words for errors and
// progress are chosen by pattern, and must say every error as plainly as the English does.
for (const [lang, env] of [
  ['English', () => t.env],
  ['Korean', () => ({ ...t.env, LANG: 'ko_KR.UTF-8' })],
] as const) {
  it(`${RUNS} odd command lines at a terminal in ${lang} (seed ${SEED})`, async () => {
    const started = performance.now();
    const { codes, commands } = await fuzzCommandLines(env(), { runs: RUNS, seed: SEED });
    const summary = [...codes].sort(([a], [b]) => a - b).map(([code, count]) => `exit ${code}: ${count}`);
    const took = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `argv fuzz (${lang}), seed ${SEED}, ${commands} commands: ${summary.join(', ')} in ${took} s`,
    );
  });
}

// `npm run bench`: the benchmarks, never part of `npm test`.
//   node bench/run.js [upload|ingest ...] [--rows N] [--runs N] [--seconds N]
import { benchIngest } from './ingest.js';
import { benchUpload } from './upload.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : Number(args[index + 1]);
};
const chosen = args.filter((arg, index) => !arg.startsWith('--') && !args[index - 1]?.startsWith('--'));
const run = (name) => chosen.length === 0 || chosen.includes(name);

if (run('ingest')) await benchIngest({ runs: option('--runs', 3), seconds: option('--seconds', 5) });
if (run('upload')) await benchUpload({ rows: option('--rows', 1_000_000) });

// `npm run bench`: the benchmarks, never part of `npm test`. Options: --rows N (default 1000000).
import { benchUpload } from './upload.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : Number(args[index + 1]);
};

await benchUpload({ rows: option('--rows', 1_000_000) });

// Start-up: `intake --version` against `node -e 0`, interleaved, medians of many runs.
import { measured, median, BIN } from '../lib/processes.js';

export async function startup({ runs = 21 }) {
  const node = [];
  const cli = [];
  for (let run = 0; run < runs; run++) {
    node.push((await measured(process.execPath, ['-e', '0'])).seconds);
    cli.push((await measured(process.execPath, [BIN, '--version'])).seconds);
  }
  return {
    name: 'startup',
    title: 'Start-up: intake --version / node -e 0 (wall time)',
    value: median(cli) / median(node),
    goal: { atMost: 1.5 },
    detail: { intake_ms: Math.round(median(cli) * 1000), node_ms: Math.round(median(node) * 1000) },
  };
}

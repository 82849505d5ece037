// Client commands: the one-shot commands support and scripts call in loops (health, keys check, auth
// status, config list, queue status) against `node -e 0` and `intake --version`, interleaved, medians of
// several runs, each with its peak resident memory. Goals (issue 40): each ≤ 2× `node -e 0`, ≤ 60 MB.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, measured, median, spawnServe } from '../lib/processes.js';

const COMMANDS = [
  ['--version'],
  ['health'],
  ['keys', 'check'],
  ['auth', 'status'],
  ['config', 'list'],
  ['queue', 'status'],
];

export async function clients({ runs = 15 }) {
  const dir = mkdtempSync(join(tmpdir(), 'intake-bench-clients-'));
  const serve = await spawnServe(['--data', join(dir, 'data')]);
  const env = {
    INTAKE_CONFIG_DIR: join(dir, 'config'),
    INTAKE_BASE_URL: serve.url,
    INTAKE_ACCESS_KEY_ID: serve.merchant.access_key_id,
    INTAKE_SECRET_ACCESS_KEY: serve.merchant.secret_access_key,
  };
  const node = { seconds: [], mb: [] };
  const commands = new Map(COMMANDS.map((args) => [args.join(' '), { seconds: [], mb: [] }]));
  try {
    for (let run = 0; run < runs; run++) {
      const base = await measured(process.execPath, ['-e', '0']);
      node.seconds.push(base.seconds);
      node.mb.push(base.peakMb);
      for (const args of COMMANDS) {
        const result = await measured(process.execPath, [BIN, ...args], env);
        if (result.code !== 0)
          throw new Error(`intake ${args.join(' ')} exited with ${result.code}: ${result.stderr}`);
        const runsOf = commands.get(args.join(' '));
        runsOf.seconds.push(result.seconds);
        runsOf.mb.push(result.peakMb);
      }
    }
  } finally {
    await serve.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const nodeMs = median(node.seconds) * 1000;
  const detail = { node_ms: Math.round(nodeMs), node_mb: Math.round(median(node.mb)) };
  let worstRatio = 0;
  let worstMb = 0;
  for (const [name, runsOf] of commands) {
    const ms = median(runsOf.seconds) * 1000;
    const mb = Math.max(...runsOf.mb);
    detail[name] = `${Math.round(ms)} ms ${(ms / nodeMs).toFixed(2)}× ${Math.round(mb)} MB`;
    if (name === '--version') continue;
    worstRatio = Math.max(worstRatio, ms / nodeMs);
    worstMb = Math.max(worstMb, mb);
  }
  return [
    {
      name: 'clients',
      title:
        'Client commands: slowest of health, keys check, auth status, config list, queue status / node -e 0',
      value: worstRatio,
      goal: { atMost: 2 },
      detail,
    },
    {
      name: 'clients-memory',
      title: 'Client commands: peak resident memory of the largest (MB)',
      value: worstMb,
      goal: { atMost: 60 },
      detail: { limited_by: 'Node itself: node -e 0 peaks near 40 MB' },
    },
  ];
}

// Ingest: unique two-item orders POSTed with 50 connections to `intake serve` (auth, contract check,
// durable queue with group commit) and to a bare node:http server that only parses the body and answers
// 202. Rounds alternate between the two; the figure is the ratio of the medians.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postOrders } from '../lib/load.js';
import { median, spawnServe, startBare } from '../lib/processes.js';

export async function ingest({ rounds, seconds = 5, connections = 50 }) {
  const dir = mkdtempSync(join(tmpdir(), 'intake-bench-ingest-'));
  const bare = await startBare();
  const serve = await spawnServe(['--data', join(dir, 'data'), '--apply-delay', '1h']);
  const runs = { bare: [], intake: [] };
  try {
    for (let round = 0; round < rounds; round++) {
      const both = [
        ['bare', bare.url],
        ['intake', serve.url],
      ];
      if (round % 2 === 1) both.reverse();
      for (const [name, url] of both) {
        const result = await postOrders({
          url: `${url}/api/v1/orders/`,
          authorization: serve.authorization,
          connections,
          duration: seconds,
          prefix: `ING-${name}-${round}`,
        });
        if (result.other > 0 || result.errors > 0) {
          throw new Error(`${name} answered ${result.other} non-2xx and ${result.errors} errors`);
        }
        runs[name].push(result);
      }
    }
  } finally {
    await bare.stop();
    await serve.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const bareRps = median(runs.bare.map((run) => run.rps));
  const intakeRps = median(runs.intake.map((run) => run.rps));
  return {
    name: 'ingest',
    title: `Ingest: POST /api/v1/orders/ (2-item orders, ${connections} connections), intake serve / bare node:http`,
    value: intakeRps / bareRps,
    goal: { atLeast: 0.6 },
    detail: {
      intake_rps: Math.round(intakeRps),
      bare_rps: Math.round(bareRps),
      intake_p99_ms: median(runs.intake.map((run) => run.p99)),
      bare_p99_ms: median(runs.bare.map((run) => run.p99)),
      rounds: runs.intake.map((run, index) => [Math.round(run.rps), Math.round(runs.bare[index].rps)]),
    },
  };
}

// Ingest: unique two-item orders POSTed with 50 connections to `intake serve` (auth, contract check,
// durable queue with group commit) and to a bare node:http server that only parses the body and answers
// 202. Rounds alternate between the two; the figure is the ratio of the medians. A bare Fastify app
// answering the same, in the same rounds, says what the framework alone leaves of the bare server; the
// floor (bench/lib/floor-server.js: credentials, the contract's check, an order's body, its item ids and
// its journal row committed in groups on SQLite, nothing else) says what a design that stores each order in the database leaves.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postOrders } from '../lib/load.js';
import { cpuMicros, median, spawnServe, startBare, startFloor } from '../lib/processes.js';

export async function ingest({ rounds, seconds = 5, connections = 50 }) {
  const dir = mkdtempSync(join(tmpdir(), 'intake-bench-ingest-'));
  const bare = await startBare();
  const framework = await startBare({ framework: true });
  const serve = await spawnServe(['--data', join(dir, 'data'), '--apply-delay', '1h']);
  const floor = await startFloor(join(dir, 'floor.db'), serve.authorization);
  const runs = { bare: [], framework: [], floor: [], intake: [] };
  try {
    for (let round = 0; round < rounds; round++) {
      const all = [
        ['bare', bare.url, bare.pid],
        ['framework', framework.url, framework.pid],
        ['floor', floor.url, floor.pid],
        ['intake', serve.url, serve.pid],
      ];
      if (round % 2 === 1) all.reverse();
      for (const [name, url, pid] of all) {
        const cpuBefore = cpuMicros(pid);
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
        // The server's own CPU a request: what it costs, whatever the load generator leaves it.
        result.cpuPerRequest = (cpuMicros(pid) - cpuBefore) / (result.ok + result.other);
        runs[name].push(result);
      }
    }
  } finally {
    await bare.stop();
    await framework.stop();
    await floor.stop();
    await serve.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const bareRps = median(runs.bare.map((run) => run.rps));
  const intakeRps = median(runs.intake.map((run) => run.rps));
  const frameworkRps = median(runs.framework.map((run) => run.rps));
  const floorRps = median(runs.floor.map((run) => run.rps));
  return {
    name: 'ingest',
    title: `Ingest: POST /api/v1/orders/ (2-item orders, ${connections} connections), intake serve / bare node:http`,
    value: intakeRps / bareRps,
    goal: { atLeast: 0.6 },
    detail: {
      intake_rps: Math.round(intakeRps),
      bare_rps: Math.round(bareRps),
      // The ceiling the framework sets: a bare Fastify app answering 202 / the bare node:http server.
      framework_rps: Math.round(frameworkRps),
      framework_ratio: Number((frameworkRps / bareRps).toFixed(3)),
      // The ceiling of a design that checks each order and commits it durably with its journal row.
      floor_rps: Math.round(floorRps),
      floor_ratio: Number((floorRps / bareRps).toFixed(3)),
      // Each server's CPU a request (µs): the service's work beside the framework's and Node's HTTP.
      cpu_us_per_request: Object.fromEntries(
        Object.entries(runs).map(([name, list]) => [
          name,
          Math.round(median(list.map((run) => run.cpuPerRequest))),
        ]),
      ),
      intake_p99_ms: median(runs.intake.map((run) => run.p99)),
      bare_p99_ms: median(runs.bare.map((run) => run.p99)),
      // Each round's intake serve, bare server, bare Fastify app and floor, in requests a second.
      rounds: runs.intake.map((run, index) => [
        Math.round(run.rps),
        Math.round(runs.bare[index].rps),
        Math.round(runs.framework[index].rps),
        Math.round(runs.floor[index].rps),
      ]),
    },
  };
}

// PostgreSQL: ingest of 1, 2 and 4 `intake serve` processes on one database (`--workers N`) against the
// same bare node:http reference, side by side with the SQLite service in the same rounds (the order of
// the five rotates each round); and the worker's apply rate on PostgreSQL. The cluster is a throw-away
// one with fsync on (each 202 waits for a durable commit, as on SQLite). The floor of a durable, checked
// ingest on the same database (bench/lib/floor-server.js: one statement a group) runs in the same rounds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { postOrders } from '../lib/load.js';
import { applyRates } from './apply.js';
import { startPostgresCluster } from '../lib/postgres-cluster.js';
import { median, spawnServe, startBare, startFloor } from '../lib/processes.js';

const WORKERS = [1, 2, 4];

async function database(cluster, name) {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(cluster.url);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function postgres({ rounds, seconds = 5, connections = 50, orders = 20_000 }) {
  const cluster = await startPostgresCluster({ durable: true });
  if (cluster === undefined) {
    console.log('         PostgreSQL is not installed here: the PostgreSQL figures are left out.');
    return [];
  }
  const dir = mkdtempSync(join(tmpdir(), 'intake-bench-pg-'));
  const targets = [];
  try {
    targets.push({ name: 'bare', ...(await startBare()) });
    const sqlite = await spawnServe(['--data', join(dir, 'data'), '--apply-delay', '1h']);
    targets.push({ name: 'sqlite', ...sqlite });
    targets.push({
      name: 'floor',
      ...(await startFloor(await database(cluster, 'floor'), sqlite.authorization)),
    });
    for (const workers of WORKERS) {
      const url = await database(cluster, `ingest_${workers}`);
      const serve = await spawnServe([
        '--database-url',
        url,
        '--workers',
        String(workers),
        '--apply-delay',
        '1h',
      ]);
      targets.push({ name: `postgres_${workers}`, ...serve });
    }
    const runs = Object.fromEntries(targets.map((target) => [target.name, []]));
    for (let round = 0; round < rounds; round++) {
      const order = [...targets.slice(round % targets.length), ...targets.slice(0, round % targets.length)];
      for (const target of order) {
        const result = await postOrders({
          url: `${target.url}/api/v1/orders/`,
          authorization: target.authorization ?? sqlite.authorization,
          connections,
          duration: seconds,
          prefix: `PG-${target.name}-${round}`,
        });
        if (result.other > 0 || result.errors > 0) {
          throw new Error(`${target.name} answered ${result.other} non-2xx and ${result.errors} errors`);
        }
        runs[target.name].push(result);
      }
    }
    const rps = (name) => median(runs[name].map((run) => run.rps));
    const figures = WORKERS.map((workers) => ({
      name: `ingest_postgres_${workers}`,
      title: `Ingest on PostgreSQL, ${workers} process${workers > 1 ? 'es' : ''} (--workers ${workers}) / bare node:http`,
      value: rps(`postgres_${workers}`) / rps('bare'),
      // Issue 40: at least 0.4 with one process; the earlier goal of 0.6 stands for several.
      goal: { atLeast: workers === 1 ? 0.4 : 0.6 },
      detail: {
        rps: Math.round(rps(`postgres_${workers}`)),
        bare_rps: Math.round(rps('bare')),
        sqlite_rps: Math.round(rps('sqlite')),
        sqlite_ratio: Number((rps('sqlite') / rps('bare')).toFixed(2)),
        // The ceiling of a design that checks each order and commits it with its journal row here.
        floor_rps: Math.round(rps('floor')),
        floor_ratio: Number((rps('floor') / rps('bare')).toFixed(2)),
        p99_ms: median(runs[`postgres_${workers}`].map((run) => run.p99)),
        rounds: runs[`postgres_${workers}`].map((run) => Math.round(run.rps)),
      },
    }));
    for (const target of targets) await target.stop();
    targets.length = 0;

    // Apply: one process's worker applying `orders` queued orders at once.
    const url = await database(cluster, 'apply');
    const serve = await spawnServe(['--database-url', url, '--apply-delay', '1h']);
    targets.push({ name: 'apply', ...serve });
    const rates = await applyRates({ serve, orders, rounds, prefix: 'PG-APPLY' });
    figures.push({
      name: 'apply_postgres',
      title: `Apply on PostgreSQL: the worker applying ${orders.toLocaleString('en-US')} queued 2-item orders (orders/s)`,
      value: median(rates),
      goal: { atLeast: 50_000 },
      detail: { rounds: rates.map(Math.round) },
    });
    return figures;
  } finally {
    for (const target of targets) await target.stop();
    cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

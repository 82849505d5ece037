// Bulk: `intake order create` of a 30,000-order CSV (check and send, --concurrency 16), against
// autocannon posting the same kind of orders to the same server with 16 connections. The CLI's figure
// is its whole run: start-up, the check pass and the sending. The same upload to a bare server that
// answers at once is measured too: the upload's own ceiling, whatever the service does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postOrders } from '../lib/load.js';
import { writeOrdersCsv } from '../lib/orders.js';
import { intake, median, spawnServe, startBare } from '../lib/processes.js';

/** Uploads `file` with the CLI to the service at `url`; resolves with orders per second, whole run. */
async function upload({ file, orders, concurrency, url, merchant, dataDir }) {
  const run = await intake(
    ['order', 'create', file, '--concurrency', String(concurrency), '--json', '--quiet'],
    {
      INTAKE_CONFIG_DIR: join(dataDir, 'config'),
      INTAKE_DATA_DIR: dataDir,
      INTAKE_BASE_URL: url,
      // The bare server takes any credentials: the service's merchant's are given to both.
      INTAKE_ACCESS_KEY_ID: merchant.access_key_id,
      INTAKE_SECRET_ACCESS_KEY: merchant.secret_access_key,
    },
  );
  if (run.code !== 0 || run.summary?.accepted !== orders) {
    throw new Error(
      `the upload to ${url} ended with ${run.code}: ${JSON.stringify(run.summary)}\n${run.stderr}`,
    );
  }
  return orders / run.seconds;
}

export async function bulk({ rounds, orders = 30_000, concurrency = 16 }) {
  const dir = mkdtempSync(join(tmpdir(), 'intake-bench-bulk-'));
  const serve = await spawnServe(['--data', join(dir, 'data'), '--apply-delay', '1h']);
  const bare = await startBare();
  const runs = { cli: [], autocannon: [], alone: [] };
  try {
    for (let round = 0; round < rounds; round++) {
      const file = join(dir, `orders-${round}.csv`);
      await writeOrdersCsv(file, `BULK-${round}`, orders);
      const each = { file, orders, concurrency, merchant: serve.merchant };
      runs.cli.push(await upload({ ...each, url: serve.url, dataDir: join(dir, `cli-${round}`) }));
      runs.alone.push(await upload({ ...each, url: bare.url, dataDir: join(dir, `alone-${round}`) }));
      const load = await postOrders({
        url: `${serve.url}/api/v1/orders/`,
        authorization: serve.authorization,
        connections: concurrency,
        amount: orders,
        prefix: `BULK-AC-${round}`,
      });
      if (load.other > 0 || load.errors > 0) throw new Error(`autocannon saw ${load.other} non-2xx answers`);
      runs.autocannon.push(load.rps);
    }
  } finally {
    await bare.stop();
    await serve.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const cli = median(runs.cli);
  const load = median(runs.autocannon);
  const alone = median(runs.alone);
  return {
    name: 'bulk',
    title: `Bulk: intake order create of ${orders.toLocaleString('en-US')} orders (--concurrency ${concurrency}) / autocannon, ${concurrency} connections`,
    value: cli / load,
    goal: { atLeast: 0.85 },
    detail: {
      cli_orders_per_s: Math.round(cli),
      autocannon_orders_per_s: Math.round(load),
      // The same upload to a server that answers at once, against the same reference: the most the
      // upload could reach however fast the service.
      cli_to_bare_server_orders_per_s: Math.round(alone),
      ceiling: Number((alone / load).toFixed(2)),
      rounds: runs.cli.map((rate, index) => [
        Math.round(rate),
        Math.round(runs.autocannon[index]),
        Math.round(runs.alone[index]),
      ]),
    },
  };
}

// Bulk: `intake order create` of a 30,000-order CSV (check and send, --concurrency 16), against
// autocannon posting the same kind of orders to the same server with 16 connections. The CLI's figure
// is its whole run: start-up, the check pass and the sending.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postOrders } from '../lib/load.js';
import { writeOrdersCsv } from '../lib/orders.js';
import { intake, median, spawnServe } from '../lib/processes.js';

export async function bulk({ rounds, orders = 30_000, concurrency = 16 }) {
  const dir = mkdtempSync(join(tmpdir(), 'intake-bench-bulk-'));
  const serve = await spawnServe(['--data', join(dir, 'data'), '--apply-delay', '1h']);
  const runs = { cli: [], autocannon: [] };
  try {
    for (let round = 0; round < rounds; round++) {
      const file = join(dir, `orders-${round}.csv`);
      await writeOrdersCsv(file, `BULK-${round}`, orders);
      const run = await intake(
        ['order', 'create', file, '--concurrency', String(concurrency), '--json', '--quiet'],
        {
          INTAKE_CONFIG_DIR: join(dir, 'config'),
          INTAKE_DATA_DIR: join(dir, `cli-${round}`),
          INTAKE_BASE_URL: serve.url,
          INTAKE_ACCESS_KEY_ID: serve.merchant.accessKeyId,
          INTAKE_SECRET_ACCESS_KEY: serve.merchant.secretAccessKey,
        },
      );
      if (run.code !== 0 || run.summary?.accepted !== orders) {
        throw new Error(`the upload ended with ${run.code}: ${JSON.stringify(run.summary)}\n${run.stderr}`);
      }
      runs.cli.push(orders / run.seconds);
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
    await serve.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const cli = median(runs.cli);
  const load = median(runs.autocannon);
  return {
    name: 'bulk',
    title: `Bulk: intake order create of ${orders.toLocaleString('en-US')} orders (--concurrency ${concurrency}) / autocannon, ${concurrency} connections`,
    value: cli / load,
    goal: { atLeast: 0.85 },
    detail: {
      cli_orders_per_s: Math.round(cli),
      autocannon_orders_per_s: Math.round(load),
      rounds: runs.cli.map((rate, index) => [Math.round(rate), Math.round(runs.autocannon[index])]),
    },
  };
}

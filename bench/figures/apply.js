// Apply: the worker applying 50,000 queued two-item orders at once (POST /local/queue/apply).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postOrders } from '../lib/load.js';
import { median, spawnServe } from '../lib/processes.js';

/** Queues `orders` two-item orders, then times POST /local/queue/apply; once per round, in orders/s. */
export async function applyRates({ serve, orders, rounds, prefix }) {
  const rates = [];
  for (let round = 0; round < rounds; round++) {
    const load = await postOrders({
      url: `${serve.url}/api/v1/orders/`,
      authorization: serve.authorization,
      connections: 32,
      amount: orders,
      prefix: `${prefix}-${round}`,
    });
    if (load.ok !== orders) throw new Error(`only ${load.ok} of ${orders} orders were queued`);
    const started = performance.now();
    const response = await fetch(`${serve.url}/local/queue/apply`, {
      method: 'POST',
      headers: { authorization: serve.authorization },
    });
    const seconds = (performance.now() - started) / 1000;
    const run = await response.json();
    if (run.applied !== orders) throw new Error(`applied ${JSON.stringify(run)}`);
    rates.push(orders / seconds);
  }
  return rates;
}

export async function apply({ rounds, orders = 50_000 }) {
  const dir = mkdtempSync(join(tmpdir(), 'intake-bench-apply-'));
  const serve = await spawnServe(['--data', join(dir, 'data'), '--apply-delay', '1h']);
  let rates;
  try {
    rates = await applyRates({ serve, orders, rounds, prefix: 'APPLY' });
  } finally {
    await serve.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    name: 'apply',
    title: `Apply: the worker applying ${orders.toLocaleString('en-US')} queued 2-item orders (orders/s)`,
    value: median(rates),
    goal: { atLeast: 50_000 },
    detail: { rounds: rates.map(Math.round) },
  };
}

// A load generator in its own process: POSTs products (unique ids) for a while over a pool of keep-alive
// connections and prints {requests, rps, statuses} as JSON. Usage: node bench/load.js URL AUTH SECONDS CONNECTIONS
import { Pool } from 'undici';

const [url, authorization, seconds = '5', connections = '64'] = process.argv.slice(2);
const target = new URL(url);
const pool = new Pool(target.origin, { connections: Number(connections) });
const statuses = {};
let sent = 0;
let running = true;
const run = `${process.pid}-${Date.now()}`;

async function worker() {
  while (running) {
    const id = `P-${run}-${sent++}`;
    const response = await pool.request({
      path: target.pathname,
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ id, name: `상품 ${id}`, image_url: `https://shop.example.com/img/${id}.jpg` }),
    });
    await response.body.dump();
    statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
  }
}

const started = performance.now();
setTimeout(() => (running = false), Number(seconds) * 1000);
await Promise.all(Array.from({ length: Number(connections) }, worker));
const elapsed = (performance.now() - started) / 1000;
const requests = Object.values(statuses).reduce((a, b) => a + b, 0);
await pool.close();
process.stdout.write(`${JSON.stringify({ requests, rps: requests / elapsed, statuses })}\n`);

// Ingest: creates per second accepted by `intake serve` (validation, auth, durable queue with group
// commit) against a bare node:http server that only parses the body and answers 202, under the same load
// from another process. Runs alternate between the two; medians and their ratio are reported.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServe } from './serve.js';

const LOAD = join(import.meta.dirname, 'load.js');
const BARE = `
  const http = require('node:http');
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(202, { 'content-type': 'application/json' });
      res.end('{"message":"Product creation request has been queued."}');
    });
  });
  server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ url: 'http://127.0.0.1:' + server.address().port })));
`;

function startBare() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', BARE], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.once('data', (chunk) =>
      resolve({ url: JSON.parse(String(chunk)).url, stop: () => child.kill() }),
    );
  });
}

function load(url, authorization, seconds, connections) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [LOAD, url, authorization, String(seconds), String(connections)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load exited ${code}`)),
    );
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function benchIngest({ runs = 3, seconds = 5, connections = 64 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'intake-ingest-'));
  const bare = await startBare();
  const serve = await spawnServe(['--data', join(dir, 'data'), '--apply-delay', '1h', '--quiet']);
  const authorization = `Basic ${Buffer.from(`${serve.merchant.accessKeyId}:${serve.merchant.secretAccessKey}`).toString('base64')}`;
  const results = { bare: [], intake: [] };
  try {
    for (let run = 0; run < runs; run++) {
      const b = await load(`${bare.url}/api/v1/products/`, authorization, seconds, connections);
      const i = await load(`${serve.url}/api/v1/products/`, authorization, seconds, connections);
      if (Object.keys(i.statuses).some((status) => status !== '202'))
        throw new Error(`intake answered ${JSON.stringify(i.statuses)}`);
      results.bare.push(b.rps);
      results.intake.push(i.rps);
    }
  } finally {
    bare.stop();
    await serve.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const bareRps = median(results.bare);
  const intakeRps = median(results.intake);
  console.log(`ingest: ${runs} runs of ${seconds} s, ${connections} connections, load from another process`);
  console.log(
    `  bare node:http (parse, 202):        median ${bareRps.toFixed(0)} req/s  [${results.bare.map((r) => r.toFixed(0)).join(', ')}]`,
  );
  console.log(
    `  intake serve (auth, check, commit): median ${intakeRps.toFixed(0)} req/s  [${results.intake.map((r) => r.toFixed(0)).join(', ')}]`,
  );
  console.log(`  ratio: ${((intakeRps / bareRps) * 100).toFixed(0)} %`);
  return { bareRps, intakeRps };
}

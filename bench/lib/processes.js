// The processes a benchmark runs: `intake serve`, a bare node:http server, and the CLI itself, whose
// wall time and peak resident memory (VmHWM from /proc, Linux) are measured.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const BIN = join(import.meta.dirname, '..', '..', 'bin', 'intake.js');

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The kernel's clock ticks a second, in which /proc counts CPU time (100 on Linux's usual builds). */
const TICKS = 100;

/** CPU time a process has used so far (user and system, all its threads), in µs, from /proc (Linux). */
export function cpuMicros(pid) {
  // Fields 14 and 15 of /proc/PID/stat, counted after the command's name (which may hold spaces).
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS;
}

/**
 * Ends a child process and resolves once it is gone; at once if it has already exited (killed from
 * outside, or crashed), whose `exit` event would never come again.
 */
const stopChild = (child) =>
  new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });

/** Starts `bin/intake.js serve` on a free port; resolves with its URL, first merchant and a stop function. */
export function spawnServe(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--json', '--quiet', ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (!out.includes('\n')) return;
      const { url, merchants } = JSON.parse(out.split('\n')[0]);
      const merchant = merchants[0];
      resolve({
        url,
        pid: child.pid,
        merchant,
        authorization: `Basic ${Buffer.from(`${merchant.access_key_id}:${merchant.secret_access_key}`).toString('base64')}`,
        stop: () => stopChild(child),
      });
    });
    child.once('exit', (code) => reject(new Error(`intake serve exited with ${code}`)));
  });
}

/** A bare node:http server that reads and parses the JSON body and answers 202: the ceiling. */
const BARE = `
  const http = require('node:http');
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(202, { 'content-type': 'application/json' });
      res.end('{"message":"Order creation request has been queued."}');
    });
  });
  server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ url: 'http://127.0.0.1:' + server.address().port })));
`;

/**
 * The same answer from a bare Fastify app (the framework `intake serve` is built on, with its own JSON
 * body parser and nothing else): what the framework alone leaves of the bare server.
 */
const BARE_FASTIFY = `
  const app = require('fastify')({ logger: false });
  app.post('/api/v1/orders/', async (request, reply) => {
    reply.code(202);
    return { message: 'Order creation request has been queued.' };
  });
  app.listen({ port: 0, host: '127.0.0.1' }).then(() => console.log(JSON.stringify({ url: 'http://127.0.0.1:' + app.server.address().port })));
`;

/** Starts a server process that prints `{"url": …}` once listening; resolves with its URL, pid and stop. */
function startListening(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: join(import.meta.dirname, '..', '..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.once('data', (chunk) =>
      resolve({
        url: JSON.parse(String(chunk)).url,
        pid: child.pid,
        stop: () => stopChild(child),
      }),
    );
  });
}

/** Starts the bare node:http server, or with `framework` the bare Fastify app. */
export const startBare = ({ framework = false } = {}) =>
  startListening(['-e', framework ? BARE_FASTIFY : BARE]);

/**
 * Starts the floor of a durable, checked ingest (`floor-server.js`) on a new SQLite `database`,
 * taking the credentials `authorization` (a whole `Basic …` header).
 */
export const startFloor = (database, authorization) =>
  startListening([join(import.meta.dirname, 'floor-server.js'), database, authorization]);

/** Runs a command, sampling its peak resident memory until it exits. */
export function measured(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let peakKb = 0;
    const sample = () => {
      try {
        const hwm = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (hwm) peakKb = Math.max(peakKb, Number(hwm[1]));
      } catch {
        // the process has just exited
      }
    };
    const timer = setInterval(sample, 25);
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(timer);
      const lines = stdout.trim().split('\n').filter(Boolean);
      let summary;
      try {
        summary = lines.length > 0 ? JSON.parse(lines.at(-1)) : undefined;
      } catch {
        summary = undefined;
      }
      resolve({
        code,
        seconds: (performance.now() - started) / 1000,
        peakMb: peakKb / 1024,
        summary,
        stderr,
      });
    });
  });
}

/** Runs the CLI (bin/intake.js) measured. */
export const intake = (args, env) => measured(process.execPath, [BIN, ...args], env);

import { ORDERS_HEADER } from '../helpers/samples.js';
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { keepHeapTightFor, LARGE_INPUT_BYTES } from '../../src/util/heap.js';
import { runBin } from '../helpers/spawn.js';
import { tempDir } from '../helpers/temp.js';

const built = pathToFileURL(join(import.meta.dirname, '..', '..', 'dist', 'util', 'heap.js')).href;
const undici = pathToFileURL(createRequire(import.meta.url).resolve('undici')).href;
const builtWorker = pathToFileURL(join(import.meta.dirname, '..', '..', 'dist', 'util', 'worker.js')).href;

/**
 * A pass over a large file, in small: 300,000 objects held throughout, rows that live long enough to be
 * promoted and are then dropped. Prints the old generation's largest size, in MB.
 */
const PASS = `
  import v8 from 'node:v8';
  const { keepHeapTight } = await import(${JSON.stringify(built)});
  if (process.argv[1] === 'tight') keepHeapTight();
  const held = [];
  for (let i = 0; i < 300_000; i++) held.push({ id: 'x' + i, n: i });
  let rows = [];
  let peak = 0;
  for (let i = 0; i < 3_000_000; i++) {
    rows.push({ i, text: 'row ' + i });
    if (rows.length > 200_000) rows = [];
    if (i % 10_000 === 0) {
      const old = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space');
      peak = Math.max(peak, old.space_size);
    }
  }
  console.log(peak / 2 ** 20, held.length);
`;

async function peakOldSpace(mode: 'tight' | 'default'): Promise<number> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', PASS, mode]);
  return Number(stdout.split(' ')[0]);
}

/**
 * Objects made and dropped with a third of them alive at any time, as while modules load or rows
 * stream; then the young generation's largest size, in MB. `setup` runs first, with `heap` (and
 * `startWorker`) imported from the build; `CHURN` churns, and `young` is the size so far.
 */
const YOUNG = (setup: string) => `
  import v8 from 'node:v8';
  import { Worker } from 'node:worker_threads';
  const heap = await import(${JSON.stringify(built)});
  const { startWorker } = await import(${JSON.stringify(builtWorker)});
  const size = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size;
  let largest = size();
  const churn = () => {
    let kept = [];
    for (let i = 0; i < 1_500_000; i++) {
      kept.push({ i, text: 'row ' + i });
      if (kept.length > 200_000) kept = [];
      if (i % 20_000 === 0) largest = Math.max(largest, size());
    }
  };
  const CHURN = 'let kept = []; for (let i = 0; i < 1500000; i++) { kept.push({ i, text: "row " + i }); if (kept.length > 200000) kept = []; }';
  ${setup}
  churn();
  console.log(largest / 2 ** 20);
`;

async function youngGeneration(setup: string): Promise<number> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', YOUNG(setup)]);
  return Number(stdout);
}

/** Runs a worker thread that churns too, and waits for it to end. */
const WORKER = (start: string) => `
  const worker = ${start}(new URL('data:text/javascript,' + encodeURIComponent(CHURN)), {});
  await new Promise((resolve) => worker.once('exit', resolve));
`;

describe('the young generation', () => {
  // V8 doubles it (1 MB a semi-space) up to 16 MB a semi-space while much of it survives: 32 MB here.
  it('stays at its starting size while kept small, and grows once let grow', async () => {
    const [small, grown, byDefault] = await Promise.all([
      youngGeneration('heap.keepYoungGenerationSmall();'),
      youngGeneration('heap.keepYoungGenerationSmall(); heap.letYoungGenerationGrow();'),
      youngGeneration(''),
    ]);
    expect(small).toBeLessThanOrEqual(2);
    expect(grown).toBeGreaterThanOrEqual(16);
    expect(byDefault).toBeGreaterThanOrEqual(16);
  });

  it('is let grow for a small upload, and stays small for a large one', async () => {
    const [small, large] = await Promise.all([
      youngGeneration('heap.keepYoungGenerationSmall(); heap.keepHeapTightFor(7_000_000);'),
      youngGeneration('heap.keepYoungGenerationSmall(); heap.keepHeapTightFor(heap.LARGE_INPUT_BYTES);'),
    ]);
    expect(small).toBeGreaterThanOrEqual(16);
    expect(large).toBeLessThanOrEqual(2);
  });

  // Setting up a worker's heap puts V8's growth factor back for the whole process (the sheet of a
  // large workbook is read on one): what startWorker undoes.
  it('stays small in a process that starts a worker thread with startWorker, not with a plain Worker', async () => {
    const [started, plain] = await Promise.all([
      youngGeneration(`heap.keepYoungGenerationSmall(); ${WORKER('startWorker')}`),
      youngGeneration(`heap.keepYoungGenerationSmall(); ${WORKER('new Worker')}`),
    ]);
    expect(started).toBeLessThanOrEqual(2);
    expect(plain).toBeGreaterThanOrEqual(16);
  });
});

/** Notes the main thread's largest young generation at every collection, and writes it (MB) at exit. */
const PROBE = `
  import v8 from 'node:v8';
  import { writeFileSync } from 'node:fs';
  import { PerformanceObserver } from 'node:perf_hooks';
  import { isMainThread } from 'node:worker_threads';
  if (isMainThread) {
    let largest = 0;
    const look = () => {
      const young = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
      largest = Math.max(largest, young.space_size);
    };
    new PerformanceObserver(look).observe({ entryTypes: ['gc'] });
    process.on('exit', () => { look(); writeFileSync(process.env.YOUNG_OUT, String(largest / 2 ** 20)); });
  }
`;

describe('the CLI', () => {
  // Rows of about 2 KB (long image URLs): over 16 MB in 8,400 rows, checked in a second or two.
  it('keeps the young generation small from its start through the dry run of a large file', async () => {
    const dir = tempDir('intake-young-');
    const lines = [ORDERS_HEADER];
    const path = 'x'.repeat(1990);
    for (let i = 1; i <= 4200; i++) {
      for (const n of [1, 2])
        lines.push(
          `Y-${i},홍길동,010-1234-5678,Y-${i}-${n},P-${n},상품 ${n},https://x.example.com/${path}/${i}.png`,
        );
    }
    const file = join(dir, 'large.csv');
    writeFileSync(file, `${lines.join('\n')}\n`);
    expect(readFileSync(file).length).toBeGreaterThan(LARGE_INPUT_BYTES);
    writeFileSync(join(dir, 'probe.mjs'), PROBE);
    const out = join(dir, 'young.txt');
    const run = await runBin(['order', 'create', file, '--dry-run', '--json', '--quiet'], {
      env: {
        INTAKE_CONFIG_DIR: join(dir, 'config'),
        INTAKE_DATA_DIR: join(dir, 'data'),
        NODE_OPTIONS: `--import=${join(dir, 'probe.mjs')}`,
        YOUNG_OUT: out,
      },
    });
    expect(run.code, run.stderr).toBe(0);
    // Without the entry (bin/intake.js) keeping it small from the start, it grew to 32 MB.
    expect(Number(readFileSync(out, 'utf8'))).toBeLessThanOrEqual(2);
  });
});

describe('keepHeapTight', () => {
  // What the upload relies on: this Node's V8 honours the setting when it is changed in a running process.
  it('keeps the old generation of a process that streams rows well below what V8 would let it reach', async () => {
    const [loose, tight] = await Promise.all([peakOldSpace('default'), peakOldSpace('tight')]);
    // Measured: 127-170 MB without, 64-78 MB with.
    expect(tight).toBeLessThan(loose * 0.75);
  });

  it("is set for large inputs only: a small upload keeps V8's own sizing, which is a little faster", () => {
    expect(keepHeapTightFor(7_000_000)).toBe(false);
    expect(keepHeapTightFor(LARGE_INPUT_BYTES - 1)).toBe(false);
    expect(keepHeapTightFor(LARGE_INPUT_BYTES)).toBe(true);
  });

  // undici's HTTP parser is WebAssembly: once hot, V8 compiled it again with its optimising compiler,
  // for a moment about 40 MB more than the upload's peak had been.
  it('keeps the HTTP client from compiling its parser a second time, at 40 MB', async () => {
    const [tight, loose] = await Promise.all([peakWhileRequesting('tight'), peakWhileRequesting('default')]);
    // Measured: 11-16 MB with, 43-47 MB without.
    expect(tight).toBeLessThan(25);
    expect(loose).toBeGreaterThan(30);
  });
});

/**
 * 2,000 requests through undici to a server in the same process answering 202 as the service does;
 * prints how much the process's peak resident memory grew meanwhile, in MB.
 */
const REQUESTS = `
  import http from 'node:http';
  import { readFileSync } from 'node:fs';
  const { keepHeapTight } = await import(${JSON.stringify(built)});
  const { Pool } = await import(${JSON.stringify(undici)});
  if (process.argv[1] === 'tight') keepHeapTight();
  const peak = () => Number(/VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(202, { 'content-type': 'application/json' }).end('{"message":"queued"}'));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const pool = new Pool('http://127.0.0.1:' + server.address().port, { connections: 8 });
  const before = peak();
  let sent = 0;
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (sent++ < 2000) await (await pool.request({ path: '/', method: 'POST', body: '{"id":"x"}' })).body.dump();
  }));
  console.log(peak() - before);
  await pool.close();
  server.close();
`;

async function peakWhileRequesting(mode: 'tight' | 'default'): Promise<number> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--input-type=module',
    '-e',
    REQUESTS,
    mode,
  ]);
  return Number(stdout);
}

// Bulk upload at scale: a generated orders CSV (default 1,000,000 rows) checked and uploaded by the real
// CLI (bin/intake.js) against `intake serve` in another process. Reports time, rate and the CLI's peak
// resident memory (VmHWM from /proc, Linux), for a dry run (check only) and for the upload.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, spawnServe } from './serve.js';

const NAMES = ['김민지', '이서준', '박지훈', '최유나', '정하늘'];

/** Writes `rows` order rows: orders of 1 to 4 items, a quarter of them guest orders. */
export async function writeOrdersCsv(path, rows) {
  const out = createWriteStream(path);
  out.write(
    'order_id,member_id,recipient_name,recipient_cellphone,item_id,product_id,product_name,product_image_url,product_option\n',
  );
  let written = 0;
  let order = 0;
  while (written < rows) {
    order += 1;
    const id = `ORD-${String(order).padStart(7, '0')}`;
    const items = 1 + (order % 3) + (order % 5 === 0 ? 1 : 0);
    for (let n = 1; n <= items && written < rows; n++) {
      written += 1;
      const product = `P-${1000 + ((order * 7 + n) % 500)}`;
      const line = [
        id,
        order % 4 === 0 ? '' : `M-${order % 9000}`,
        NAMES[order % 5],
        `010-${String(1000 + (order % 9000)).padStart(4, '0')}-${String(order % 10000).padStart(4, '0')}`,
        `${id}-${n}`,
        product,
        `상품 ${product}`,
        `https://shop.example.com/img/${product}.jpg`,
        n === 1 ? '옵션A|옵션B' : '',
      ].join(',');
      if (!out.write(`${line}\n`)) await once(out, 'drain');
    }
  }
  out.end();
  await once(out, 'finish');
  return order;
}

/** Runs bin/intake.js and samples its peak resident memory until it exits. */
export function measured(args, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    let peakKb = 0;
    const sample = () => {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const hwm = /VmHWM:\s+(\d+)/.exec(status);
        if (hwm) peakKb = Math.max(peakKb, Number(hwm[1]));
      } catch {
        // the process has just exited
      }
    };
    const timer = setInterval(sample, 50);
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(timer);
      resolve({
        code,
        seconds: (performance.now() - started) / 1000,
        peakMb: peakKb / 1024,
        summary: stdout ? JSON.parse(stdout) : undefined,
      });
    });
  });
}

export async function benchUpload({ rows }) {
  const dir = mkdtempSync(join(tmpdir(), 'intake-bench-'));
  try {
    const file = join(dir, 'orders.csv');
    const orders = await writeOrdersCsv(file, rows);
    console.log(`upload: ${rows.toLocaleString('en-US')} rows, ${orders.toLocaleString('en-US')} orders`);
    const serve = await spawnServe(['--data', join(dir, 'data'), '--apply-delay', '1h', '--quiet']);
    const env = {
      INTAKE_CONFIG_DIR: join(dir, 'config'),
      INTAKE_BASE_URL: serve.url,
      INTAKE_ACCESS_KEY_ID: serve.merchant.accessKeyId,
      INTAKE_SECRET_ACCESS_KEY: serve.merchant.secretAccessKey,
    };
    try {
      const dry = await measured(['order', 'create', file, '--dry-run', '--json', '--quiet'], env);
      console.log(
        `  check only (--dry-run): ${dry.seconds.toFixed(1)} s, ${(rows / dry.seconds).toFixed(0)} rows/s, peak RSS ${dry.peakMb.toFixed(0)} MB`,
      );
      const upload = await measured(
        ['order', 'create', file, '--concurrency', '16', '--json', '--quiet'],
        env,
      );
      const accepted = upload.summary?.accepted ?? 0;
      console.log(
        `  check and upload: ${upload.seconds.toFixed(1)} s, ${(accepted / upload.seconds).toFixed(0)} orders/s, ` +
          `${accepted.toLocaleString('en-US')} accepted, exit ${upload.code}, peak RSS ${upload.peakMb.toFixed(0)} MB`,
      );
      return { rows, orders, dry, upload };
    } finally {
      await serve.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

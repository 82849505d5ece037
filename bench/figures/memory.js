// Memory: the CLI's peak resident memory on a 1,000,000-row orders CSV (dry run, and upload to a local
// service) and on a 1,000,000-row Smartstore-shaped workbook (dry run, with a catalog).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeOrdersCsv } from '../lib/orders.js';
import { intake, spawnServe } from '../lib/processes.js';
import { smartstoreWorkbook } from '../lib/workbook.js';

const checked = (run, what) => {
  if (run.code !== 0) throw new Error(`${what} ended with ${run.code}\n${run.stderr.slice(-2000)}`);
  return run;
};

export async function csvMemory({ rows = 1_000_000, upload = true }) {
  const dir = mkdtempSync(join(tmpdir(), 'intake-bench-memory-'));
  const file = join(dir, 'orders.csv');
  await writeOrdersCsv(file, 'MEM', rows / 2);
  const serve = upload ? await spawnServe(['--data', join(dir, 'data'), '--apply-delay', '1h']) : undefined;
  const env = {
    INTAKE_CONFIG_DIR: join(dir, 'config'),
    INTAKE_DATA_DIR: join(dir, 'cli'),
    ...(serve
      ? {
          INTAKE_BASE_URL: serve.url,
          INTAKE_ACCESS_KEY_ID: serve.merchant.access_key_id,
          INTAKE_SECRET_ACCESS_KEY: serve.merchant.secret_access_key,
        }
      : {}),
  };
  try {
    const dry = checked(
      await intake(['order', 'create', file, '--dry-run', '--json', '--quiet'], env),
      'the dry run',
    );
    const figures = [
      {
        name: 'csv_dry_run_memory',
        title: `${rows.toLocaleString('en-US')}-row orders CSV, dry run: peak RSS (MB)`,
        value: dry.peakMb,
        goal: { atMost: 120 },
        detail: { seconds: Number(dry.seconds.toFixed(1)), rows_per_s: Math.round(rows / dry.seconds) },
      },
    ];
    if (serve) {
      const sent = checked(
        await intake(['order', 'create', file, '--concurrency', '16', '--json', '--quiet'], env),
        'the upload',
      );
      figures.push({
        name: 'csv_upload_memory',
        title: `${rows.toLocaleString('en-US')}-row orders CSV, upload: peak RSS (MB)`,
        value: sent.peakMb,
        goal: { atMost: 120 },
        detail: {
          seconds: Number(sent.seconds.toFixed(1)),
          orders_per_s: Math.round((sent.summary?.accepted ?? 0) / sent.seconds),
          accepted: sent.summary?.accepted,
        },
      });
    }
    return figures;
  } finally {
    await serve?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function xlsxMemory({ rows = 1_000_000 }) {
  const { path, catalog } = await smartstoreWorkbook(rows);
  const dir = mkdtempSync(join(tmpdir(), 'intake-bench-xlsx-'));
  try {
    const dry = checked(
      await intake(['order', 'create', path, '--products', catalog, '--dry-run', '--json', '--quiet'], {
        INTAKE_CONFIG_DIR: join(dir, 'config'),
        INTAKE_DATA_DIR: join(dir, 'cli'),
      }),
      'the workbook dry run',
    );
    return [
      {
        name: 'xlsx_dry_run_memory',
        title: `${rows.toLocaleString('en-US')}-row .xlsx (Smartstore download), dry run: peak RSS (MB)`,
        value: dry.peakMb,
        goal: { atMost: 150 },
        detail: { seconds: Number(dry.seconds.toFixed(1)), rows_per_s: Math.round(rows / dry.seconds) },
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A file whose every row is invalid (a whole phone column that lost its leading 0, as Excel leaves it)
 * against the same file valid: peak memory of a dry run of each, side by side. The goal: no more than
 * the valid one (within a tenth).
 */
export async function invalidMemory({ rows = 200_000 }) {
  const dir = mkdtempSync(join(tmpdir(), 'intake-bench-invalid-'));
  const valid = join(dir, 'valid.csv');
  const invalid = join(dir, 'invalid.csv');
  await writeOrdersCsv(valid, 'INV', rows / 2);
  writeFileSync(invalid, readFileSync(valid, 'utf8').replace(/,010-(\d{4})-(\d{4}),/g, ',10$1$2,'));
  const env = { INTAKE_CONFIG_DIR: join(dir, 'config'), INTAKE_DATA_DIR: join(dir, 'cli') };
  try {
    const good = checked(
      await intake(['order', 'create', valid, '--dry-run', '--json', '--quiet'], env),
      'the valid dry run',
    );
    const bad = await intake(['order', 'create', invalid, '--dry-run', '--json', '--quiet'], env);
    if (bad.code !== 4 || bad.summary?.invalid !== rows / 2) {
      throw new Error(`the invalid dry run ended with ${bad.code}: ${JSON.stringify(bad.summary)}`);
    }
    return {
      name: 'invalid_rows_memory',
      title: `${rows.toLocaleString('en-US')}-row orders CSV, every row invalid / the same valid, dry run: peak RSS`,
      value: bad.peakMb / good.peakMb,
      goal: { atMost: 1.1 },
      detail: {
        invalid_mb: Math.round(bad.peakMb),
        valid_mb: Math.round(good.peakMb),
        invalid_s: Number(bad.seconds.toFixed(1)),
        valid_s: Number(good.seconds.toFixed(1)),
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

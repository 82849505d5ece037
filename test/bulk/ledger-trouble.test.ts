import { openSync, writeSync, closeSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { workspace } from '../helpers/files.js';
import { ordersCsv } from '../helpers/samples.js';
import { tempDir } from '../helpers/temp.js';

const t = useService();

const jobsOf = async (prefix: string) =>
  (await t.service.local.jobs()).filter(
    (job) => job.kind === 'order' && job.target_id.startsWith(`${prefix}-`),
  );

async function expectOnce(prefix: string, count: number) {
  const jobs = await jobsOf(prefix);
  expect(jobs).toHaveLength(count);
  expect(new Set(jobs.map((job) => job.target_id)).size).toBe(count);
}

/** Overwrites a leaf page of the ledger's records with garbage, as a failing disk would. */
function damageRecords(ledger: string): void {
  const db = new Database(ledger);
  const pages = db
    .prepare("SELECT pageno FROM dbstat WHERE name = 'records' AND pagetype = 'leaf' ORDER BY pageno")
    .all() as { pageno: number }[];
  const size = db.pragma('page_size', { simple: true }) as number;
  db.close();
  expect(pages.length).toBeGreaterThan(3);
  const page = pages[Math.floor(pages.length / 2)]?.pageno as number;
  const fd = openSync(ledger, 'r+');
  writeSync(fd, Buffer.alloc(size, 0xa5), 0, size, (page - 1) * size);
  closeSync(fd);
}

describe('a damaged ledger', () => {
  it('is named with the way out, and `intake ledger repair` keeps what can be read; nothing is sent twice', async () => {
    const data = tempDir('intake-data-');
    const env = { ...t.env, INTAKE_DATA_DIR: data };
    const files = workspace();
    const input = files.write('orders.csv', ordersCsv('DMG', 400));
    expect((await cli(['order', 'create', input], { env })).code).toBe(0);
    const ledger = join(data, 'ledger.db');
    damageRecords(ledger);

    const blocked = await cli(['order', 'create', input], { env });
    expect(blocked.code).toBe(1);
    expect(blocked.stderr).toContain(`the upload ledger ${ledger} is damaged`);
    expect(blocked.stderr).toContain('intake ledger repair');
    expect(blocked.stderr).not.toContain('    at ');
    const status = await cli(['ledger', 'status'], { env });
    expect(status.code).toBe(1);
    expect(status.stderr).toContain('intake ledger repair');

    const repaired = await cli(['ledger', 'repair', '--json'], { env });
    expect(repaired.code).toBe(0);
    const report = repaired.json() as {
      sound: boolean;
      set_aside: string;
      recovered: Record<string, number>;
    };
    expect(report.sound).toBe(false);
    expect(existsSync(report.set_aside)).toBe(true);
    expect(report.recovered.records).toBeGreaterThan(300);
    expect(report.recovered.records).toBeLessThan(400);

    const again = await cli(['order', 'create', input, '--json'], { env });
    expect(again.code).toBe(0);
    expect(again.summary()).toMatchObject({ accepted: 0, already_registered: 400, failed: 0 });
    expect(again.summary().sent_by_earlier_runs).toBe(report.recovered.records);
    await expectOnce('DMG', 400);

    expect((await cli(['ledger', 'repair'], { env })).stderr).toContain('is sound; nothing was changed');
    expect((await cli(['ledger', 'repair'], { env: { ...env, LANG: 'ko_KR.UTF-8' } })).stderr).toMatch(
      /^업로드 기록 .+에 문제가 없습니다\. 아무것도 바꾸지 않았습니다\.\n$/,
    );
  });

  it('clear --force sets a damaged ledger aside and starts an empty one', async () => {
    const data = tempDir('intake-data-');
    const env = { ...t.env, INTAKE_DATA_DIR: data };
    const files = workspace();
    const input = files.write('orders.csv', ordersCsv('FRC', 300));
    expect((await cli(['order', 'create', input], { env })).code).toBe(0);
    damageRecords(join(data, 'ledger.db'));
    const cleared = await cli(['ledger', 'clear', '--force'], { env });
    expect(cleared.code).toBe(0);
    expect(cleared.stderr).toMatch(/set aside as .*ledger\.db\.damaged-/);
    const none = await cli(['ledger', 'clear', '--force'], {
      env: { ...env, INTAKE_DATA_DIR: tempDir('intake-data-'), LANG: 'ko_KR.UTF-8' },
    });
    expect(none.stderr).toBe('아직 업로드 기록이 없습니다. 지운 것이 없습니다.\n');
    const again = await cli(['order', 'create', input, '--json'], { env });
    expect(again.code).toBe(0);
    expect(again.summary()).toMatchObject({ accepted: 0, already_registered: 300 });
    await expectOnce('FRC', 300);
  });
});

describe('two uploads on one ledger at once', () => {
  it('the second waits for the first, and what conflicts is never called already registered', async () => {
    const env = { ...t.env, INTAKE_DATA_DIR: tempDir('intake-data-') };
    const files = workspace();
    const first = files.write('first.csv', ordersCsv('TWO', 200));
    // The second file repeats orders 101-200: 101-150 as they were, 151-200 with another phone.
    const rows = ordersCsv('TWO', 300)
      .split('\n')
      .filter((line, index) => index === 0 || Number(/^TWO-(\d+),/.exec(line)?.[1]) > 100)
      .map((line) => {
        const n = Number(/^TWO-(\d+),/.exec(line)?.[1]);
        return n > 150 && n <= 200 ? line.replace(/010-1234-\d{4}/, '010-9999-0000') : line;
      });
    const second = files.write('second.csv', `${rows.join('\n')}\n`);
    // The second starts once the first is sending (it holds the ledger): its first line is out.
    let sending!: () => void;
    const firstIsSending = new Promise<void>((resolve) => (sending = resolve));
    const [a, b] = await Promise.all([
      cli(['order', 'create', first, '--rate', '400', '--json'], { env, onStdout: () => sending() }),
      firstIsSending.then(() => cli(['order', 'create', second, '--json'], { env })),
    ]);
    expect(a.code).toBe(0);
    expect(a.summary()).toMatchObject({ accepted: 200 });
    expect(b.stderr).toContain('Another upload is using the ledger (pid');
    expect(b.summary()).toMatchObject({ accepted: 100, already_registered: 50, changed: 50 });
    expect(
      b
        .records()
        .filter((line) => line.outcome === 'changed')
        .every((line) => Number(/\d+$/.exec(String(line.id))?.[0]) > 150),
    ).toBe(true);
    await expectOnce('TWO', 300);
  });
});

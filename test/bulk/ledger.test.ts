import { tempDir } from '../helpers/temp.js';
import { appendFileSync, existsSync, readFileSync, symlinkSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cli, jsonLines, useService } from '../helpers/cli.js';
import { startFaultProxy } from '../helpers/fault-proxy.js';
import { csvCells, workspace } from '../helpers/files.js';
import { ORDERS_HEADER_WITH_MEMBER, SHIPMENTS_HEADER, sampleOrder } from '../helpers/samples.js';

const t = useService();

const orderRow = (id: string, item: string, phone = '010-1111-2222', product = '감귤') =>
  `${id},M-1,김민지,${phone},${item},P-${id},${product},https://shop.example.com/${id}.jpg`;
const jobCount = async () => (await t.service.local.jobs()).length;

describe('honest outcomes', () => {
  it('every count agrees: the outcomes add up to the records, and the ledger says the same, run after run', async () => {
    await t.service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-CNT-OWNER') });
    const env = { ...t.env, INTAKE_DATA_DIR: tempDir('intake-data-') };
    const files = workspace();
    const rows = [
      ...Array.from({ length: 5 }, (_, n) => orderRow(`ORD-CNT-${n}`, `ORD-CNT-${n}-1`)),
      orderRow('ORD-CNT-BAD1', 'ORD-CNT-BAD1-1', '1011112222'),
      orderRow('ORD-CNT-BAD2', 'ORD-CNT-BAD2-1', ''),
      orderRow('ORD-CNT-TAKER', 'ORD-CNT-OWNER-1'),
      orderRow('ORD-CNT-0', 'ORD-CNT-0-1'),
    ];
    const path = files.write('orders.csv', [ORDERS_HEADER_WITH_MEMBER, ...rows].join('\n'));
    const ledgerCounts = async () =>
      Object.fromEntries(
        (
          (await cli(['ledger', 'status', '--json'], { env })).json() as { state: string; count: number }[]
        ).map((row) => [row.state, row.count]),
      );
    for (const expected of [
      { accepted: 5, already_registered: 0, sent_by_earlier_runs: 0 },
      { accepted: 0, already_registered: 5, sent_by_earlier_runs: 5 },
    ]) {
      const result = await cli(['order', 'create', path, '--json'], { env });
      expect(result.code).toBe(4);
      const summary = result.summary() as Record<string, number>;
      expect(summary).toMatchObject({
        records: 8,
        invalid: 2,
        rejected: 1,
        duplicates_skipped: 1,
        ...expected,
      });
      const outcomes = [
        'accepted',
        'already_registered',
        'changed',
        'updated',
        'invalid',
        'rejected',
        'failed',
        'not_sent',
      ];
      expect(outcomes.reduce((sum, outcome) => sum + (summary[outcome] ?? 0), 0)).toBe(summary.records);
      expect(result.records().filter((line) => line.outcome !== 'duplicate')).toHaveLength(8);
      expect(await ledgerCounts()).toEqual({ accepted: 5, rejected: 1 });
    }
  });

  it("a 409 about another order's item is rejected, written to the rejects file, and exits 4", async () => {
    await t.service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-OWNER') });
    const files = workspace();
    const path = files.write(
      'orders.csv',
      [
        ORDERS_HEADER_WITH_MEMBER,
        orderRow('ORD-TAKER', 'ORD-OWNER-1'),
        orderRow('ORD-FINE', 'ORD-FINE-1'),
      ].join('\n'),
    );
    const result = await cli(['order', 'create', path, '--json'], { env: t.env });
    expect(result.code).toBe(4);
    expect(result.summary()).toMatchObject({ accepted: 1, rejected: 1, already_registered: 0 });
    expect(result.records().find((line) => line.id === 'ORD-TAKER')).toMatchObject({
      outcome: 'rejected',
      status: 409,
      message: "Order item 'ORD-OWNER-1' already exists in order 'ORD-OWNER'.",
    });
    const rejects = csvCells(files.read('orders.rejects.csv'));
    expect(rejects.map((row) => [row[0], row.at(-1)])).toEqual([
      ['order_id', 'error'],
      ['ORD-TAKER', "Order item 'ORD-OWNER-1' already exists in order 'ORD-OWNER'."],
    ]);
    expect(await t.service.local.order('ORD-TAKER')).toBeUndefined();
  });

  it('a corrected recipient is changed, said field by field, and --update sends it by PATCH', async () => {
    const files = workspace();
    const path = files.write(
      'orders.csv',
      [ORDERS_HEADER_WITH_MEMBER, orderRow('ORD-FIX', 'ORD-FIX-1')].join('\n'),
    );
    expect((await cli(['order', 'create', path], { env: t.env })).code).toBe(0);

    files.write(
      'orders.csv',
      [ORDERS_HEADER_WITH_MEMBER, orderRow('ORD-FIX', 'ORD-FIX-1', '010-9999-0000')].join('\n'),
    );
    const told = await cli(['order', 'create', path, '--json'], { env: t.env });
    expect(told.code).toBe(4);
    expect(told.records()[0]).toMatchObject({ outcome: 'changed', status: null });
    expect(told.records()[0]?.message).toContain(
      'recipient_cellphone differs from what the service took earlier',
    );
    expect(told.records()[0]?.message).toContain(
      'run again with --update to send recipient_cellphone by PATCH',
    );
    // Nothing to fix in a rejects file: the way on is --update, said on stderr.
    expect(told.stderr).not.toContain('After fixing them');
    expect(existsSync(files.path('orders.rejects.csv'))).toBe(false);
    expect(told.stderr).toContain(
      '1 order differs from what the service took earlier: ORD-FIX (recipient_cellphone).',
    );
    expect(told.stderr).toContain(
      'Run the same command again with --update to send recipient_cellphone by PATCH.',
    );
    expect((await t.service.local.order('ORD-FIX'))?.recipient_cellphone).toBe('010-1111-2222');

    const updated = await cli(['order', 'create', path, '--update', '--json'], { env: t.env });
    expect(updated.code).toBe(0);
    expect(updated.records()[0]).toMatchObject({
      outcome: 'updated',
      status: 204,
      message: 'updated recipient_cellphone by PATCH',
    });
    expect(updated.summary()).toMatchObject({ updated: 1, changed: 0 });
    expect(updated.stderr).toContain('Updated 1 order by PATCH.');
    expect((await t.service.local.order('ORD-FIX'))?.recipient_cellphone).toBe('010-9999-0000');
    expect(existsSync(files.path('orders.rejects.csv'))).toBe(false);

    const again = await cli(['order', 'create', path, '--json'], { env: t.env });
    expect(again.code).toBe(0);
    expect(again.records()[0]).toMatchObject({ outcome: 'already_registered' });
  });

  it("what the service cannot change (an order's items) is said, with --update too", async () => {
    const files = workspace();
    const path = files.write(
      'orders.csv',
      [ORDERS_HEADER_WITH_MEMBER, orderRow('ORD-ITEMS', 'ORD-ITEMS-1')].join('\n'),
    );
    expect((await cli(['order', 'create', path], { env: t.env })).code).toBe(0);
    files.write(
      'orders.csv',
      [ORDERS_HEADER_WITH_MEMBER, orderRow('ORD-ITEMS', 'ORD-ITEMS-1', '010-5555-0000', '한라봉')].join('\n'),
    );
    const result = await cli(['order', 'create', path, '--update', '--json'], { env: t.env });
    expect(result.code).toBe(4);
    expect(result.records()[0]).toMatchObject({
      outcome: 'changed',
      status: 204,
      message: 'updated recipient_cellphone by PATCH; the service cannot change items of an existing order',
    });
  });

  it('a record over the 1 MiB limit is refused before sending, with its size', async () => {
    const files = workspace();
    const big = { id: 'P-HUGE', name: '가'.repeat(600_000), image_url: 'https://shop.example.com/huge.jpg' };
    const small = { id: 'P-SMALL', name: '작은 상품', image_url: 'https://shop.example.com/small.jpg' };
    const path = files.write('products.ndjson', `${JSON.stringify(big)}\n${JSON.stringify(small)}\n`);
    const before = await jobCount();
    const result = await cli(['product', 'create', path, '--json'], { env: t.env });
    expect(result.code).toBe(4);
    expect(result.summary()).toMatchObject({ invalid: 1, accepted: 1 });
    expect(result.stderr).toContain('is 1.7 MB as JSON; the service takes at most 1 MiB per request');
    expect(await jobCount()).toBe(before + 1);
  });
});

describe('--dry-run sends nothing, whatever the input form', () => {
  it.each([
    [
      [
        'shipment',
        'create',
        '--order',
        'ORD-OWNER',
        '--items',
        'ORD-OWNER-1',
        '--company-code',
        'kr.hanjin',
        '--tracking-number',
        '5',
      ],
    ],
    [
      [
        'product',
        'create',
        '--id',
        'P-DRY',
        '--name',
        '상품',
        '--image-url',
        'https://shop.example.com/p.jpg',
      ],
    ],
  ])('%j', async (args) => {
    const before = await jobCount();
    const result = await cli([...args, '--dry-run'], { env: t.env });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Dry run: nothing was sent.');
    expect(await jobCount()).toBe(before);
  });
});

describe('the ledger', () => {
  const shipments = (prefix: string, count: number) =>
    [
      SHIPMENTS_HEADER,
      ...Array.from(
        { length: count },
        (_, i) => `${prefix}-${i},${prefix}-${i}-1,kr.cjlogistics,${7000 + i}`,
      ),
    ].join('\n');

  it('is the same for every way of writing the service address', async () => {
    for (let i = 0; i < 4; i++)
      await t.service.call('POST', '/api/v1/orders/', { body: sampleOrder(`ADDR-${i}`) });
    const files = workspace();
    const path = files.write('shipments.csv', shipments('ADDR', 4));
    const port = new URL(t.service.baseUrl).port;
    const first = await cli(['shipment', 'create', path, '--json'], { env: t.env });
    expect(first.summary()).toMatchObject({ accepted: 4 });
    const before = await jobCount();
    for (const address of [
      `http://localhost:${port}/`,
      `http://127.0.0.1:${port}`,
      `HTTP://LOCALHOST:${port}//`,
    ]) {
      const again = await cli(['shipment', 'create', path, '--json'], {
        env: { ...t.env, INTAKE_BASE_URL: address },
      });
      expect(again.code, address).toBe(0);
      expect(again.summary(), address).toMatchObject({
        accepted: 0,
        already_registered: 4,
        sent_by_earlier_runs: 4,
      });
    }
    expect(await jobCount()).toBe(before);
  });

  it('intake ledger shows what was sent and clears it', async () => {
    const shown = await cli(['ledger', 'status', '--json'], { env: t.env });
    expect(shown.code).toBe(0);
    const rows = shown.json() as { kind: string; state: string; count: number }[];
    expect(
      rows.find((row) => row.kind === 'shipment' && row.state === 'accepted')?.count,
    ).toBeGreaterThanOrEqual(4);
    const listed = await cli(['ledger', 'list', '--kind', 'order', '--state', 'rejected', '--json'], {
      env: t.env,
    });
    expect(listed.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: 'ORD-TAKER', state: 'rejected', status: 409 })]),
    );
    // At a Korean terminal, a table's kinds, states and counts in the upload's words; a pipe's rows as stored.
    const ko = { env: { ...t.env, LANG: 'ko_KR.UTF-8', NO_COLOR: '1' }, tty: true };
    const status = await cli(['ledger', 'status'], ko);
    expect(status.stdout).toMatch(/│ 송장 +│ 접수됨 +│/);
    expect(status.stderr).toMatch(/^업로드 기록 파일: /);
    expect((await cli(['ledger', 'list', '--kind', 'order', '--state', 'rejected'], ko)).stdout).toMatch(
      /│ 주문 +│ ORD-TAKER +│ 거부됨 +│ 409 +│ .+ +│ 품목 ORD-OWNER-1은\(는\) 이미 주문 ORD-OWNER에 있습니다 +│/,
    );
    const history = await cli(['ledger', 'history', '--limit', '50'], ko);
    expect(history.stdout).toMatch(/│ 주문 +│ .+ +│ 완료 +│ 접수됨 \d+/);
    const piped = await cli(['ledger', 'history', '--limit', '50'], {
      env: { ...t.env, LANG: 'ko_KR.UTF-8' },
    });
    expect(piped.stdout).toMatch(/\torder\t.*\tfinished\taccepted \d+/);
    const noTerminal = await cli(['ledger', 'clear', '--kind', 'shipment'], { env: ko.env });
    expect(noTerminal.stderr).toBe(
      '오류: 물어볼 터미널이 없으면 업로드 기록을 지울 때 --yes를 붙여야 합니다\n',
    );
    const cleared = await cli(['ledger', 'clear', '--kind', 'shipment', '--yes'], { env: t.env });
    expect(cleared.code).toBe(0);
    expect(cleared.stderr).toMatch(/Forgot \d+ shipments sent to /);
    const clearedKo = await cli(['ledger', 'clear', '--kind', 'order', '--yes'], { env: ko.env });
    expect(clearedKo.stderr).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+에 \S+\(으\)로 보낸 주문 기록 \d+건을 잊었습니다\.\n$/,
    );
    const after = await cli(['ledger', 'status', '--json'], { env: t.env });
    expect((after.json() as { kind: string }[]).some((row) => row.kind === 'shipment')).toBe(false);
  });

  it('says when there is nothing to list, to a person; a script reads nothing', async () => {
    // Credentials no upload has used: nothing sent with them.
    const env = { ...t.env, INTAKE_ACCESS_KEY_ID: 'AKNEVERUSED', NO_COLOR: '1' };
    const listed = await cli(['ledger', 'list'], { env, tty: true });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toBe('');
    expect(listed.stderr).toMatch(
      /^No records sent to http:\/\/127\.0\.0\.1:\d+ as AKNEVERUSED are in the ledger yet: an upload adds them\.\n$/,
    );
    const history = await cli(['ledger', 'history'], { env: { ...env, LANG: 'ko_KR.UTF-8' }, tty: true });
    expect(history.stderr).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+에 AKNEVERUSED\(으\)로 보낸 업로드가 아직 없습니다\.\n$/,
    );
    for (const format of ['json', 'csv']) {
      const data = await cli(['ledger', 'list', '-o', format], { env });
      expect(data.stdout, format).toBe(
        format === 'json' ? '[]\n' : 'kind,key,state,status,updated_at,message\n',
      );
    }
  });
});

describe('files that cannot be written, and files that change', () => {
  it('--report /dev/full is a clear error before anything is sent', async () => {
    const files = workspace();
    const path = files.write(
      'orders.csv',
      [ORDERS_HEADER_WITH_MEMBER, orderRow('ORD-FULL', 'ORD-FULL-1')].join('\n'),
    );
    const before = await jobCount();
    const result = await cli(['order', 'create', path, '--report', '/dev/full'], { env: t.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('cannot write the report /dev/full: no space left on the device');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(await jobCount()).toBe(before);
  });

  it('a report that cannot be written where it is named is said before the file is read', async () => {
    const files = workspace();
    const path = files.write(
      'orders.csv',
      [ORDERS_HEADER_WITH_MEMBER, orderRow('ORD-NOWHERE', 'ORD-NOWHERE-1')].join('\n'),
    );
    files.write('a-file.txt', 'x');
    const before = await jobCount();
    for (const [report, reason] of [
      [files.path('missing/report.csv'), 'no such folder'],
      [files.path('a-file.txt/report.csv'), 'a part of its path is a file, not a folder'],
      [files.path('.'), 'it is a folder'],
    ]) {
      for (const dryRun of [[], ['--dry-run']]) {
        const result = await cli(['order', 'create', path, '--report', report as string, ...dryRun], {
          env: t.env,
        });
        expect(result.code, report).toBe(2);
        expect(result.stderr).toContain(`cannot write the report ${report}: ${reason}`);
        // Nothing of the file was checked: the check's line never came.
        expect(result.stderr).not.toContain('orders.csv: 1 order');
      }
    }
    expect(await jobCount()).toBe(before);
  });

  it('a report that would be written over the input is refused, the input untouched, whatever its form', async () => {
    const files = workspace();
    const text = [ORDERS_HEADER_WITH_MEMBER, orderRow('ORD-SELF', 'ORD-SELF-1')].join('\n');
    const path = files.write('orders.csv', text);
    const before = await jobCount();
    // Another spelling of the same file, and a link to it, are the same file.
    symlinkSync(path, files.path('link.csv'));
    for (const report of [path, `${files.path('.')}/./orders.csv`, files.path('link.csv')]) {
      const result = await cli(['order', 'create', path, '--report', report], { env: t.env });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`--report ${report} is the file being uploaded`);
      expect(files.read('orders.csv')).toBe(text);
    }
    // So is the catalog it reads product names from.
    const catalog = files.write('catalog.csv', 'id,name,image_url\n');
    const over = await cli(['order', 'create', path, '--products', catalog, '--report', catalog], {
      env: t.env,
    });
    expect(over.code).toBe(2);
    expect(over.stderr).toContain(`--report ${catalog} is the --products catalog`);
    expect(files.read('catalog.csv')).toBe('id,name,image_url\n');
    expect(await jobCount()).toBe(before);
    // A workbook report where none can be written is the same usage error as a CSV one.
    const xlsx = await cli(['order', 'create', path, '--report', files.path('missing/report.xlsx')], {
      env: t.env,
    });
    expect(xlsx.code).toBe(2);
    expect(xlsx.stderr).toContain(`cannot write the report ${files.path('missing/report.xlsx')}`);
    expect(await jobCount()).toBe(before);
  });

  it('a file replaced between the check and the send is not sent', async () => {
    const files = workspace();
    const path = files.write(
      'orders.csv',
      [ORDERS_HEADER_WITH_MEMBER, orderRow('ORD-SWAP', 'ORD-SWAP-1')].join('\n'),
    );
    const before = await jobCount();
    const result = await cli(['order', 'create', path], {
      env: t.env,
      onStderr: (text) => {
        if (text.includes('orders.csv: 1 order in 1 row')) {
          files.write(
            'orders.csv',
            [ORDERS_HEADER_WITH_MEMBER, orderRow('ORD-SWAP', 'ORD-OTHER-1')].join('\n'),
          );
        }
      },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('orders.csv changed after it was checked; nothing more was sent');
    expect(await jobCount()).toBe(before);
  });

  it('a rejects file someone has edited is kept, and the new rejects get a name of their own', async () => {
    const files = workspace();
    const path = files.write('orders.csv', [ORDERS_HEADER_WITH_MEMBER, orderRow('ORD-BAD', '')].join('\n'));
    expect((await cli(['order', 'create', path], { env: t.env })).code).toBe(4);
    appendFileSync(files.path('orders.rejects.csv'), '# my notes\n');
    const edited = readFileSync(files.path('orders.rejects.csv'), 'utf8');
    const again = await cli(['order', 'create', path], { env: t.env });
    expect(again.code).toBe(4);
    expect(again.stderr).toContain(
      'orders.rejects.csv was edited since intake wrote it, so it was kept as it is.',
    );
    expect(again.stderr).toContain('orders.rejects-2.csv');
    expect(readFileSync(files.path('orders.rejects.csv'), 'utf8')).toBe(edited);
    expect(existsSync(files.path('orders.rejects-2.csv'))).toBe(true);
    // One written by intake and left as it was is replaced as usual.
    expect((await cli(['order', 'create', path], { env: t.env })).stderr).toContain('Rows to fix: ');
    expect(existsSync(files.path('orders.rejects-3.csv'))).toBe(false);
  });

  it('the rejects of a rejects file are the next round, and the file given is never written over', async () => {
    const files = workspace();
    const path = files.write('orders.csv', [ORDERS_HEADER_WITH_MEMBER, orderRow('ORD-BAD2', '')].join('\n'));
    expect((await cli(['order', 'create', path], { env: t.env })).code).toBe(4);
    const first = readFileSync(files.path('orders.rejects.csv'), 'utf8');
    const second = await cli(['order', 'create', files.path('orders.rejects.csv')], { env: t.env });
    expect(second.code).toBe(4);
    expect(second.stderr).toContain(`Rows to fix: ${files.path('orders.rejects-2.csv')}`);
    expect(second.stderr).not.toContain('was edited since intake wrote it');
    expect(readFileSync(files.path('orders.rejects.csv'), 'utf8')).toBe(first);
    expect(existsSync(files.path('orders.rejects.rejects.csv'))).toBe(false);
    const third = await cli(['order', 'create', files.path('orders.rejects-2.csv')], { env: t.env });
    expect(third.stderr).toContain(`Rows to fix: ${files.path('orders.rejects-3.csv')}`);
    expect(existsSync(files.path('orders.rejects-2.rejects.csv'))).toBe(false);
  });
});

describe('failures', () => {
  it('a record that fails after its retries is failed, the others go on, and a re-run sends it', async () => {
    const files = workspace();
    const rows = Array.from({ length: 6 }, (_, i) => orderRow(`ORD-F${i}`, `ORD-F${i}-1`));
    const path = files.write('orders.csv', [ORDERS_HEADER_WITH_MEMBER, ...rows].join('\n'));
    // The first request meets 500 (not retried); the next one a 429 four times (every attempt).
    const proxy = await startFaultProxy(t.service.baseUrl, [
      { status: 500 },
      { status: 429 },
      { status: 429 },
      { status: 429 },
      { status: 429 },
    ]);
    try {
      const result = await cli(['order', 'create', path, '--concurrency', '1', '--json'], {
        env: { ...t.env, INTAKE_BASE_URL: proxy.url },
      });
      expect(result.code).toBe(1);
      expect(result.summary()).toMatchObject({
        accepted: 4,
        failed: 2,
        rejected: 0,
        retries: 3,
        slowed_down: 4,
      });
      const failed = result.records().filter((line) => line.outcome === 'failed');
      expect(failed.map((line) => line.status)).toEqual([500, 429]);
      expect(failed[1]?.message).toContain('still rate limited after 4 attempts');
      // Nothing to fix in a file: failed records are sent again by the same command.
      expect(existsSync(files.path('orders.rejects.csv'))).toBe(false);
      expect(result.stderr).toContain(
        '2 orders got no definite answer from the service: run the same command again; only what the service does not have is sent.',
      );
      const rerun = await cli(['order', 'create', path, '--json'], {
        env: { ...t.env, INTAKE_BASE_URL: proxy.url },
      });
      expect(rerun.code).toBe(0);
      expect(rerun.summary()).toMatchObject({ accepted: 2, already_registered: 4, sent_by_earlier_runs: 4 });
    } finally {
      await proxy.close();
    }
  });

  it.each([503, 429])(
    'a service that fails every record (%i) stops the upload after three in a row (exit 1); a re-run sends the rest',
    async (status) => {
      const files = workspace();
      const rows = Array.from({ length: 8 }, (_, i) =>
        orderRow(`ORD-D${status}-${i}`, `ORD-D${status}-${i}-1`),
      );
      const path = files.write('orders.csv', [ORDERS_HEADER_WITH_MEMBER, ...rows].join('\n'));
      // Every attempt of the first three records is refused with a Retry-After (a service whose disk is
      // full, or one that rate-limits everything); one at a time, each refusal holds every start until its
      // Retry-After, the next record's too.
      const full = { status, retryAfter: '1' };
      const proxy = await startFaultProxy(
        t.service.baseUrl,
        Array.from({ length: 12 }, () => full),
      );
      try {
        // The 429 run at a Korean terminal: what it says while sending is in Korean too.
        const lang = status === 429 ? { LANG: 'ko_KR.UTF-8' } : {};
        const result = await cli(['order', 'create', path, '--concurrency', '1', '--json'], {
          env: { ...t.env, ...lang, INTAKE_BASE_URL: proxy.url },
        });
        expect(result.code).toBe(1);
        const lines = jsonLines(result.stdout);
        // The summary, then the error that ended the upload, as for a service that cannot be reached.
        expect(lines.at(-2)).toMatchObject({ type: 'summary', accepted: 0, failed: 3, not_sent: 5 });
        expect(lines.at(-1)).toMatchObject({ type: 'error', exit_code: 1, status });
        expect(proxy.passed).toBe(0);
        expect(result.stderr).toContain(
          status === 429
            ? '서비스가 주문 3건을 연달아 재시도 끝에 실패했습니다: 멈춥니다.'
            : 'The service failed 3 orders in a row after retrying each: stopping.',
        );
        expect(result.stderr).toContain(
          status === 429
            ? '오류: 서비스 오류: Service Unavailable (HTTP 429, POST'
            : `error: the service failed: Service Unavailable (HTTP ${status} from POST`,
        );
        const rerun = await cli(['order', 'create', path, '--json'], {
          env: { ...t.env, INTAKE_BASE_URL: proxy.url },
        });
        expect(rerun.code).toBe(0);
        expect(rerun.summary()).toMatchObject({ accepted: 8, failed: 0 });
      } finally {
        await proxy.close();
      }
    },
  );

  it('records failed by the service with answers between them do not stop the upload', async () => {
    const files = workspace();
    const rows = Array.from({ length: 6 }, (_, i) => orderRow(`ORD-E${i}`, `ORD-E${i}-1`));
    const path = files.write('orders.csv', [ORDERS_HEADER_WITH_MEMBER, ...rows].join('\n'));
    // Two records fail (500 is not retried), one is accepted, two more fail: never three in a row.
    const failing = { status: 500 };
    const proxy = await startFaultProxy(t.service.baseUrl, [failing, failing, 'pass', failing, failing]);
    try {
      const result = await cli(['order', 'create', path, '--concurrency', '1', '--json'], {
        env: { ...t.env, INTAKE_BASE_URL: proxy.url },
      });
      expect(result.code).toBe(1);
      expect(result.summary()).toMatchObject({ accepted: 2, failed: 4, not_sent: 0 });
      expect(result.stderr).not.toContain('in a row');
    } finally {
      await proxy.close();
    }
  });
});

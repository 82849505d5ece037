import { appendFileSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PATIENT_RETRY_FAST, cli, useService } from '../helpers/cli.js';
import { InterruptHub } from '../../src/cli/interrupts.js';
import { CHROMIUM, openPage, screenshot, useBrowser } from '../helpers/browser.js';
import { freePort } from '../../bench/lib/postgres-cluster.js';
import { startSlowLink } from '../../bench/lib/slow-link.js';
import { FIXTURES, workspace } from '../helpers/files.js';
import { ordersCsv } from '../helpers/samples.js';
import { tempDir } from '../helpers/temp.js';
import { startUi, useUiRuns, ownFolders } from '../helpers/ui.js';
import { checkFile, counts, follow, sendEnded, WAIT_MS } from '../helpers/ui-page.js';

const t = useService({ applyDelay: { minMs: 0, maxMs: 0 } });
const b = useBrowser();

const uis = useUiRuns();

const jobsOf = async (prefix: string) =>
  (await t.service.local.jobs()).filter(
    (job) => job.kind === 'order' && job.target_id.startsWith(`${prefix}-`),
  );

/** The figure of the progress panel labelled `label` (done, left). */
async function progressFigure(page: Page, label: string): Promise<number> {
  const facts = await page.locator('#progress-facts span').allInnerTexts();
  const fact = facts.find((text) => text.trim().endsWith(label)) ?? '';
  return Number(fact.replace(/[^\d]/g, ''));
}

describe.skipIf(!CHROMIUM)('intake ui: stopping, restarting and the history tell the truth', () => {
  it('Stop says what is left as History does; resumed from History, every order once', async () => {
    const files = workspace();
    // Enough that at most 100 a second through the link below leave seconds to stop in after the first 20.
    const orders = 600;
    const csv = files.write('큰주문.csv', ordersCsv('UISTOP', orders));
    // A service far away that takes 4 requests at once, so that there is a middle to stop in.
    const proxy = await startSlowLink(t.service.baseUrl, { oneWayMs: 20, admit: 4 });
    try {
      const ui = await uis.start(
        { ...t.env, INTAKE_BASE_URL: proxy.url, INTAKE_DATA_DIR: tempDir('intake-data-') },
        { patientRetry: PATIENT_RETRY_FAST },
      );
      const { page, context, errors } = await openPage(b.browser, { locale: 'ko-KR' });
      await page.goto(ui.url);
      await checkFile(page, csv);
      await page.getByRole('button', { name: `주문 ${orders}건 보내기` }).click();
      // The progress is in view, and moves.
      await expect.poll(() => progressFigure(page, '완료'), { timeout: WAIT_MS }).toBeGreaterThan(20);
      expect(await progressFigure(page, '남음')).toBeLessThan(orders);
      await screenshot(page, 'progress-ko');
      // The language changed while it sends: the progress goes on, said in English, and back.
      await page.getByRole('link', { name: 'English' }).click();
      await expect.poll(() => progressFigure(page, 'done'), { timeout: WAIT_MS }).toBeGreaterThan(0);
      await screenshot(page, 'progress');
      await page.getByRole('link', { name: '한국어' }).click();
      await page.getByRole('button', { name: '멈추기' }).click();
      expect(await sendEnded(page)).toBe('멈춤');
      const summary = await page.locator('#results-summary').innerText();
      const [, total, done, left] = /^멈춤: (\d+)건 중 (\d+)건 처리, (\d+)건 남음/.exec(summary) ?? [];
      expect(Number(total)).toBe(orders);
      expect(Number(done) + Number(left)).toBe(orders);
      expect(Number(left)).toBeGreaterThan(0);
      // What was sent is what is done: nothing more, nothing less.
      expect((await jobsOf('UISTOP')).length).toBe(Number(done));
      // It goes on from here too, in the words History uses.
      expect(await page.getByRole('button', { name: '이어서 보내기', exact: true }).count()).toBe(1);

      await page.getByRole('link', { name: '업로드 기록' }).click();
      const row = page.getByRole('row').filter({ hasText: '큰주문.csv' });
      expect(await row.locator('.badge.stopped').innerText()).toBe('멈춤');
      expect(await row.innerText()).toContain(`${left}건 남음`);
      // Its results are a link away, and it goes on from History itself, as an upload of the terminal does.
      expect(await row.getByRole('link', { name: '큰주문.csv 결과' }).count()).toBe(1);
      await screenshot(page, 'history-ko');
      await row.getByRole('button', { name: '큰주문.csv 이어서 보내기' }).click();
      expect(await sendEnded(page)).toBe('완료');
      const jobs = await jobsOf('UISTOP');
      expect(jobs).toHaveLength(orders);
      expect(new Set(jobs.map((job) => job.target_id)).size).toBe(orders);
      // Finished, it has nothing left to go on with.
      await page.getByRole('link', { name: '업로드 기록' }).click();
      expect(await row.getByRole('button').count()).toBe(0);
      expect(await row.locator('.badge.finished').count()).toBe(1);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await proxy.close();
    }
  });

  it('an upload of the terminal, stopped, resumed from History: read as the terminal read it, the person’s file kept', async () => {
    const env = { ...t.env, INTAKE_DATA_DIR: tempDir('intake-data-') };
    const files = workspace();
    // A shop's own headers, which the terminal read with --columns.
    const own = ordersCsv('TERMRES', 40)
      .replace(/^order_id,/, '주문번호,')
      .replace(',recipient_name,', ',받는분,');
    const csv = files.write('우리가게.csv', own);
    const columns = 'order_id=주문번호,recipient_name=받는분';
    const interrupts = new InterruptHub();
    const upload = cli(['order', 'create', csv, '--columns', columns, '--rate', '20'], { env, interrupts });
    await expect.poll(async () => (await jobsOf('TERMRES')).length, { timeout: WAIT_MS }).toBeGreaterThan(3);
    interrupts.interrupt('SIGINT');
    expect((await upload).code).toBe(130);

    const ui = await uis.start(env);
    const { page, context, errors } = await openPage(b.browser);
    await page.goto(ui.url);
    await page.getByRole('link', { name: 'History' }).click();
    await screenshot(page, 'history');
    await page.getByRole('button', { name: 'Resume 우리가게.csv' }).click();
    expect(await sendEnded(page)).toBe('finished');
    const jobs = await jobsOf('TERMRES');
    expect(new Set(jobs.map((job) => job.target_id)).size).toBe(40);
    expect(jobs).toHaveLength(40);
    // Everything is sent: the page's own copies would go, the person's file is theirs.
    expect(readFileSync(csv, 'utf8')).toBe(own);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a tab says at once that intake ui stopped, and picks up when it is back at the same address with its results', async () => {
    const env = ownFolders(t.env);
    // A port of its own (any free one: a fixed one may be another run's), and the same one the next time
    // when none is given.
    const first = await startUi(env, { args: ['--port', String(await freePort())] });
    const { page, context, errors } = await openPage(b.browser);
    await page.goto(first.url);
    await checkFile(page, `${FIXTURES}/orders-with-errors.csv`);
    await page.getByRole('button', { name: /^Send \d+ orders$/ }).click();
    expect(await sendEnded(page)).toBe('finished');
    const results = page.url();
    const before = await counts(page, 'results-title');
    expect((await first.stop()).code).toBe(0);
    // Its rows to fix are kept whole in each language the page speaks; a folder an earlier version kept
    // has them in one file, which is still what downloads (the page itself keeps only the first rows).
    const id = /\/uploads\/([\w-]+)/.exec(results)?.[1] ?? '';
    const [profileFolder = ''] = readdirSync(join(env.INTAKE_DATA_DIR, 'ui'));
    const folder = join(env.INTAKE_DATA_DIR, 'ui', profileFolder, 'uploads', id);
    expect(
      readdirSync(folder)
        .filter((name) => name.startsWith('rejects.'))
        .sort(),
    ).toEqual(['rejects.en.csv', 'rejects.en.xlsx', 'rejects.ko.csv', 'rejects.ko.xlsx']);
    renameSync(join(folder, 'rejects.en.csv'), join(folder, 'rejects.csv'));
    appendFileSync(join(folder, 'rejects.csv'), 'KEPT-BY-AN-EARLIER-VERSION\n');
    rmSync(join(folder, 'rejects.ko.csv'));
    // The open tab says so, without being touched.
    await page.locator('#offline').waitFor({ state: 'visible', timeout: WAIT_MS });
    expect(await page.locator('#offline').innerText()).toContain('Intake has stopped');
    await screenshot(page, 'offline');

    const second = await uis.start(env, { args: [] });
    expect(second.address).toBe(first.address);
    // Back: the tab loads again by itself, signed in still, with the same results.
    await page.locator('#offline').waitFor({ state: 'hidden', timeout: WAIT_MS });
    await page.locator('#results-title').waitFor();
    expect(page.url().replace(/#.*$/, '')).toBe(results.replace(/#.*$/, ''));
    expect(await counts(page, 'results-title')).toEqual(before);
    // Its rows to fix and report still download; the History links to them.
    const [rejects] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Rows to fix (CSV)' }).click(),
    ]);
    expect(readFileSync((await rejects.path()) as string, 'utf8')).toContain('KEPT-BY-AN-EARLIER-VERSION');
    const [report] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Report (CSV)' }).click(),
    ]);
    expect(readFileSync((await report.path()) as string, 'utf8')).toContain('accepted');
    await follow(page, page.getByRole('link', { name: 'History' }));
    expect(await page.getByRole('link', { name: 'Results of orders-with-errors.csv' }).count()).toBe(1);
    expect(await page.getByText('kept 14 days', { exact: false }).count()).toBe(1);
    // A bookmark of the page needs no new address either.
    const other = await context.newPage();
    await other.goto(second.address);
    expect(await other.getByRole('heading', { level: 1 }).innerText()).toBe('Upload a file');
    expect(errors.filter((error) => !/Failed to load resource|ERR_CONNECTION_REFUSED/.test(error))).toEqual(
      [],
    );
    await context.close();
    // Removed from its page, it is gone from History and its folder from the disk.
    const again = await openPage(b.browser);
    await again.page.goto(second.url);
    await again.page.goto(results);
    await again.page.locator('details.remove summary').click();
    await again.page.getByRole('button', { name: 'Remove orders-with-errors.csv and its results' }).click();
    await again.page.getByRole('heading', { name: 'Earlier uploads' }).waitFor();
    expect(await again.page.getByRole('link', { name: 'Results of orders-with-errors.csv' }).count()).toBe(0);
    // History says so, once.
    expect(await again.page.locator('main .notice').innerText()).toBe(
      'orders-with-errors.csv and its results were removed.',
    );
    await again.page.reload();
    expect(await again.page.locator('main .notice').count()).toBe(0);
    await again.context.close();
  });

  it('Ctrl-C on intake ui stops an upload as the CLI does; the next intake ui resumes it', async () => {
    const files = workspace();
    const csv = files.write('orders.csv', ordersCsv('UICTRLC', 200));
    const env = { ...t.env, INTAKE_DATA_DIR: tempDir('intake-data-') };
    const proxy = await startSlowLink(t.service.baseUrl, { oneWayMs: 20, admit: 4 });
    try {
      const first = await startUi(
        { ...env, INTAKE_BASE_URL: proxy.url },
        { patientRetry: PATIENT_RETRY_FAST },
      );
      const { page, context } = await openPage(b.browser);
      await page.goto(first.url);
      await checkFile(page, csv);
      await page.getByRole('button', { name: 'Send 200 orders' }).click();
      await expect.poll(() => progressFigure(page, 'done'), { timeout: WAIT_MS }).toBeGreaterThan(10);
      const ended = await first.stop();
      expect(ended.code).toBe(0);
      expect(ended.stderr).toContain('stopping 1 upload as');
      await context.close();
      const inFlight = await cli(['ledger', 'list', '--state', 'sending', '--json'], {
        env: { ...env, INTAKE_BASE_URL: proxy.url },
      });
      expect(inFlight.json()).toEqual([]);

      const second = await uis.start(
        { ...env, INTAKE_BASE_URL: proxy.url },
        { patientRetry: PATIENT_RETRY_FAST },
      );
      const again = await openPage(b.browser);
      await again.page.goto(second.url);
      await again.page.getByRole('link', { name: 'History' }).click();
      await again.page.getByRole('link', { name: 'Results of orders.csv' }).click();
      expect(await again.page.locator('#results-title .badge').innerText()).toBe('stopped');
      // Stopped, it goes on where it stopped: "Resume", as History says it.
      await again.page.getByRole('button', { name: 'Resume', exact: true }).click();
      expect(await sendEnded(again.page)).toBe('finished');
      expect(await jobsOf('UICTRLC')).toHaveLength(200);
      await again.context.close();
    } finally {
      await proxy.close();
    }
  });
});

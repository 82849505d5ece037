import { readdirSync, statSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { PATIENT_RETRY_FAST, cli, useService } from '../helpers/cli.js';
import { CHROMIUM, openPage, screenshot, useBrowser } from '../helpers/browser.js';
import { startSlowLink } from '../../bench/lib/slow-link.js';
import { FIXTURES, workspace } from '../helpers/files.js';
import { ordersCsv } from '../helpers/samples.js';
import { TEST_CREDENTIALS } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';
import { startUi, type UiRun } from '../helpers/ui.js';

const t = useService({ applyDelay: { minMs: 0, maxMs: 0 } });
const b = useBrowser();

const open: UiRun[] = [];
afterEach(async () => {
  for (const ui of open.splice(0)) expect((await ui.stop()).code).toBe(0);
});

async function uiFor(
  env: Record<string, string>,
  options: Parameters<typeof startUi>[1] = {},
): Promise<UiRun> {
  const ui = await startUi(env, options);
  open.push(ui);
  return ui;
}

/** A request with the headers a browser or an attacker would send, and what came back. */
function raw(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? 'GET',
        headers: options.headers,
      },
      (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** Signs in with the token as the browser would, and returns the cookie it got. */
async function signIn(ui: UiRun): Promise<string> {
  const answer = await raw(ui.url);
  expect(answer.status).toBe(303);
  const cookie = String((answer.headers['set-cookie'] as string[])[0]);
  expect(cookie).toMatch(/HttpOnly/);
  expect(cookie).toMatch(/SameSite=Strict/);
  return cookie.split(';')[0] as string;
}

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

describe('intake ui: a local page that holds credentials', () => {
  it('answers only the browser with the token, at its own address, to forms from its own pages', async () => {
    const ui = await uiFor(t.env);
    const home = `${ui.origin}/`;
    // Without the cookie (another program, another browser): refused, saying how to get in.
    const stranger = await raw(home);
    expect(stranger.status).toBe(403);
    expect(stranger.body).toContain('Open the address `intake ui` printed');
    expect((await raw(`${ui.origin}/?token=wrong`)).status).toBe(403);
    const cookie = await signIn(ui);
    const page = await raw(home, { headers: { cookie } });
    expect(page.status).toBe(200);
    // The page shows who it works as, never the secret.
    expect(page.body).toContain(TEST_CREDENTIALS.accessKeyId);
    expect(page.body).not.toContain(TEST_CREDENTIALS.secretAccessKey);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // DNS rebinding: the right port under another name is refused, even with the cookie.
    const port = new URL(ui.origin).port;
    const rebound = await raw(home, { headers: { cookie, host: `attacker.example:${port}` } });
    expect(rebound.status).toBe(403);
    expect(rebound.body).toContain('only at the address');
    expect(rebound.body).not.toContain(TEST_CREDENTIALS.accessKeyId);
    expect((await raw(home, { headers: { cookie, host: '127.0.0.1:1' } })).status).toBe(403);
    expect((await raw(home, { headers: { cookie, host: `localhost:${port}` } })).status).toBe(200);
    // A form posted from another site, or a script elsewhere: refused before anything is read.
    const form = { 'content-type': 'application/x-www-form-urlencoded', cookie };
    const foreign = await raw(`${ui.origin}/history/1/resume`, {
      method: 'POST',
      headers: { ...form, origin: 'http://attacker.example' },
      body: '',
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toContain('another site');
    const blind = await raw(`${ui.origin}/history/1/resume`, { method: 'POST', headers: form, body: '' });
    expect(blind.status).toBe(403);
    const crossSite = await raw(`${ui.origin}/history/1/resume`, {
      method: 'POST',
      headers: { ...form, 'sec-fetch-site': 'cross-site' },
      body: '',
    });
    expect(crossSite.status).toBe(403);
  });

  it.skipIf(!CHROMIUM)('a real browser on another site cannot post to it: its form is refused', async () => {
    const ui = await uiFor(t.env);
    const target = `${ui.origin}/uploads`;
    // Another site (another origin on this machine) with a form that posts to the page when opened.
    const site = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end(
        `<form id="f" method="post" action="${target}" enctype="multipart/form-data"><input name="kind" value="order"></form><script>document.getElementById('f').submit()</script>`,
      );
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    try {
      const { page, context } = await openPage(b.browser);
      await page.goto(ui.url);
      await page.goto(`http://localhost:${(site.address() as AddressInfo).port}/`);
      await page.waitForURL(target);
      expect(await page.getByRole('alert').innerText()).toMatch(/another site|Open the address/);
      await context.close();
    } finally {
      await new Promise((resolve) => site.close(resolve));
    }
  });

  it.skipIf(!CHROMIUM)(
    'keeps the file received private (0700 folder, 0600 file) and removes it once done',
    async () => {
      const dataDir = tempDir('intake-data-');
      const ui = await uiFor({ ...t.env, INTAKE_DATA_DIR: dataDir });
      const { page, context } = await openPage(b.browser);
      await page.goto(ui.url);
      await page.getByLabel('Drop the file here, or choose it').setInputFiles(join(FIXTURES, 'products.csv'));
      await page.getByRole('button', { name: 'Check the file' }).click();
      await page.waitForURL(/\/uploads\//);
      const folders = readdirSync(join(dataDir, 'ui')).map((name) => join(dataDir, 'ui', name));
      expect(folders).toHaveLength(1);
      expect(statSync(folders[0] as string).mode & 0o777).toBe(0o700);
      expect(statSync(join(folders[0] as string, 'file.csv')).mode & 0o777).toBe(0o600);
      await page.getByRole('button', { name: /^Send \d+ products$/ }).click();
      await page.locator('#results-title .badge').waitFor();
      await context.close();
      expect((await open.pop()?.stop())?.code).toBe(0);
      expect(readdirSync(join(dataDir, 'ui'))).toEqual([]);
    },
  );
});

describe.skipIf(!CHROMIUM)('intake ui: stopping and resuming', () => {
  it('Stop in the middle of a large upload, then resume it from the history: every order once', async () => {
    const files = workspace();
    const csv = files.write('큰주문.csv', ordersCsv('UISTOP', 300));
    // A service far away that takes 4 requests at once (the upload finds that by itself), so that
    // there is a middle to stop in.
    const proxy = await startSlowLink(t.service.baseUrl, { oneWayMs: 20, admit: 4 });
    try {
      const ui = await uiFor({ ...t.env, INTAKE_BASE_URL: proxy.url }, { patientRetry: PATIENT_RETRY_FAST });
      const { page, context, errors } = await openPage(b.browser);
      await page.goto(ui.url);
      await page.getByLabel('Drop the file here, or choose it').setInputFiles(csv);
      await page.getByRole('button', { name: 'Check the file' }).click();
      await page.getByRole('button', { name: 'Send 300 orders' }).click();
      // The progress moves: done goes up, left goes down.
      await expect.poll(() => progressFigure(page, 'done'), { timeout: 15_000 }).toBeGreaterThan(20);
      expect(await progressFigure(page, 'left')).toBeLessThan(300);
      await screenshot(page, 'progress');
      await page.getByRole('button', { name: 'Stop' }).click();
      expect(await page.locator('#results-title .badge').innerText({ timeout: 30_000 })).toBe('stopped');
      const sent = (await jobsOf('UISTOP')).length;
      expect(sent).toBeGreaterThan(20);
      expect(sent).toBeLessThan(300);

      await page.getByRole('link', { name: 'History' }).click();
      const row = page.getByRole('row').filter({ hasText: '큰주문.csv' });
      expect(await row.getByText('stopped').count()).toBe(1);
      await screenshot(page, 'history');
      await row.getByRole('button', { name: 'Resume 큰주문.csv' }).click();
      expect(await page.locator('#results-title .badge').innerText({ timeout: 30_000 })).toBe('finished');
      const jobs = await jobsOf('UISTOP');
      expect(jobs).toHaveLength(300);
      expect(new Set(jobs.map((job) => job.target_id)).size).toBe(300);
      await page.getByRole('link', { name: 'History' }).click();
      expect(
        await page.getByRole('row').filter({ hasText: '큰주문.csv' }).first().getByText('finished').count(),
      ).toBe(1);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await proxy.close();
    }
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
      await page.getByLabel('Drop the file here, or choose it').setInputFiles(csv);
      await page.getByRole('button', { name: 'Check the file' }).click();
      await page.getByRole('button', { name: 'Send 200 orders' }).click();
      await expect.poll(() => progressFigure(page, 'done'), { timeout: 15_000 }).toBeGreaterThan(10);
      const ended = await first.stop();
      expect(ended.code).toBe(0);
      expect(ended.stderr).toContain('stopping 1 upload(s)');
      await context.close();
      // Nothing is left in flight in the ledger, and the file is kept for resuming.
      const inFlight = await cli(['ledger', 'list', '--state', 'sending', '--json'], {
        env: { ...env, INTAKE_BASE_URL: proxy.url },
      });
      expect(inFlight.json()).toEqual([]);
      const history = (
        await cli(['ledger', 'history', '--json'], { env: { ...env, INTAKE_BASE_URL: proxy.url } })
      ).json() as {
        state: string;
        path: string;
      }[];
      expect(history[0]?.state).toBe('stopped');

      const second = await uiFor(
        { ...env, INTAKE_BASE_URL: proxy.url },
        { patientRetry: PATIENT_RETRY_FAST },
      );
      const again = await openPage(b.browser);
      await again.page.goto(second.url);
      await again.page.getByRole('link', { name: 'History' }).click();
      await again.page.getByRole('button', { name: 'Resume orders.csv' }).click();
      expect(await again.page.locator('#results-title .badge').innerText({ timeout: 30_000 })).toBe(
        'finished',
      );
      const jobs = await jobsOf('UICTRLC');
      expect(jobs).toHaveLength(200);
      await again.context.close();
    } finally {
      await proxy.close();
    }
  });
});

describe.skipIf(!CHROMIUM)('intake ui: for everyone', () => {
  it('speaks Korean to a Korean browser and English when switched, and keeps the choice', async () => {
    const ui = await uiFor(t.env);
    const { page, context } = await openPage(b.browser, { locale: 'ko-KR' });
    await page.goto(ui.url);
    expect(await page.locator('html').getAttribute('lang')).toBe('ko');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('파일 올리기');
    expect(await page.getByRole('button', { name: '파일 검사' }).count()).toBe(1);
    await screenshot(page, 'upload-ko');
    await page.getByRole('link', { name: 'English' }).click();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Upload a file');
    await page.getByRole('link', { name: 'History' }).click();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Earlier uploads');
    await page.getByRole('link', { name: '한국어' }).click();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('이전 업로드');
    await context.close();
  });

  it('the connection page checks the credentials as auth status does, and shows the health and the queue', async () => {
    const ui = await uiFor(t.env);
    const { page, context } = await openPage(b.browser, { locale: 'ko-KR' });
    await page.goto(ui.url);
    await page.getByRole('link', { name: '연결 상태' }).click();
    expect(await page.locator('#credentials').innerText()).toBe('유효함');
    expect(await page.getByRole('definition').allInnerTexts()).toEqual(
      expect.arrayContaining([
        t.service.baseUrl,
        TEST_CREDENTIALS.accessKeyId,
        '환경 변수',
        'available',
        '0',
      ]),
    );
    await screenshot(page, 'status-ko');
    await context.close();
    const wrong = await uiFor({ ...t.env, INTAKE_SECRET_ACCESS_KEY: 'not-the-secret' });
    const other = await openPage(b.browser);
    await other.page.goto(wrong.url);
    await other.page.getByRole('link', { name: 'Connection' }).click();
    expect(await other.page.locator('#credentials').innerText()).toMatch(/^not valid: /);
    await other.context.close();
  });

  it('every control has a name, the keyboard reaches everything, and a narrow window needs no sideways scroll', async () => {
    const ui = await uiFor(t.env);
    const { page, context } = await openPage(b.browser, { width: 390, height: 800 });
    await page.goto(ui.url);
    // The first Tab reaches the skip link, which takes the keyboard to the content.
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.textContent')).toBe('Skip to the content');
    await page
      .getByLabel('Drop the file here, or choose it')
      .setInputFiles(join(FIXTURES, 'orders-with-errors.csv'));
    await page.getByRole('button', { name: 'Check the file' }).click();
    await page.waitForURL(/\/uploads\//);
    const unnamed =
      await page.evaluate(`[...document.querySelectorAll('input, select, textarea, button, a[href]')]
      .filter((el) => el.type !== 'hidden')
      .filter((el) => !((el.labels && el.labels.length > 0) || el.getAttribute('aria-label') || el.getAttribute('aria-labelledby') || (el.textContent || '').trim()))
      .map((el) => el.outerHTML.slice(0, 120))`);
    expect(unnamed).toEqual([]);
    // The page is as wide as the window; only the table of rows scrolls sideways, inside its frame.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    // A row can be dropped with the keyboard alone: Space on its box, Enter on the button.
    const drop = page.getByRole('checkbox', { name: 'Drop row 7' });
    await drop.focus();
    await page.keyboard.press('Space');
    expect(await drop.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Apply the fixes and check again' }).focus();
    // The check runs again on the server: wait for the page it answers with, not for the one already loaded.
    await page.keyboard.press('Enter');
    await page.getByRole('checkbox', { name: 'Drop row 7' }).waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByRole('button', { name: 'Apply the fixes and check again' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Drop row 7' }).count()).toBe(0);
    await context.close();
  });
});

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useService } from '../helpers/cli.js';
import { CHROMIUM, openPage, screenshot, useBrowser } from '../helpers/browser.js';
import { FIXTURES, workspace } from '../helpers/files.js';
import { ordersCsv } from '../helpers/samples.js';
import { TEST_CREDENTIALS } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';
import { type UiRun, useUiRuns } from '../helpers/ui.js';
import { checkFile, follow, sendEnded } from '../helpers/ui-page.js';

const t = useService({ applyDelay: { minMs: 0, maxMs: 0 } });
const b = useBrowser();

const uis = useUiRuns();

async function uiFor(env: Record<string, string> = {}): Promise<UiRun> {
  const ui = await uis.start({ ...t.env, INTAKE_DATA_DIR: tempDir('intake-data-'), ...env });
  return ui;
}

describe.skipIf(!CHROMIUM)('intake ui: for everyone', () => {
  it('speaks Korean to a Korean browser and English when switched, on the same page, and keeps the choice', async () => {
    const ui = await uiFor();
    const { page, context } = await openPage(b.browser, { locale: 'ko-KR' });
    await page.goto(ui.url);
    expect(await page.locator('html').getAttribute('lang')).toBe('ko');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('파일 올리기');
    expect(await page.getByRole('button', { name: '파일 검사' }).count()).toBe(1);
    await screenshot(page, 'upload-ko');
    await page.getByRole('link', { name: '업로드 기록' }).click();
    await page.getByRole('link', { name: 'English' }).click();
    // The same page, in English.
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Earlier uploads');
    await page.getByRole('link', { name: 'Upload', exact: true }).click();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Upload a file');
    await follow(page, page.getByRole('link', { name: '한국어' }));
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('파일 올리기');
    await context.close();
  });

  it('shows the shop and a dot for the service in the header; the connection page checks as auth status does', async () => {
    const ui = await uiFor();
    const { page, context } = await openPage(b.browser, { locale: 'ko-KR' });
    await page.goto(ui.url);
    await follow(page, page.getByRole('link', { name: '연결 상태' }));
    expect(await page.locator('#credentials').innerText()).toBe('유효함');
    expect(await page.locator('#health').innerText()).toBe('정상');
    expect(await page.getByRole('definition').allInnerTexts()).toEqual(
      expect.arrayContaining([t.service.baseUrl, TEST_CREDENTIALS.accessKeyId, '환경 변수', '0']),
    );
    // The header names the shop (the merchant its key is of), with the service's health as a dot.
    await expect
      .poll(async () => page.reload().then(() => page.locator('header .shop').innerText()))
      .toContain('상점 ');
    expect(await page.locator('header .dot').getAttribute('aria-label')).toBe('서비스 정상');
    await screenshot(page, 'status-ko');
    // Another browser on this computer: a one-time address, shown to a browser already signed in.
    await page.getByRole('button', { name: '다른 브라우저 연결' }).click();
    const address = await page.locator('#sign-in-address').innerText();
    const other = await openPage(b.browser);
    await other.page.goto(address);
    expect(await other.page.getByRole('heading', { level: 1 }).innerText()).toBe('Upload a file');
    await other.context.close();
    await context.close();

    const wrong = await uiFor({ INTAKE_SECRET_ACCESS_KEY: 'not-the-secret' });
    const third = await openPage(b.browser);
    await third.page.goto(wrong.url);
    await third.page.getByRole('link', { name: 'Connection' }).click();
    expect(await third.page.locator('#credentials').innerText()).toMatch(/^not valid: /);
    await third.context.close();
  });

  it('every control has a name, the keyboard reaches everything, and a narrow window needs no sideways scroll', async () => {
    const ui = await uiFor();
    const { page, context } = await openPage(b.browser, { width: 390, height: 800 });
    await page.goto(ui.url);
    // The first Tab reaches the skip link, which takes the keyboard to the content.
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.textContent')).toBe('Skip to the content');
    await checkFile(page, join(FIXTURES, 'orders-with-errors.csv'));
    // The check is what the file was sent for: its result has the focus, at the top of the window, and
    // the next Tab is inside it, not back at the page's links and the file's options above.
    await expect.poll(() => page.evaluate('document.activeElement.id')).toBe('check-title');
    expect(
      await page.evaluate(`document.getElementById('check-title').getBoundingClientRect().top`),
    ).toBeLessThan(100);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(`!!document.activeElement.closest('[aria-labelledby="check-title"]')`)).toBe(
      true,
    );
    // Only once: the upload's address opened again opens at the top (a reload keeps where it was).
    await page.goto(page.url());
    expect(await page.evaluate('window.scrollY')).toBe(0);
    expect(await page.evaluate('document.activeElement.id')).not.toBe('check-title');
    const unnamed =
      await page.evaluate(`[...document.querySelectorAll('input, select, textarea, button, a[href]')]
      .filter((el) => el.type !== 'hidden' && el.offsetParent !== null)
      .filter((el) => !((el.labels && el.labels.length > 0) || el.getAttribute('aria-label') || el.getAttribute('aria-labelledby') || (el.textContent || '').trim()))
      .map((el) => el.outerHTML.slice(0, 120))`);
    expect(unnamed).toEqual([]);
    // The page is as wide as the window; only the table of rows scrolls sideways, inside its frame.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    // Before it scrolls, a row's number, its drop box and its reasons are in view whole: the box's column
    // is a box wide, not a text field's.
    const inView = await page.evaluate(`(() => {
      const frame = document.querySelector('.fix-table').parentElement.getBoundingClientRect();
      const reason = document.querySelector('.fix-table td.reason').getBoundingClientRect();
      const drop = document.querySelector('.fix-table input[name=drop]').closest('td').getBoundingClientRect();
      return { reasonInside: reason.right <= frame.right, dropWidth: drop.width };
    })()`);
    expect(inView).toEqual({ reasonInside: true, dropWidth: expect.any(Number) });
    expect((inView as { dropWidth: number }).dropWidth).toBeLessThan(80);
    // An order can be dropped with the keyboard alone: Space on its box, Enter on the button.
    const drop = page.getByRole('checkbox', { name: /^Drop ERR-03 / });
    await drop.focus();
    await page.keyboard.press('Space');
    expect(await drop.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Apply the fixes and check again' }).first().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your changes' }).waitFor();
    expect(await page.getByRole('checkbox', { name: /^Drop ERR-03 / }).count()).toBe(0);
    await screenshot(page, 'edits-narrow');
    await context.close();
  });

  it('at 390 px, each page’s facts read as lines, not as a column of letters beside long labels', async () => {
    const ui = await uiFor();
    const { page, context } = await openPage(b.browser, { width: 390, height: 800 });
    await page.goto(ui.url);
    await checkFile(page, join(FIXTURES, 'orders-with-errors.csv'));
    const upload = page.url();
    const narrowest: Record<string, number> = {};
    for (const [name, go] of [
      ['upload', () => page.goto(upload)],
      ['connection', () => page.getByRole('link', { name: 'Connection' }).click()],
    ] as const) {
      await go();
      await page.locator('dl.facts').first().waitFor();
      narrowest[name] = await page.evaluate(
        `Math.min(...[...document.querySelectorAll('dl.facts dd')].map((dd) => dd.getBoundingClientRect().width))`,
      );
    }
    for (const width of Object.values(narrowest)) expect(width).toBeGreaterThan(200);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await context.close();
  });

  it('when a send ends, the results are read from their heading, not from where the progress was', async () => {
    const ui = await uiFor();
    const file = workspace().write('orders.csv', ordersCsv('FOCUS', 60));
    const { page, context } = await openPage(b.browser, { width: 1280, height: 600 });
    await page.goto(ui.url);
    await checkFile(page, file);
    await page.getByRole('button', { name: 'Send 60 orders' }).click();
    expect(await sendEnded(page)).toBe('finished');
    // The results (a table of 60 lines) took the place of the progress; the window had been left at
    // the end of that long page, away from the counts, and the focus on nothing.
    await expect.poll(() => page.evaluate('document.activeElement.id')).toBe('results-title');
    const top = await page
      .locator('#results-title')
      .evaluate((heading) => heading.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(600);
    expect(page.url()).toMatch(/#results-title$/);
    await context.close();
  });
});

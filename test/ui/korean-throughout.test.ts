import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { CHROMIUM, openPage, useBrowser } from '../helpers/browser.js';
import { useService } from '../helpers/cli.js';
import { englishOn as englishOnPage } from '../helpers/english.js';
import { FIXTURES } from '../helpers/files.js';
import { tempDir } from '../helpers/temp.js';
import { startUi, type UiRun } from '../helpers/ui.js';
import { checkFile, sendEnded } from '../helpers/ui-page.js';

const b = useBrowser();
const t = useService();
const open: UiRun[] = [];
afterEach(async () => {
  for (const ui of open.splice(0)) expect((await ui.stop()).code).toBe(0);
});

/** Commands a Korean page shows on purpose: they are typed in a terminal as they are. */
const COMMANDS = [/intake marketplace login \w+/g];

const englishOn = (page: Page) => englishOnPage(page, COMMANDS);

describe.skipIf(!CHROMIUM)('intake ui speaks Korean throughout to a Korean browser', () => {
  it('on every page a day of uploads passes through: checks with mistakes, results, history, connection, products', async () => {
    const ui = await startUi({ ...t.env, INTAKE_DATA_DIR: tempDir('intake-data-') });
    open.push(ui);
    const { page, context, errors } = await openPage(b.browser, { locale: 'ko-KR' });
    const seen: Record<string, string[]> = {};
    const look = async (where: string) => {
      seen[where] = await englishOn(page);
    };
    await page.goto(ui.url);
    await look('home');
    await checkFile(page, `${FIXTURES}/smartstore-orders.xlsx`);
    await look('check of a Smartstore download');
    await page.getByRole('link', { name: '열 직접 맞추기' }).click();
    await look('column mapping');

    await page.getByRole('link', { name: '업로드', exact: true }).click();
    await checkFile(page, `${FIXTURES}/orders-with-errors.csv`);
    await look('check of a file with mistakes');
    await page.getByRole('button', { name: /^주문 \d+건 보내기$/ }).click();
    expect(await sendEnded(page)).toBe('완료');
    await look('results with invalid orders');

    await page.getByRole('link', { name: '업로드', exact: true }).click();
    await checkFile(page, `${FIXTURES}/shipments.csv`);
    await page.getByRole('button', { name: /^송장 \d+건 보내기$/ }).click();
    await sendEnded(page);
    await look('results of shipments');

    for (const link of ['업로드 기록', '연결 상태', '마켓 연동', '상품 목록']) {
      await page.getByRole('link', { name: link, exact: true }).click();
      await look(link);
    }
    expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((where) => [where, []])));
    expect(errors).toEqual([]);
    await context.close();
  });
});

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useService } from '../helpers/cli.js';
import { CHROMIUM, openPage, screenshot, useBrowser } from '../helpers/browser.js';
import { FIXTURES } from '../helpers/files.js';
import { useUiRuns, ownFolders } from '../helpers/ui.js';
import { checkFile, follow, sendEnded } from '../helpers/ui-page.js';

const t = useService({ applyDelay: { minMs: 0, maxMs: 0 } });
const b = useBrowser();

const uis = useUiRuns();

describe.skipIf(!CHROMIUM)('intake ui: the history of a file checked and not sent', () => {
  it('says what it still holds (ready to send, to fix), after a restart too, and what it sent once sent', async () => {
    const env = ownFolders(t.env);
    const ui = await uis.start(env);
    const { page, context, errors } = await openPage(b.browser, { locale: 'ko-KR' });
    await page.goto(ui.url);
    // 9 orders: 2 valid, 7 with mistakes.
    await checkFile(page, join(FIXTURES, 'orders-with-errors.csv'));
    const upload = page.url().replace(/#.*$/, '');
    const historyRow = async () => {
      await follow(page, page.getByRole('link', { name: '업로드 기록', exact: true }));
      const row = page.locator('main table tbody tr').first();
      return {
        state: (await row.locator('td').nth(3).innerText()).trim(),
        outcomes: (await row.locator('td').nth(4).locator('.badge').allInnerTexts()).map((x) => x.trim()),
      };
    };
    expect(await historyRow()).toEqual({ state: '검사만 함', outcomes: ['보낼 수 있음 2', '오류 7'] });
    await screenshot(page, 'history-checked-ko');

    // intake ui stopped and started again: the history still says it.
    expect((await uis.stop(ui)).code).toBe(0);
    await uis.start(env, { args: ['--port', String(new URL(ui.url).port)] });
    expect(await historyRow()).toEqual({ state: '검사만 함', outcomes: ['보낼 수 있음 2', '오류 7'] });

    // Sent: what the send did, not what the check found.
    await page.goto(upload);
    await page.getByRole('button', { name: '주문 2건 보내기' }).click();
    expect(await sendEnded(page)).toBe('완료');
    expect(await historyRow()).toEqual({ state: '완료', outcomes: ['접수됨 2', '오류 7'] });
    expect(errors).toEqual([]);
    await context.close();
  });
});

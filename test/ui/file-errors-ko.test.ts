import { afterEach, describe, expect, it } from 'vitest';
import { useService } from '../helpers/cli.js';
import { CHROMIUM, openPage, useBrowser } from '../helpers/browser.js';
import { workspace } from '../helpers/files.js';
import { startUi, type UiRun } from '../helpers/ui.js';
import { checkFile } from '../helpers/ui-page.js';

const t = useService();
const b = useBrowser();

const open: UiRun[] = [];
afterEach(async () => {
  for (const ui of open.splice(0)) expect((await ui.stop()).code).toBe(0);
});

describe.skipIf(!CHROMIUM)('intake ui: a file it cannot read, said in Korean', () => {
  it.each([
    [
      '주문.csv',
      'order_id,recipient_name\nA-1,"김민지\n',
      '주문.csv은(는) 올바른 CSV가 아닙니다 (2번째 줄 근처): 따옴표(")가 닫히지 않았습니다',
    ],
    ['주문.json', '[{"id":"A-1"}', '주문.json: JSON 배열이 ]로 닫히지 않았습니다'],
  ])('%s', async (name, text, said) => {
    const ui = await startUi(t.env);
    open.push(ui);
    const { page, context } = await openPage(b.browser, { locale: 'ko-KR' });
    await page.goto(ui.url);
    await checkFile(page, workspace().write(name, text));
    expect(await page.locator('main .error-box').innerText()).toBe(said);
    // The history says it was not read: nothing of it was checked.
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('link', { name: '업로드 기록', exact: true }).click(),
    ]);
    const row = page.locator('tbody tr', { hasText: name });
    expect(await row.locator('.badge').innerText()).toBe('읽지 못함');
    await context.close();
  });
});

import { describe, expect, it } from 'vitest';
import { useService } from '../helpers/cli.js';
import { CHROMIUM, openPage, useBrowser } from '../helpers/browser.js';
import { workspace } from '../helpers/files.js';
import { PRODUCERS, rawWorkbook } from '../helpers/producers.js';
import { useUiRuns } from '../helpers/ui.js';
import { checkFile } from '../helpers/ui-page.js';

const t = useService();
const b = useBrowser();

const uis = useUiRuns();

describe.skipIf(!CHROMIUM)('intake ui: a file it cannot read, said in Korean', () => {
  const header = '<row r="1"><c r="A1" t="inlineStr"><is><t>order_id</t></is></c></row>';
  const cases: [string, (files: ReturnType<typeof workspace>) => string, string][] = [
    [
      '주문.csv',
      (files) => files.write('주문.csv', 'order_id,recipient_name\nA-1,"김민지\n'),
      '주문.csv은(는) 올바른 CSV가 아닙니다 (2번째 줄 근처): 따옴표(")가 닫히지 않았습니다',
    ],
    [
      '주문.json',
      (files) => files.write('주문.json', '[{"id":"A-1"}'),
      '주문.json: JSON 배열이 ]로 닫히지 않았습니다',
    ],
  ];
  // A workbook past Excel's limits, as no spreadsheet program writes one.
  if (PRODUCERS.openpyxl)
    cases.push([
      '주문.xlsx',
      (files) =>
        rawWorkbook(files.path('주문.xlsx'), {
          sheetData: `${header}<row r="2"><c r="ZZZZZZ2"><v>1</v></c></row>`,
        }),
      '주문.xlsx의 "data" 시트: 2행의 셀(ZZZZZZ2)이 엑셀의 마지막 열(XFD) 뒤에 있습니다',
    ]);

  it.each(cases)('%s', async (name, write, said) => {
    const ui = await uis.start(t.env);
    const { page, context } = await openPage(b.browser, { locale: 'ko-KR' });
    await page.goto(ui.url);
    await checkFile(page, write(workspace()));
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

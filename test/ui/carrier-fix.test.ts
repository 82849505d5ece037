import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { CHROMIUM, openPage, useBrowser } from '../helpers/browser.js';
import { workspace } from '../helpers/files.js';
import { ordersCsv } from '../helpers/samples.js';
import { useUiRuns } from '../helpers/ui.js';
import { checkFile, counts, reasonOf, rowsToFix, sendEnded } from '../helpers/ui-page.js';

const t = useService({ applyDelay: { minMs: 0, maxMs: 0 } });
const b = useBrowser();

const uis = useUiRuns();

describe.skipIf(!CHROMIUM)('intake ui: a carrier fixed in the page', () => {
  it('an empty or misspelt carrier is said in Korean, and its cell offers the carriers by name', async () => {
    const files = workspace();
    expect(
      (await cli(['order', 'create', files.write('orders.csv', ordersCsv('CF', 3))], { env: t.env })).code,
    ).toBe(0);
    const shipments = files.write(
      '송장.csv',
      [
        'order_id,order_item_ids,company_code,tracking_number',
        'CF-1,CF-1-1,롯대택배,640012345671',
        'CF-2,CF-2-1,씨제이대한통운,640012345672',
        'CF-3,CF-3-1,,640012345673',
        '',
      ].join('\n'),
    );
    const ui = await uis.start(t.env);
    const { page, context, errors } = await openPage(b.browser, { locale: 'ko-KR' });
    await page.goto(ui.url);
    await checkFile(page, shipments, 'shipment');
    // The company's registered Korean name is CJ's: only the misspelt and the empty carriers are to fix.
    expect(await rowsToFix(page)).toEqual([2, 4]);
    expect(await reasonOf(page, 2)).toBe(
      'company_code: “롯대택배” 알 수 없는 택배사입니다 (비슷한 택배사: kr.lotte (롯데택배))',
    );
    expect(await reasonOf(page, 4)).toBe('company_code: 비어 있습니다');

    // Each carrier cell suggests from the carriers the check knows, by the names people use.
    const cell = (row: number) => page.getByRole('combobox', { name: `${row}행, company_code` });
    const list = await cell(2).getAttribute('list');
    const names = await page
      .locator(`datalist#${list} option`)
      .evaluateAll((options) => options.map((option) => option.getAttribute('value')));
    expect(names).toHaveLength(26);
    expect(names).toEqual(expect.arrayContaining(['롯데택배', 'CJ대한통운', '우체국 택배']));
    expect(await cell(4).getAttribute('list')).toBe(list);

    await cell(2).fill('롯데택배');
    await cell(4).fill('우체국 택배');
    await cell(4).press('Enter');
    await page.waitForLoadState('load');
    await expect.poll(() => counts(page, 'check-title')).toMatchObject({ 전체: 3, 정상: 3, 오류: 0 });
    await page.getByRole('button', { name: '송장 3건 보내기' }).click();
    expect(await sendEnded(page)).toBe('완료');
    await t.service.local.apply();
    const carriers = await Promise.all(
      ['CF-1', 'CF-2', 'CF-3'].map(
        async (id) => (await t.service.local.order(id))?.shipments[0]?.company_code,
      ),
    );
    expect(carriers).toEqual(['kr.lotte', 'kr.cjlogistics', 'kr.epost']);
    expect(errors).toEqual([]);
    await context.close();
  });
});

import { describe, expect, it } from 'vitest';
import { useService } from '../helpers/cli.js';
import { CHROMIUM, openPage, screenshot, useBrowser } from '../helpers/browser.js';
import { workspace } from '../helpers/files.js';
import { ORDERS_HEADER_WITH_MEMBER } from '../helpers/samples.js';
import { tempDir } from '../helpers/temp.js';
import { useUiRuns } from '../helpers/ui.js';
import { checkFile, counts, sendEnded } from '../helpers/ui-page.js';

const t = useService({ applyDelay: { minMs: 0, maxMs: 0 } });
const b = useBrowser();

const uis = useUiRuns();

describe.skipIf(!CHROMIUM)('intake ui: a file that names a product on one row only', () => {
  it('asks for nothing more: every order goes, each line with the name and image that row gave', async () => {
    const image = 'https://cdn.example.com/px-7.jpg';
    const file = workspace().write(
      '주문.csv',
      [
        ORDERS_HEADER_WITH_MEMBER,
        'UFP-1,M-1,박지훈,010-4444-5555,UFP-1-1,PX-7,,',
        `UFP-2,M-2,김민지,010-1234-5678,UFP-2-1,PX-7,제주 감귤 5kg,${image}`,
        'UFP-3,M-3,이서연,010-2222-3333,UFP-3-1,PX-7,,',
      ].join('\n') + '\n',
    );
    const ui = await uis.start({ ...t.env, INTAKE_DATA_DIR: tempDir('intake-data-') });
    const { page, context, errors } = await openPage(b.browser, { locale: 'ko-KR' });
    await page.goto(ui.url);
    await checkFile(page, file);
    // No product to complete, no row to fix: the file said it all.
    expect(await page.locator('#products').count()).toBe(0);
    expect(await counts(page, 'check-title')).toEqual({ 전체: 3, 정상: 3, 오류: 0 });
    await screenshot(page, 'file-products-check-ko');
    await page.getByRole('button', { name: '주문 3건 보내기' }).click();
    expect(await sendEnded(page)).toBe('완료');
    await t.service.local.apply();
    for (const id of ['UFP-1', 'UFP-2', 'UFP-3']) {
      const item = (await t.service.local.order(id))?.items[0] as {
        product_name?: string;
        product_image_url?: string;
      };
      expect({ id, name: item.product_name, image: item.product_image_url }).toEqual({
        id,
        name: '제주 감귤 5kg',
        image,
      });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

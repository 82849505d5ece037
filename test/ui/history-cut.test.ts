import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { CHROMIUM, narrowTables, openPage, useBrowser } from '../helpers/browser.js';
import { tempDir } from '../helpers/temp.js';
import { useUiRuns } from '../helpers/ui.js';
import { follow, WAIT_MS } from '../helpers/ui-page.js';
import { HISTORY_SHOWN } from '../../src/ui/history.js';

const t = useService({ applyDelay: { minMs: 0, maxMs: 0 } });
const b = useBrowser();

const uis = useUiRuns();

describe.skipIf(!CHROMIUM)('intake ui: the history of a busy terminal', () => {
  it('shows the latest uploads from the terminal, and says that older ones are left out', async () => {
    const env = { ...t.env, INTAKE_DATA_DIR: tempDir('intake-data-') };
    const upload = (n: number) =>
      cli(
        [
          'product',
          'create',
          '--id',
          `P-HIST-${n}`,
          '--name',
          `상품 ${n}`,
          '--image-url',
          `https://shop.example.com/${n}.jpg`,
        ],
        { env },
      );
    for (let n = 1; n <= HISTORY_SHOWN; n++) expect((await upload(n)).code).toBe(0);
    const ui = await uis.start(env);
    const { page, context, errors } = await openPage(b.browser, { locale: 'ko-KR' });
    await page.goto(ui.url);
    await follow(page, page.getByRole('link', { name: '업로드 기록' }));
    const rows = page.locator('main table tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(HISTORY_SHOWN);
    // Exactly as many as are shown: nothing left out, nothing said.
    expect(await page.getByText('최근 50개만 보입니다').count()).toBe(0);

    expect((await upload(HISTORY_SHOWN + 1)).code).toBe(0);
    await page.reload();
    await rows.first().waitFor();
    expect(await rows.count()).toBe(HISTORY_SHOWN);
    expect(await page.locator('main .hint').first().innerText()).toBe(
      '터미널에서 보낸 업로드는 최근 50개만 보입니다. 그보다 오래된 것은 빠져 있습니다.',
    );
    // In a narrow window each upload is a card, each value under its column's name: nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 800 });
    // Polled: the page lays itself out for the new width in its own time (once, under load, after the first look).
    await expect
      .poll(() => page.evaluate(narrowTables()), { timeout: WAIT_MS })
      .toEqual({
        sideways: [],
        clipped: [],
        labels: [['시작', '파일', '종류', '상태', '결과', '할 수 있는 일']],
      });
    expect(errors).toEqual([]);
    await context.close();
  });
});

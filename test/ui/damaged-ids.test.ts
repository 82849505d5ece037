import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { useService } from '../helpers/cli.js';
import { CHROMIUM, openPage, screenshot, useBrowser } from '../helpers/browser.js';
import { smartstoreDownload } from '../helpers/downloads.js';
import { workspace } from '../helpers/files.js';
import { useUis } from '../helpers/ui.js';
import { checkFile, counts, follow, rowsToFix } from '../helpers/ui-page.js';

const t = useService();
const b = useBrowser();
const uiFor = useUis(() => t.env);

const csvCell = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/**
 * A Smartstore download opened in Excel and saved as CSV (CP949): every 15- and 16-digit number shown,
 * and saved, in scientific notation, so the rows of all its orders share an order number or two.
 */
function savedByExcel(prefix: string, orders: number): Buffer {
  const rows = smartstoreDownload(prefix, orders).map((row) =>
    row.map((cell) => (/^\d{12,}$/.test(cell) ? Number(cell).toExponential(5).toUpperCase() : cell)),
  );
  return iconv.encode(rows.map((row) => row.map(csvCell).join(',')).join('\r\n'), 'cp949');
}

describe.skipIf(!CHROMIUM)(
  'intake ui: a download whose order numbers Excel wrote in scientific notation',
  () => {
    it('says why once, checks each row alone, and drops a row alone', async () => {
      const files = workspace();
      const file = files.write('스마트스토어.csv', savedByExcel('2026120577', 4));
      const ui = await uiFor();
      const { page, context, errors } = await openPage(b.browser, { locale: 'ko-KR' });
      await page.goto(ui.url);
      await checkFile(page, file);
      // Five rows (order 3 has two), each alone: not one order whose rows all disagree.
      expect(await counts(page, 'check-title')).toMatchObject({ 전체: 5, 오류: 5 });
      expect(await page.locator('section[aria-labelledby="check-title"] ul.notes').innerText()).toContain(
        '5개 행의 주문번호가 엑셀에서 지수 표기의 숫자나 날짜로 바뀌어 있습니다 (2.02612E+13 같은).',
      );
      expect(await page.locator('main').innerText()).not.toContain(
        '같은 주문의 모든 행에서 같아야 하는데 다릅니다',
      );
      await screenshot(page, 'damaged-ids-ko');
      // Dropping one drops that row: the others share its order number, not its order.
      const box = page.getByRole('checkbox', { name: /빼기/ }).first();
      expect(await box.getAttribute('aria-label')).toBe('2.02612E+13 빼기 (3행)');
      await box.check();
      await follow(page, page.getByRole('button', { name: '고친 내용 반영하고 다시 검사' }).first());
      expect(await counts(page, 'check-title')).toMatchObject({ 전체: 4, 오류: 4, '뺀 행': 1 });
      expect(await rowsToFix(page)).toEqual([4, 5, 6, 7]);
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);

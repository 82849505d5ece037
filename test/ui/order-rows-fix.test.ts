import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useService } from '../helpers/cli.js';
import { CHROMIUM, openPage, screenshot, useBrowser } from '../helpers/browser.js';
import { workspace } from '../helpers/files.js';
import { useImageServer } from '../helpers/images.js';
import { useUis } from '../helpers/ui.js';
import { checkFile, counts, reasonOf, rowsToFix, sendEnded } from '../helpers/ui-page.js';

const t = useService({ applyDelay: { minMs: 0, maxMs: 0 } });
const b = useBrowser();
const images = useImageServer();

const startUi = useUis(() => t.env);

const HEADER =
  'order_id,item_id,recipient_name,recipient_cellphone,product_id,product_name,product_image_url';
/** recipient_cellphone's position in HEADER. */
const PHONE = 3;

/** The orders of `path` checked in a page of its own `intake ui`, in `locale`. */
async function checkIn(path: string, locale: 'ko-KR' | 'en-US') {
  const ui = await startUi();
  const opened = await openPage(b.browser, { locale });
  await opened.page.goto(ui.url);
  await checkFile(opened.page, path, 'order');
  return opened;
}

describe.skipIf(!CHROMIUM)('intake ui: fixing what the rows of an order share', () => {
  it('a phone typed in one row of an order is changed in its other rows; a row that said otherwise is left', async () => {
    const line = (order: string, item: string, name: string, phone: string) =>
      `${order},${item},${name},${phone},A1,감귤,${images.url}/a.png`;
    const files = workspace();
    const path = files.path('orders.csv');
    writeFileSync(
      path,
      [
        HEADER,
        line('R1', 'R1-1', '김민지', '010-123-45'),
        line('R1', 'R1-2', '김민지', '010-123-45'),
        line('R1', 'R1-3', '김민지', '010-123-45'),
        line('R2', 'R2-1', '박지훈', '010-2222-333'),
        line('R2', 'R2-2', '박지훈', '010-2222-3334'),
      ].join('\r\n'),
    );
    const { page, context, errors } = await checkIn(path, 'ko-KR');
    expect(await rowsToFix(page)).toEqual([2, 3, 4, 5, 6]);
    // R1's phone typed once, in its second row; R2's short number typed right in its own row, where the
    // other row already said another number: that one is not the same value, so it stays as written.
    await page.locator(`#cell-3-${PHONE}`).fill('010-1234-5678');
    await page.locator(`#cell-5-${PHONE}`).fill('010-2222-3334');
    await page.getByRole('button', { name: '고친 내용 반영하고 다시 검사' }).first().click();
    await page.waitForURL(/#check-title$/);
    expect(await page.locator('.notice').first().innerText()).toContain(
      '같은 주문의 다른 행(2, 4행)도 똑같이 고쳤습니다.',
    );
    expect(await counts(page, 'check-title')).toMatchObject({ 전체: 2, 정상: 2, 오류: 0 });
    await screenshot(page, 'order-rows-fix-ko');
    // Each row's change is its own, to undo: undoing one leaves the order's rows disagreeing again.
    const undo = page.locator('section[aria-labelledby="edits-title"] button[name=undo]');
    expect(await undo.count()).toBe(4);
    await page
      .locator(`section[aria-labelledby="edits-title"] button[name=undo][value="4:${PHONE}"]`)
      .click();
    await page.waitForURL(/#check-title$/);
    expect(await rowsToFix(page)).toEqual([2, 3, 4]);
    expect(await reasonOf(page, 4)).toContain('같은 주문의 모든 행에서 같아야 하는데 다릅니다');
    // Typed back in that row alone: no other row holds its old value now, so nothing else changes.
    await page.locator(`#cell-4-${PHONE}`).fill('010-1234-5678');
    await page.getByRole('button', { name: '고친 내용 반영하고 다시 검사' }).first().click();
    await page.waitForURL(/#check-title$/);
    expect(await page.locator('.notice').count()).toBe(0);
    await page.getByRole('button', { name: '주문 2건 보내기' }).click();
    expect(await sendEnded(page)).toBe('완료');
    await t.service.local.apply();
    const order = async (id: string) => await t.service.local.order(id);
    expect((await order('R1'))?.recipient_cellphone).toBe('010-1234-5678');
    expect((await order('R1'))?.items).toHaveLength(3);
    expect((await order('R2'))?.recipient_cellphone).toBe('010-2222-3334');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a landline changed to the mobile in one row of an order taken with a warning is changed in all of them', async () => {
    const files = workspace();
    const path = files.path('orders.csv');
    const line = (item: string) => `W1,${item},이서연,02-123-4567,A1,감귤,${images.url}/a.png`;
    writeFileSync(path, [HEADER, line('W1-1'), line('W1-2')].join('\r\n'));
    const { page, context, errors } = await checkIn(path, 'en-US');
    const warned = page.locator('details.warnings');
    expect(await warned.locator('tbody tr').count()).toBe(2);
    await page.locator(`#cell-2-${PHONE}`).fill('010-5555-6666');
    await page.locator(`#cell-2-${PHONE}`).press('Enter');
    await page.waitForURL(/#check-title$/);
    expect(await page.locator('.notice').first().innerText()).toBe(
      'Made the same change in row 3, of the same order: its rows must agree. It can be undone under “Your changes”.',
    );
    expect(await warned.count()).toBe(0);
    expect(await counts(page, 'check-title')).toMatchObject({ record: 1, valid: 1, invalid: 0 });
    await page.getByRole('button', { name: 'Send 1 order' }).click();
    expect(await sendEnded(page)).toBe('finished');
    await t.service.local.apply();
    expect((await t.service.local.order('W1'))?.recipient_cellphone).toBe('010-5555-6666');
    expect(errors).toEqual([]);
    await context.close();
  });
  it('a change carried to many rows, and many orders dropped at once, are said in a line each', async () => {
    const files = workspace();
    const path = files.path('orders.csv');
    const line = (order: string, item: number, phone: string) =>
      `${order},${order}-${item},이서연,${phone},A1,감귤,${images.url}/a.png`;
    // Two orders whose rows alternate (as a download sorted by product gives them), then four more.
    const rows = Array.from({ length: 24 }, (_, index) => [
      line('A', index, '010-123-45'),
      line('B', index, '010-9'),
    ]);
    const more = ['C1', 'C2', 'C3', 'C4'].map((order) => line(order, 1, '010-9'));
    writeFileSync(path, [HEADER, ...rows.flat(), ...more].join('\r\n'));
    const { page, context, errors } = await checkIn(path, 'en-US');
    await page.locator(`#cell-2-${PHONE}`).fill('010-1234-5678');
    await page.locator(`#cell-2-${PHONE}`).press('Enter');
    await page.waitForURL(/#check-title$/);
    // A's other 23 rows (4, 6, … 48): ten shown, the rest counted.
    expect(await page.locator('.notice').first().innerText()).toBe(
      'Made the same change in rows 4, 6, 8, 10, 12, 14, 16, 18, 20, 22 and 13 more of the same order: its rows must agree. Each can be undone under “Your changes”.',
    );
    for (const row of [3, 50, 51, 52, 53]) await page.locator(`input[name=drop][value="${row}"]`).check();
    await page.getByRole('button', { name: 'Apply the fixes and check again' }).first().click();
    await page.waitForURL(/#check-title$/);
    expect(await page.locator('.notice').first().innerText()).toBe(
      'Dropped 5 records with all their rows (3, 5, 7, 9, 11, 13, 15, 17, 19, 21 and 18 more): a record is never sent in part.',
    );
    expect(await counts(page, 'check-title')).toMatchObject({ valid: 1, invalid: 0 });
    expect(errors).toEqual([]);
    await context.close();
  });
});

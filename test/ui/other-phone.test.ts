import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useService } from '../helpers/cli.js';
import { CHROMIUM, openPage, screenshot, useBrowser } from '../helpers/browser.js';
import { SMARTSTORE_37, SMARTSTORE_NOTICE, smartstoreLine } from '../helpers/downloads.js';
import { workspace } from '../helpers/files.js';
import { useImageServer } from '../helpers/images.js';
import { useUis } from '../helpers/ui.js';
import { checkFile, counts, follow, reasonOf, rowsToFix, sendEnded } from '../helpers/ui-page.js';
import { writeWorkbook } from '../helpers/workbook.js';

const t = useService({ applyDelay: { minMs: 0, maxMs: 0 } });
const b = useBrowser();
const images = useImageServer();

const startUi = useUis(() => t.env);

/** 수취인연락처1 and 수취인연락처2 of the 37-column download (from 0). */
const PHONE1 = SMARTSTORE_37.indexOf('수취인연락처1');
const PHONE2 = SMARTSTORE_37.indexOf('수취인연락처2');

/** A Smartstore download of `rows`, checked in a Korean `intake ui` of its own. */
async function openDownload(rows: string[][]) {
  const files = workspace();
  const book = await writeWorkbook(files.path('스마트스토어.xlsx'), [{ name: '발주발송관리', rows }]);
  const ui = await startUi();
  const opened = await openPage(b.browser, { locale: 'ko-KR' });
  await opened.page.goto(ui.url);
  await checkFile(opened.page, book);
  return opened;
}

/** Gives each product asked for an image, and saves them. */
async function giveImages(page: Page): Promise<void> {
  for (const [index, box] of (await page.locator('#products input[type=url]').all()).entries())
    await box.fill(`${images.url}/p${index}.png`);
  await page.locator('#products button[type=submit]').click();
  await page.waitForURL(/#check-title$/);
}

describe.skipIf(!CHROMIUM)('intake ui: a download with two numbers for a recipient', () => {
  it('sends the mobile of the two, and a wrong second number is fixed where it is written', async () => {
    const prefix = '20261203500';
    const line = (n: number, phone1: string, phone2: string) => {
      const order = `${prefix}${n}`;
      return smartstoreLine(order, `${order}1`, n, n, { 수취인연락처1: phone1, 수취인연락처2: phone2 });
    };
    const rows = [
      SMARTSTORE_NOTICE,
      SMARTSTORE_37,
      line(1, '02-123-4567', '010-7054-8071'),
      line(2, '010-2222-3333', '02-555-6666'),
      line(3, '', '010-123-45'),
    ];
    const { page, context, errors } = await openDownload(rows);
    expect(await page.getByLabel('양식').inputValue()).toBe('smartstore-orders');
    // The mapping names the second number, chosen by the preset.
    await follow(page, page.getByRole('link', { name: '열 직접 맞추기' }));
    const other = page.locator('select#map-recipient_other_phone');
    expect((await other.locator('option:checked').innerText()).trim()).toBe('수취인연락처2');
    expect(await page.locator('label[for="map-recipient_other_phone"]').innerText()).toBe(
      '수령인 다른 연락처',
    );
    await screenshot(page, 'other-phone-mapping-ko');
    await page.getByRole('button', { name: '이대로 읽기' }).click();
    await page.waitForURL(/#check-title$/);
    await giveImages(page);
    // The landline written first is not what is sent, and is nothing to look at: no warning.
    expect(await counts(page, 'check-title')).toMatchObject({ 전체: 3, 정상: 2, 오류: 1 });
    expect(await page.locator('.warnings').count()).toBe(0);
    // The number that would be sent is wrong: said about its own column, whose cell is shown to fix.
    expect(await rowsToFix(page)).toEqual([5]);
    expect(await reasonOf(page, 5)).toBe(
      '수취인연락처2: “010-123-45” 전화번호가 될 수 없습니다. 010(으)로 시작하는 번호는 11자리인데 이 번호는 8자리입니다',
    );
    const headers = await page
      .locator('section[aria-labelledby="check-title"] table thead th')
      .allInnerTexts();
    expect(headers).toEqual(expect.arrayContaining(['수취인연락처1', '수취인연락처2']));
    await screenshot(page, 'other-phone-ko');
    await page.locator(`tr#row-5 label.reason-link`).first().click();
    expect(await page.evaluate('document.activeElement.id')).toBe(`cell-5-${PHONE2}`);
    await page.locator(`#cell-5-${PHONE2}`).fill('010-1234-4567');
    await page.getByRole('button', { name: '고친 내용 반영하고 다시 검사' }).first().click();
    await page.waitForURL(/#check-title$/);
    expect(await counts(page, 'check-title')).toMatchObject({ 정상: 3, 오류: 0 });
    await page.getByRole('button', { name: '주문 3건 보내기' }).click();
    expect(await sendEnded(page)).toBe('완료');
    await t.service.local.apply();
    const phone = async (n: number) => (await t.service.local.order(`${prefix}${n}`))?.recipient_cellphone;
    expect([await phone(1), await phone(2), await phone(3)]).toEqual([
      '010-7054-8071',
      '010-2222-3333',
      '010-1234-4567',
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a row taken with a warning can have its number changed on the page, with the rows to fix or alone', async () => {
    const prefix = '20261203600';
    const line = (n: number, phone: string) => {
      const order = `${prefix}${n}`;
      return smartstoreLine(order, `${order}1`, n, n, { 수취인연락처1: phone });
    };
    const rows = [
      SMARTSTORE_NOTICE,
      SMARTSTORE_37,
      line(1, '02-123-4567'),
      line(2, '010-123-45'),
      line(3, '010-3333-4444'),
      line(4, '031-765-4321'),
    ];
    const { page, context, errors } = await openDownload(rows);
    await giveImages(page);
    expect(await counts(page, 'check-title')).toMatchObject({ 정상: 3, 오류: 1, '확인할 행': 2 });
    const warned = page.locator('details.warnings');
    expect(await warned.locator('tbody tr').count()).toBe(2);
    expect(await warned.locator('summary').innerText()).toBe('보내지만 확인이 필요한 행 2개');
    expect(await warned.getAttribute('open')).not.toBeNull();
    // The warned cell is a box to type in, named as a cell to fix is; no box to drop the order.
    const landline = page.getByRole('textbox', { name: '3행, 수취인연락처1', exact: true });
    expect(await landline.inputValue()).toBe('02-123-4567');
    expect(await landline.getAttribute('aria-invalid')).toBeNull();
    expect(await warned.getByRole('checkbox').count()).toBe(0);
    await screenshot(page, 'warned-rows-ko');
    // Changed to another landline: still to look at, now with a change to undo. Enter in another warned
    // cell saves (the table's first button), and does not undo that change.
    await landline.fill('032-111-2222');
    await warned.getByRole('button', { name: '고친 내용 반영하고 다시 검사' }).first().click();
    await page.waitForURL(/#check-title$/);
    expect(await warned.getByRole('button', { name: '3행 수취인연락처1 되돌리기' }).count()).toBe(1);
    await page.getByRole('textbox', { name: '6행, 수취인연락처1', exact: true }).fill('031-765-4322');
    await page.getByRole('textbox', { name: '6행, 수취인연락처1', exact: true }).press('Enter');
    await page.waitForURL(/#check-title$/);
    expect(await landline.inputValue()).toBe('032-111-2222');
    expect(await page.getByRole('textbox', { name: '6행, 수취인연락처1', exact: true }).inputValue()).toBe(
      '031-765-4322',
    );
    // Changed with a row to fix, and sent by the warned table's own button: both are taken.
    await landline.fill('010-7054-8071');
    await page.locator(`#cell-4-${PHONE1}`).fill('010-1234-4567');
    await warned.getByRole('button', { name: '고친 내용 반영하고 다시 검사' }).last().click();
    await page.waitForURL(/#check-title$/);
    expect(await counts(page, 'check-title')).toMatchObject({ 정상: 4, 오류: 0, '확인할 행': 1 });
    // Alone now (nothing to fix): the last warned number changed from its own form.
    await page.getByRole('textbox', { name: '6행, 수취인연락처1', exact: true }).fill('010-6666-7777');
    await page.getByRole('textbox', { name: '6행, 수취인연락처1', exact: true }).press('Enter');
    await page.waitForURL(/#check-title$/);
    expect(await counts(page, 'check-title')).toMatchObject({ 정상: 4, 오류: 0 });
    expect(await page.locator('details.warnings').count()).toBe(0);
    // Every change is listed with the others, to see or undo.
    expect(await page.getByRole('region', { name: '고친 내용' }).getByRole('textbox').count()).toBe(3);
    expect(await page.getByRole('region', { name: '고친 내용' }).innerText()).not.toContain('031-765-4322');
    await page.getByRole('button', { name: '주문 4건 보내기' }).click();
    expect(await sendEnded(page)).toBe('완료');
    await t.service.local.apply();
    const phone = async (n: number) => (await t.service.local.order(`${prefix}${n}`))?.recipient_cellphone;
    expect([await phone(1), await phone(2), await phone(3), await phone(4)]).toEqual([
      '010-7054-8071',
      '010-1234-4567',
      '010-3333-4444',
      '010-6666-7777',
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

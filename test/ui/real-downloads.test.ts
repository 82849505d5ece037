import { ORDERS_HEADER } from '../helpers/samples.js';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useService } from '../helpers/cli.js';
import { CHROMIUM, openPage, screenshot, useBrowser } from '../helpers/browser.js';
import { SMARTSTORE_37, cafe24Download, coupangDownload, smartstoreDownload } from '../helpers/downloads.js';
import { csvCells, workspace } from '../helpers/files.js';
import { useImageServer } from '../helpers/images.js';
import { useUis } from '../helpers/ui.js';
import { checkFile, counts, mainText, reasonOf, rowsToFix, sendEnded } from '../helpers/ui-page.js';
import { writeWorkbook } from '../helpers/workbook.js';
import { checkPhone } from '../../src/input/phone.js';

const t = useService({ applyDelay: { minMs: 0, maxMs: 0 } });
const b = useBrowser();
const images = useImageServer();

/** `intake ui` for the test's service with a data and config folder of its own. */
const uiFor = useUis(() => t.env);

/** The 수취인연락처1 column of the 37-column download (from 0). */
const PHONE = 29;

/**
 * A 37-column Smartstore download of 40 orders with the issue's mistakes: order …0036's first row one
 * digit short (its second row right), a 9-digit phone, one written in words, a two-row order whose
 * first row has no product id, a safe number (taken, with a warning).
 */
function mistakenDownload(prefix: string): string[][] {
  const rows = smartstoreDownload(prefix, 40);
  const first = (order: number) =>
    rows.findIndex((row) => row[1] === `${prefix}${String(order).padStart(4, '0')}`);
  (rows[first(36)] as string[])[PHONE] = '010-8570-424';
  (rows[first(36) + 1] as string[])[PHONE] = '010-8570-4244';
  (rows[first(10)] as string[])[PHONE] = '010-123-456';
  (rows[first(8)] as string[])[PHONE] = '연락처없음';
  // Order 9 has two rows; its first has no product id.
  (rows[first(9)] as string[])[14] = '';
  (rows[first(11)] as string[])[PHONE] = '0503-1234-5678';
  return rows;
}

/** The row of the sheet (as the sheet numbers it) of an order's first line. */
const sheetRow = (rows: readonly string[][], order: string, line = 0) =>
  rows.findIndex((row) => row[1] === order) + 1 + line;

/** Fills each product's image address on the page, and saves them. */
async function giveImages(page: Page): Promise<void> {
  const boxes = await page.locator('#products input[type=url]').all();
  for (const [index, box] of boxes.entries()) await box.fill(`${images.url}/p${index}.png`);
  // The image typed is shown beside it.
  await expect.poll(() => page.locator('#products img.preview:not([hidden])').count()).toBe(boxes.length);
  await page.locator('#products button[type=submit]').click();
  await page.waitForURL(/#check-title$/);
}

describe.skipIf(!CHROMIUM)('intake ui: a real 37-column marketplace download, from the page alone', () => {
  it('goes in whole and right: images once, phones the bot can reach, orders never split, in Korean', async () => {
    const prefix = '20261125900';
    const rows = mistakenDownload(prefix);
    const files = workspace();
    const book = await writeWorkbook(files.path('스마트스토어_발주발송관리.xlsx'), [
      { name: '발주발송관리', rows },
    ]);
    const ui = await uiFor();
    const { page, context, errors } = await openPage(b.browser, { locale: 'ko-KR' });
    await page.goto(ui.url);
    await checkFile(page, book);
    expect(await page.getByLabel('양식').inputValue()).toBe('smartstore-orders');
    // No download has image addresses: the products are asked for once each, not row by row.
    expect(await page.locator('#products tbody tr').count()).toBe(3);
    await screenshot(page, 'check-products-ko');
    // A row to fix gives its own problems; the products it names are the card's, said there once.
    expect(await reasonOf(page, sheetRow(rows, `${prefix}0010`))).toBe(
      '수취인연락처1: “010-123-456” 전화번호가 될 수 없습니다. 010(으)로 시작하는 번호는 11자리인데 이 번호는 9자리입니다',
    );
    await giveImages(page);

    // What is left: phones, each said in the row's reason, naming the column as the file does.
    const short = sheetRow(rows, `${prefix}0036`);
    expect(await rowsToFix(page)).toEqual([
      sheetRow(rows, `${prefix}0008`),
      sheetRow(rows, `${prefix}0009`),
      sheetRow(rows, `${prefix}0009`, 1),
      sheetRow(rows, `${prefix}0010`),
      short,
      short + 1,
    ]);
    expect(await reasonOf(page, sheetRow(rows, `${prefix}0010`))).toBe(
      '수취인연락처1: “010-123-456” 전화번호가 될 수 없습니다. 010(으)로 시작하는 번호는 11자리인데 이 번호는 9자리입니다',
    );
    expect(await reasonOf(page, sheetRow(rows, `${prefix}0008`))).toBe(
      '수취인연락처1: “연락처없음” 숫자가 없습니다. 봇은 이 번호로만 구매자에게 연락합니다',
    );
    expect(await reasonOf(page, sheetRow(rows, `${prefix}0009`))).toBe('상품번호: 비어 있습니다');
    // The other row of that order is not sent without it, and says why.
    expect(await reasonOf(page, sheetRow(rows, `${prefix}0009`, 1))).toBe(
      `같은 주문 ${prefix}0009의 다른 행에 문제가 있어 함께 보내지 않습니다.`,
    );
    // Rows of one order that disagree: the field, and every row's value, on every row.
    const disagree = `같은 주문의 모든 행에서 같아야 하는데 다릅니다: ${short}행 "010-8570-424", ${short + 1}행 "010-8570-4244"`;
    expect(await reasonOf(page, short)).toContain(disagree);
    expect(await reasonOf(page, short + 1)).toContain(disagree);
    // A safe number is taken, and counted as something to look at.
    expect(await counts(page, 'check-title')).toMatchObject({ 전체: 40, 정상: 36, 오류: 4, '확인할 행': 1 });
    expect(await page.locator('.warnings li').innerText()).toContain('안심번호(050)');
    await screenshot(page, 'check-ko');

    // The reason leads to its cell: the cell gets the focus.
    await page.locator(`tr#row-${short} label.reason-link`).first().click();
    expect(await page.evaluate('document.activeElement.id')).toBe(`cell-${short}-${PHONE}`);
    // Fixed as the phone is written elsewhere (digits only): the rows agree, compared by their digits.
    await page.locator(`#cell-${short}-${PHONE}`).fill('01085704244');
    await page.locator(`#cell-${sheetRow(rows, `${prefix}0010`)}-${PHONE}`).fill('010-1234-4567');
    await page.locator(`#cell-${sheetRow(rows, `${prefix}0008`)}-${PHONE}`).fill('+82 10-2008-1008');
    await page.getByRole('button', { name: '고친 내용 반영하고 다시 검사' }).first().click();
    await page.waitForURL(/#check-title$/);
    expect(await rowsToFix(page)).toEqual([
      sheetRow(rows, `${prefix}0009`),
      sheetRow(rows, `${prefix}0009`, 1),
    ]);
    // An edited cell stays editable and can be undone, one edit at a time.
    const edit = page.getByRole('textbox', { name: new RegExp(`${short}행, 수취인연락처1: 원래 값`) });
    expect(await edit.inputValue()).toBe('01085704244');
    await page.getByRole('button', { name: `${short}행 수취인연락처1 되돌리기` }).click();
    await page.waitForURL(/#check-title$/);
    expect(await rowsToFix(page)).toContain(short);
    expect(await page.locator(`#cell-${short}-${PHONE}`).inputValue()).toBe('010-8570-424');
    await page.locator(`#cell-${short}-${PHONE}`).fill('010-8570-4244');

    // Dropping a row drops its whole order, and says which rows went with it.
    const dropped = sheetRow(rows, `${prefix}0009`);
    const box = page.getByRole('checkbox', { name: `${prefix}0009 빼기 (${dropped}, ${dropped + 1}행)` });
    await box.first().check();
    await page.getByRole('button', { name: '고친 내용 반영하고 다시 검사' }).first().click();
    await page.waitForURL(/#check-title$/);
    expect(await page.locator('.notice').innerText()).toBe(
      `${prefix}0009을(를) 모든 행(${dropped}–${dropped + 1}행)과 함께 뺐습니다. 주문은 품목 일부만 보내지 않습니다.`,
    );
    expect(await counts(page, 'check-title')).toMatchObject({ 정상: 39, 오류: 0, '뺀 행': 2 });
    // The fixed rows are still said to be the workbook's sheet, as before the first fix.
    expect(await page.locator('section[aria-labelledby="check-title"] ul.notes').innerText()).toContain(
      '"발주발송관리" 시트를 읽습니다',
    );
    await screenshot(page, 'edits-ko');
    // Read again with nothing changed: every fix and drop stays (the sheet the form names is the one read).
    await Promise.all([
      page.waitForResponse((answer) => answer.url().endsWith('/read')),
      page.getByRole('button', { name: '다시 읽기' }).click(),
    ]);
    await page.waitForLoadState();
    expect(await counts(page, 'check-title')).toMatchObject({ 정상: 39, 오류: 0, '뺀 행': 2 });
    expect(await page.locator('#sheet ~ .hint').innerText()).toBe('하나뿐인 시트');

    await page.getByRole('button', { name: '주문 39건 보내기' }).click();
    expect(await sendEnded(page)).toBe('완료');
    expect(await page.locator('#results-summary').innerText()).toBe('완료: 39건 중 39건 처리.');
    expect(await counts(page, 'results-title')).toEqual({ 접수됨: 39, '직접 뺌': 2 });
    expect(await mainText(page)).not.toMatch(/(^|\s)--[a-z]/);
    // The changes made are shown as they were sent, none of them to be changed or undone any more.
    const edits = page.getByRole('region', { name: '고친 내용' });
    expect(await edits.innerText()).toContain('이렇게 고쳐서 보냈습니다.');
    expect(await edits.getByRole('textbox').count()).toBe(3);
    for (const box of await edits.getByRole('textbox').all()) {
      expect(await box.isEditable()).toBe(false);
      // Nor does it look like a field to type in: the page's wash behind it, not white.
      const shown = await box.evaluate(
        (input) =>
          (
            globalThis as unknown as { getComputedStyle(element: typeof input): { backgroundColor: string } }
          ).getComputedStyle(input).backgroundColor,
      );
      expect(shown).toBe('rgb(244, 246, 249)');
    }
    for (const button of await edits.getByRole('button').all()) expect(await button.isDisabled()).toBe(true);
    await screenshot(page, 'results-real-ko');

    // What was stored is what the file said: every order whole, every phone one the bot can use.
    await t.service.local.apply();
    const lines = rows.slice(2);
    for (let n = 1; n <= 40; n++) {
      const id = `${prefix}${String(n).padStart(4, '0')}`;
      const stored = await t.service.local.order(id);
      if (n === 9) {
        expect(stored).toBeUndefined();
        continue;
      }
      if (n === 8) expect(stored?.recipient_cellphone).toBe('+82 10-2008-1008');
      expect(stored?.items.map((item) => item.id).sort()).toEqual(
        lines
          .filter((row) => row[1] === id)
          .map((row) => row[0])
          .sort(),
      );
      expect(checkPhone(stored?.recipient_cellphone ?? '').ok).toBe(true);
      expect(stored?.items[0]?.product_image_url).toMatch(new RegExp(`^${images.url}/p\\d\\.png$`));
    }
    expect((await t.service.local.order(`${prefix}0036`))?.recipient_cellphone).toBe('010-8570-4244');

    // The rows not sent, with the dropped order's, are in the rows to fix.
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: '고칠 행 (CSV)' }).click(),
    ]);
    const cells = csvCells(readFileSync((await csv.path()) as string, 'utf8').replace(/^\uFEFF/, ''));
    expect(cells.filter((row) => row[1] === `${prefix}0009`).map((row) => row.at(-1))).toEqual([
      '페이지에서 뺐습니다 (보내지 않음)',
      '페이지에서 뺐습니다 (보내지 않음)',
    ]);

    // The same download again: the images are remembered, and what was sent is said before sending.
    await page.getByRole('link', { name: '다른 파일 올리기' }).click();
    await checkFile(page, book);
    expect(await page.locator('#products').count()).toBe(0);
    expect(await counts(page, 'check-title')).toMatchObject({ 정상: 36, '이미 보냄 (다시 안 보냄)': 36 });
    // Nothing new to send: the button does not offer to send 36 orders, and sending sends none twice.
    expect(await page.locator('#send button').count()).toBe(1);
    await screenshot(page, 'sent-before-ko');
    const jobs = (await t.service.local.jobs()).length;
    const again = page.getByRole('button', { name: '다시 보내기' });
    expect(await again.getAttribute('class')).toBe('secondary');
    await again.click();
    expect(await sendEnded(page)).toBe('완료');
    expect(await counts(page, 'results-title')).toEqual({ '이미 등록됨': 36, 오류: 4 });
    expect(await t.service.local.jobs()).toHaveLength(jobs);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 390 px in English: the row number and its reason in view, the reason leading to a cell 30 columns away', async () => {
    const rows = mistakenDownload('20261125800');
    const files = workspace();
    const book = await writeWorkbook(files.path('smartstore.xlsx'), [{ name: '발주발송관리', rows }]);
    const ui = await uiFor();
    const { page, context } = await openPage(b.browser, { width: 390, height: 800 });
    await page.goto(ui.url);
    await checkFile(page, book);
    await giveImages(page);
    const row = sheetRow(rows, '202611258000010');
    const reason = page.locator(`tr#row-${row} td.reason`);
    await reason.scrollIntoViewIfNeeded();
    const box = await reason.boundingBox();
    expect(box && box.x + Math.min(box.width, 100) <= 390).toBe(true);
    expect(await reasonOf(page, row)).toBe(
      '수취인연락처1: “010-123-456” cannot be a phone number: a number starting 010 has 11 digits, this one has 9',
    );
    // Only the table scrolls sideways; the page does not.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.locator(`tr#row-${row} label.reason-link`).click();
    const cell = await page.locator(`#cell-${row}-${PHONE}`).boundingBox();
    expect(cell && cell.x >= 0 && cell.x + cell.width <= 390 + 1).toBe(true);
    await screenshot(page, 'check-narrow');
    await context.close();
  });

  it.each([
    ['Coupang', 'coupang-orders', () => coupangDownload('3100', 12), 12],
    ['Cafe24', 'cafe24-orders', () => cafe24Download('20261125', 12), 12],
  ])('a %s download goes in from the page alone', async (_name, preset, make, orders) => {
    const files = workspace();
    const book = await writeWorkbook(files.path(`${preset}.xlsx`), [{ name: 'Sheet1', rows: make() }]);
    const ui = await uiFor();
    const { page, context } = await openPage(b.browser, { locale: 'en-US' });
    await page.goto(ui.url);
    await checkFile(page, book);
    expect(await page.getByLabel('Layout').inputValue()).toBe(preset);
    await giveImages(page);
    expect(await counts(page, 'check-title')).toMatchObject({ records: orders, valid: orders, invalid: 0 });
    // The product list names each product as the file does, before the file is sent.
    const list = await context.newPage();
    await list.goto(`${ui.address}catalog`);
    const names = await list
      .locator('main input[name^="name:"]')
      .evaluateAll((boxes) => boxes.map((box) => (box as unknown as { value: string }).value));
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => name === '')).toEqual([]);
    await list.close();
    if (preset === 'coupang-orders') {
      // Every number a relay: the rows to look at are counted, their list shut so the page is not buried.
      const warned = page.locator('details.warnings');
      expect(await warned.locator('summary').innerText()).toBe('Taken, but worth a look: 15 rows');
      expect(await warned.getAttribute('open')).toBeNull();
    }
    await page.getByRole('button', { name: `Send ${orders} orders` }).click();
    expect(await sendEnded(page)).toBe('finished');
    expect(await counts(page, 'results-title')).toEqual({ accepted: orders });
    await context.close();
  });

  it('the order download filled in with tracking numbers: asked once, shipments chosen, Enter reads it', async () => {
    const rows = smartstoreDownload('20261125700', 6);
    const [carrier, tracking] = ['택배사', '송장번호'].map((name) => SMARTSTORE_37.indexOf(name));
    // The first four orders shipped (five items, each its own parcel); the rest not yet (skipped, not refused).
    for (const row of rows.slice(2).filter((cells) => Number(cells[1]?.slice(-4)) <= 4)) {
      row[carrier as number] = 'CJ대한통운';
      row[tracking as number] = `6401${row[0]?.slice(-8)}`;
    }
    const files = workspace();
    const book = await writeWorkbook(files.path('발송처리.xlsx'), [{ name: '발주발송관리', rows }]);
    const ui = await uiFor();
    const { page, context } = await openPage(b.browser, { locale: 'ko-KR' });
    await page.goto(ui.url);
    await checkFile(page, book);
    expect(await page.getByRole('alert').innerText()).toBe(
      '주문 다운로드의 열이고, 송장번호가 채워진 행이 있습니다. 송장번호를 보내려면 송장으로, 주문을 보내려면 주문으로 읽으세요.',
    );
    // The choice it suggests is in the field that has the focus: Enter on it reads the file as that.
    await expect.poll(() => page.evaluate('document.activeElement.id')).toBe('kind');
    expect(await page.locator('#kind').inputValue()).toBe('shipment');
    await page.locator('form[action$="/read"] button[type=submit]').focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('양식').waitFor();
    expect(await page.getByLabel('양식').inputValue()).toBe('smartstore-dispatch');
    expect(await counts(page, 'check-title')).toMatchObject({ 전체: 5, 정상: 5, 오류: 0 });
    // Quantities are an order's matter: a dispatch sheet's 수량 is not worth a word.
    expect(await mainText(page)).not.toContain('수량');
    // The download before it was filled in, given as shipments: not "all valid", but what to do.
    const unfilled = await writeWorkbook(files.path('주문.xlsx'), [
      { name: '발주발송관리', rows: smartstoreDownload('20261125700', 6) },
    ]);
    await page.goto(ui.address);
    await checkFile(page, unfilled, 'shipment');
    expect(await page.getByRole('alert').innerText()).toBe(
      '운송장 번호가 있는 행이 없습니다. 발송한 상품마다 운송장 번호(와 택배사)를 채운 뒤 파일을 다시 올리세요.',
    );
    expect(await mainText(page)).not.toContain('모든 항목이 정상입니다');
    await context.close();
  });

  it('an empty file, a PDF and a file with only its header each get their own words', async () => {
    const files = workspace();
    const ui = await uiFor();
    const { page, context } = await openPage(b.browser, { locale: 'ko-KR' });
    await page.goto(ui.url);
    const refused = async (path: string) => {
      await page.locator('input#file').setInputFiles(path);
      await page.locator('form[action="uploads"] button[type=submit]').click();
      await page.waitForURL(/\/uploads$/);
      return page.locator('[data-form-error]').innerText();
    };
    expect(await refused(files.write('빈파일.csv', ''))).toBe(
      '빈파일.csv 파일이 비어 있습니다. 마켓에서 다시 내려받으세요.',
    );
    expect(await refused(files.write('주문.pdf', '%PDF-1.4\n%\u00e2\u00e3\n1 0 obj\n<<>>\nendobj\n'))).toBe(
      '주문.pdf은(는) PDF 문서이고 표 파일이 아닙니다. 주문을 엑셀(.xlsx)이나 CSV로 내려받으세요.',
    );
    // A workbook cut short on its way (a zip without its end), and one that is no zip at all: their
    // page opens (a workbook may need its password there), saying what is wrong with the file.
    const unreadable = async (path: string) => {
      await checkFile(page, path);
      const said = await page.locator('main .error-box').innerText();
      await page.getByRole('link', { name: '업로드', exact: true }).click();
      return said;
    };
    expect(await unreadable(files.write('잘린주문.xlsx', 'PK\u0003\u0004garbage'))).toBe(
      '잘린주문.xlsx 파일이 잘렸거나 손상되었습니다. 다시 내려받거나 복사하세요. 스프레드시트 프로그램에서 열린다면 "Excel 통합 문서(.xlsx)"로 다시 저장하세요.',
    );
    expect(await unreadable(files.write('가짜.xlsx', Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9])))).toBe(
      '가짜.xlsx은(는) 이름만 엑셀 파일이고 엑셀 통합 문서가 아닙니다. 마켓에서 받은 .xlsx 파일이나 CSV를 주세요.',
    );
    await checkFile(
      page,
      files.write('머리글만.csv', 'order_id,recipient_name,recipient_cellphone,item_id,product_id\n'),
    );
    expect(await page.locator('section[aria-labelledby="check-title"] .error-box').innerText()).toBe(
      '파일에 머리글 행만 있고 데이터 행이 없습니다. 보낼 것이 없습니다.',
    );
    await context.close();
  });

  it('offers a template for each layout and marketplace, and every change can be undone at once', async () => {
    const ui = await uiFor();
    const { page, context } = await openPage(b.browser);
    await page.goto(ui.url);
    await page.getByText('Templates').click();
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Naver Smartstore: order download', exact: false }).click(),
    ]);
    expect(readFileSync((await template.path()) as string, 'utf8')).toMatch(
      /^\uFEFF주문번호,상품주문번호,상품번호,상품명,/,
    );
    const files = workspace();
    await checkFile(
      page,
      files.write(
        'orders.csv',
        `${ORDERS_HEADER}\n` +
          'R-1,김민지,010-123-456,R-1-1,P-1,감귤,https://shop.example.com/p.jpg\n' +
          'R-2,박지훈,010-1111-2222,R-2-1,P-1,감귤,https://shop.example.com/p.jpg\n',
      ),
    );
    await page.getByRole('textbox', { name: 'Row 2, recipient_cellphone' }).fill('010-1234-4567');
    await page.getByRole('button', { name: 'Apply the fixes and check again' }).first().click();
    await page.getByText('Every record is valid.').waitFor();
    await page.getByRole('button', { name: 'Undo all changes' }).click();
    await page.getByText('Every change was undone.').waitFor();
    expect(await counts(page, 'check-title')).toMatchObject({ invalid: 1 });
    expect(await page.getByRole('textbox', { name: 'Row 2, recipient_cellphone' }).inputValue()).toBe(
      '010-123-456',
    );
    await context.close();
  });
});

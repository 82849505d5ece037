import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { useService } from '../helpers/cli.js';
import { CHROMIUM, openPage, useBrowser } from '../helpers/browser.js';
import { workspace } from '../helpers/files.js';
import { useUiRuns } from '../helpers/ui.js';
import { checkFile, counts, reasonOf, rowsToFix, sendEnded } from '../helpers/ui-page.js';

const t = useService({ applyDelay: { minMs: 0, maxMs: 0 } });
const b = useBrowser();

const uis = useUiRuns();

const IMAGE = 'https://shop.example.com/img/1.jpg';

/**
 * An order download opened in Excel and saved as CSV (CP949): the phone column became numbers and lost
 * its leading 0 on every row; one was written with hyphens, one kept its 0.
 */
const SAVED_BY_EXCEL = [
  'order_id,member_id,recipient_name,recipient_cellphone,item_id,product_id,product_name,product_image_url',
  `LZ-1,M-1,김민지,1012345678,LZ-1-1,P-1,감귤,${IMAGE}`,
  `LZ-1,M-1,김민지,1012345678,LZ-1-2,P-2,한라봉,${IMAGE}`,
  `LZ-2,M-2,박지훈,10-9876-5432,LZ-2-1,P-1,감귤,${IMAGE}`,
  `LZ-3,M-3,최유나,010-5555-6666,LZ-3-1,P-1,감귤,${IMAGE}`,
  '',
].join('\r\n');

describe.skipIf(!CHROMIUM)('intake ui: phone numbers Excel took the leading 0 from', () => {
  it('one button puts the 0 back in each, every change can be undone, and the orders are sent whole', async () => {
    const files = workspace();
    const file = files.write('주문_엑셀저장.csv', iconv.encode(SAVED_BY_EXCEL, 'cp949'));
    const ui = await uis.start(t.env);
    const { page, context, errors } = await openPage(b.browser, { locale: 'ko-KR' });
    await page.goto(ui.url);
    await checkFile(page, file, 'order');
    expect(await counts(page, 'check-title')).toMatchObject({ 전체: 3, 정상: 1, 오류: 2 });
    expect(await rowsToFix(page)).toEqual([2, 3, 4]);
    expect(await reasonOf(page, 4)).toBe(
      'recipient_cellphone: “10-9876-5432” 맨 앞의 0이 빠진 휴대폰 번호로 보입니다 (01098765432?). 엑셀에서 이 열의 서식을 텍스트로 지정하고 다시 내보내세요',
    );

    // By keyboard: the button says how many numbers it fixes; Enter on it checks again.
    const restore = page.getByRole('button', { name: '휴대폰 번호 3개에 맨 앞의 0 붙이기' });
    await restore.focus();
    await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
    expect(await page.getByRole('status').first().innerText()).toBe(
      '휴대폰 번호 3개에 맨 앞의 0을 붙였습니다. 하나씩 “고친 내용”에서 되돌릴 수 있습니다.',
    );
    expect(await counts(page, 'check-title')).toMatchObject({ 전체: 3, 정상: 3, 오류: 0 });
    // Each number keeps how it was written; each change is listed with what the file had.
    const edits = page.locator('section[aria-labelledby="edits-title"]');
    const boxes = await edits.getByRole('textbox').all();
    expect(await Promise.all(boxes.map((box) => box.inputValue()))).toEqual([
      '01012345678',
      '01012345678',
      '010-9876-5432',
    ]);
    expect(await edits.innerText()).toContain('4행, recipient_cellphone: 원래 값 “10-9876-5432”');

    // One undone: that row is to fix again, and the button offers the one number.
    await Promise.all([
      page.waitForEvent('load'),
      edits.getByRole('button', { name: '4행 recipient_cellphone 되돌리기' }).click(),
    ]);
    expect(await rowsToFix(page)).toEqual([4]);
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: '휴대폰 번호 1개에 맨 앞의 0 붙이기' }).click(),
    ]);
    expect(await counts(page, 'check-title')).toMatchObject({ 정상: 3, 오류: 0 });

    await page.getByRole('button', { name: '주문 3건 보내기' }).click();
    expect(await sendEnded(page)).toBe('완료');
    await t.service.local.apply();
    expect((await t.service.local.order('LZ-1'))?.items.map((item) => item.id)).toEqual(['LZ-1-1', 'LZ-1-2']);
    expect(await t.service.local.order('LZ-1')).toMatchObject({ recipient_cellphone: '01012345678' });
    expect(await t.service.local.order('LZ-2')).toMatchObject({ recipient_cellphone: '010-9876-5432' });
    expect(await t.service.local.order('LZ-3')).toMatchObject({ recipient_cellphone: '010-5555-6666' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a whole column of them: all fixed at once, the first changes listed and the rest counted', async () => {
    const rows = Array.from(
      { length: 250 },
      (_, index) =>
        `LZB-${index},M-${index},김민지,10${String(index).padStart(8, '0')},LZB-${index}-1,P-1,감귤,${IMAGE}`,
    );
    const files = workspace();
    const file = files.write('주문.csv', [SAVED_BY_EXCEL.split('\r\n')[0], ...rows, ''].join('\n'));
    const ui = await uis.start(t.env);
    const { page, context, errors } = await openPage(b.browser, { locale: 'ko-KR' });
    await page.goto(ui.url);
    await checkFile(page, file, 'order');
    expect(await counts(page, 'check-title')).toMatchObject({ 전체: 250, 오류: 250 });
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: '휴대폰 번호 250개에 맨 앞의 0 붙이기' }).click(),
    ]);
    expect(await counts(page, 'check-title')).toMatchObject({ 전체: 250, 정상: 250, 오류: 0 });
    const edits = page.locator('section[aria-labelledby="edits-title"]');
    expect(await edits.locator('ul.edits li').count()).toBe(200);
    expect(await edits.locator('p.hint').last().innerText()).toBe(
      '… 외 고친 칸 50개 (함께 검사하고 보냅니다).',
    );
    // Checking again from the list keeps the changes it does not list.
    await Promise.all([
      page.waitForEvent('load'),
      edits.getByRole('button', { name: '고친 내용 반영하고 다시 검사' }).click(),
    ]);
    expect(await counts(page, 'check-title')).toMatchObject({ 전체: 250, 정상: 250, 오류: 0 });
    expect(errors).toEqual([]);
    await context.close();
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, fileChoosers, keepLocal, narrowTables, openPage, useBrowser } from '../helpers/browser.js';
import { cli, useService } from '../helpers/cli.js';
import { englishOn as englishOnPage } from '../helpers/english.js';
import { FIXTURES, workspace } from '../helpers/files.js';
import { ordersCsv } from '../helpers/samples.js';
import { writeWorkbook } from '../helpers/workbook.js';
import { tempDir } from '../helpers/temp.js';
import { useUiRuns } from '../helpers/ui.js';
import { checkFile, counts, follow, sendEnded, WAIT_MS } from '../helpers/ui-page.js';

const b = useBrowser();
const t = useService();
const uis = useUiRuns();

/** Commands a Korean page shows on purpose: they are typed in a terminal as they are. */
const COMMANDS = [/intake marketplace login \w+/g];

const englishOn = (page: Page) => englishOnPage(page, COMMANDS);

/** How opaque each file input of the page is, in the page's own words (evaluated there). */
const OPACITIES = `[...document.querySelectorAll('input[type=file]')].map((input) => getComputedStyle(input).opacity)`;

describe.skipIf(!CHROMIUM)('intake ui speaks Korean throughout to a Korean browser', () => {
  it('on every page a day of uploads passes through: checks with mistakes, results, history, connection, products', async () => {
    const ui = await uis.start({ ...t.env, INTAKE_DATA_DIR: tempDir('intake-data-') });
    const { page, context, errors } = await openPage(b.browser, { locale: 'ko-KR' });
    const seen: Record<string, string[]> = {};
    const look = async (where: string) => {
      seen[where] = await englishOn(page);
    };
    await page.goto(ui.url);
    await look('home');
    await checkFile(page, `${FIXTURES}/smartstore-orders.xlsx`);
    await look('check of a Smartstore download');
    // In a narrow window the products to complete are cards, their boxes as wide as the window.
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await page.evaluate(narrowTables('#products'))).toEqual({
      sideways: [],
      clipped: [],
      labels: [['none', '상품명', '이미지 주소 (https://…)', '미리보기']],
    });
    await page.setViewportSize({ width: 1280, height: 720 });
    await follow(page, page.getByRole('link', { name: '열 직접 맞추기' }));
    await look('column mapping');

    await page.getByRole('link', { name: '업로드', exact: true }).click();
    await checkFile(page, `${FIXTURES}/orders-with-errors.csv`);
    await look('check of a file with mistakes');
    await page.getByRole('button', { name: /^주문 \d+건 보내기$/ }).click();
    expect(await sendEnded(page)).toBe('완료');
    await look('results with invalid orders');

    await page.getByRole('link', { name: '업로드', exact: true }).click();
    await checkFile(page, `${FIXTURES}/shipments.csv`);
    await page.getByRole('button', { name: /^송장 \d+건 보내기$/ }).click();
    await sendEnded(page);
    await look('results of shipments');

    for (const link of ['업로드 기록', '연결 상태', '마켓 연동', '상품 목록']) {
      // Waits for the page it opens: what is read next (its words, its layout) is that page's.
      await follow(page, page.getByRole('link', { name: link, exact: true }));
      await look(link);
    }
    // The product list too: a card a product in a narrow window.
    await page.setViewportSize({ width: 390, height: 800 });
    // Polled: the page lays itself out for the new width in its own time (once, under load, after the first look).
    await expect
      .poll(() => page.evaluate(narrowTables()), { timeout: WAIT_MS })
      .toEqual({
        sideways: [],
        clipped: [],
        labels: [['none', '상품명', '이미지 주소 (https://…)', '미리보기', '출처']],
      });
    expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((where) => [where, []])));
    expect(errors).toEqual([]);
    await context.close();
  });
  it('History names what the terminal sent from its flags and its standard input in Korean too', async () => {
    const data = tempDir('intake-data-');
    const env = { ...t.env, INTAKE_DATA_DIR: data };
    const flags = [
      'product',
      'create',
      '--id',
      'P-KOFLAGS',
      '--name',
      '감귤',
      '--image-url',
      'https://x.example.com/k.png',
    ];
    expect((await cli(flags, { env })).code).toBe(0);
    const piped = await cli(['order', 'create', '-', '--format', 'csv'], {
      env,
      stdin: ordersCsv('KOSTDIN', 1),
    });
    expect(piped.code).toBe(0);
    const ui = await uis.start(env);
    const { page, context, errors } = await openPage(b.browser, { locale: 'ko-KR' });
    await page.goto(ui.url);
    await page.getByRole('link', { name: '업로드 기록', exact: true }).click();
    const rows = page.getByRole('row');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(1).innerText()).toContain('표준 입력');
    expect(await rows.nth(2).innerText()).toContain('명령줄에서 입력한 한 건');
    expect(await englishOn(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('every file input says its button and its file in the page’s language, not the browser’s; by mouse and by keyboard', async () => {
    const ui = await uis.start({ ...t.env, INTAKE_DATA_DIR: tempDir('intake-data-') });
    const { page, context, errors } = await openPage(b.browser, { locale: 'en-US' });
    const nextChooser = fileChoosers(page);
    await page.goto(ui.url);
    await page.getByRole('link', { name: '한국어' }).click();
    await page.getByRole('heading', { name: '파일 올리기' }).waitFor();
    const pickers = page.locator('.file-picker');
    expect(await pickers.count()).toBe(2);
    for (const picker of await pickers.all()) {
      expect(await picker.locator('.file-button').innerText()).toBe('파일 선택');
      expect(await picker.locator('[data-file-name]').innerText()).toBe('선택한 파일 없음');
    }
    // The browser's own buttons (in its language) are there to be used, but not seen, once the page's
    // script has run (it is deferred: the heading can be there before it).
    await expect.poll(() => page.evaluate(OPACITIES)).toEqual(['0', '0']);
    // The browser's input lies exactly over the page's button, so a click where the button is seen is
    // a click on it, and opens the chooser; so does the keyboard, on that input.
    const input = page.locator('.drop input[type=file]');
    expect(await input.boundingBox()).toEqual(await page.locator('.drop .file-button').boundingBox());
    await input.click();
    await (await nextChooser()).setFiles(`${FIXTURES}/orders.csv`);
    expect(await page.locator('.drop [data-file-name]').innerText()).toBe('orders.csv');
    await page.getByLabel('상품 목록 파일 (선택, 주문용)').focus();
    await page.keyboard.press('Space');
    await (await nextChooser()).setFiles(`${FIXTURES}/catalog.csv`);
    expect(await page.locator('.file-picker').nth(1).locator('[data-file-name]').innerText()).toBe(
      'catalog.csv',
    );
    await page.getByRole('button', { name: '파일 검사' }).click();
    await page.waitForURL(/\/uploads\/[\w-]+$/);
    // The check's own product list input too.
    expect(await page.locator('.file-button').allInnerTexts()).toEqual(['파일 선택']);
    expect(await englishOn(page)).toEqual([]);
    expect(errors).toEqual([]);
    const signedIn = await context.storageState();
    await context.close();

    // Without the page's script, the browser's own input shows, so a file can still be chosen and seen.
    const bare = await b.browser.newContext({
      javaScriptEnabled: false,
      locale: 'en-US',
      storageState: signedIn,
    });
    await keepLocal(bare);
    bare.setDefaultTimeout(WAIT_MS);
    const plain = await bare.newPage();
    await plain.goto(ui.address);
    expect(await plain.evaluate(OPACITIES)).toEqual(['1', '1']);
    expect(await plain.locator('.drop .file-button').isVisible()).toBe(false);
    await bare.close();
  });

  it('through a protected workbook, a fix on the page, a re-upload that changed an order and its correction', async () => {
    const ui = await uis.start({ ...t.env, INTAKE_DATA_DIR: tempDir('intake-data-') });
    const files = workspace();
    const { page, context, errors } = await openPage(b.browser, { locale: 'ko-KR' });
    const seen: Record<string, string[]> = {};
    const look = async (where: string) => {
      seen[where] = await englishOn(page);
    };
    await page.goto(ui.url);
    const [header, ...lines] = ordersCsv('KOPW', 2).trim().split('\n');
    const book = await writeWorkbook(
      files.path('주문_암호.xlsx'),
      [{ name: '주문', rows: [header, ...lines].map((line) => (line ?? '').split(',')) }],
      { password: 'Gamgyul#2026' },
    );
    await page.getByLabel('파일을 여기에 끌어 놓거나 선택하세요').setInputFiles(book);
    await page.getByLabel('엑셀 암호 (있는 경우)').fill('gamgyul');
    await page.getByRole('button', { name: '파일 검사' }).click();
    await page.waitForURL(/\/uploads\/[\w-]+$/);
    expect(await page.getByRole('alert').first().innerText()).toContain('암호가 맞지 않습니다');
    await look('a wrong password');
    await page.getByLabel('엑셀 암호 (있는 경우)').fill('Gamgyul#2026');
    await page.getByRole('button', { name: '다시 읽기' }).click();
    await page.waitForURL(/\/uploads\/[\w-]+#check-title$/);
    expect(await counts(page, 'check-title')).toMatchObject({ 전체: 2, 정상: 2 });
    await look('the workbook opened');

    // A phone that lost its 0, fixed on the page.
    await page.getByRole('link', { name: '업로드', exact: true }).click();
    await checkFile(
      page,
      files.write('주문.csv', ordersCsv('KOFX', 2).replace('010-1234-0001', '1012340001')),
    );
    await look('a row to fix');
    await page.getByRole('textbox', { name: '2행, recipient_cellphone' }).fill('010-1234-0001');
    await page.getByRole('button', { name: '고친 내용 반영하고 다시 검사' }).first().click();
    await page.waitForLoadState();
    await look('fixed');
    await page.getByRole('button', { name: '주문 2건 보내기' }).click();
    expect(await sendEnded(page)).toBe('완료');

    // The same orders again, one with another recipient: changed, then corrected.
    await page.getByRole('link', { name: '업로드', exact: true }).click();
    await checkFile(
      page,
      files.write('주문_다시.csv', ordersCsv('KOFX', 2).replaceAll('KOFX-2,홍길동', 'KOFX-2,김철수')),
    );
    // One of the two was sent before as it is: the other, changed, is the one to send.
    await page.getByRole('button', { name: '주문 1건 보내기' }).click();
    expect(await sendEnded(page)).toBe('완료');
    expect(await counts(page, 'results-title')).toMatchObject({ '내용 다름': 1 });
    // What differs, in Korean words (the file's headers are the service's own field names).
    const changedRow = page
      .locator('section[aria-labelledby="results-title"]')
      .getByRole('row', { name: /KOFX-2/ });
    expect(await changedRow.innerText()).toMatch(
      /내용 다름\s+수령인 이름\s+이전에 보낸 내용과 수령인 이름이\(가\)/,
    );
    await look('an order changed');
    await page.getByRole('button', { name: '수정 내용 보내기' }).click();
    await sendEnded(page);
    expect(await counts(page, 'results-title')).toMatchObject({ 수정됨: 1 });
    await look('corrected');
    await follow(page, page.getByRole('link', { name: '업로드 기록', exact: true }));
    await look('history');
    expect(await t.service.local.order('KOFX-2')).toMatchObject({ recipient_name: '김철수' });
    expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((where) => [where, []])));
    expect(errors).toEqual([]);
    await context.close();
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { CHROMIUM, narrowTables, openPage, screenshot, useBrowser } from '../helpers/browser.js';
import { FIXTURES, SHOP_JOINED_COLUMNS, workspace } from '../helpers/files.js';
import { useUiRuns, ownFolders } from '../helpers/ui.js';
import { checkFile, counts, follow, mainText, reasonOf, sendEnded } from '../helpers/ui-page.js';

const t = useService({ applyDelay: { minMs: 0, maxMs: 0 } });
const b = useBrowser();

const uis = useUiRuns();

/** The headers of fixtures/orders-cp949.csv, in order. */
const HEADERS = [
  '주문번호',
  '회원번호',
  '수령인',
  '수령인 연락처',
  '주문상품번호',
  '상품번호',
  '상품명',
  '상품 이미지',
  '옵션',
];

/** `intake ui` with folders of its own, and its page open in Korean. */
async function openKoreanUi() {
  const env = ownFolders(t.env);
  const ui = await uis.start(env);
  const { page, context, errors } = await openPage(b.browser, { locale: 'ko-KR' });
  await page.goto(ui.url);
  return { env, page, context, errors };
}

describe.skipIf(!CHROMIUM)('intake ui: a file with the shop’s own headers', () => {
  it('opens a column mapping with Intake’s guesses chosen; saved, it reads the next file, and the CLI by name', async () => {
    const { env, page, context, errors } = await openKoreanUi();
    await checkFile(page, `${FIXTURES}/orders-cp949.csv`, 'order');
    // No English, no flag: the page asks for the columns itself.
    // Said as the reason the mapping is asked, not as a failure.
    const mapping = page.locator('section[aria-labelledby="mapping-title"]');
    expect(await mapping.getByRole('status').innerText()).toContain('처음 보는 머리글입니다');
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await mainText(page)).not.toMatch(/--columns|--preset/);
    // Before any check, the page says which encoding the file's headers were read in.
    expect(await page.locator('section[aria-labelledby="reading-title"] dl').innerText()).toMatch(
      /인코딩\s+CP949 \(EUC-KR\)/,
    );
    const chosen = async (column: string) => {
      const value = await page.locator(`select#map-${column}`).inputValue();
      return value === '' ? undefined : HEADERS[Number(value)];
    };
    expect({
      order_id: await chosen('order_id'),
      member_id: await chosen('member_id'),
      recipient_name: await chosen('recipient_name'),
      recipient_cellphone: await chosen('recipient_cellphone'),
      item_id: await chosen('item_id'),
      product_id: await chosen('product_id'),
      product_name: await chosen('product_name'),
      product_image_url: await chosen('product_image_url'),
      product_option: await chosen('product_option'),
    }).toEqual({
      order_id: '주문번호',
      member_id: '회원번호',
      recipient_name: '수령인',
      recipient_cellphone: '수령인 연락처',
      item_id: '주문상품번호',
      product_id: '상품번호',
      product_name: '상품명',
      product_image_url: '상품 이미지',
      product_option: '옵션',
    });
    await screenshot(page, 'mapping-ko');
    // In a narrow window each column is a card: the file's header to choose and its first values under it.
    // In English too, where a line breaks only at a space: the image addresses, one long word each,
    // wrap inside their card instead of running past its edge.
    await page.setViewportSize({ width: 390, height: 800 });
    for (const [language, labels] of [
      [undefined, ['none', '파일의 열', '첫 값']],
      ['English', ['none', 'Column of your file', 'First values']],
    ] as const) {
      if (language) {
        await page.getByRole('link', { name: language }).click();
        await page.waitForLoadState();
      }
      expect(await page.evaluate(narrowTables('section[aria-labelledby="mapping-title"]'))).toMatchObject({
        sideways: [],
        clipped: [],
        labels: [labels],
      });
    }
    await page.getByRole('link', { name: '한국어' }).click();
    await page.waitForLoadState();
    await page.setViewportSize({ width: 1280, height: 720 });
    // A required column left out is said; so is one header chosen twice.
    await page.locator('select#map-order_id').selectOption('');
    await page.locator('select#map-member_id').selectOption('');
    await page.getByRole('button', { name: '이대로 읽기' }).click();
    expect(await page.locator('section[aria-labelledby="mapping-title"] .error-box').innerText()).toBe(
      '필수 항목마다 열을 고르세요: 주문번호.',
    );
    // The choices stay as the person left them, not Intake's guesses again; the keyboard is where the
    // choice is missing.
    expect([await chosen('order_id'), await chosen('member_id'), await chosen('product_id')]).toEqual([
      undefined,
      undefined,
      '상품번호',
    ]);
    await expect.poll(() => page.evaluate('document.activeElement.id')).toBe('map-order_id');
    await page.locator('select#map-member_id').selectOption({ label: '회원번호' });
    await page.locator('select#map-order_id').selectOption({ label: '주문상품번호' });
    await page.getByRole('button', { name: '이대로 읽기' }).click();
    expect(await page.locator('section[aria-labelledby="mapping-title"] .error-box').innerText()).toBe(
      '"주문상품번호" 열을 두 항목에 골랐습니다.',
    );
    await page.locator('select#map-order_id').selectOption({ label: '주문번호' });
    // Naming the layout is optional and says so, with an example of a name.
    const name = page.getByLabel('다음에도 쓰려면 이 양식의 이름 (선택)');
    expect(await name.getAttribute('placeholder')).toBe('예: 우리가게-주문');
    expect(await page.locator('#mapping-name-hint').innerText()).toMatch(/^비워 두면 이 파일에만 씁니다\./);
    // A name that cannot name a file is said in Korean, and the columns chosen stay chosen.
    await name.fill('우리/가게');
    await page.getByRole('button', { name: '이대로 읽기' }).click();
    expect(await page.locator('section[aria-labelledby="mapping-title"] .error-box').innerText()).toBe(
      '"우리/가게"은(는) 양식 이름으로 쓸 수 없습니다. 글자, 숫자, -, _, .만 쓰고 (64자까지) 글자나 숫자로 시작하세요.',
    );
    expect((await page.locator('select#map-order_id option:checked').innerText()).trim()).toBe('주문번호');
    await page.getByLabel('다음에도 쓰려면 이 양식의 이름 (선택)').fill('우리가게');
    await page.getByRole('button', { name: '이대로 읽기' }).click();
    await page.locator('.notice').waitFor();
    expect(await page.locator('.notice').innerText()).toBe('양식 우리가게을(를) 저장했습니다.');
    expect(await counts(page, 'check-title')).toMatchObject({ 전체: 3, 정상: 3, 오류: 0 });

    // The next file with these headers is read with it, saying so.
    await page.getByRole('link', { name: '다른 파일 올리기' }).click();
    await checkFile(page, `${FIXTURES}/orders-cp949.csv`);
    expect(await page.locator('section[aria-labelledby="mapping-title"]').count()).toBe(0);
    expect(await page.locator('ul.notes').innerText()).toContain('저장한 양식 우리가게의 머리글과 같습니다');
    expect(await page.getByLabel('양식').inputValue()).toBe('우리가게');
    expect(errors).toEqual([]);
    await context.close();

    // The terminal reads with it by name, and lists it.
    const dry = await cli(
      ['order', 'create', `${FIXTURES}/orders-cp949.csv`, '--columns', '우리가게', '--dry-run', '--json'],
      { env },
    );
    expect(dry.code).toBe(0);
    expect(dry.summary()).toMatchObject({ records: 3, valid: 3, invalid: 0 });
    const listed = await cli(['columns', 'list', '--json'], { env });
    expect(listed.json()).toContainEqual(
      expect.objectContaining({ name: '우리가게', type: 'saved', kind: 'order' }),
    );
  });

  it('a shop’s export with no line id: its order and product columns joined make each line’s id, in the terminal too', async () => {
    const { env, page, context, errors } = await openKoreanUi();
    const files = workspace();
    const image = 'https://shop.example.com/p.jpg';
    const file = files.write(
      '주문내역.csv',
      [
        '주문ID,받는분,휴대폰,상품코드,상품이름,이미지,옵션',
        `JN-1,김민지,010-1234-5678,P-1,감귤,${image},5kg`,
        // The same product again in the order (another size): a line of its own.
        `JN-1,김민지,010-1234-5678,P-1,감귤,${image},10kg`,
        `JN-1,김민지,010-1234-5678,P-2,한라봉,${image},`,
        `JN-2,박지훈,010-2345-6789,P-1,감귤,${image},5kg`,
      ].join('\n'),
    );
    // Told as orders by its headers (a line's id can be made), the kind left to Intake.
    await checkFile(page, file);
    // No column names a line: Intake proposes the order's and the product's joined, and shows what they make.
    const header = async (select: string) =>
      (await page.locator(`${select} option:checked`).innerText()).trim();
    expect([await header('select#map-item_id'), await header('select#join-item_id')]).toEqual([
      '주문ID',
      '상품코드',
    ]);
    const item = page.locator('tr', { has: page.locator('select#map-item_id') });
    expect(await item.locator('td.hint').innerText()).toBe('JN-1-P-1 · JN-1-P-1-2 · JN-1-P-2');
    expect(await page.locator('#join-item_id-hint').innerText()).toMatch(/^파일에 품목 번호가 없으면/);
    // Both the order's column and the product's stay theirs as well: no "chosen for two items".
    await page.getByLabel('다음에도 쓰려면 이 양식의 이름 (선택)').fill('우리몰');
    await page.getByRole('button', { name: '이대로 읽기' }).click();
    await page.locator('.notice').waitFor();
    expect(await counts(page, 'check-title')).toMatchObject({ 전체: 2, 정상: 2, 오류: 0 });
    await page.getByRole('button', { name: '주문 2건 보내기' }).click();
    expect(await sendEnded(page)).toBe('완료');
    await t.service.local.apply();
    expect((await t.service.local.order('JN-1'))?.items.map((line) => line.id)).toEqual([
      'JN-1-P-1',
      'JN-1-P-1-2',
      'JN-1-P-2',
    ]);
    expect(errors).toEqual([]);
    await context.close();

    // The terminal reads the layout saved, and makes the same ids: nothing new to send.
    const jobs = (await t.service.local.jobs()).length;
    const again = await cli(['order', 'create', file, '--columns', '우리몰', '--json'], { env });
    expect(again.code).toBe(0);
    expect(again.summary()).toMatchObject({ records: 2, accepted: 0, invalid: 0 });
    expect(await t.service.local.jobs()).toHaveLength(jobs);
  });

  it('a shop’s dispatch sheet with no line id: told as shipments, its order and product columns joined are proposed, and it ships those lines', async () => {
    const { env, page, context, errors } = await openKoreanUi();
    const files = workspace();
    const image = 'https://shop.example.com/p.jpg';
    const orders = files.write(
      '주문.csv',
      [
        '주문ID,받는분,휴대폰,상품코드,상품이름,이미지,옵션',
        `DS-1,김민지,010-1234-5678,P-1,감귤,${image},5kg`,
        `DS-1,김민지,010-1234-5678,P-1,감귤,${image},10kg`,
        `DS-1,김민지,010-1234-5678,P-2,한라봉,${image},`,
      ].join('\n'),
    );
    const columns = files.write('c.json', SHOP_JOINED_COLUMNS);
    const sent = await cli(['order', 'create', orders, '--columns', columns], { env });
    expect(sent.code).toBe(0);
    await t.service.local.apply();

    const dispatch = files.write(
      '발송.csv',
      [
        '주문ID,상품코드,옵션,택배사,송장번호',
        'DS-1,P-1,5kg,CJ대한통운,640123456789',
        'DS-1,P-1,10kg,CJ대한통운,640123456789',
        'DS-1,P-2,,CJ대한통운,640123456789',
      ].join('\n'),
    );
    await checkFile(page, dispatch);
    const header = async (select: string) =>
      (await page.locator(`${select} option:checked`).innerText()).trim();
    expect([await header('select#map-order_item_id'), await header('select#join-order_item_id')]).toEqual([
      '주문ID',
      '상품코드',
    ]);
    const line = page.locator('tr', { has: page.locator('select#map-order_item_id') });
    expect(await line.locator('td.hint').innerText()).toBe('DS-1-P-1 · DS-1-P-1-2 · DS-1-P-2');
    await follow(page, page.getByRole('button', { name: '이대로 읽기' }));
    expect(await counts(page, 'check-title')).toMatchObject({ 전체: 1, 정상: 1, 오류: 0 });
    await page.getByRole('button', { name: '송장 1건 보내기' }).click();
    expect(await sendEnded(page)).toBe('완료');
    await t.service.local.apply();
    expect(
      (await t.service.local.order('DS-1'))?.shipments?.map((shipment) => shipment.order_item_ids),
    ).toEqual([['DS-1-P-1', 'DS-1-P-1-2', 'DS-1-P-2']]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells a file of the shop’s own headers is orders by Intake’s guess of them, and asks for nothing but the columns', async () => {
    const { page, context, errors } = await openKoreanUi();
    // Left to Intake ("자동으로 알아보기"): no "cannot tell" to answer first, the mapping at once.
    await checkFile(page, `${FIXTURES}/orders-cp949.csv`);
    const mapping = page.locator('section[aria-labelledby="mapping-title"]');
    expect(await mapping.getByRole('status').innerText()).toContain('처음 보는 머리글입니다');
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.locator('select#kind').inputValue()).toBe('order');
    expect((await page.locator('select#map-recipient_cellphone option:checked').innerText()).trim()).toBe(
      '수령인 연락처',
    );
    // Every column guessed: the keyboard starts at the button that takes the guesses, not at the top.
    await expect
      .poll(() => page.evaluate('document.activeElement.closest("form")?.action'))
      .toMatch(/\/mapping$/);
    await expect.poll(() => page.evaluate('document.activeElement.type')).toBe('submit');
    // Enter reads the file as mapped, and the keyboard goes on at the check, not at the top of the page.
    await page.keyboard.press('Enter');
    await page.locator('#check-title').waitFor();
    await expect.poll(() => page.evaluate('document.activeElement.id')).toBe('check-title');
    expect(await counts(page, 'check-title')).toMatchObject({ 전체: 3, 정상: 3, 오류: 0 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a cell fixed in the second of two columns of one name is listed among the changes by its letter', async () => {
    const { page, context, errors } = await openKoreanUi();
    const file = workspace().write(
      '연락처두개-고침.csv',
      [
        '주문번호,연락처,연락처,받는분,상품코드,상품명,상품 이미지,품목번호',
        'FIX-1,010-1111-2222,1033334444,김민지,P-1,감귤,https://x.example.com/p-1.jpg,FIX-1-1',
        '',
      ].join('\n'),
    );
    await checkFile(page, file, 'order');
    await page.locator('select#map-recipient_cellphone').selectOption({ label: '연락처 (C열)' });
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: '이대로 읽기' }).click()]);
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: '휴대폰 번호 1개에 맨 앞의 0 붙이기' }).click(),
    ]);
    expect(await page.getByLabel('2행, 연락처 (C열): 원래 값 “1033334444”').inputValue()).toBe('01033334444');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a header the file has twice is told apart by its column, and the one chosen is the one read', async () => {
    const { env, page, context, errors } = await openKoreanUi();
    const files = workspace();
    const file = files.write(
      '연락처두개.csv',
      [
        '주문번호,연락처,연락처,받는분,상품코드,상품명,상품 이미지,품목번호',
        'DUP-1,010-1111-2222,010-3333-4444,김민지,P-1,감귤,https://x.example.com/p-1.jpg,DUP-1-1',
        'DUP-3,010-1111-2222,1033334444,김민지,P-1,감귤,https://x.example.com/p-1.jpg,DUP-3-1',
        '',
      ].join('\n'),
    );
    await checkFile(page, file, 'order');
    const options = await page.locator('select#map-recipient_cellphone option').allTextContents();
    // Each header as the page names it: the two 연락처 by their letters.
    const named = [
      '주문번호',
      '연락처 (B열)',
      '연락처 (C열)',
      '받는분',
      '상품코드',
      '상품명',
      '상품 이미지',
      '품목번호',
    ];
    expect(options.map((text) => text.trim())).toEqual(['(없음)', ...named]);
    expect(await page.locator('#mapping-unused').innerText()).toBe('쓰지 않는 파일의 열: 연락처 (C열)');
    // Intake guessed the first; the person chooses the second, and the second is what is sent.
    await page.locator('select#map-recipient_cellphone').selectOption({ label: '연락처 (C열)' });
    await page.getByLabel('다음에도 쓰려면 이 양식의 이름 (선택)').fill('연락처두개');
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: '이대로 읽기' }).click()]);
    expect(await counts(page, 'check-title')).toMatchObject({ 전체: 2, 정상: 1, 오류: 1 });
    // A problem in it is named with its letter too: the name alone would not say which of the two.
    expect(await reasonOf(page, 3)).toContain('연락처 (C열): “1033334444”');
    // And so are the table's headers and the cell to fix, with every column shown as with some.
    const headers = async () =>
      (await page.locator('table.fix-table thead th').allTextContents()).map((text) => text.trim());
    expect(await headers()).toContain('연락처 (C열)');
    expect(await page.getByLabel('3행, 연락처 (C열)').inputValue()).toBe('1033334444');
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('link', { name: '열 8개 모두 보기' }).click(),
    ]);
    expect((await headers()).slice(3)).toEqual(named);
    expect(await page.getByLabel('3행, 연락처 (C열)').inputValue()).toBe('1033334444');
    await page.getByRole('button', { name: '주문 1건 보내기' }).click();
    expect(await sendEnded(page)).toBe('완료');
    await t.service.local.apply();
    expect(await t.service.local.order('DUP-1')).toMatchObject({ recipient_cellphone: '010-3333-4444' });
    // The layout saved names it so for the command line too: the second of the two.
    const again = await cli(
      [
        'order',
        'create',
        files.write(
          'again.csv',
          readFileSync(file, 'utf8').split('\n').slice(0, 2).join('\n').replaceAll('DUP-1', 'DUP-2'),
        ),
        '--columns',
        '연락처두개',
      ],
      { env },
    );
    expect(again.code, again.stderr).toBe(0);
    await t.service.local.apply();
    expect(await t.service.local.order('DUP-2')).toMatchObject({ recipient_cellphone: '010-3333-4444' });
    expect(errors).toEqual([]);
    await context.close();
  });
});

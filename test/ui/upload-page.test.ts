import { readFileSync } from 'node:fs';
import { freePort } from '../../bench/lib/postgres-cluster.js';
import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { CHROMIUM, dropFile, openPage, screenshot, useBrowser } from '../helpers/browser.js';
import { FIXTURES, csvCells, workspace } from '../helpers/files.js';
import { type UiRun, useUiRuns, ownFolders } from '../helpers/ui.js';
import { checkFile, counts, follow, sendEnded, reasonOf } from '../helpers/ui-page.js';
import { readWorkbook, writeWorkbook } from '../helpers/workbook.js';
import { ordersCsv, sampleOrder } from '../helpers/samples.js';

const t = useService({ applyDelay: { minMs: 0, maxMs: 0 } });
const b = useBrowser();

const CATALOG =
  'id,name,image_url\n81001,제주 감귤 5kg,https://cdn.example.com/81001.jpg\n81002,한라봉 3kg,https://cdn.example.com/81002.jpg\n';

/** A Smartstore order download: a notice row above the header, as the seller centre writes it. */
const SMARTSTORE = [
  '상품주문번호',
  '주문번호',
  '상품번호',
  '상품명',
  '옵션정보',
  '구매자명',
  '구매자ID',
  '수취인명',
  '수취인연락처1',
  '통합배송지',
  '택배사',
  '송장번호',
];
const NOTICE = ['※ 개인정보 보호를 위해 다운로드한 파일은 사용 후 삭제해 주세요.'];

/** Three orders of one item each; the second's phone lost its leading 0, the third has no recipient. */
function smartstoreRows(prefix: string, shipped?: { carriers: string[]; tracking: string[] }): unknown[][] {
  const rows: unknown[][] = [
    [
      `${prefix}11`,
      `${prefix}01`,
      '81001',
      '제주 감귤 5kg',
      '중량: 5kg',
      '김민지',
      'minj****',
      '김민지',
      '010-1111-0001',
      '서울시 강남구 1',
    ],
    [
      `${prefix}21`,
      `${prefix}02`,
      '81002',
      '한라봉 3kg',
      '',
      '박지훈',
      'jihoon77',
      '박지훈',
      1022220002,
      '부산시 해운대구 2',
    ],
    [
      `${prefix}31`,
      `${prefix}03`,
      '81001',
      '제주 감귤 5kg',
      '',
      '최유나',
      'yuna',
      '',
      '010-3333-0003',
      '대구시 중구 3',
    ],
  ];
  return rows.map((row, index) => [...row, shipped?.carriers[index] ?? '', shipped?.tracking[index] ?? '']);
}

// Every test's `intake ui` is stopped as Ctrl-C stops it, and must end cleanly.
const uis = useUiRuns();

const uiFor = (env: Record<string, string> = t.env): Promise<UiRun> => uis.start(env);

describe.skipIf(!CHROMIUM)('intake ui: a marketplace download, start to finish, in the browser', () => {
  it('a Smartstore workbook dropped: preset shown, two rows fixed in the table, sent, stored; then its dispatch sheet', async () => {
    const files = workspace();
    const book = await writeWorkbook(files.path('스마트스토어_주문.xlsx'), [
      { name: '발주발송관리', rows: [NOTICE, SMARTSTORE, ...smartstoreRows('2026112288800')] },
    ]);
    const catalog = files.write('catalog.csv', CATALOG);
    const ui = await uiFor();
    const { page, context, errors } = await openPage(b.browser, { locale: 'en-US' });
    await page.goto(ui.url);
    // The token in the address was exchanged for a cookie: it is gone from the address bar.
    expect(page.url()).toBe(ui.address);
    await screenshot(page, 'upload');
    await dropFile(page, '[data-drop]', '스마트스토어_주문.xlsx', readFileSync(book));
    expect(await page.locator('.drop [data-file-name]').innerText()).toBe('스마트스토어_주문.xlsx');
    await page.getByLabel('Product list (optional, for orders)').setInputFiles(catalog);
    await page.getByRole('button', { name: 'Check the file' }).click();
    await page.waitForURL(/\/uploads\/[\w-]+$/);

    // How it was read: the kind found, the header under the notice, the preset.
    expect(await page.getByLabel('What it holds').inputValue()).toBe('order');
    expect(await page.getByLabel('Header row').inputValue()).toBe('2');
    expect(await page.getByLabel('Layout').inputValue()).toBe('smartstore-orders');
    await expect
      .poll(() => page.getByText('found: Naver Smartstore: order download', { exact: false }).count())
      .toBe(1);
    expect(await page.getByLabel('Sheet').inputValue()).toBe('발주발송관리');
    expect(await counts(page, 'check-title')).toMatchObject({ records: 3, valid: 1, invalid: 2 });

    // The two rows to fix, their wrong cells marked, the reason in the row naming the column as the file does.
    const phone = page.getByRole('textbox', { name: 'Row 4, 수취인연락처1' });
    expect(await phone.inputValue()).toBe('1022220002');
    expect(await reasonOf(page, 4)).toContain(
      '수취인연락처1: “1022220002” looks like a Korean mobile number that lost its leading 0',
    );
    await screenshot(page, 'check');
    const recipient = page.getByRole('textbox', { name: 'Row 5, 수취인명' });
    expect(await recipient.getAttribute('aria-invalid')).toBe('true');
    await phone.fill('010-2222-0002');
    await recipient.fill('최유나');
    await page.getByRole('button', { name: 'Apply the fixes and check again' }).first().click();
    await page.getByText('Every record is valid.').waitFor();
    expect(await counts(page, 'check-title')).toMatchObject({ records: 3, valid: 3, invalid: 0 });

    await page.getByRole('button', { name: 'Send 3 orders' }).click();
    expect(await sendEnded(page)).toBe('finished');
    expect(await counts(page, 'results-title')).toEqual({ accepted: 3 });
    expect(await page.locator('#results-summary').innerText()).toBe('Finished: 3 of 3 done.');
    // The file is sent and removed: how it was read still shows, and none of it can be changed.
    expect(await page.getByLabel('Sheet').inputValue()).toBe('발주발송관리');
    for (const field of [
      'What it holds',
      'Sheet',
      'Header row',
      'Layout',
      'Workbook password (if it has one)',
    ]) {
      expect(await page.getByLabel(field).isDisabled(), field).toBe(true);
    }
    expect(await page.getByRole('button', { name: 'Read again' }).isDisabled()).toBe(true);
    await screenshot(page, 'results');
    // The report is there to download, named after the file.
    const [report] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Report (CSV)' }).click(),
    ]);
    expect(report.suggestedFilename()).toBe('스마트스토어_주문.report.csv');
    expect(readFileSync((await report.path()) as string, 'utf8')).toContain('accepted');

    await t.service.local.apply();
    expect(await t.service.local.order('202611228880002')).toMatchObject({
      recipient_name: '박지훈',
      recipient_cellphone: '010-2222-0002',
    });
    expect(await t.service.local.order('202611228880003')).toMatchObject({ recipient_name: '최유나' });
    expect((await t.service.local.order('202611228880001'))?.items[0]).toMatchObject({
      product_name: '제주 감귤 5kg',
      product_image_url: 'https://cdn.example.com/81001.jpg',
    });

    // Later the same day: the dispatch sheet, carriers by name, one order not shipped yet.
    const dispatch = await writeWorkbook(files.path('발송처리.xlsx'), [
      {
        name: '발송처리',
        rows: [
          SMARTSTORE,
          ...smartstoreRows('2026112288800', {
            carriers: ['CJ대한통운', '롯데택배', 'CJ대한통운'],
            tracking: ['640000000001', '250000000002', ''],
          }).map((row, index) =>
            index === 1 ? row.with(8, '010-2222-0002') : index === 2 ? row.with(7, '최유나') : row,
          ),
        ],
      },
    ]);
    await page.getByRole('link', { name: 'Upload another file' }).click();
    await page.getByLabel('Drop the file here, or choose it').setInputFiles(dispatch);
    await page.getByLabel('What it holds').selectOption('shipment');
    await page.getByRole('button', { name: 'Check the file' }).click();
    await page.waitForURL(/\/uploads\/[\w-]+$/);
    expect(await page.getByLabel('Layout').inputValue()).toBe('smartstore-dispatch');
    expect(await counts(page, 'check-title')).toMatchObject({
      valid: 2,
      invalid: 0,
      'row without a tracking number': 1,
    });
    await page.getByRole('button', { name: 'Send 2 shipments' }).click();
    expect(await sendEnded(page)).toBe('finished');
    expect(await counts(page, 'results-title')).toMatchObject({ accepted: 2 });
    await t.service.local.apply();
    expect((await t.service.local.order('202611228880001'))?.shipments[0]).toMatchObject({
      company_code: 'kr.cjlogistics',
      tracking_number: '640000000001',
    });
    expect((await t.service.local.order('202611228880003'))?.shipments).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a Korean page says what the check found and how the send went in Korean', async () => {
    const files = workspace();
    const book = await writeWorkbook(files.path('스마트스토어_주문.xlsx'), [
      { name: '발주발송관리', rows: [NOTICE, SMARTSTORE, ...smartstoreRows('2026112299900')] },
    ]);
    const ui = await uiFor();
    const { page, context, errors } = await openPage(b.browser, { locale: 'ko-KR' });
    await page.goto(ui.url);
    await page.getByLabel('파일을 여기에 끌어 놓거나 선택하세요').setInputFiles(book);
    await page.getByLabel('상품 목록 파일 (선택, 주문용)').setInputFiles(files.write('catalog.csv', CATALOG));
    await page.getByRole('button', { name: '파일 검사' }).click();
    await page.waitForURL(/\/uploads\/[\w-]+$/);

    expect(await reasonOf(page, 4)).toBe(
      '수취인연락처1: “1022220002” 맨 앞의 0이 빠진 휴대폰 번호로 보입니다 (01022220002?). 엑셀에서 이 열의 서식을 텍스트로 지정하고 다시 내보내세요',
    );
    expect(await reasonOf(page, 5)).toBe('수취인명: 비어 있습니다');
    const notes = await page.locator('section[aria-labelledby="check-title"] ul.notes li').allInnerTexts();
    expect(notes).toEqual([
      '상품 목록 파일: 상품 2개.',
      '스마트스토어_주문.xlsx의 "발주발송관리" 시트를 읽습니다.',
      '머리글은 2행입니다. 그 위의 1개 행은 건너뛰었습니다.',
      '네이버 스마트스토어 주문 다운로드 (주문조회, 발주/발송관리 엑셀 다운로드) 파일의 머리글입니다. 그 양식으로 읽습니다.',
      expect.stringMatching(/^1개 행의 구매자 ID가 가려져 있습니다 \(minj\*\*\*\* 같은\)/),
    ]);
    await screenshot(page, 'check-ko');
    await page.getByRole('button', { name: '주문 1건 보내기' }).click();
    expect(await sendEnded(page)).toBe('완료');
    // How it went, in Korean; the rejects file and the command to run again are the page's own buttons.
    expect(await page.locator('#results-summary').innerText()).toBe('완료: 1건 중 1건 처리.');
    expect(
      await page
        .locator('section[aria-labelledby="results-title"]')
        .getByRole('row', { name: /202611229990001/ })
        .innerText(),
    ).toContain('주문 등록 요청이 접수되었습니다');
    await screenshot(page, 'results-ko');
    const results = page.locator('section[aria-labelledby="results-title"]');
    expect(await results.getByRole('row', { name: /^5 202611229990003 / }).innerText()).toContain(
      '5행: 수취인명: 비어 있습니다',
    );
    // Nothing on the page is a command-line flag.
    expect(await page.locator('main').innerText()).not.toMatch(/(^|\s)--[a-z]/);
    // The rows to fix say why in the page's language, each column as the sheet names it.
    const reasonsIn = async (link: string) => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: link }).click(),
      ]);
      const text = readFileSync((await download.path()) as string, 'utf8').replace(/^\uFEFF/, '');
      return csvCells(text).map((row) => row.at(-1));
    };
    expect(await reasonsIn('고칠 행 (CSV)')).toEqual([
      '사유',
      '수취인연락처1 ("1022220002"): 맨 앞의 0이 빠진 휴대폰 번호로 보입니다 (01022220002?). 엑셀에서 이 열의 서식을 텍스트로 지정하고 다시 내보내세요',
      '수취인명: 비어 있습니다',
    ]);

    // The same page in English says it as the terminal does.
    await page.getByRole('link', { name: 'English' }).click();
    await page.getByRole('heading', { name: /Results/ }).waitFor();
    expect(await page.locator('#results-summary').innerText()).toBe('Finished: 1 of 1 done.');
    expect(await reasonOf(page, 4)).toContain(
      'looks like a Korean mobile number that lost its leading 0 (01022220002?)',
    );
    expect(await reasonsIn('Rows to fix (CSV)')).toEqual([
      'error',
      expect.stringMatching(/^수취인연락처1 \("1022220002"\): looks like a Korean mobile number/),
      '수취인명: is empty',
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a workbook protected by a password: a wrong one is said plainly, the right one opens it', async () => {
    const files = workspace();
    const book = await writeWorkbook(
      files.path('주문_암호.xlsx'),
      // A product never sent before: nothing knows its image until a catalog says it.
      [{ name: '주문', rows: [NOTICE, SMARTSTORE, smartstoreRows('2026112299900')[0]!.with(2, '99901')] }],
      { password: 'Gamgyul#2026' },
    );
    const ui = await uiFor();
    const { page, context } = await openPage(b.browser, { locale: 'en-US' });
    await page.goto(ui.url);
    await page.getByLabel('Drop the file here, or choose it').setInputFiles(book);
    await page.getByLabel('Workbook password (if it has one)').fill('gamgyul#2026');
    await page.getByRole('button', { name: 'Check the file' }).click();
    await page.waitForURL(/\/uploads\/[\w-]+$/);
    expect(await page.getByRole('alert').first().innerText()).toContain(
      'The password does not open this workbook',
    );
    // The page opens in the password's field: typed, and Enter, the file is read again.
    await expect.poll(() => page.evaluate('document.activeElement.id')).toBe('password');
    await page.keyboard.type('Gamgyul#2026');
    await page.keyboard.press('Enter');
    await page.getByLabel('Layout').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    // Read, the file asks for nothing more: the keyboard goes on at the check.
    await expect.poll(() => page.evaluate('document.activeElement.id')).toBe('check-title');
    expect(await page.getByLabel('Layout').inputValue()).toBe('smartstore-orders');
    // Its image comes from nowhere yet: a catalog added on the page fills it.
    expect(await counts(page, 'check-title')).toMatchObject({ record: 1, invalid: 1 });
    const catalog = files.write(
      'catalog.csv',
      'id,name,image_url\n99901,제주 감귤 5kg,https://cdn.example.com/99901.jpg\n',
    );
    await page.getByLabel('Product list file (id, name, image_url)').setInputFiles(catalog);
    await page.getByRole('button', { name: 'Add the list and check again' }).click();
    await page.getByText('Every record is valid.').waitFor();
    await expect.poll(() => page.evaluate('document.activeElement.id')).toBe('check-title');
    await context.close();
  });

  it('a workbook locked by a password: its rows to fix download locked with it, and only as a workbook, after a restart too', async () => {
    const files = workspace();
    const password = 'Hallabong#2026';
    const book = await writeWorkbook(
      files.path('주문_잠금.xlsx'),
      [{ name: '주문', rows: [NOTICE, SMARTSTORE, ...smartstoreRows('2026112277700')] }],
      { password },
    );
    const env = ownFolders(t.env);
    const first = await uis.start(env, { args: ['--port', String(await freePort())] });
    const ui = first;
    const { page, context, errors } = await openPage(b.browser, { locale: 'en-US' });
    await page.goto(ui.url);
    await page.getByLabel('Drop the file here, or choose it').setInputFiles(book);
    await page
      .getByLabel('Product list (optional, for orders)')
      .setInputFiles(files.write('catalog.csv', CATALOG));
    await page.getByLabel('Workbook password (if it has one)').fill(password);
    await page.getByRole('button', { name: 'Check the file' }).click();
    await page.waitForURL(/\/uploads\/[\w-]+$/);
    expect(await counts(page, 'check-title')).toMatchObject({ records: 3, valid: 1, invalid: 2 });
    await page.getByRole('button', { name: /^Send 1 order/ }).click();
    expect(await sendEnded(page)).toBe('finished');
    expect(await page.getByRole('link', { name: 'Rows to fix (CSV)' }).count()).toBe(0);
    await screenshot(page, 'locked-rejects');
    const lockedRejects = async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Rows to fix (Excel, locked with the workbook’s password)' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('주문_잠금.rejects.xlsx');
      const rejects = await readWorkbook((await download.path()) as string, undefined, password);
      expect(rejects.rows.map((row) => row.at(-1))).toEqual([
        'error',
        expect.stringContaining('lost its leading 0'),
        expect.stringContaining('수취인명: is empty'),
      ]);
      // Not as CSV either, whatever the address asked.
      const csv = await page.request.get(page.url().replace(/#.*$/, '') + '/rejects.csv');
      expect(csv.status()).toBe(404);
      // The report too: its messages quote cells (the phone that lost its 0).
      expect(await page.getByRole('link', { name: 'Report (CSV)' }).count()).toBe(0);
      const [report] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Report (Excel, locked with the workbook’s password)' }).click(),
      ]);
      expect(report.suggestedFilename()).toBe('주문_잠금.report.xlsx');
      const lines = await readWorkbook((await report.path()) as string, undefined, password);
      expect(lines.rows[0]?.[2]).toBe('outcome');
      expect(
        lines.rows
          .slice(1)
          .map((row) => row[2])
          .sort(),
      ).toEqual(['accepted', 'invalid', 'invalid']);
      const plainReport = await page.request.get(page.url().replace(/#.*$/, '') + '/report.csv');
      expect(plainReport.status()).toBe(404);
    };
    await lockedRejects();
    // intake ui again, the password gone with the first: still locked, still no CSV.
    expect((await uis.stop(first)).code).toBe(0);
    await uis.start(env, { args: [] });
    await page.reload();
    await page.locator('#results-title').waitFor();
    expect(await page.getByRole('link', { name: 'Rows to fix (CSV)' }).count()).toBe(0);
    await lockedRejects();
    expect(errors.filter((error) => !/404|ERR_CONNECTION_REFUSED/.test(error))).toEqual([]);
    await context.close();
  });

  it('a record that differs from what the service took: its fields shown, and updated from the page', async () => {
    const files = workspace();
    const first = files.write('orders.csv', ordersCsv('UICHG', 3));
    const ui = await uiFor();
    const { page, context } = await openPage(b.browser);
    await page.goto(ui.url);
    await page.getByLabel('Drop the file here, or choose it').setInputFiles(first);
    await page.getByRole('button', { name: 'Check the file' }).click();
    await page.getByRole('button', { name: 'Send 3 orders' }).click();
    expect(await sendEnded(page)).toBe('finished');
    // The same orders again, one with another recipient.
    const changed = files.write(
      'orders-again.csv',
      ordersCsv('UICHG', 3).replaceAll('UICHG-2,홍길동', 'UICHG-2,김철수'),
    );
    await page.getByRole('link', { name: 'Upload another file' }).click();
    await page.getByLabel('Drop the file here, or choose it').setInputFiles(changed);
    await page.getByRole('button', { name: 'Check the file' }).click();
    // Two were sent before as they are: the changed one is what the button counts.
    await page.getByRole('button', { name: 'Send 1 order', exact: true }).click();
    expect(await sendEnded(page)).toBe('finished');
    expect(await counts(page, 'results-title')).toEqual({ 'already registered': 2, changed: 1 });
    await page.getByLabel('Show').selectOption('changed');
    await follow(page, page.getByRole('button', { name: 'Filter' }));
    const rows = page.locator('section[aria-labelledby="results-title"] tbody tr');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain('recipient_name');
    await page.getByRole('button', { name: 'Send the corrections' }).click();
    expect(await sendEnded(page)).toBe('finished');
    expect(await counts(page, 'results-title')).toMatchObject({ updated: 1 });
    // Done, and said so: nothing is left to correct.
    expect(await page.getByText('Corrections sent.').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Send the corrections' }).count()).toBe(0);
    expect(await t.service.local.order('UICHG-2')).toMatchObject({ recipient_name: '김철수' });
    await context.close();
  });

  it('the rows not taken download as a workbook and as CSV, each with its reason', async () => {
    const ui = await uiFor();
    const { page, context } = await openPage(b.browser);
    await page.goto(ui.url);
    await page
      .getByLabel('Drop the file here, or choose it')
      .setInputFiles(`${FIXTURES}/orders-with-errors.csv`);
    await page.getByRole('button', { name: 'Check the file' }).click();
    await page.getByRole('button', { name: /^Send \d+ orders$/ }).click();
    expect(await sendEnded(page)).toBe('finished');
    const invalid = (await counts(page, 'results-title')).invalid as number;
    expect(invalid).toBeGreaterThan(0);
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Rows to fix (Excel)' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toBe('orders-with-errors.rejects.xlsx');
    const book = await readWorkbook((await xlsx.path()) as string);
    expect(book.rows[0]?.at(-1)).toBe('error');
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Rows to fix (CSV)' }).click(),
    ]);
    const cells = csvCells(readFileSync((await csv.path()) as string, 'utf8').replace(/^\uFEFF/, ''));
    expect(cells[0]?.at(-1)).toBe('error');
    expect(cells.slice(1).filter((row) => row.length > 1)).toHaveLength(book.rows.length - 1);
    expect(cells.find((row) => row[0] === 'ERR-03')?.at(-1)).toContain('lost its leading 0');
    await context.close();
  });

  it.each([
    ['en-US', 1280, 'refused-en'],
    ['ko-KR', 1280, 'refused-ko'],
    ['en-US', 390, 'refused-en-narrow'],
    ['ko-KR', 390, 'refused-ko-narrow'],
  ] as const)(
    'records the service refuses: each in the table with its answer, none of the terminal’s lines (%s, %i px)',
    async (locale, width, name) => {
      const files = workspace();
      const prefix = `REF-${locale}-${width}`;
      // Order 3 exists, but its shipment names an item of none of its lines: a 422 only the service can say.
      const order = files.write(`${prefix}-3.json`, JSON.stringify(sampleOrder(`${prefix}-3`)));
      expect((await cli(['order', 'create', order], { env: t.env })).code).toBe(0);
      // As a Smartstore dispatch sheet names its columns: the page names the refused field as the sheet does.
      const shipments = files.write(
        `${prefix}.csv`,
        '주문번호,상품주문번호,택배사,송장번호\n' +
          [1, 2, 3].map((n) => `${prefix}-${n},${prefix}-${n}-9,우체국택배,${1000 + n}`).join('\n') +
          '\n',
      );
      const ui = await uiFor();
      const { page, context, errors } = await openPage(b.browser, { locale, width });
      await page.goto(ui.url);
      await checkFile(page, shipments, 'shipment');
      const ko = locale === 'ko-KR';
      await page.getByRole('button', { name: ko ? '송장 3건 보내기' : 'Send 3 shipments' }).click();
      expect(await sendEnded(page)).toBe(ko ? '완료' : 'finished');
      const results = page.locator('section[aria-labelledby="results-title"]');
      const first = results.getByRole('row').filter({ hasText: new RegExp(`${prefix}-1\\b`) });
      expect(await first.innerText()).toContain(
        ko
          ? `서비스가 받지 않았습니다 (HTTP 404): 주문 ${prefix}-1을(를) 찾을 수 없습니다`
          : `The service refused it (HTTP 404): Order '${prefix}-1' not found.`,
      );
      const third = results.getByRole('row').filter({ hasText: new RegExp(`${prefix}-3\\b`) });
      expect(await third.innerText()).toContain(
        ko
          ? `서비스가 받지 않았습니다 (HTTP 422): 상품주문번호: 품목 ${prefix}-3-9은(는) 주문 ${prefix}-3의 품목이 아닙니다`
          : `The service refused it (HTTP 422): 상품주문번호: '${prefix}-3-9' is not an item of order '${prefix}-3'`,
      );
      // The rows to fix say it as the page does, the field named as the sheet names it.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: ko ? '고칠 행 (CSV)' : 'Rows to fix (CSV)' }).click(),
      ]);
      const reasons = csvCells(
        readFileSync((await download.path()) as string, 'utf8').replace(/^\uFEFF/, ''),
      ).map((row) => row.at(-1));
      expect(reasons.at(-1)).toBe(
        ko
          ? `서비스가 받지 않았습니다 (HTTP 422): 상품주문번호: 품목 ${prefix}-3-9은(는) 주문 ${prefix}-3의 품목이 아닙니다`
          : `The service refused it (HTTP 422): 상품주문번호: '${prefix}-3-9' is not an item of order '${prefix}-3'`,
      );
      // On a phone each record is a card of labelled lines: its answer is read without scrolling sideways.
      // (Measured in the page: the section may be swapped in again meanwhile, and a locator's evaluate
      // waits for the element where boundingBox answers null for one that went away.)
      const right = await first.locator('td.message').evaluate((cell) => cell.getBoundingClientRect().right);
      expect(right).toBeLessThanOrEqual(width);
      // The terminal's list of records not taken is not repeated above the table, nor its flags.
      const text = await page.locator('main').innerText();
      expect(text).not.toContain(ko ? '서비스가 받지 않은 송장' : 'The service did not take');
      expect(text).not.toMatch(/(^|\s)--[a-z]/);
      await screenshot(page, name);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useService } from '../helpers/cli.js';
import { CHROMIUM, openPage, useBrowser } from '../helpers/browser.js';
import { workspace } from '../helpers/files.js';
import { ordersCsv } from '../helpers/samples.js';
import { tempDir } from '../helpers/temp.js';
import { useUiRuns } from '../helpers/ui.js';
import { checkFile, counts, rowsToFix, sendEnded } from '../helpers/ui-page.js';
import { writeWorkbook } from '../helpers/workbook.js';

const t = useService({ applyDelay: { minMs: 0, maxMs: 0 } });
const b = useBrowser();

const uis = useUiRuns();

/** The files under `dir` whose names start with `fixed.`, with their first bytes. */
function fixedCopies(dir: string): { name: string; head: string }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => /(^|\/)fixed\./.test(path))
    .map((path) => ({
      name: path.split('/').at(-1) as string,
      head: readFileSync(join(dir, path)).subarray(0, 4).toString('hex'),
    }));
}

/** The first bytes of an encrypted Office file (a compound file holding the encrypted package). */
const COMPOUND_FILE = 'd0cf11e0';

/** `intake ui` with a data folder of its own, and a Korean page open on it. */
async function koreanPage() {
  const data = tempDir('intake-data-');
  const ui = await uis.start({ ...t.env, INTAKE_DATA_DIR: data });
  const opened = await openPage(b.browser, { locale: 'ko-KR' });
  await opened.page.goto(ui.url);
  return { data, ...opened };
}

describe.skipIf(!CHROMIUM)("intake ui: the copies it keeps of a file's rows", () => {
  it('are kept in a copy locked with the same password, never in the clear, and sent as fixed', async () => {
    const files = workspace();
    const [header, ...lines] = ordersCsv('LKF', 3).trim().split('\n');
    const rows = [header, ...lines].map((line) => (line ?? '').split(','));
    // Orders of two rows each: the first order's phone lost its 0 on both rows.
    for (const row of rows.slice(1, 3)) row[2] = '1012340001';
    const book = await writeWorkbook(files.path('주문_암호.xlsx'), [{ name: '주문', rows }], {
      password: 'Gamgyul#2026',
    });
    const { data, page, context, errors } = await koreanPage();
    await page.getByLabel('파일을 여기에 끌어 놓거나 선택하세요').setInputFiles(book);
    await page.getByLabel('엑셀 암호 (있는 경우)').fill('Gamgyul#2026');
    await page.getByRole('button', { name: '파일 검사' }).click();
    await page.waitForURL(/\/uploads\/[\w-]+(#.*)?$/);
    expect(await rowsToFix(page)).toEqual([2, 3]);

    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: '휴대폰 번호 2개에 맨 앞의 0 붙이기' }).click(),
    ]);
    expect(await counts(page, 'check-title')).toMatchObject({ 전체: 3, 정상: 3, 오류: 0 });
    // The page still says once which sheet of the file it reads, by its name in the file.
    const notes = await page.locator('section[aria-labelledby="check-title"] ul.notes li').allInnerTexts();
    expect(notes.filter((note) => note.includes('시트'))).toEqual([
      '주문_암호.xlsx의 "주문" 시트를 읽습니다.',
    ]);
    // The copy checked and sent is a workbook locked as the original is; no plain copy of its rows.
    expect(fixedCopies(data)).toEqual([{ name: 'fixed.xlsx', head: COMPOUND_FILE }]);

    await page.getByRole('button', { name: '주문 3건 보내기' }).click();
    expect(await sendEnded(page)).toBe('완료');
    await t.service.local.apply();
    expect(await t.service.local.order('LKF-1')).toMatchObject({ recipient_cellphone: '01012340001' });
    expect((await t.service.local.order('LKF-1'))?.items.map((item) => item.id)).toEqual([
      'LKF-1-1',
      'LKF-1-2',
    ]);
    // Nor after the send.
    expect(fixedCopies(data).filter((copy) => copy.head !== COMPOUND_FILE)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a file without a password keeps its fixes in a plain copy', async () => {
    const files = workspace();
    const { data, page, context } = await koreanPage();
    await checkFile(
      page,
      files.write('주문.csv', ordersCsv('PLF', 1).replaceAll('010-1234-0001', '1012340001')),
    );
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: '휴대폰 번호 2개에 맨 앞의 0 붙이기' }).click(),
    ]);
    expect(fixedCopies(data).map((copy) => copy.name)).toEqual(['fixed.csv']);
    await context.close();
  });

  it("the rows to fix of a send, in every form, are readable by the page's owner alone", async () => {
    const files = workspace();
    const { data, page, context } = await koreanPage();
    await checkFile(page, files.write('주문.csv', ordersCsv('OWN', 3).replaceAll('010-1234-0002', '010-12')));
    expect(await rowsToFix(page)).toEqual([4, 5]);
    await page.getByRole('button', { name: '주문 2건 보내기' }).click();
    expect(await sendEnded(page)).toBe('완료');
    const written = readdirSync(data, { recursive: true, encoding: 'utf8' }).filter((path) =>
      /rejects/.test(path),
    );
    expect(written.length).toBeGreaterThan(0);
    const readable = written.filter((path) => (statSync(join(data, path)).mode & 0o077) !== 0);
    expect(readable).toEqual([]);
    await context.close();
  });
});

import { describe, expect, it } from 'vitest';
import { CHROMIUM, openPage, screenshot, useBrowser } from '../helpers/browser.js';
import { useService } from '../helpers/cli.js';
import { workspace } from '../helpers/files.js';
import { tempDir } from '../helpers/temp.js';
import { useUiRuns } from '../helpers/ui.js';

const b = useBrowser();
const t = useService();
const uis = useUiRuns();

const IMAGE = 'https://shop.example.com/img';

describe.skipIf(!CHROMIUM)('intake ui: adding a product list file', () => {
  it('says, in Korean and by the file’s own name, why a file is not a list and which rows were left out', async () => {
    const ui = await uis.start({ ...t.env, INTAKE_DATA_DIR: tempDir('intake-data-') });
    const files = workspace();
    const { page, context, errors } = await openPage(b.browser, { locale: 'ko-KR' });
    await page.goto(ui.url);
    // The upload form says what a list needs: an id, and a name, an image or both.
    expect(await page.locator('#catalog-hint').innerText()).toMatch(
      /^id 열과 name이나 image_url 열\(또는 둘 다\)이 있는/,
    );
    await page.getByRole('link', { name: '상품 목록' }).click();
    const add = async (name: string, content: string | Buffer) => {
      await page.getByLabel('상품 목록 파일 (id, name, image_url)').setInputFiles(files.write(name, content));
      await page.getByRole('button', { name: '상품 목록 파일 추가', exact: true }).click();
      await page.waitForLoadState();
      return page.locator('main [role=status], main [role=alert]').allInnerTexts();
    };

    expect(await add('상품목록.csv', 'id,title\nP-1,감귤\n')).toEqual([
      '상품목록.csv에 name 또는 image_url 열이 없습니다. 상품 목록 파일에는 id 열과, name이나 image_url 열(또는 둘 다)이 있어야 합니다.',
    ]);
    expect(await add('빈목록.csv', '')).toEqual(['빈목록.csv 파일이 비어 있습니다.']);
    expect(await add('목록.pdf', '%PDF-1.4\n%\u00e2\u00e3\n1 0 obj\n<<>>\nendobj\n')).toEqual([
      '목록.pdf은(는) 상품 목록 파일이 아닙니다. id 열과 name이나 image_url 열(또는 둘 다)이 있는 CSV나 엑셀(.xlsx) 파일을 주세요.',
    ]);
    expect(await add('잘린목록.xlsx', 'PK\u0003\u0004garbage')).toEqual([
      expect.stringMatching(/^잘린목록\.xlsx 파일이 잘렸거나 손상되었습니다\./),
    ]);

    // Rows that are not products are left out, each said with why, and the rest are taken.
    const said = await add(
      '일부.csv',
      [
        'id,name,image_url',
        `P-1,감귤,${IMAGE}/1.jpg`,
        'P-2,,',
        'P-3,한라봉,ftp://shop.example.com/3.jpg',
        `P-4,천혜향,${IMAGE}/4.jpg`,
      ].join('\n'),
    );
    expect(said).toEqual([
      '상품 2개를 읽었고 2개를 추가하거나 바꿨습니다.',
      [
        '일부.csv의 2개 행은 상품으로 쓸 수 없어 넣지 않았습니다:',
        '3행: 상품명도 이미지 주소도 없습니다',
        '4행: image_url ("ftp://shop.example.com/3.jpg"): URL은 http:// 또는 https://로 시작해야 합니다',
      ].join('\n'),
    ]);
    expect(await page.getByRole('rowheader').allInnerTexts()).toEqual(['P-1', 'P-4']);
    // An image address takes its whole cell.
    const field = await page.getByLabel('상품 P-1의 이미지 주소').boundingBox();
    expect(field?.width ?? 0).toBeGreaterThan(300);
    await screenshot(page, 'catalog-import-ko');

    // An address typed wrong in the list is not saved, and said in Korean.
    await page.getByLabel('상품 P-1의 이미지 주소').fill('ftp://shop.example.com/1.jpg');
    await page.getByRole('button', { name: '바꾼 내용 저장' }).click();
    await page.waitForLoadState();
    expect(await page.locator('main [role=alert]').innerText()).toBe(
      '저장하지 않음: P-1: 이미지 주소 ("ftp://shop.example.com/1.jpg"): URL은 http:// 또는 https://로 시작해야 합니다',
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});

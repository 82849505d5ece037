import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { FIXTURES, workspace } from '../helpers/files.js';
import { tempDir } from '../helpers/temp.js';

const t = useService({ applyDelay: { minMs: 0, maxMs: 0 } });

/** An order download without image addresses (a marketplace's), as our own columns. */
const NO_IMAGES =
  'order_id,recipient_name,recipient_cellphone,item_id,product_id,product_name\nCAT-1,김민지,010-1234-5678,CAT-1-1,81001,제주 감귤 5kg\n';

describe('intake catalog: the profile’s product names and images', () => {
  it('fills what a download lacks, from a file, a command, or an earlier upload; and lists, exports, removes', async () => {
    const env = { ...t.env, INTAKE_DATA_DIR: tempDir('intake-data-') };
    const files = workspace();
    const orders = files.write('orders.csv', NO_IMAGES);
    const before = await cli(['order', 'create', orders, '--dry-run', '--json'], { env });
    expect(before.summary()).toMatchObject({ invalid: 1 });
    expect(before.stderr).toContain('intake catalog set 81001 --image-url');

    const set = await cli(
      [
        'catalog',
        'set',
        '81001',
        '--name',
        '제주 감귤 5kg',
        '--image-url',
        'https://shop.example.com/81001.jpg',
      ],
      { env },
    );
    expect(set.code).toBe(0);
    const after = await cli(['order', 'create', orders, '--json'], { env });
    expect(after.code).toBe(0);
    await t.service.local.apply();
    expect((await t.service.local.order('CAT-1'))?.items[0]).toMatchObject({
      product_name: '제주 감귤 5kg',
      product_image_url: 'https://shop.example.com/81001.jpg',
    });

    // A bad address is refused, the catalog unchanged.
    const bad = await cli(['catalog', 'set', '81001', '--image-url', 'shop.example.com/x.jpg'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--image-url');

    const imported = await cli(['catalog', 'import', `${FIXTURES}/catalog.csv`], { env });
    expect(imported.stderr).toMatch(/2 products read from .*catalog\.csv; 2 added or changed/);
    const one = files.write('one.csv', 'id,name,image_url\n81009,귤,https://shop.example.com/81009.jpg\n');
    expect((await cli(['catalog', 'import', one], { env })).stderr).toMatch(/\b1 product read from /);
    // An upload that carries names and images teaches them to the catalog.
    await cli(['order', 'create', `${FIXTURES}/orders.csv`, '--json'], { env });
    const listed = (await cli(['catalog', 'list', '--json'], { env })).json() as {
      id: string;
      source: string;
    }[];
    expect(listed.map((entry) => entry.id)).toEqual(
      expect.arrayContaining(['81001', '8100000001', 'P-1001', 'P-1002']),
    );
    expect(listed.find((entry) => entry.id === 'P-1001')?.source).toBe('upload');
    expect(listed.find((entry) => entry.id === '81001')?.source).toBe('cli');

    const exported = await cli(['catalog', 'export'], { env });
    expect(exported.stdout.split('\n')[0]).toBe('id,name,image_url');
    expect(exported.stdout).toContain('81001,제주 감귤 5kg,https://shop.example.com/81001.jpg');
    const file = files.path('catalog.csv');
    expect((await cli(['catalog', 'export', file], { env })).stderr).toMatch(/products written to /);
    expect(files.read('catalog.csv')).toBe(`\uFEFF${exported.stdout}`);
    // A place that cannot be written is the person's to change (exit 2), said with the file and why.
    const folder = await cli(['catalog', 'export', files.dir], { env });
    expect([folder.code, folder.stderr.trim()]).toEqual([
      2,
      `error: cannot write ${files.dir}: it is a folder`,
    ]);
    const missing = await cli(['catalog', 'export', `${files.dir}/no/such.csv`], { env });
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringContaining('no such folder')]);
    const removed = await cli(['catalog', 'remove', '81001', 'nope'], { env });
    expect(removed.stderr).toContain('1 of 2 products removed');
    // Each profile has its own.
    const other = await cli(['catalog', 'list', '--json', '--profile', 'shop-b'], { env });
    expect(other.json()).toEqual([]);
  });

  it('takes a list of images alone (id, image_url), keeping a name known already', async () => {
    const env = { ...t.env, INTAKE_DATA_DIR: tempDir('intake-data-') };
    const files = workspace();
    expect((await cli(['catalog', 'set', 'IM-1', '--name', '감귤 5kg'], { env })).code).toBe(0);
    const images = files.write(
      'images.csv',
      'id,image_url\nIM-1,https://shop.example.com/im1.jpg\nIM-2,https://shop.example.com/im2.jpg\n',
    );
    const imported = await cli(['catalog', 'import', images], { env });
    expect([imported.code, imported.stderr]).toEqual([
      0,
      `2 products read from ${images}; 2 added or changed in the catalog (2 in all).\n`,
    ]);
    // Rows of one product that each give a part of it: the first name and the first image are taken.
    const parts = files.write(
      'parts.csv',
      'id,name,image_url\nIM-3,한라봉,\nIM-3,,https://shop.example.com/im3.jpg\nIM-3,천혜향,\n',
    );
    expect((await cli(['catalog', 'import', parts], { env })).code).toBe(0);
    expect((await cli(['catalog', 'list', '--json'], { env })).json()).toEqual([
      expect.objectContaining({
        id: 'IM-1',
        name: '감귤 5kg',
        image_url: 'https://shop.example.com/im1.jpg',
      }),
      expect.objectContaining({ id: 'IM-2', name: null, image_url: 'https://shop.example.com/im2.jpg' }),
      expect.objectContaining({ id: 'IM-3', name: '한라봉', image_url: 'https://shop.example.com/im3.jpg' }),
    ]);
  });

  it('says what it did in Korean at a Korean terminal, the rows it skipped with their reasons too', async () => {
    const env = { ...t.env, INTAKE_DATA_DIR: tempDir('intake-data-'), LANG: 'ko_KR.UTF-8' };
    const files = workspace();
    const list = files.write(
      '상품.csv',
      'id,name,image_url\nK-1,귤,https://shop.example.com/k1.jpg\nK-2,,https://shop.example.com/k2.jpg\nK-4,,\n',
    );
    const imported = await cli(['catalog', 'import', list], { env });
    expect(imported.code).toBe(0);
    expect(imported.stderr).toBe(
      '경고: 상품.csv: 올바른 상품이 아닌 행 1개를 건너뛰었습니다:\n' +
        '경고:   4행: 상품명도 이미지 주소도 없습니다\n' +
        `${list}에서 상품 2개를 읽었습니다. 상품 목록에 2개를 더하거나 고쳤습니다 (모두 2개).\n`,
    );
    const set = await cli(['catalog', 'set', 'K-3', '--name', '배'], { env });
    expect(set.stderr).toBe('상품 목록의 K-3: 배, (이미지 없음).\n');
    const removed = await cli(['catalog', 'remove', 'K-3', 'nope'], { env });
    expect(removed.stderr).toBe('상품 2개 중 1개를 상품 목록에서 지웠습니다.\n');
    // A flag the service would refuse: the reason in the words the check of a file uses for it.
    const refused = await cli(['catalog', 'set', 'K-4', '--image-url', 'ftp://shop.example.com/k4.jpg'], {
      env,
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      '오류: 상품 정보가 올바르지 않아 상품 목록을 바꾸지 않았습니다:\n' +
        '  --image-url: URL은 http:// 또는 https://로 시작해야 합니다\n',
    );
    const patch = await cli(['product', 'patch', 'K-4', '--name', ''], { env });
    expect(patch.code).toBe(2);
    expect(patch.stderr).toBe(
      '오류: 수정 내용이 올바르지 않아 아무것도 보내지 않았습니다:\n  --name: 비어 있습니다\n',
    );
    // An order's recipient, the same: each reason in Korean, the flag it is about named.
    const recipient = await cli(['order', 'patch', 'K-4', '--recipient-name', ''], { env });
    expect(recipient.code).toBe(2);
    expect(recipient.stderr).toBe(
      '오류: 수정 내용이 올바르지 않아 아무것도 보내지 않았습니다:\n' +
        '  --recipient-name: 비어 있습니다\n' +
        '  --recipient-cellphone: 값이 없습니다\n',
    );
  });
});

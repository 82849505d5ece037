import { ORDERS_HEADER, SHIPMENTS_HEADER } from '../helpers/samples.js';
import { rmSync } from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { chooseHeader } from '../../src/bulk/layout/header.js';
import { presets } from '../../src/bulk/layout/presets.js';
import { tableLayout } from '../../src/bulk/layout/table-layouts.js';
import { cli, useService } from '../helpers/cli.js';
import { csvCells, workspace } from '../helpers/files.js';
import { writeWorkbook } from '../helpers/workbook.js';

const t = useService();

const line = (id: string, item: string, name = '김민지') =>
  `${id},${name},010-1234-5678,${item},P-M,감귤,https://shop.example.com/m.jpg`;

describe('spreadsheet manners', () => {
  it('skips and reports an exact repeated row for orders, shipments and JSON records alike', async () => {
    const files = workspace();
    const orders = files.write(
      'orders.csv',
      [
        ORDERS_HEADER,
        line('DUP-1', 'DUP-1-1'),
        line('DUP-1', 'DUP-1-2'),
        line('DUP-1', 'DUP-1-1'),
        line('DUP-2', 'DUP-2-1'),
      ].join('\n'),
    );
    const sent = await cli(['order', 'create', orders, '--json'], { env: t.env });
    expect(sent.code).toBe(0);
    expect(sent.summary()).toMatchObject({ records: 2, accepted: 2, duplicates_skipped: 1 });
    expect(sent.records()).toContainEqual(
      expect.objectContaining({ rows: [4], outcome: 'duplicate', message: 'repeats row 2' }),
    );
    expect((await t.service.local.order('DUP-1'))?.items.map((item) => item.id)).toEqual([
      'DUP-1-1',
      'DUP-1-2',
    ]);

    const shipments = files.write(
      'shipments.csv',
      [
        SHIPMENTS_HEADER,
        'DUP-1,DUP-1-1,kr.cjlogistics,111',
        'DUP-1,DUP-1-1,kr.cjlogistics,111',
        'DUP-1,DUP-1-2,kr.cjlogistics,111',
      ].join('\n'),
    );
    const shipped = await cli(['shipment', 'create', shipments, '--json'], { env: t.env });
    expect(shipped.code).toBe(0);
    expect(shipped.summary()).toMatchObject({ records: 1, accepted: 1, duplicates_skipped: 1 });

    const record = { id: 'DUP-J', name: '감귤', image_url: 'https://shop.example.com/j.jpg' };
    const json = files.write('products.json', JSON.stringify([record, record]));
    const products = await cli(['product', 'create', json, '--json'], { env: t.env });
    expect(products.code).toBe(0);
    expect(products.summary()).toMatchObject({ records: 1, accepted: 1, duplicates_skipped: 1 });
  });

  it('the follow-up command repeats --encoding, --delimiter and --columns, and works as printed', async () => {
    const files = workspace();
    const text = [
      '주문번호;수령인;연락처;품목;상품;상품명;이미지',
      line('FU-1', 'FU-1-1'),
      line('FU-2', 'FU-2-1').replace('010-1234-5678', '1012345678'),
    ]
      .map((row) => row.replaceAll(',', ';'))
      .join('\r\n');
    const path = files.write('주문.csv', iconv.encode(text, 'cp949'));
    const mapping =
      'order_id=주문번호,recipient_name=수령인,recipient_cellphone=연락처,item_id=품목,product_id=상품,product_name=상품명,product_image_url=이미지';
    const args = ['order', 'create', path, '--encoding', 'cp949', '--delimiter', ';', '--columns', mapping];
    const first = await cli(args, { env: t.env });
    expect(first.code).toBe(4);
    const printed = /After fixing them: intake (.*)/.exec(first.stderr)?.[1] ?? '';
    expect(printed).toContain("--encoding cp949 --delimiter ';'");
    expect(printed).toContain(`--columns '${mapping}'`);
    // The rejects are in the input's own encoding and delimiter, so the same options read them.
    const rejectsPath = files.path('주문.rejects.csv');
    const rejects = iconv.decode(files.readBytes('주문.rejects.csv'), 'cp949');
    expect(rejects.split('\n')[0]).toBe('주문번호;수령인;연락처;품목;상품;상품명;이미지;error');
    files.write(
      '주문.rejects.csv',
      iconv.encode(rejects.replace(';1012345678;', ';010-5555-6666;'), 'cp949'),
    );
    const words = [...printed.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map(
      (match) => match[1] ?? match[2] ?? '',
    );
    expect(words.slice(0, 3)).toEqual(['order', 'create', rejectsPath]);
    const again = await cli(words, { env: t.env });
    expect(again.code).toBe(0);
    expect(await t.service.local.order('FU-2')).toMatchObject({ recipient_cellphone: '010-5555-6666' });
  });

  it('--report - writes the report to standard output, and the counts to stderr', async () => {
    const files = workspace();
    const path = files.write(
      'orders.csv',
      [ORDERS_HEADER, line('REP-1', 'REP-1-1'), line('REP-2', 'REP-2-1')].join('\n'),
    );
    const result = await cli(['order', 'create', path, '--report', '-'], { env: t.env });
    expect(result.code).toBe(0);
    expect(csvCells(result.stdout)).toEqual([
      ['rows', 'id', 'outcome', 'status', 'message'],
      ['2', 'REP-1', 'accepted', '202', expect.any(String)],
      ['3', 'REP-2', 'accepted', '202', expect.any(String)],
    ]);
    expect(result.stderr).toContain('accepted 2');
    // The counts are for people: in Korean at a Korean terminal; the report itself stays as it is.
    const korean = await cli(['order', 'create', path, '--report', '-'], {
      env: { ...t.env, LANG: 'ko_KR.UTF-8' },
    });
    expect(korean.stderr).toContain('이미 등록됨 2');
    expect(csvCells(korean.stdout)[0]).toEqual(['rows', 'id', 'outcome', 'status', 'message']);
    const both = await cli(['order', 'create', path, '--report', '-', '--json'], { env: t.env });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain(
      '--report - writes the report to standard output, where --json writes its lines',
    );
  });

  it('cuts a huge header or value to a readable length in messages', async () => {
    const files = workspace();
    const huge = 'H'.repeat(200_000);
    const header = await cli(['order', 'create', files.write('h.csv', `${huge},x\n1,2\n`), '--dry-run'], {
      env: t.env,
    });
    expect(header.code).toBe(2);
    expect(header.stderr).toContain('(200,000 characters)');
    expect(header.stderr.length).toBeLessThan(2_000);
    const value = await cli(
      [
        'product',
        'create',
        files.write('v.csv', `id,name,image_url\nV-1,감귤,not a url ${'감'.repeat(300_000)}\n`),
        '--dry-run',
      ],
      { env: t.env },
    );
    expect(value.code).toBe(4);
    expect(value.stderr).toContain('(300,010 characters)');
    expect(value.stderr.length).toBeLessThan(2_000);
    // A Korean terminal counts them in Korean, in the lines and in the rows to fix.
    const korean = await cli(
      [
        'product',
        'create',
        files.write('k.csv', `id,name,image_url\nK-1,감귤,not a url ${'감'.repeat(300)}\n`),
        '--dry-run',
      ],
      { env: { ...t.env, LANG: 'ko_KR.UTF-8' } },
    );
    expect(korean.stderr).toContain(
      `2행, image_url ("not a url ${'감'.repeat(50)}… (310자)"): 주소 안에 띄어쓰기가 있습니다`,
    );
    expect(korean.stderr).not.toContain('characters');
    expect(files.read('k.rejects.csv')).toContain(`… (310자)`);
  });

  it.each(['orders.csv', 'orders.xlsx'])(
    '%s removed while it is being read is a usage error, not a crash',
    async (name) => {
      const files = workspace();
      const path =
        name === 'orders.csv'
          ? files.write(name, [ORDERS_HEADER, line('GONE-1', 'GONE-1-1')].join('\n'))
          : await writeWorkbook(files.path(name), [
              { name: 'o', rows: [ORDERS_HEADER.split(','), line('GONE-1', 'GONE-1-1').split(',')] },
            ]);
      const catalog = files.write(
        'catalog.csv',
        'id,name,image_url\nP-M,감귤,https://shop.example.com/m.jpg\n',
      );
      // The catalog is read after the input was opened and before its rows are: remove the input then.
      const result = await cli(['order', 'create', path, '--products', catalog], {
        env: t.env,
        onStderr: (text) => {
          if (text.startsWith('--products:')) rmSync(path);
        },
      });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`cannot read ${name}: it was removed`);
      expect(await t.service.local.order('GONE-1')).toBeUndefined();
    },
  );

  it('a JSON record nested 500,000 deep is an invalid record, or a clear error, never a crash', async () => {
    const files = workspace();
    const deep = `${'['.repeat(500_000)}${']'.repeat(500_000)}`;
    const ndjson = files.write(
      'deep.ndjson',
      `{"id":"DEEP-1","name":"감귤","image_url":"https://shop.example.com/d.jpg"}\n{"id":"DEEP-2","name":${deep}}\n`,
    );
    const bulk = await cli(['product', 'create', ndjson, '--json'], { env: t.env });
    expect(bulk.code).toBe(4);
    expect(bulk.summary()).toMatchObject({ accepted: 1, invalid: 1 });
    expect(bulk.stderr).toContain('line 2: is nested more than 64 levels deep');
    const single = await cli(
      ['product', 'create', files.write('deep.json', `{"id":"DEEP-3","name":${deep}}`)],
      { env: t.env },
    );
    expect(single.code).toBe(4);
    expect(single.stderr).toContain('the product from deep.json is invalid; nothing was sent:');
    expect(single.stderr).toContain('is nested more than 64 levels deep');
  });

  it('a catalog’s rows that are not products are counted as one row or as rows, and skipped', async () => {
    const files = workspace();
    const orders = files.write('orders.csv', [ORDERS_HEADER, line('CAT-1', 'CAT-1-1')].join('\n'));
    const said = async (rows: string[]) =>
      (
        await cli(
          ['order', 'create', orders, '--dry-run', '--products', files.write('catalog.csv', rows.join('\n'))],
          { env: t.env },
        )
      ).stderr;
    const good = 'P-9,감귤,https://shop.example.com/9.jpg';
    // A name alone, or an image alone, is a catalog's row; neither, or an image that is no address, is not.
    expect(await said(['id,name,image_url', good, 'P-8,한라봉,', 'P-6,,'])).toContain(
      '--products catalog.csv: 1 row is not a valid product and was skipped:\n' +
        'warning:   row 4: has neither a name nor an image URL\n',
    );
    expect(await said(['id,name,image_url', good, 'P-8,,', 'P-7,,ftp://shop.example.com/7.jpg'])).toContain(
      '--products catalog.csv: 2 rows are not valid products and were skipped:',
    );
  });

  it('a JSON catalog is read as a CSV one: ids with images alone fill them in, in every JSON form', async () => {
    const files = workspace();
    // An order whose product has a name here but no image: the catalog gives the image.
    const orders = files.write(
      'orders.csv',
      [ORDERS_HEADER, 'CJ-1,김민지,010-1234-5678,CJ-1-1,P-J,감귤,'].join('\n'),
    );
    const image = { id: 'P-J', image_url: 'https://shop.example.com/j.jpg' };
    const upload = (name: string, text: string, env: Record<string, string> = {}) =>
      cli(['order', 'create', orders, '--dry-run', '--json', '--products', files.write(name, text)], {
        env: { ...t.env, ...env },
      });
    for (const [name, text] of [
      ['catalog.json', JSON.stringify([image])],
      ['catalog.ndjson', `${JSON.stringify(image)}\n`],
      ['one.json', JSON.stringify(image)],
    ] as const) {
      const result = await upload(name, text);
      expect(result.code, `${name}: ${result.stderr}`).toBe(0);
      expect(result.summary()).toMatchObject({ valid: 1, invalid: 0 });
    }
    // One object is checked as a list's records are: an image that is no address is skipped, and said.
    const bad = await upload('bad.json', JSON.stringify({ id: 'P-J', image_url: 'nope' }));
    expect(bad.code).toBe(4);
    expect(bad.stderr).toContain('--products bad.json: 1 record is not a valid product and was skipped:');
    // At a Korean terminal, in Korean.
    const korean = await upload('none.ndjson', `${JSON.stringify(image)}\n{"id":"P-K"}\n`, {
      LANG: 'ko_KR.UTF-8',
    });
    expect(korean.stderr).toContain('2줄: 상품명도 이미지 주소도 없습니다');
  });

  it('a Coupang delivery list joins 주문번호 and 옵션ID into the item id, for orders and then shipments', async () => {
    const files = workspace();
    const header =
      '묶음배송번호,주문번호,택배사,운송장번호,등록상품명,등록옵션명,노출상품ID,옵션ID,구매자,수취인이름,수취인전화번호,우편번호,수취인 주소';
    const rows = [
      '5001,CP-1,,,감귤 5kg,5kg,700001,80001,김민지,김민지,010-1234-5678,06236,서울',
      '5001,CP-1,,,감귤 10kg,10kg,700002,80002,김민지,김민지,010-1234-5678,06236,서울',
    ];
    const catalog = files.write(
      'catalog.csv',
      'id,name,image_url\n700001,감귤,https://shop.example.com/c1.jpg\n700002,감귤,https://shop.example.com/c2.jpg\n',
    );
    const orders = await cli(
      [
        'order',
        'create',
        files.write('배송리스트.csv', [header, ...rows].join('\n')),
        '--products',
        catalog,
        '--json',
      ],
      {
        env: t.env,
      },
    );
    expect(orders.stderr).toContain('the preset coupang-orders');
    expect(orders.code).toBe(0);
    expect(
      (await t.service.local.order('CP-1'))?.items.map((item) => [
        item.id,
        item.product_name,
        item.product_option,
      ]),
    ).toEqual([
      ['CP-1-80001', '감귤 5kg', ['5kg']],
      ['CP-1-80002', '감귤 10kg', ['10kg']],
    ]);
    const shipped = rows.map((row) => row.replace('CP-1,,,', 'CP-1,롯데택배,2400123,'));
    const shipments = await cli(
      ['shipment', 'create', files.write('송장.csv', [header, ...shipped].join('\n')), '--json'],
      { env: t.env },
    );
    expect(shipments.stderr).toContain('the preset coupang-dispatch');
    expect(shipments.code).toBe(0);
    await t.service.local.apply();
    expect(
      (await t.service.local.order('CP-1'))?.shipments.map((shipment) => [
        shipment.company_code,
        shipment.order_item_ids,
      ]),
    ).toEqual([['kr.lotte', ['CP-1-80001', 'CP-1-80002']]]);
  });
});

describe('recognising a header', () => {
  const layout = tableLayout('order');
  const candidates = presets().filter((preset) => preset.kind === 'order');
  const rules = { layout, columns: new Map(), candidates };

  it('prefers our own column names, then exactly one preset, and skips title rows', () => {
    const own = chooseHeader([{ row: 1, cells: ORDERS_HEADER.split(',') }], rules, 'f');
    expect(own).toMatchObject({ row: 1, detected: false, titleRows: 0 });
    expect(own.preset).toBeUndefined();
    const smartstore = chooseHeader(
      [
        { row: 1, cells: ['주문 내역'] },
        { row: 3, cells: ['상품주문번호', '주문번호', '상품번호', '수취인명', '수취인연락처1'] },
      ],
      rules,
      'f',
    );
    expect(smartstore).toMatchObject({ row: 3, detected: true, titleRows: 1 });
    expect(smartstore.preset?.name).toBe('smartstore-orders');
  });

  it('a header two presets fit is ambiguous: the person chooses', () => {
    const both = [
      '상품주문번호',
      '주문번호',
      '상품번호',
      '수취인명',
      '수취인연락처1',
      '품목별 주문번호',
      '수령인',
      '수령인 휴대전화',
    ];
    expect(() => chooseHeader([{ row: 1, cells: both }], rules, 'f')).toThrow(
      'the header of f (row 1) fits several presets: cafe24-orders, smartstore-orders',
    );
  });

  it('every preset file reads as --columns for its kind, names only real columns, and has its words in Korean', () => {
    for (const preset of presets()) {
      const mapped = Object.keys(preset.raw).filter((key) => !key.startsWith('$'));
      expect(
        mapped.every((column) => tableLayout(preset.kind).columns.includes(column)),
        preset.name,
      ).toBe(true);
      expect(preset.title, preset.name).not.toBe('');
      // What a Korean page or terminal shows of it is written in Korean, not the English again.
      for (const key of ['$title', '$notes', '$sources']) {
        expect(preset.raw[`${key}_ko`], `${preset.name} ${key}_ko`).toMatch(/[가-힣]/);
      }
    }
  });
});

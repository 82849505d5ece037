import { describe, expect, it } from 'vitest';
import { carrierBook } from '../../src/cli/carriers.js';
import { BUILT_IN_CARRIERS } from '../../src/contract/carrier-list.js';
import { cli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';
import { csvCells, workspace } from '../helpers/files.js';

describe('intake columns', () => {
  it('lists the layouts and the presets', async () => {
    const result = await cli(['columns', 'list', '--json']);
    expect(result.code).toBe(0);
    const names = (result.json() as { name: string; type: string; kind: string }[]).map(
      (row) => `${row.type}:${row.kind}:${row.name}`,
    );
    expect(names).toEqual([
      'layout:order:order',
      'layout:product:product',
      'layout:shipment:shipment',
      'preset:order:cafe24-orders',
      'preset:shipment:coupang-dispatch',
      'preset:order:coupang-orders',
      'preset:shipment:smartstore-dispatch',
      'preset:order:smartstore-orders',
    ]);
  });

  it('shows a preset as the --columns file it is, and a layout’s columns', async () => {
    const preset = await cli(['columns', 'show', 'smartstore-orders', '--json']);
    expect(preset.json()).toMatchObject({ $kind: 'order', order_id: '주문번호', item_id: '상품주문번호' });
    const table = await cli(['columns', 'show', 'smartstore-dispatch']);
    expect(table.stdout).toContain('company_code\t택배사');
    const layout = await cli(['columns', 'show', 'shipment', '--json']);
    expect(layout.json()).toContainEqual({
      name: 'order_id',
      required: false,
      description: 'the order (else found from the items, for orders sent from here)',
    });
    const unknown = await cli(['columns', 'show', 'gmarket']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('there is no layout or preset "gmarket"');
  });

  it('at a Korean terminal describes layouts, presets and columns in Korean; JSON and a pipe stay as they are', async () => {
    const env = { LANG: 'ko_KR.UTF-8' };
    const list = await cli(['columns', 'list'], { env, tty: true });
    expect(list.stdout).toMatch(/│ order +│ layout +│ order +│ Intake 기본 주문 열 +│/);
    expect(list.stdout).toContain(
      '네이버 스마트스토어 주문 다운로드 (주문조회, 발주/발송관리 엑셀 다운로드)',
    );
    expect(list.stderr).toContain('양식은 --preset 이름(또는 --columns 이름)으로 고르거나');
    expect((await cli(['columns', 'list'], { env })).stdout).toContain(
      "order\tlayout\torder\tthis tool's own order columns\n",
    );
    const json = (await cli(['columns', 'list', '--json'], { env })).json() as Record<string, unknown>[];
    expect(json[0]).toEqual({
      name: 'order',
      type: 'layout',
      kind: 'order',
      description: "this tool's own order columns",
    });
    const show = await cli(['columns', 'show', 'order'], { env, tty: true });
    expect(show.stdout).toMatch(
      /│ recipient_cellphone +│ 필수 +│ 받는 사람의 휴대폰 번호\. 봇이 이 번호로 메시지를 보냅니다 +│/,
    );
    // A layout of one's own, saved and removed, said in Korean.
    const own = { ...env, INTAKE_CONFIG_DIR: tempDir('intake-config-') };
    const saved = await cli(
      [
        'columns',
        'save',
        'my-shop',
        '--kind',
        'order',
        '--columns',
        'order_id=주문번호,recipient_name=수령인',
      ],
      { env: own },
    );
    expect(saved.code, saved.stderr).toBe(0);
    expect(saved.stderr).toMatch(
      /^주문 열 my-shop을\(를\) .+에 저장했습니다\. --columns my-shop\(으\)로 쓰세요\.\n$/,
    );
    // Its notes and a preset's, in Korean at a Korean terminal; in the file's English elsewhere and in JSON.
    const listed = await cli(['columns', 'list'], { env: own, tty: true });
    expect(listed.stdout).toMatch(/│ my-shop +│ saved +│ order +│ \d{4}-\d\d-\d\d에 저장했습니다\. +│/);
    expect((await cli(['columns', 'list', '--json'], { env: own })).stdout).toMatch(
      /"description": "Saved \d{4}-\d\d-\d\d\."/,
    );
    const preset = await cli(['columns', 'show', 'coupang-orders'], { env });
    expect(preset.stderr).toContain(
      '쿠팡 윙 배송리스트 엑셀 다운로드 (주문). 쿠팡에는 주문 품목마다의 번호가 없어 품목 번호는 주문번호-옵션ID입니다.',
    );
    expect(preset.stderr).toContain('머리글의 출처: 쿠팡 윙 배송리스트(DeliveryList)의 열을');
    expect(preset.stderr).not.toContain('Where the headers come from');
    const english = await cli(['columns', 'show', 'coupang-orders']);
    expect(english.stderr).toContain(
      'Coupang Wing: delivery list (배송리스트 엑셀 다운로드) (orders). The item id is 주문번호-옵션ID',
    );
    expect(english.stderr).toContain("Where the headers come from: Coupang Wing's delivery list");
    expect((await cli(['columns', 'remove', 'my-shop'], { env: own })).stderr).toBe(
      '저장한 열 my-shop을(를) 지웠습니다.\n',
    );
    expect((await cli(['columns', 'remove', 'my-shop'], { env: own })).stderr).toBe(
      '오류: "my-shop"(이)라는 저장한 열이 없습니다\n  확인: intake columns list\n',
    );
    const unknown = await cli(['columns', 'show', 'nope'], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /^오류: "nope"\(이\)라는 기본 열이나 양식이 없습니다\n {2}기본 열: order, product, shipment\. /,
    );
  });

  it('the create commands’ help lists the columns each layout needs and the presets', async () => {
    const help = await cli(['order', 'create', '--help']);
    expect(help.stdout).toContain('recipient_cellphone *');
    expect(help.stdout).toMatch(/product_image_url\s+an http\(s\) image URL \(else from --products/);
    expect(help.stdout).toContain('smartstore-orders');
    expect(help.stdout).not.toContain('smartstore-dispatch');
    const shipments = await cli(['shipment', 'create', '--help']);
    expect(shipments.stdout).toContain('smartstore-dispatch');
    expect(shipments.stdout).toContain('delivery_method');
  });
});

describe('a header the file has twice', () => {
  it('is read as its first by its name, and as a later one by its name and place (연락처#2)', async () => {
    const env = { INTAKE_CONFIG_DIR: tempDir('intake-config-'), INTAKE_DATA_DIR: tempDir('intake-data-') };
    const file = workspace().write(
      '두개.csv',
      [
        '주문번호,연락처,연락처,받는분,상품코드,상품명,상품 이미지,품목번호',
        'TW-1,010-1111-2222,02-123-4567,김민지,P-1,감귤,https://x.example.com/1.jpg,TW-1-1',
        '',
      ].join('\n'),
    );
    const mapped = (phone: string, lang = 'C.UTF-8') =>
      cli(
        [
          'order',
          'create',
          file,
          '--dry-run',
          '--columns',
          `order_id=주문번호,recipient_cellphone=${phone},recipient_name=받는분,item_id=품목번호,product_id=상품코드,product_name=상품명,product_image_url=상품 이미지`,
        ],
        { env: { ...env, LANG: lang } },
      );
    const first = await mapped('연락처');
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).not.toContain('landline');
    // The second is a landline: the check's warning says it was the one read.
    const second = await mapped('연락처#2');
    expect(second.code, second.stderr).toBe(0);
    // Named with its column's letter: the name alone would not say which of the two.
    expect(second.stderr).toContain('연락처 (column C) ("02-123-4567"): is a landline (02)');
    const korean = await mapped('연락처#2', 'ko_KR.UTF-8');
    expect(korean.stderr).toContain('연락처 (C열) ("02-123-4567")');
    const third = await mapped('연락처#3');
    expect(third.code).toBe(2);
    expect(third.stderr).toContain('"연락처#3"');
  });

  it('the rows to fix name a problem in a repeated header by its column letter too', async () => {
    const env = {
      INTAKE_CONFIG_DIR: tempDir('intake-config-'),
      INTAKE_DATA_DIR: tempDir('intake-data-'),
      LANG: 'ko_KR.UTF-8',
    };
    const files = workspace();
    const file = files.write(
      '두개.csv',
      [
        '주문번호,연락처,연락처,받는분,상품코드,상품명,상품 이미지,품목번호',
        'TW-2,02-123-4567,1012345678,김민지,P-1,감귤,https://x.example.com/1.jpg,TW-2-1',
        '',
      ].join('\n'),
    );
    const columns =
      'order_id=주문번호,recipient_cellphone=연락처#2,recipient_name=받는분,item_id=품목번호,product_id=상품코드,product_name=상품명,product_image_url=상품 이미지';
    const result = await cli(['order', 'create', file, '--dry-run', '--columns', columns, '-q'], { env });
    expect(result.code).toBe(4);
    const rows = csvCells(files.read('두개.rejects.csv'));
    expect(rows[1]?.at(-1)).toMatch(/^연락처 \(C열\) \("1012345678"\)/);
  });
});

describe('carriers by name', () => {
  const book = carrierBook(BUILT_IN_CARRIERS, 'the built-in list');

  it.each([
    ['kr.cjlogistics', 'kr.cjlogistics'],
    ['CJ대한통운', 'kr.cjlogistics'],
    ['cj 대한통운', 'kr.cjlogistics'],
    ['CJ', 'kr.cjlogistics'],
    ['씨제이', 'kr.cjlogistics'],
    ['씨제이대한통운', 'kr.cjlogistics'],
    ['씨웨이', 'kr.cway'],
    ['우체국택배', 'kr.epost'],
    ['우체국 택배', 'kr.epost'],
    ['롯데택배', 'kr.lotte'],
    ['현대택배', 'kr.lotte'],
    ['한진택배', 'kr.hanjin'],
    ['한진', 'kr.hanjin'],
    ['로젠택배', 'kr.logen'],
    ['직접전달', 'self'],
    ['GS25편의점택배', 'kr.cvsnet'],
    ['CVSnet 편의점택배', 'kr.cvsnet'],
    ['CU 편의점택배', 'kr.cupost'],
    // The codes Smartstore and Coupang give carriers (the crosswalk's).
    ['HYUNDAI', 'kr.lotte'],
    ['KGB', 'kr.logen'],
    ['CJGLS', 'kr.cjlogistics'],
    ['CUPARCEL', 'kr.cupost'],
    ['DIRECT', 'self'],
    ['FedEx', 'us.fedex'],
    ['kr.newcarrier', 'kr.newcarrier'],
    // Typed in a Korean input method's full-width mode.
    ['ＣＪ대한통운', 'kr.cjlogistics'],
    ['ＧＳ２５ 편의점택배', 'kr.cvsnet'],
  ])('%s is %s', (name, code) => {
    expect(book.resolve(name)).toEqual({ code });
  });

  it('an unknown name gets the closest carriers, and nothing far off', () => {
    expect(book.resolve('CJ대한퉁운')).toEqual({
      unknown: 'CJ대한퉁운',
      closest: expect.arrayContaining(['kr.cjlogistics (CJ대한통운)']),
    });
    expect(book.resolve('롯대택배')).toMatchObject({ closest: ['kr.lotte (롯데택배)'] });
    expect(book.resolve('zzzzzz')).toEqual({ unknown: 'zzzzzz', closest: [] });
    // Smartstore's code for delivering it oneself is only inferred by the crosswalk: not taken as a name.
    expect(book.resolve('DIRECT_DELIVERY')).toMatchObject({ unknown: 'DIRECT_DELIVERY' });
  });

  it('a name only a service’s own list has is found too', () => {
    const own = carrierBook([{ code: 'kr.yellowcap', name: '옐로우캡' }], 'carriers.json');
    expect(own.resolve('옐로우캡 택배')).toEqual({ code: 'kr.yellowcap' });
    expect(own.resolve('CJ대한통운')).toEqual({ unknown: 'CJ대한통운', closest: [] });
  });
});

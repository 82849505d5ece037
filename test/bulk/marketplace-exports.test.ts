import { ORDERS_HEADER } from '../helpers/samples.js';
import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { workspace } from '../helpers/files.js';
import { PRODUCERS, openpyxlWorkbook, type ProducedCell } from '../helpers/producers.js';

const t = useService();
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
const notice = ['※ 개인정보 보호를 위해 다운로드한 파일은 사용 후 삭제해 주세요.'];

describe.skipIf(!PRODUCERS.openpyxl)('marketplace downloads as they really are', () => {
  it('Smartstore: the notice row, options as "name: value / name: value", masked buyer ids never a member', async () => {
    const files = workspace();
    const rows: ProducedCell[][] = [
      notice,
      SMARTSTORE,
      [
        '2026112277700011',
        '2026112277700001',
        '81001',
        '제주 감귤 5kg',
        '중량: 5kg / 크기: 특대',
        '김민지',
        'minj****',
        '김민지',
        '010-1111-0001',
        '서울시 강남구 1',
        '',
        '',
      ],
      [
        '2026112277700012',
        '2026112277700001',
        '81002',
        '한라봉 3kg',
        '',
        '김민지',
        'minj****',
        '김민지',
        '010-1111-0001',
        '서울시 강남구 1',
        '',
        '',
      ],
      [
        '2026112277700021',
        '2026112277700002',
        '81001',
        '제주 감귤 5kg',
        '중량: 5kg',
        '박지훈',
        'jihoon77',
        '박지훈',
        '010-2222-0002',
        '부산시 해운대구 2',
        '',
        '',
      ],
    ];
    const book = openpyxlWorkbook(files.path('스마트스토어.xlsx'), {
      sheets: [{ name: '발주발송관리', rows }],
    });
    const catalog = files.write('catalog.csv', CATALOG);
    const result = await cli(['order', 'create', book, '--products', catalog, '--json'], { env: t.env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('The header is row 2; the row above it was skipped.');
    expect(result.stderr).toContain('reading them with the preset smartstore-orders');
    expect(result.stderr).toContain('2 rows have a masked buyer id (such as minj****)');
    expect(result.summary()).toMatchObject({ accepted: 2, preset: 'smartstore-orders' });
    const masked = await t.service.local.order('2026112277700001');
    expect(masked).toMatchObject({
      member_id: null,
      recipient_name: '김민지',
      recipient_cellphone: '010-1111-0001',
    });
    expect(masked?.items.map((item) => [item.id, item.product_option])).toEqual([
      ['2026112277700011', ['중량: 5kg', '크기: 특대']],
      ['2026112277700012', []],
    ]);
    expect(await t.service.local.order('2026112277700002')).toMatchObject({ member_id: 'jihoon77' });
  });

  it('a half-filled dispatch sheet: rows with no tracking number are skipped and counted, carriers read as Coupang and Naver spell them', async () => {
    const files = workspace();
    const orders = files.write(
      'orders.csv',
      `${ORDERS_HEADER}\n` +
        ['DS-1', 'DS-2', 'DS-3', 'DS-4', 'DS-5']
          .map((id) => `${id},정하늘,010-3333-0003,${id}-1,81001,감귤,https://cdn.example.com/81001.jpg`)
          .join('\n') +
        '\n',
    );
    expect((await cli(['order', 'create', orders], { env: t.env })).code).toBe(0);
    const rows: ProducedCell[][] = [
      SMARTSTORE,
      ...[
        ['DS-1-1', 'CVS택배', '363300000001'],
        ['DS-2-1', 'BGF포스트', '250000000002'],
        ['DS-3-1', '씨웨이', '700000000003'],
        ['DS-4-1', '호남택배', '800000000004'],
        ['DS-5-1', 'CJ대한통운', ''],
      ].map(
        ([item, carrier, tracking]) =>
          [
            item,
            '',
            '81001',
            '감귤',
            '',
            '정하늘',
            '',
            '정하늘',
            '010-3333-0003',
            '',
            carrier,
            tracking,
          ] as ProducedCell[],
      ),
    ];
    const sheet = openpyxlWorkbook(files.path('발송처리.xlsx'), { sheets: [{ name: '발송처리', rows }] });
    const result = await cli(['shipment', 'create', sheet, '--preset', 'smartstore-dispatch', '--json'], {
      env: t.env,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.summary()).toMatchObject({ accepted: 4, invalid: 0, not_shipped_skipped: 1 });
    expect(result.stderr).toContain('1 row without a tracking number skipped (not shipped yet)');
    expect(result.records().find((line) => line.outcome === 'skipped')).toMatchObject({ rows: [6] });
    await t.service.local.apply();
    const codes = await Promise.all(
      ['DS-1', 'DS-2', 'DS-3', 'DS-4'].map(
        async (id) => (await t.service.local.order(id))?.shipments[0]?.company_code,
      ),
    );
    expect(codes).toEqual(['kr.cvsnet', 'kr.cupost', 'kr.cway', 'kr.honamlogis']);
    expect((await t.service.local.order('DS-5'))?.shipments).toEqual([]);
    expect(result.stderr).not.toContain('No row has a tracking number');

    // The same sheet before anything was filled in (the order download as it came): it says what to do.
    const blank = openpyxlWorkbook(files.path('발송처리-빈.xlsx'), {
      sheets: [{ name: '발송처리', rows: rows.map((row, index) => (index === 0 ? row : row.with(11, ''))) }],
    });
    for (const [lang, said] of [
      [
        'en_US.UTF-8',
        'No row has a tracking number: fill in the tracking number (and the carrier) of each item shipped, then upload the file again.',
      ],
      [
        'ko_KR.UTF-8',
        '운송장 번호가 있는 행이 없습니다. 발송한 상품마다 운송장 번호(와 택배사)를 채운 뒤 파일을 다시 올리세요.',
      ],
    ]) {
      const none = await cli(['shipment', 'create', blank, '--preset', 'smartstore-dispatch'], {
        env: { ...t.env, LANG: lang as string },
      });
      expect(none.code, none.stderr).toBe(0);
      expect(none.stderr).toContain(said);
    }
  });

  it.each([
    ['우리택배', 'could be kr.cway (CWAY (Woori Express)) or kr.honamlogis (한서호남택배): write the code'],
    ['농협택배', 'is not a carrier in the built-in list'],
    ['롯데글로벌', 'closest: kr.lotte (롯데택배)'],
  ])(
    'a carrier name that is ambiguous or unknown is refused, never guessed: %s',
    async (carrier, message) => {
      const files = workspace();
      const path = files.write(
        'shipments.csv',
        `order_id,order_item_id,company_code,tracking_number\nNO-GUESS,NO-GUESS-1,${carrier},1234567890\n`,
      );
      const result = await cli(['shipment', 'create', path, '--dry-run'], { env: t.env });
      expect(result.code).toBe(4);
      expect(result.stderr).toContain(message);
    },
  );

  it('Cafe24: a merchant’s own layout with the alternative headers', async () => {
    const files = workspace();
    const path = files.write(
      'cafe24.csv',
      '주문번호,품목별 주문번호,상품번호,상품명(한국어 쇼핑몰),상품옵션(기본),수령인,수령인 휴대전화,수령인 주소(전체)\n' +
        'C24-1,C24-1-1,81002,한라봉 3kg,3kg 1박스,최유나,010-4444-0004,서울시 마포구 3\n',
    );
    const result = await cli(
      ['order', 'create', path, '--products', files.write('c.csv', CATALOG), '--json'],
      {
        env: t.env,
      },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.summary()).toMatchObject({ accepted: 1, preset: 'cafe24-orders' });
    const stored = await t.service.local.order('C24-1');
    expect(stored?.items[0]).toMatchObject({
      id: 'C24-1-1',
      product_id: '81002',
      product_name: '한라봉 3kg',
      product_option: ['3kg 1박스'],
    });
  });

  it('--header-row says where the header is when a sheet has a table above it that also fits', async () => {
    const files = workspace();
    const header =
      '주문번호,품목별 주문번호,상품번호,상품명(한국어 쇼핑몰),상품옵션(기본),수령인,수령인 휴대전화,수령인 주소(전체)';
    // A summary copied above the real table, with the same headers and last month's order.
    const path = files.write(
      'cafe24-two-tables.csv',
      `${header}\nOLD-1,OLD-1-1,81002,한라봉 3kg,,최유나,010-4444-0004,서울시 마포구 3\n\n${header}\n` +
        'HR-1,HR-1-1,81002,한라봉 3kg,,최유나,010-4444-0004,서울시 마포구 3\n',
    );
    const products = files.write('c.csv', CATALOG);
    const auto = await cli(['order', 'create', path, '--products', products, '--dry-run', '--json'], {
      env: t.env,
    });
    expect(auto.summary()).toMatchObject({ header_row: 1 });
    const chosen = await cli(
      ['order', 'create', path, '--products', products, '--header-row', '4', '--json'],
      {
        env: t.env,
      },
    );
    expect(chosen.code, chosen.stderr).toBe(0);
    expect(chosen.summary()).toMatchObject({ accepted: 1, header_row: 4 });
    expect(await t.service.local.order('HR-1')).toBeDefined();
    expect(await t.service.local.order('OLD-1')).toBeUndefined();
    const empty = await cli(
      ['order', 'create', path, '--products', products, '--header-row', '3', '--dry-run'],
      {
        env: t.env,
      },
    );
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('has nothing in row 3');
    const outOfRange = await cli(['order', 'create', path, '--header-row', '31', '--dry-run'], {
      env: t.env,
    });
    expect(outOfRange.code).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { workspace } from '../helpers/files.js';
import { writeWorkbook } from '../helpers/workbook.js';
import { smartstoreDownload } from '../helpers/downloads.js';
import { gnumericResave, openpyxlWorkbook, PRODUCERS, type ProducedCell } from '../helpers/producers.js';

const t = useService();

const HEADER = [
  'order_id',
  'recipient_name',
  'recipient_cellphone',
  'item_id',
  'product_id',
  'product_name',
  'product_image_url',
];

/** One order of one line, with the phone as given. */
const orderRow = (id: string, phone: string) => [
  id,
  '김민지',
  phone,
  `${id}-1`,
  'P-X',
  '감귤',
  'https://shop.example.com/x.jpg',
];
const orderJson = (id: string, phone: string) => ({
  id,
  recipient_name: '김민지',
  recipient_cellphone: phone,
  items: [
    { id: `${id}-1`, product: { id: 'P-X', name: '감귤', image_url: 'https://shop.example.com/x.jpg' } },
  ],
});

const csvCell = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/** Writes orders in one input form; returns the file. */
type Form = (files: ReturnType<typeof workspace>, orders: [string, string][]) => Promise<string>;
const FORMS: Record<string, Form> = {
  CSV: async (files, orders) =>
    files.write(
      'orders.csv',
      [HEADER, ...orders.map(([id, phone]) => orderRow(id, phone))]
        .map((row) => row.map(csvCell).join(','))
        .join('\n'),
    ),
  xlsx: (files, orders) =>
    writeWorkbook(files.path('orders.xlsx'), [
      { name: 'orders', rows: [HEADER, ...orders.map(([id, phone]) => orderRow(id, phone))] },
    ]),
  'JSON array': async (files, orders) =>
    files.write('orders.json', JSON.stringify(orders.map(([id, phone]) => orderJson(id, phone)))),
  NDJSON: async (files, orders) =>
    files.write(
      'orders.ndjson',
      orders.map(([id, phone]) => JSON.stringify(orderJson(id, phone))).join('\n'),
    ),
};

describe.each(Object.keys(FORMS))('Excel’s text tricks and damage in %s', (form) => {
  const prefix = `XT-${form.replace(/\W/g, '')}`;

  it('unwraps ="…" and a leading apostrophe, refuses a phone that lost its 0 or an id in scientific notation', async () => {
    const files = workspace();
    const path = await (FORMS[form] as Form)(files, [
      [`${prefix}-1`, '="01012345678"'],
      [`${prefix}-2`, "'010-2222-3333"],
      [`${prefix}-3`, '1012345678'],
      ['1.01E+10', '010-4444-5555'],
    ]);
    const result = await cli(['order', 'create', path, '--json'], { env: t.env });
    expect(result.code).toBe(4);
    expect(result.summary()).toMatchObject({ accepted: 2, invalid: 2 });
    expect(result.stderr).toContain(
      'looks like a Korean mobile number that lost its leading 0 (01012345678?)',
    );
    expect(result.stderr).toContain('looks like a number Excel wrote in scientific notation (1.01E+10)');
    expect(await t.service.local.order(`${prefix}-1`)).toMatchObject({ recipient_cellphone: '01012345678' });
    expect(await t.service.local.order(`${prefix}-2`)).toMatchObject({
      recipient_cellphone: '010-2222-3333',
    });
    expect(await t.service.local.order(`${prefix}-3`)).toBeUndefined();
  });
});

describe('Excel’s text tricks and damage in single records, flags and order patch', () => {
  it('a single JSON order', async () => {
    const files = workspace();
    const ok = files.write('one.json', JSON.stringify(orderJson('XT-ONE-1', '="010-1111-2222"')));
    expect((await cli(['order', 'create', ok], { env: t.env })).code).toBe(0);
    expect(await t.service.local.order('XT-ONE-1')).toMatchObject({ recipient_cellphone: '010-1111-2222' });
    const damaged = files.write('two.json', JSON.stringify(orderJson('XT-ONE-2', '1011112222')));
    const result = await cli(['order', 'create', damaged], { env: t.env });
    expect(result.code).toBe(4);
    // A JSON record was typed or made by a program: the advice is to write the number whole, not Excel's.
    expect(result.stderr).toContain(
      'recipient_cellphone ("1011112222"): looks like a Korean mobile number that lost its leading 0 (01011112222?); write it with the 0\n',
    );
  });

  it('shipment and product flags', async () => {
    const files = workspace();
    const order = files.write('o.json', JSON.stringify(orderJson('XT-FLAG', '010-1111-2222')));
    expect((await cli(['order', 'create', order], { env: t.env })).code).toBe(0);
    const ship = (tracking: string) =>
      cli(
        [
          'shipment',
          'create',
          '--order',
          '="XT-FLAG"',
          '--items',
          "'XT-FLAG-1",
          '--company-code',
          '우체국택배',
          '--tracking-number',
          tracking,
          '--json',
        ],
        { env: t.env },
      );
    const damaged = await ship('6.89E+12');
    expect(damaged.code).toBe(4);
    expect(damaged.stderr).toContain(
      '--tracking-number ("6.89E+12"): looks like a number Excel wrote in scientific notation (6.89E+12); give all its digits\n',
    );
    const sent = await ship('="6891234567890"');
    expect(sent.code).toBe(0);
    await t.service.local.apply();
    expect(
      (await t.service.local.order('XT-FLAG'))?.shipments.map((shipment) => [
        shipment.company_code,
        shipment.tracking_number,
      ]),
    ).toEqual([['kr.epost', '6891234567890']]);

    const product = await cli(
      [
        'product',
        'create',
        '--id',
        '="007"',
        '--name',
        '감귤',
        '--image-url',
        'https://shop.example.com/7.jpg',
      ],
      {
        env: t.env,
      },
    );
    expect(product.code).toBe(0);
    expect(await t.service.local.product('007')).toMatchObject({ name: '감귤' });
  });

  it('order patch', async () => {
    const files = workspace();
    const order = files.write('o.json', JSON.stringify(orderJson('XT-PATCH', '010-1111-2222')));
    expect((await cli(['order', 'create', order], { env: t.env })).code).toBe(0);
    const damaged = await cli(
      ['order', 'patch', 'XT-PATCH', '--recipient-name', '박지훈', '--recipient-cellphone', '1099998888'],
      {
        env: t.env,
      },
    );
    expect(damaged.code).toBe(2);
    expect(damaged.stderr).toContain(
      '--recipient-cellphone: looks like a Korean mobile number that lost its leading 0 (01099998888?); write it with the 0\n',
    );
    const korean = await cli(
      ['order', 'patch', 'XT-PATCH', '--recipient-name', '박지훈', '--recipient-cellphone', '1099998888'],
      { env: { ...t.env, LANG: 'ko_KR.UTF-8' } },
    );
    expect(korean.stderr).toContain(
      '--recipient-cellphone: 맨 앞의 0이 빠진 휴대폰 번호로 보입니다 (01099998888?). 0을 붙여 적으세요\n',
    );
    const patched = await cli(
      [
        'order',
        'patch',
        '="XT-PATCH"',
        '--recipient-name',
        '박지훈',
        '--recipient-cellphone',
        '="010-9999-8888"',
      ],
      {
        env: t.env,
      },
    );
    expect(patched.code).toBe(0);
    await t.service.local.apply();
    expect(await t.service.local.order('XT-PATCH')).toMatchObject({
      recipient_name: '박지훈',
      recipient_cellphone: '010-9999-8888',
    });
  });
});

describe('CSV as other systems write it', () => {
  it('reads an unquoted ="…" cell and quotes inside unquoted cells as a spreadsheet program does', async () => {
    const files = workspace();
    const path = files.write(
      'orders.csv',
      `${HEADER.join(',')}\nTX-1,정하늘,="01012340099",TX-1-1,P-TX,27" 모니터 "특가",https://shop.example.com/m.jpg\n`,
    );
    const result = await cli(['order', 'create', path], { env: t.env });
    expect(result.code, result.stderr).toBe(0);
    const stored = await t.service.local.order('TX-1');
    expect(stored).toMatchObject({ recipient_cellphone: '01012340099' });
    expect(stored?.items[0]?.product_name).toBe('27" 모니터 "특가"');
  });
});

describe.skipIf(!PRODUCERS.openpyxl || !PRODUCERS.gnumeric)('Excel’s error values', () => {
  it('a look-up that found nothing (#N/A, as a spreadsheet program worked it out) is refused in any field, not sent', async () => {
    const files = workspace();
    const line = (id: string, name: string, product: ProducedCell) => [
      id,
      name,
      '010-1234-5678',
      `${id}-1`,
      // A product of its own: one named in full on another row would fill a failed look-up (below).
      `P-${id}`,
      product,
      'https://shop.example.com/x.jpg',
    ];
    // Written with formulas and no results (openpyxl), then opened and saved again by Gnumeric, which
    // works them out: the look-up's cell holds the error, as a workbook saved by Excel does.
    const own = openpyxlWorkbook(files.path('own.xlsx'), {
      sheets: [
        {
          name: 'orders',
          rows: [
            HEADER,
            line('XE-1', '김민지', { formula: 'VLOOKUP("없는 상품",A1:B2,2,FALSE)' }),
            line('XE-2', '#REF!', '감귤'),
            line('XE-3', '김민지', '감귤'),
          ],
        },
      ],
    });
    const book = gnumericResave(own, files.path('orders.xlsx'));
    const result = await cli(['order', 'create', book, '--json'], { env: t.env });
    expect(result.code).toBe(4);
    expect(result.summary()).toMatchObject({ accepted: 1, invalid: 2 });
    expect(result.stderr).toContain(
      'row 2, product_name ("#N/A"): is Excel\'s error #N/A, not a value (a formula that could not be worked out, such as a look-up that found nothing); correct the formula, or write the value, in Excel and export again',
    );
    expect(result.stderr).toContain('row 3, recipient_name ("#REF!"): is Excel\'s error #REF!, not a value');
    expect(await t.service.local.order('XE-1')).toBeUndefined();
    expect(await t.service.local.order('XE-3')).toMatchObject({ recipient_name: '김민지' });
    // Typed in JSON, the advice is to give the value; in Korean, the page's and the terminal's words.
    const json = files.write(
      'one.json',
      JSON.stringify({ ...orderJson('XE-4', '010-1234-5678'), recipient_name: '#N/A' }),
    );
    const typed = await cli(['order', 'create', json], { env: { ...t.env, LANG: 'ko_KR.UTF-8' } });
    expect(typed.code).toBe(4);
    expect(typed.stderr).toContain(
      'recipient_name ("#N/A"): 엑셀 수식의 오류 값(#N/A)이지 값이 아닙니다 (찾는 값이 없는 VLOOKUP처럼 계산되지 않은 수식). 값을 적으세요',
    );
  });
});

describe('a look-up that found nothing, where the catalog knows', () => {
  it('fills a product name or image that is #N/A from the catalog, and refuses it where the catalog has nothing', async () => {
    const files = workspace();
    const known = await cli(
      ['catalog', 'set', 'P-NA', '--name', '제주 감귤 5kg', '--image-url', 'https://shop.example.com/na.jpg'],
      { env: t.env },
    );
    expect(known.code, known.stderr).toBe(0);
    const row = (id: string, product: string, name: string, image: string) =>
      [id, '김민지', '010-1234-5678', `${id}-1`, product, name, image].join(',');
    // As Excel saves a sheet whose VLOOKUP of the name or the image found nothing.
    const path = files.write(
      'orders.csv',
      [
        HEADER.join(','),
        row('NA-1', 'P-NA', '#N/A', '#N/A'),
        row('NA-2', 'P-NA', '감귤 (직접)', '#N/A'),
        row('NA-3', 'P-UNKNOWN', '#N/A', 'https://shop.example.com/u.jpg'),
      ].join('\n'),
    );
    const result = await cli(['order', 'create', path, '--json'], { env: t.env });
    expect(result.code).toBe(4);
    expect(result.summary()).toMatchObject({ accepted: 2, invalid: 1 });
    expect(result.stderr).toContain('row 4, product_name ("#N/A"): is Excel\'s error #N/A, not a value');
    expect(result.stderr).not.toContain('row 2,');
    expect(await t.service.local.order('NA-1')).toMatchObject({
      items: [{ product_name: '제주 감귤 5kg', product_image_url: 'https://shop.example.com/na.jpg' }],
    });
    // A name given is kept; only the failed image comes from the catalog.
    expect(await t.service.local.order('NA-2')).toMatchObject({
      items: [{ product_name: '감귤 (직접)', product_image_url: 'https://shop.example.com/na.jpg' }],
    });
    expect(await t.service.local.order('NA-3')).toBeUndefined();
  });
});

describe.skipIf(!PRODUCERS.openpyxl)('ids Excel made dates of', () => {
  it('a product code typed as 1-2 became a date: refused in a workbook and its CSV, taken as typed in JSON', async () => {
    const files = workspace();
    const line = (id: string, product: ProducedCell) => [
      id,
      '김민지',
      '010-1234-5678',
      `${id}-1`,
      product,
      '감귤',
      'https://shop.example.com/x.jpg',
    ];
    // 46024 is 2 January 2026, shown as Korean Excel shows `1-2` typed in a General cell.
    const book = openpyxlWorkbook(files.path('orders.xlsx'), {
      sheets: [
        {
          name: 'orders',
          rows: [HEADER, line('XD-1', 46024), line('XD-2', 'P-7')],
          formats: { E: 'mm"월" dd"일"' },
        },
      ],
    });
    const result = await cli(['order', 'create', book, '--json'], { env: t.env });
    expect(result.code).toBe(4);
    expect(result.summary()).toMatchObject({ accepted: 1, invalid: 1 });
    expect(result.stderr).toContain(
      'row 2, product_id ("2026-01-02"): looks like a date Excel made of an id (2026-01-02), and the id typed is lost; format the column as Text in Excel, type the ids again and export again',
    );
    expect(await t.service.local.order('XD-1')).toBeUndefined();
    // The same sheet saved as CSV by Korean or English Excel: the date as it was shown.
    const csv = files.write(
      'orders.csv',
      [
        HEADER,
        line('XD-3', '01월 02일'),
        [...line('XD-4', '2-Jan').slice(0, 6), ''],
        line('XD-5', 'Jan-02'),
        line('XD-6', '1-2'),
      ]
        .map((row) => row.join(','))
        .join('\n'),
    );
    const fromCsv = await cli(['order', 'create', csv, '--json'], { env: { ...t.env, LANG: 'ko_KR.UTF-8' } });
    expect(fromCsv.summary()).toMatchObject({ accepted: 1, invalid: 3 });
    expect(fromCsv.stderr).toContain(
      'product_id ("01월 02일"): 엑셀이 날짜로 바꾼 번호로 보입니다 (01월 02일). 처음 적은 번호는 남아 있지 않습니다',
    );
    // Nothing is asked of a product whose id is lost: not its image, which no catalog has under that date.
    expect(fromCsv.stderr).not.toContain('이미지 주소가 없고');
    expect(fromCsv.stderr).not.toContain('intake catalog set 2-Jan');
    expect(await t.service.local.order('XD-6')).toMatchObject({ items: [{ product_id: '1-2' }] });
    // Typed (JSON), an id that reads like a date is what its writer meant.
    const json = files.write(
      'one.json',
      JSON.stringify({
        ...orderJson('XD-7', '010-1234-5678'),
        items: [
          {
            id: 'XD-7-1',
            product: { id: '2026-01-02', name: '감귤', image_url: 'https://shop.example.com/x.jpg' },
          },
        ],
      }),
    );
    expect((await cli(['order', 'create', json], { env: t.env })).code).toBe(0);
  });
});

describe('a download whose order numbers Excel wrote in scientific notation', () => {
  it('checks each row alone and says why once, before the rows, instead of one order whose rows disagree', async () => {
    const files = workspace();
    // Opened in Excel and saved as CSV: every 16-digit number shown, and saved, as 2.02612E+15.
    const rows = smartstoreDownload('2026120599', 6).map((row) =>
      row.map((cell) => (/^\d{12,}$/.test(cell) ? Number(cell).toExponential(5).toUpperCase() : cell)),
    );
    const csv = files.write('주문.csv', rows.map((row) => row.map(csvCell).join(',')).join('\r\n'));
    const result = await cli(['order', 'create', csv, '--dry-run'], { env: t.env });
    expect(result.code).toBe(4);
    const lines = result.stderr.split('\n');
    const summary = lines.findIndex((line) => line.startsWith('주문.csv: '));
    expect(lines[summary]).toBe('주문.csv: 8 orders in 8 rows, 8 invalid');
    expect(lines[summary + 1]).toBe(
      '8 rows have an order id that Excel made a number in scientific notation or a date (such as 2.02612E+13): its digits are lost, so which rows are one order cannot be told, and each is checked alone. Upload the download as the marketplace gave it, or format the column as Text in Excel and export again.',
    );
    // Each row's own problems, and no disagreement among rows of orders it cannot tell apart.
    expect(result.stderr).toContain('row 3, 주문번호 ("2.02612E+13"): looks like a number Excel wrote');
    expect(result.stderr).not.toContain('must be the same in every row of this order');

    const ko = await cli(['order', 'create', csv, '--dry-run'], { env: { ...t.env, LANG: 'ko_KR.UTF-8' } });
    expect(ko.stderr).toContain(
      '\n8개 행의 주문번호가 엑셀에서 지수 표기의 숫자나 날짜로 바뀌어 있습니다 (2.02612E+13 같은). 원래 번호를 알 수 없어 어느 행이 같은 주문인지 알 수 없으므로 하나씩 따로 검사합니다. 마켓에서 받은 파일을 그대로 올리거나, 엑셀에서 이 열의 서식을 텍스트로 지정하고 다시 내보내세요.\n',
    );
    expect(ko.stderr).not.toContain('같은 주문의 모든 행에서 같아야 하는데 다릅니다');
  });

  it('a product list whose ids Excel rounded: each row alone, not one id repeated with other data', async () => {
    const files = workspace();
    const csv = files.write(
      'products.csv',
      [
        'id,name,image_url',
        '1.23457E+15,감귤,https://shop.example.com/1.jpg',
        '1.23457E+15,한라봉,https://shop.example.com/2.jpg',
      ].join('\n'),
    );
    const result = await cli(['product', 'create', csv, '--dry-run'], { env: t.env });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('products.csv: 2 products in 2 rows, 2 invalid');
    expect(result.stderr).toContain(
      '2 rows have a product id that Excel made a number in scientific notation or a date (such as 1.23457E+15): its digits are lost, so which rows are one product cannot be told, and each is checked alone.',
    );
    expect(result.stderr).not.toContain('the same id is also in');
  });
});

describe('a download whose 16-digit order numbers a spreadsheet program rounded', () => {
  it('says the rows’ ids were rounded, not that the orders rounding put together disagree', async () => {
    const files = workspace();
    const buyers = ['김민지', '박지훈', '이서연', '최도윤'];
    // 2026112512345601 to …604 all became …600: four buyers' orders now share one order number.
    const rows = buyers.map((buyer, index) =>
      [
        `202611259876540${index + 1}`,
        `202611251234560${index + 1}`,
        '81001',
        '감귤',
        buyer,
        `010-2000-100${index}`,
      ]
        .map((id) => (/^\d{16}$/.test(id) ? `${id.slice(0, 15)}0` : id))
        .join(','),
    );
    const csv = files.write(
      'rounded.csv',
      ['상품주문번호,주문번호,상품번호,상품명,수취인명,수취인연락처1', ...rows].join('\n'),
    );
    const result = await cli(['order', 'create', csv, '--dry-run', '--preset', 'smartstore-orders'], {
      env: t.env,
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain(
      'row 2, 주문번호: has 16 or more digits and ends in 0, as does every such id in this column',
    );
    expect(result.stderr).not.toContain('must be the same in every row of this order');
  });
});

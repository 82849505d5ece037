import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { workspace } from '../helpers/files.js';
import { readWorkbook, writeWorkbook } from '../helpers/workbook.js';

const t = useService();

/** The words of a command line as printed (`shellQuote`): plain words and single-quoted ones. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const match of line.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)) {
    words.push(match[1] !== undefined ? match[1].replaceAll("'\\''", "'") : (match[2] as string));
  }
  return words;
}

/** The follow-up command an upload printed, as arguments for `cli`. */
function followUp(stderr: string): string[] {
  const line = /After fixing them: intake (.*)/.exec(stderr)?.[1];
  if (!line) throw new Error(`no follow-up command in:\n${stderr}`);
  return shellWords(line);
}

const SMARTSTORE_HEADER = [
  '상품주문번호',
  '주문번호',
  '상품번호',
  '상품명',
  '옵션정보',
  '수량',
  '구매자명',
  '구매자ID',
  '수취인명',
  '수취인연락처1',
  '수취인연락처2',
  '배송지',
  '우편번호',
  '배송메세지',
];

/** A Smartstore order download: a title row, then its headers; ids (and maybe phones) stored as numbers. */
function smartstoreOrders(buyerPhone: number | string, phoneOfThird: number | string) {
  const buyer = ['김민지', 'minji01', '김민지', buyerPhone, '', '서울시 강남구 테헤란로 1', '06236', '문 앞'];
  return [
    ['스마트스토어 주문조회 (2026-11-22 09:00 기준)'],
    SMARTSTORE_HEADER,
    [2026112212345671, 2026112290000001, 8123456789, '제주 감귤 5kg', '중량: 5kg', 1, ...buyer],
    [2026112212345672, 2026112290000001, 8123456790, '', '', 2, ...buyer],
    [
      2026112212345673,
      2026112290000002,
      8123456789,
      '제주 감귤 5kg',
      '',
      1,
      '박지훈',
      'jihoon77',
      '박지훈',
      phoneOfThird,
      '',
      '부산시 해운대구 1',
      '48094',
      '',
    ],
  ];
}

describe('a Smartstore order download (.xlsx) with a products catalog', () => {
  it('finds the header under the title, reads ids and phones stored as numbers, fills names and images from the catalog', async () => {
    const files = workspace();
    const book = await writeWorkbook(files.path('스마트스토어_주문.xlsx'), [
      // The phone column carries Excel's phone format, so the sheet shows 010-1234-5678.
      {
        name: '주문조회',
        rows: smartstoreOrders(1012345678, '010-9876-5432'),
        formats: { J: '000-0000-0000' },
      },
    ]);
    const catalog = files.write(
      'catalog.csv',
      [
        'id,name,image_url',
        '8123456789,제주 감귤 5kg,https://shop.example.com/p/8123456789.jpg',
        '8123456790,한라봉 3kg,https://shop.example.com/p/8123456790.jpg',
      ].join('\n'),
    );
    const result = await cli(['order', 'create', book, '--products', catalog, '--json'], { env: t.env });
    expect(result.stderr).toContain('Reading sheet "주문조회" of 스마트스토어_주문.xlsx.');
    expect(result.stderr).toContain('The header is row 2; the row above it was skipped.');
    expect(result.stderr).toContain('reading them with the preset smartstore-orders');
    expect(result.code).toBe(0);
    expect(result.summary()).toMatchObject({ rows: 3, records: 2, accepted: 2, preset: 'smartstore-orders' });
    // Records finish in any order (several are in flight at once).
    const lines = result.records().map((line) => [line.rows, line.id]);
    expect(lines.sort((a, b) => String(a[1]).localeCompare(String(b[1])))).toEqual([
      [[3, 4], '2026112290000001'],
      [[5], '2026112290000002'],
    ]);

    const first = await t.service.local.order('2026112290000001');
    expect(first).toMatchObject({
      member_id: 'minji01',
      recipient_name: '김민지',
      recipient_cellphone: '010-1234-5678',
    });
    expect(
      first?.items.map((item) => [item.id, item.product_id, item.product_name, item.product_image_url]),
    ).toEqual([
      ['2026112212345671', '8123456789', '제주 감귤 5kg', 'https://shop.example.com/p/8123456789.jpg'],
      ['2026112212345672', '8123456790', '한라봉 3kg', 'https://shop.example.com/p/8123456790.jpg'],
    ]);
    expect(first?.items[0]?.product_option).toEqual(['중량: 5kg']);
  });

  it('a phone that lost its 0 is refused with its sheet row; the rejects open as a workbook, and the printed command sends the fix', async () => {
    const files = workspace();
    const catalog = files.write(
      'catalog.csv',
      'id,name,image_url\n8123456789,제주 감귤 5kg,https://shop.example.com/p/8123456789.jpg\n',
    );
    // New ids; the second line's product is in no catalog and has no name, so its order is invalid too.
    const rows = smartstoreOrders('010-1234-5678', 1098765432).map((row) =>
      row.map((cell) =>
        typeof cell === 'number' && cell > 2026112200000000
          ? cell + 100
          : cell === 8123456790
            ? 8123456791
            : cell,
      ),
    );
    const book = await writeWorkbook(files.path('orders.xlsx'), [{ name: '주문조회', rows }]);
    const result = await cli(['order', 'create', book, '--products', catalog], { env: t.env });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain(
      // Each column named as the sheet names it, where staff will look for it.
      'row 5, 수취인연락처1 ("1098765432"): looks like a Korean mobile number that lost its leading 0',
    );
    expect(result.stderr).toContain('1 product has no name here or in the product list: 8123456791 (row 4)');

    const rejects = await readWorkbook(files.path('orders.rejects.xlsx'));
    expect(rejects.name).toBe('주문조회');
    expect(rejects.rows[0]).toEqual([...SMARTSTORE_HEADER, 'error']);
    expect(rejects.rows).toHaveLength(4);
    // Every cell is text, in Excel's Text format: the id keeps its digits, the phone stays as written.
    expect(rejects.rows[3]?.slice(0, 3)).toEqual(['2026112212345773', '2026112290000102', '8123456789']);
    expect(rejects.rows[3]?.[9]).toBe('1098765432');
    expect(rejects.rows[3]?.at(-1)).toMatch(
      /^수취인연락처1 \("1098765432"\): looks like a Korean mobile number/,
    );
    expect(rejects.formats[3]?.every((format) => format === '@')).toBe(true);

    // Fix the phone in the workbook, as a person would in Excel, add the product to the catalog, and
    // run the command exactly as printed.
    const fixed = rejects.rows.map((row, index) =>
      index === 0
        ? row.slice(0, -1)
        : row
            .slice(0, -1)
            .map((cell, column) => (column === 9 && cell === '1098765432' ? '010-9876-5432' : cell)),
    );
    files.write(
      'catalog.csv',
      `${files.read('catalog.csv')}8123456791,한라봉 3kg,https://shop.example.com/p/8123456791.jpg\n`,
    );
    await writeWorkbook(files.path('orders.rejects.xlsx'), [{ name: '주문조회', rows: fixed }]);
    const command = followUp(result.stderr);
    expect(command).toEqual(['order', 'create', files.path('orders.rejects.xlsx'), '--products', catalog]);
    const again = await cli([...command, '--json'], { env: t.env });
    expect(again.code).toBe(0);
    expect(again.summary()).toMatchObject({ accepted: 2, invalid: 0 });
    expect(await t.service.local.order('2026112290000102')).toMatchObject({
      recipient_cellphone: '010-9876-5432',
    });
    expect((await t.service.local.order('2026112290000101'))?.items[1]?.product_name).toBe('한라봉 3kg');
  });
});

describe('a Smartstore dispatch sheet: carriers by name, and no order id', () => {
  it('finds each item’s order in the ledger and each carrier by its name; a typo gets the closest carriers', async () => {
    const files = workspace();
    const orders = await writeWorkbook(files.path('orders.xlsx'), [
      {
        name: '주문',
        rows: [
          ['주문번호', '상품주문번호', '상품번호', '상품명', '수취인명', '수취인연락처1'],
          ['D-1', 'D-1-1', 'P-D', '감귤', '김민지', '010-1111-2222'],
          ['D-1', 'D-1-2', 'P-D', '감귤', '김민지', '010-1111-2222'],
          ['D-2', 'D-2-1', 'P-D', '감귤', '박지훈', '010-3333-4444'],
          ['D-3', 'D-3-1', 'P-D', '감귤', '최유나', '010-5555-6666'],
        ],
      },
    ]);
    const catalog = files.write(
      'catalog.json',
      JSON.stringify([{ id: 'P-D', name: '감귤', image_url: 'https://shop.example.com/d.jpg' }]),
    );
    expect((await cli(['order', 'create', orders, '--products', catalog, '-q'], { env: t.env })).code).toBe(
      0,
    );

    const dispatch = await writeWorkbook(files.path('발송처리.xlsx'), [
      {
        name: '발송처리',
        rows: [
          ['상품주문번호', '배송방법', '택배사', '송장번호'],
          ['D-1-1', '택배,등기,소포', 'CJ대한통운', 640123456789],
          ['D-1-2', '택배,등기,소포', 'CJ대한통운', 640123456789],
          ['D-2-1', '직접전달', '', ''],
          ['D-3-1', '택배,등기,소포', '우체국 택배', '6891234567890'],
          ['X-9-1', '택배,등기,소포', '한진', '1234'],
          ['D-3-1', '택배,등기,소포', 'CJ대한퉁운', '5678'],
        ],
      },
    ]);
    const result = await cli(['shipment', 'create', dispatch, '--json'], { env: t.env });
    expect(result.stderr).toContain('reading them with the preset smartstore-dispatch');
    expect(result.code).toBe(4);
    expect(result.summary()).toMatchObject({ records: 5, accepted: 3, invalid: 2 });
    expect(result.stderr).toContain(
      '1 row names no order_id, and no order sent from here has its item: X-9-1 (row 6)',
    );
    expect(result.stderr).toContain(
      'row 7, 택배사 ("CJ대한퉁운"): is not a carrier in the built-in list (the spec\'s 26 codes); closest: kr.cjlogistics (CJ대한통운)',
    );

    await t.service.local.apply();
    const shipmentsOf = async (id: string) =>
      ((await t.service.local.order(id))?.shipments ?? []).map((shipment) => [
        shipment.company_code,
        shipment.tracking_number,
        shipment.order_item_ids,
      ]);
    expect(await shipmentsOf('D-1')).toEqual([['kr.cjlogistics', '640123456789', ['D-1-1', 'D-1-2']]]);
    expect(await shipmentsOf('D-2')).toEqual([['self', 'self', ['D-2-1']]]);
    expect(await shipmentsOf('D-3')).toEqual([['kr.epost', '6891234567890', ['D-3-1']]]);
  });
});

describe('protected workbooks and sheets', () => {
  const products = (prefix: string) => [
    ['id', 'name', 'image_url'],
    [`${prefix}-1`, '보성 녹차', 'https://shop.example.com/1.jpg'],
    [`${prefix}-2`, '곱창김', 'https://shop.example.com/2.jpg'],
  ];

  it('opens a workbook protected by a password from --password-stdin, or from a masked prompt on a terminal', async () => {
    const files = workspace();
    const book = await writeWorkbook(files.path('상품.xlsx'), [{ name: '상품', rows: products('LOCK') }], {
      password: '비밀 1234',
    });
    const piped = await cli(['product', 'create', book, '--password-stdin', '--json'], {
      env: t.env,
      stdin: '비밀 1234\n',
    });
    expect(piped.code).toBe(0);
    expect(piped.summary()).toMatchObject({ accepted: 2 });
    expect(await t.service.local.product('LOCK-2')).toMatchObject({ name: '곱창김' });

    const asked: string[] = [];
    const prompted = await cli(['product', 'create', book, '--dry-run', '--json'], {
      env: t.env,
      tty: true,
      prompter: {
        input: () => Promise.reject(new Error('not asked')),
        password: (message) => {
          asked.push(message);
          return Promise.resolve('비밀 1234');
        },
      },
    });
    expect(prompted.code).toBe(0);
    expect(asked).toEqual(['Password for 상품.xlsx:']);
  });

  it('the rows to fix of a workbook locked by a password are locked with it, and read again with it', async () => {
    const files = workspace();
    const rows = products('LOCKREJ');
    (rows[2] as string[])[2] = 'not a web address';
    const book = await writeWorkbook(files.path('locked.xlsx'), [{ name: '상품', rows }], {
      password: '비밀 1234',
    });
    const report = files.path('locked.report.xlsx');
    const first = await cli(
      ['product', 'create', book, '--password-stdin', '--dry-run', '--report', report],
      {
        env: t.env,
        stdin: '비밀 1234\n',
      },
    );
    expect(first.code).toBe(4);
    expect(first.stderr).toContain("locked with the workbook's password");
    expect(first.stderr).toContain(
      `intake product create ${files.path('locked.rejects.xlsx')} --password-stdin`,
    );
    // Never in plain on the disk: locked, and opened with the same password.
    const rejects = await readWorkbook(files.path('locked.rejects.xlsx'), undefined, '비밀 1234');
    expect(rejects.name).toBe('상품');
    expect(rejects.rows.map((row) => row[0])).toEqual(['id', 'LOCKREJ-2']);
    // So is a report asked for as a workbook: its messages can quote what the cells hold.
    await expect(readWorkbook(report)).rejects.toThrow();
    const lines = (await readWorkbook(report, undefined, '비밀 1234')).rows;
    expect(lines[0]).toEqual(['rows', 'id', 'outcome', 'status', 'message']);
    expect(lines.slice(1).map((line) => line.slice(1, 3))).toEqual([
      ['LOCKREJ-1', 'valid'],
      ['LOCKREJ-2', 'invalid'],
    ]);
    expect(lines[2]?.[4]).toContain('not a web address');
    const again = await cli(
      ['product', 'create', files.path('locked.rejects.xlsx'), '--password-stdin', '--dry-run'],
      { env: t.env, stdin: '비밀 1234\n' },
    );
    expect(again.code).toBe(4);
    expect(again.stderr).toContain('row 2, image_url');
    // A workbook without a password gives its rows to fix without one.
    const plain = await writeWorkbook(files.path('plain.xlsx'), [{ name: '상품', rows }]);
    const plainReport = files.path('plain.report.xlsx');
    expect(
      (await cli(['product', 'create', plain, '--dry-run', '--report', plainReport], { env: t.env })).code,
    ).toBe(4);
    expect((await readWorkbook(files.path('plain.rejects.xlsx'))).rows).toHaveLength(2);
    expect((await readWorkbook(plainReport)).rows).toHaveLength(3);
  });

  it('a wrong or missing password is a usage error that says what to do', async () => {
    const files = workspace();
    const book = await writeWorkbook(files.path('locked.xlsx'), [{ name: '상품', rows: products('NOPE') }], {
      password: 'right',
    });
    const wrong = await cli(['product', 'create', book, '--password-stdin'], {
      env: t.env,
      stdin: 'wrong\n',
    });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('the password does not open locked.xlsx');
    const none = await cli(['product', 'create', book], { env: t.env });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('locked.xlsx is protected by a password');
    expect(none.stderr).toContain('--password-stdin');
    expect(await t.service.local.product('NOPE-1')).toBeUndefined();
  });

  it('reads the first visible sheet, or the one --sheet names by name or position among the visible ones', async () => {
    const files = workspace();
    const book = await writeWorkbook(files.path('book.xlsx'), [
      { name: '메모', rows: [['hidden notes']], hidden: true },
      { name: '상품A', rows: products('SHEET-A') },
      { name: '상품B', rows: products('SHEET-B') },
    ]);
    const first = await cli(['product', 'create', book, '--dry-run', '--json'], { env: t.env });
    expect(first.code).toBe(0);
    expect(first.summary()).toMatchObject({ sheet: '상품A', valid: 2 });
    const byPosition = await cli(['product', 'create', book, '--sheet', '2', '--dry-run', '--json'], {
      env: t.env,
    });
    expect(byPosition.summary()).toMatchObject({ sheet: '상품B' });
    const byName = await cli(['product', 'create', book, '--sheet', '상품b', '--dry-run', '--json'], {
      env: t.env,
    });
    expect(byName.summary()).toMatchObject({ sheet: '상품B' });
    const missing = await cli(['product', 'create', book, '--sheet', '주문'], { env: t.env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('book.xlsx has no sheet "주문"');
    expect(missing.stderr).toContain('Visible sheets: 1 "상품A", 2 "상품B"; hidden: "메모"');
  });

  it('an old .xls, a broken workbook and --sheet on a CSV are usage errors, never a stack trace', async () => {
    const files = workspace();
    const broken = files.write('broken.xlsx', Buffer.from('PK\u0003\u0004 not really a zip'));
    const result = await cli(['product', 'create', broken], { env: t.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('broken.xlsx is cut short or damaged');
    expect(result.stderr).not.toContain('    at ');
    const csv = files.write('p.csv', 'id,name,image_url\nA,a,https://shop.example.com/a.jpg\n');
    const sheet = await cli(['product', 'create', csv, '--sheet', '2'], { env: t.env });
    expect(sheet.code).toBe(2);
    expect(sheet.stderr).toContain('--sheet is for .xlsx workbooks');
    expect(existsSync(files.path('p.rejects.csv'))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { workspace } from '../helpers/files.js';
import {
  PRODUCERS,
  gnumericCsv,
  gnumericResave,
  openpyxlWorkbook,
  rawWorkbook,
  rezip,
  xlsxwriterWorkbook,
  type ProducedCell,
} from '../helpers/producers.js';
import { writeWorkbook } from '../helpers/workbook.js';

const t = useService();
const IMAGE = 'https://cdn.example.com/p/rice.jpg';
const ORDER_HEADER = [
  'order_id',
  'recipient_name',
  'recipient_cellphone',
  'item_id',
  'product_id',
  'product_name',
  'product_image_url',
  'product_option',
];

const order = (id: string, name: ProducedCell, option: ProducedCell = ''): ProducedCell[] => [
  id,
  '정하늘',
  '01012340099',
  `${id}-1`,
  'P-RICE',
  name,
  IMAGE,
  option,
];

const products = (prefix: string): ProducedCell[][] => [
  ['id', 'name', 'image_url'],
  [`${prefix}-1`, '현미 1kg', IMAGE],
  [`${prefix}-2`, '현미 2kg', IMAGE],
];

describe.skipIf(!PRODUCERS.xlsxwriter)('a workbook whatever the order of its parts', () => {
  it.each(['reverse', 'sheets-first', 'workbook-last'] as const)(
    'reads the sheet it opens on with the parts written %s',
    async (order) => {
      const files = workspace();
      const written = xlsxwriterWorkbook(files.path('book.xlsx'), {
        sheets: [
          { name: '메모', rows: products('NOTE') },
          { name: '상품', rows: products(`ORDER-${order}`) },
          { name: '기타', rows: products('OTHER') },
        ],
        active: 1,
      });
      const book = rezip(written, files.path(`book-${order}.xlsx`), order);
      const result = await cli(['product', 'create', book, '--json'], { env: t.env });
      expect(result.stderr).toContain(`Reading sheet "상품" of book-${order}.xlsx: the sheet it opens on`);
      expect(result.code).toBe(0);
      expect(result.summary()).toMatchObject({ sheet: '상품', accepted: 2 });
      expect(await t.service.local.product(`ORDER-${order}-1`)).toMatchObject({ name: '현미 1kg' });
      expect(await t.service.local.product('NOTE-1')).toBeUndefined();
    },
  );

  it('reads an exceljs workbook of three visible sheets the same way every time', async () => {
    const files = workspace();
    const book = await writeWorkbook(files.path('three.xlsx'), [
      { name: 'A', rows: products('A') },
      { name: 'B', rows: products('B') },
      { name: 'C', rows: products('C') },
    ]);
    const runs = await Promise.all(
      [1, 2, 3, 4].map(() => cli(['product', 'create', book, '--dry-run', '--json'], { env: t.env })),
    );
    for (const run of runs) expect(run.summary()).toMatchObject({ sheet: 'A', valid: 2 });
  });
});

describe.skipIf(!PRODUCERS.openpyxl || !PRODUCERS.gnumeric)('workbooks re-saved by Gnumeric', () => {
  it('reads the sheet the workbook opens on, not a settings sheet placed first whose hidden flag was lost', async () => {
    const files = workspace();
    const original = openpyxlWorkbook(files.path('original.xlsx'), {
      sheets: [
        { name: '설정', rows: [ORDER_HEADER, order('FAKE-1', '테스트 상품')], hidden: true },
        { name: '주문', rows: [ORDER_HEADER, order('GN-1', '유기농 현미 10kg')] },
      ],
      active: 1,
    });
    // Saved in Gnumeric on the orders tab: its .xlsx drops the settings sheet's hidden flag.
    const book = gnumericResave(original, files.path('gnumeric.xlsx'), { selectTab: 1 });
    const result = await cli(['order', 'create', book, '--json'], { env: t.env });
    expect(result.code).toBe(0);
    expect(result.summary()).toMatchObject({ sheet: '주문', accepted: 1 });
    expect(await t.service.local.order('GN-1')).toBeDefined();
    expect(await t.service.local.order('FAKE-1')).toBeUndefined();
  });

  it.skipIf(!PRODUCERS.xlsxwriter)(
    'reads rich text as the text of its runs, without the layout between them',
    async () => {
      const files = workspace();
      const original = xlsxwriterWorkbook(files.path('rich.xlsx'), {
        sheets: [
          {
            name: '주문',
            rows: [ORDER_HEADER, order('RICH-1', { rich: ['[특가]', { bold: ' 유기농 현미 10kg' }] })],
          },
        ],
      });
      for (const book of [original, gnumericResave(original, files.path('rich-gnumeric.xlsx'))]) {
        const result = await cli(['order', 'create', book, '--dry-run', '--json'], { env: t.env });
        expect(result.summary()).toMatchObject({ valid: 1 });
      }
      const sent = await cli(['order', 'create', files.path('rich-gnumeric.xlsx')], { env: t.env });
      expect(sent.code).toBe(0);
      const stored = await t.service.local.order('RICH-1');
      expect(stored?.items[0]?.product_name).toBe('[특가] 유기농 현미 10kg');
    },
  );
});

describe.skipIf(!PRODUCERS.openpyxl)('formulas saved without their result', () => {
  it('refuses the row, naming the cell, and never sends an empty value', async () => {
    const files = workspace();
    const book = openpyxlWorkbook(files.path('formulas.xlsx'), {
      sheets: [
        {
          name: '주문',
          rows: [
            ORDER_HEADER,
            order('F-1', '현미', { formula: '"색상: "&"빨강"' }),
            order('F-2', '현미', '색상: 파랑'),
          ],
        },
      ],
    });
    const result = await cli(['order', 'create', book, '--json'], { env: t.env });
    expect(result.code).toBe(4);
    const invalid = result.records().find((line) => line.id === 'F-1');
    expect(invalid).toMatchObject({ outcome: 'invalid' });
    expect(String(invalid?.message)).toContain('cell H2 is a formula saved without its result');
    expect(result.stderr).toContain('open the workbook in your spreadsheet program and save it');
    expect(await t.service.local.order('F-1')).toBeUndefined();
    expect(await t.service.local.order('F-2')).toBeDefined();
  });
});

describe.skipIf(!PRODUCERS.openpyxl)('workbook limits, checked before memory is spent', () => {
  const header = '<row r="1"><c r="A1" t="inlineStr"><is><t>id</t></is></c></row>';

  const limits: [string, Parameters<typeof rawWorkbook>[1], string, string][] = [
    [
      'a cell at column ZZZZZZ',
      { sheetData: `${header}<row r="2"><c r="ZZZZZZ2"><v>1</v></c></row>` },
      "past Excel's last column (XFD)",
      'limits.xlsx의 "data" 시트: 2행의 셀(ZZZZZZ2)이 엑셀의 마지막 열(XFD) 뒤에 있습니다',
    ],
    [
      'a row past the last one',
      { sheetData: `${header}<row r="2000000"><c r="A2000000"><v>1</v></c></row>` },
      "past Excel's last row",
      'limits.xlsx의 "data" 시트: 2,000,000행은 엑셀의 마지막 행(1,048,576) 뒤에 있습니다',
    ],
    [
      'a 300 MB cell in a small file',
      {
        sheetData: `${header}<row r="2"><c r="A2" t="inlineStr"><is><t>`,
        filler: { text: 'x', repeat: 4800, after: '</t></is></c></row>' },
      },
      'inflates',
      'limits.xlsx의 "data" 시트는 압축을 풀면',
    ],
    [
      'a cell longer than Excel allows',
      {
        sheetData: `${header}<row r="2"><c r="A2" t="inlineStr"><is><t>${'가'.repeat(40_000)}</t></is></c></row>`,
      },
      'holds over 32,767 characters',
      'limits.xlsx의 "data" 시트: A2 셀의 글이 32,767자를 넘습니다',
    ],
  ];

  it.each(limits)('refuses %s with exit 2, saying what was too big', async (_name, spec, reason) => {
    const files = workspace();
    const book = rawWorkbook(files.path('limits.xlsx'), spec);
    const before = process.memoryUsage().rss;
    const result = await cli(['product', 'create', book, '--dry-run'], { env: t.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(reason);
    expect(result.stderr).not.toContain('    at ');
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it.each(limits)(
    'says %s in Korean at a Korean terminal, with what to do',
    async (_name, spec, _reason, ko) => {
      const files = workspace();
      const book = rawWorkbook(files.path('limits.xlsx'), spec);
      const result = await cli(['product', 'create', book, '--dry-run'], {
        env: { ...t.env, LANG: 'ko_KR.UTF-8' },
      });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(ko);
      // Every line of it: what went wrong, and what to do.
      expect(result.stderr.split('\n').filter((line) => /\b(the|is|of|cell|row)\b/.test(line))).toEqual([]);
    },
  );

  it('leaves phonetic guides out of the text', async () => {
    const files = workspace();
    const book = rawWorkbook(files.path('phonetic.xlsx'), {
      sharedStrings:
        '<si><t>id</t></si><si><t>name</t></si><si><t>image_url</t></si>' +
        '<si><r><t>山田</t></r><rPh sb="0" eb="2"><t>ヤマダ</t></rPh><phoneticPr fontId="1"/></si>',
      sheetData:
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>' +
        `<row r="2"><c r="A2" t="inlineStr"><is><t>JP-1</t></is></c><c r="B2" t="s"><v>3</v></c><c r="C2" t="inlineStr"><is><t>${IMAGE}</t></is></c></row>`,
    });
    const result = await cli(['product', 'create', book], { env: t.env });
    expect(result.code).toBe(0);
    expect(await t.service.local.product('JP-1')).toMatchObject({ name: '山田' });
  });
});

describe.skipIf(!PRODUCERS.openpyxl || !PRODUCERS.gnumeric)('ids a spreadsheet program rounded', () => {
  const HEADER = ['상품주문번호', '주문번호', '상품번호', '상품명', '수취인명', '수취인연락처1'];
  /** A Smartstore download whose 16-digit ids passed through a program that keeps 15 digits. */
  const rounded = (base: number): ProducedCell[][] => [
    HEADER,
    // 2026112212345691 and …692 both became …690: two orders now share an item id.
    [base + 10, 2026112290000010, 8123456789, '현미', '정하늘', '010-1234-0001'],
    [base + 20, 2026112290000020, 8123456789, '현미', '김민지', '010-1234-0002'],
    [base + 20, 2026112290000030, 8123456789, '현미', '박지훈', '010-1234-0003'],
  ];

  it.each(['xlsx', 'csv', 'ndjson'] as const)(
    'are refused with the reason, never uploaded (%s)',
    async (form) => {
      const files = workspace();
      const base = form === 'xlsx' ? 2026112212345680 : form === 'csv' ? 2026112212345780 : 2026112212345880;
      const book = openpyxlWorkbook(files.path('주문.xlsx'), {
        sheets: [{ name: '주문', rows: rounded(base) }],
      });
      const catalog = files.write(
        'catalog.csv',
        'id,name,image_url\n8123456789,현미,https://cdn.example.com/rice.jpg\n',
      );
      let input = book;
      if (form === 'csv') input = gnumericCsv(book, files.path('주문.csv'));
      if (form === 'ndjson') {
        input = files.write(
          'orders.ndjson',
          rounded(base)
            .slice(1)
            .map((row) =>
              JSON.stringify({
                id: String(row[1]),
                recipient_name: row[4],
                recipient_cellphone: row[5],
                items: [
                  {
                    id: String(row[0]),
                    product: {
                      id: String(row[2]),
                      name: row[3],
                      image_url: 'https://cdn.example.com/rice.jpg',
                    },
                  },
                ],
              }),
            )
            .join('\n'),
        );
      }
      const args = [
        'order',
        'create',
        input,
        '--json',
        ...(form === 'ndjson' ? [] : ['--preset', 'smartstore-orders', '--products', catalog]),
      ];
      const result = await cli(args, { env: t.env });
      expect(result.code).toBe(4);
      expect(result.summary()).toMatchObject({ accepted: 0, invalid: 3 });
      expect(result.stderr).toContain('a spreadsheet program rounded them to 15 significant digits');
      for (const order of ['2026112290000010', '2026112290000020', '2026112290000030']) {
        expect(await t.service.local.order(order)).toBeUndefined();
      }
    },
  );

  it('ids kept exact (some end in another digit) are trusted, those ending in 0 included', async () => {
    const files = workspace();
    const book = openpyxlWorkbook(files.path('exact.xlsx'), {
      sheets: [
        {
          name: '주문',
          rows: [
            HEADER,
            [2026112212349991, 2026112290009991, 8123456789, '현미', '정하늘', '010-1234-0001'],
            [2026112212349990, 2026112290009990, 8123456789, '현미', '김민지', '010-1234-0002'],
          ],
        },
      ],
    });
    const catalog = files.write(
      'catalog.csv',
      'id,name,image_url\n8123456789,현미,https://cdn.example.com/rice.jpg\n',
    );
    const result = await cli(['order', 'create', book, '--products', catalog, '--json'], { env: t.env });
    expect(result.code).toBe(0);
    expect(result.summary()).toMatchObject({ accepted: 2 });
    expect((await t.service.local.order('2026112290009990'))?.items[0]?.id).toBe('2026112212349990');
  });
});

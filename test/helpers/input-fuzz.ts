import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { CellValue } from 'exceljs';
import iconv from 'iconv-lite';
import { expect } from 'vitest';
import { cli } from './cli.js';
import { workspace } from './files.js';
import { ORDERS_HEADER_WITH_MEMBER, SHIPMENTS_HEADER } from './samples.js';

type Kind = 'order' | 'shipment' | 'product';

/** A file a person might give an upload: its name and bytes, and the options given with it. */
export interface FuzzedInput {
  kind: Kind;
  name: string;
  bytes: Buffer;
  args: string[];
  /** A workbook's rows, written by ExcelJS (a real producer) when the run begins: the bytes are then its. */
  sheet?: unknown[][];
}

/** The headers a sheet of each kind may have: ours, and a marketplace download's (its preset's values). */
function presetHeaders(name: string): string[] {
  const preset = JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', 'presets', `${name}.json`), 'utf8'),
  );
  return Object.entries(preset as Record<string, unknown>)
    .filter(([key]) => !key.startsWith('$'))
    .flatMap(([, value]) => (Array.isArray(value) ? value : [value]))
    .filter((value): value is string => typeof value === 'string');
}

const HEADERS: Record<Kind, string[][]> = {
  order: [
    ORDERS_HEADER_WITH_MEMBER.split(','),
    presetHeaders('smartstore-orders'),
    presetHeaders('coupang-orders'),
  ],
  shipment: [
    SHIPMENTS_HEADER.split(','),
    presetHeaders('smartstore-dispatch'),
    presetHeaders('coupang-dispatch'),
  ],
  product: [
    ['id', 'name', 'image_url'],
    ['상품번호', '상품명', '이미지'],
  ],
};

/** A cell as staff's files have them: ids, names, phones (Excel's forms too), URLs, carriers, and odd ones. */
const cell = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      ...['ORD-1', 'ORD-1-1', 'ORD-2', 'ORD-2-1', 'P-1', 'P-2', '2026112590000081', '김민지', '감귤 5kg'],
      ...['010-1234-5678', '01012345678', '1012345678', '1.01235E+10', '+82 10-1234-5678', '0503-1234-5678'],
      ...['https://img.example.com/a.png', 'kr.cjlogistics', 'CJ대한통운', '640123456789', '6.40123E+11'],
      ...['', ' ', '0', '1', '-1', 'M-1', '115h****', '2026-11-25 10:00:00', '45987', 'TRUE'],
    ),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty') },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 10 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '=SUM(A1)',
      '"',
      '""',
      'a,b',
      'a;b',
      'line\nbreak',
      '\r',
      '\u0000',
      '\uFEFF',
      '\t',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 300, max: 40_000 }).map((length) => '가'.repeat(length)) },
);

/** The header a file has: one of its kind's, shuffled, cut, repeated, with more columns, or none. */
function header(kind: Kind): fc.Arbitrary<string[]> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HEADERS[kind]) },
    { weight: 2, arbitrary: fc.constantFrom(...HEADERS[kind]).chain((names) => fc.shuffledSubarray(names)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...HEADERS[kind]),
          fc.array(fc.oneof(cell, fc.constantFrom(...HEADERS[kind].flat()))),
        )
        .map(([names, more]) => [...names, ...more]),
    },
    { weight: 1, arbitrary: fc.array(cell, { maxLength: 6 }) },
  );
}

/** A cell as a CSV writer would write it, or now and then as a careless one would. */
const quoted = (text: string, delimiter: string, careless: boolean) =>
  careless || (!/["\r\n]/.test(text) && !text.includes(delimiter)) ? text : `"${text.replaceAll('"', '""')}"`;

/** A sheet as CSV: its header and rows, a delimiter, line ends, an encoding, and sometimes cut short. */
function csv(kind: Kind): fc.Arbitrary<FuzzedInput> {
  return fc
    .record({
      names: header(kind),
      rows: fc.array(fc.array(cell, { maxLength: 12 }), { maxLength: 10 }),
      delimiter: fc.constantFrom(',', ';', '\t'),
      end: fc.constantFrom('\n', '\r\n', '\r'),
      encoding: fc.constantFrom('utf8', 'utf8-bom', 'cp949', 'utf16le-bom'),
      careless: fc.boolean(),
      // Cut short, a time in four.
      cut: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.nat() }),
    })
    .map(({ names, rows, delimiter, end, encoding, careless, cut }) => {
      const text = [names, ...rows]
        .map((row) => row.map((value) => quoted(value, delimiter, careless)).join(delimiter))
        .join(end);
      const body = cut === null ? text : text.slice(0, cut % (text.length + 1));
      const bytes =
        encoding === 'cp949'
          ? iconv.encode(body, 'cp949')
          : encoding === 'utf16le-bom'
            ? Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(body, 'utf16le')])
            : Buffer.from(`${encoding === 'utf8-bom' ? '\uFEFF' : ''}${body}`);
      return { kind, name: `input.csv`, bytes, args: [] };
    });
}

/** A value a JSON record may carry: text, numbers past any range, nesting, nothing. */
const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: cell },
  { weight: 1, arbitrary: fc.constantFrom(null, true, 0, -1, 1e308, 2 ** 64, [], {}) },
  { weight: 1, arbitrary: fc.array(cell, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('id', 'product_id', 'name'), cell, { maxKeys: 3 }) },
);

/** JSON records (an array, NDJSON, or one object) with the kind's fields and others, or text that is not JSON. */
function json(kind: Kind): fc.Arbitrary<FuzzedInput> {
  const field = fc.oneof(
    fc.constantFrom(...HEADERS[kind][0]!, 'items', 'order_items'),
    fc.string({ maxLength: 8 }),
  );
  const record = fc.dictionary(field, jsonValue, { maxKeys: 9 });
  return fc.oneof(
    fc.array(record, { maxLength: 6 }).map((records) => ({
      kind,
      name: 'input.json',
      bytes: Buffer.from(JSON.stringify(records)),
      args: [],
    })),
    fc.array(record, { maxLength: 6 }).map((records) => ({
      kind,
      name: 'input.ndjson',
      bytes: Buffer.from(records.map((one) => JSON.stringify(one)).join('\n')),
      args: [],
    })),
    fc
      .tuple(fc.string({ maxLength: 200 }), fc.constantFrom('input.json', 'input.ndjson'))
      .map(([text, name]) => ({
        kind,
        name,
        bytes: Buffer.from(text),
        args: [],
      })),
  );
}

/** A workbook cell as ExcelJS writes it: text, numbers (phones and ids as Excel keeps them), dates, formulas, errors. */
const workbookCell: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: cell },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      ...[10_12345678, 1012345678, 2026112590000081, 640123456789, 0, -1, 1e21, 0.1, Number.MAX_SAFE_INTEGER],
      ...[true, false, null, new Date(Date.UTC(2026, 10, 25, 10)), new Date(Date.UTC(1899, 11, 31))],
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      { formula: 'A1&"x"', result: 'ORD-1x' },
      { formula: '1/0', result: { error: '#DIV/0!' } },
      { error: '#N/A' },
      { richText: [{ text: '김' }, { text: '민지', font: { bold: true } }] },
      { text: 'ORD-1', hyperlink: 'https://example.com/' },
    ),
  },
);

/** A sheet as a workbook: its header and rows, on the first sheet or a later one. */
function workbook(kind: Kind): fc.Arbitrary<FuzzedInput> {
  return fc
    .tuple(header(kind), fc.array(fc.array(workbookCell, { maxLength: 12 }), { maxLength: 8 }))
    .map(([names, rows]) => ({
      kind,
      name: 'input.xlsx',
      bytes: Buffer.alloc(0),
      args: [],
      sheet: [names, ...rows],
    }));
}

/** Bytes that are no file of the kind their name says: noise, a zip's start, a workbook's name. */
function noise(kind: Kind): fc.Arbitrary<FuzzedInput> {
  return fc
    .tuple(
      fc.uint8Array({ maxLength: 400 }),
      fc.constantFrom('input.csv', 'input.xlsx', 'input.json', 'input.txt', 'input'),
      fc.constantFrom(Buffer.alloc(0), Buffer.from('PK\u0003\u0004'), Buffer.from([0xd0, 0xcf, 0x11, 0xe0])),
    )
    .map(([bytes, name, start]) => ({
      kind,
      name,
      bytes: Buffer.concat([start, Buffer.from(bytes)]),
      args: [],
    }));
}

/** The options people give with a file, right or wrong for it. */
const options = fc.array(
  fc.constantFrom(
    ['--encoding', 'cp949'],
    ['--encoding', 'utf-8'],
    ['--delimiter', ';'],
    ['--delimiter', 'tab'],
    ['--header-row', '2'],
    ['--sheet', '2'],
    ['--preset', 'smartstore-orders'],
    ['--preset', 'coupang-dispatch'],
    ['--columns', 'order_id=주문번호,item_id=상품주문번호'],
    ['--format', 'csv'],
    ['--format', 'json'],
    ['--all-or-nothing'],
  ),
  { maxLength: 2 },
);

/** An input to upload: CSV mostly, JSON, or noise, of any kind, with options now and then. */
export const fuzzedInput: fc.Arbitrary<FuzzedInput> = fc
  .tuple(
    fc.constantFrom<Kind>('order', 'order', 'shipment', 'product'),
    fc.nat(9),
    // Options, a time in three.
    fc.oneof({ weight: 2, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: options }),
  )
  .chain(([kind, pick, given]) =>
    (pick < 5 ? csv(kind) : pick < 6 ? workbook(kind) : pick < 8 ? json(kind) : noise(kind)).map((input) => ({
      ...input,
      args: given.flat(),
    })),
  );

/** A workbook of one sheet of `rows`, as ExcelJS writes it (a cell it refuses is left empty). */
async function workbookBytes(rows: unknown[][]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('주문');
  rows.forEach((row, r) =>
    row.forEach((value, c) => {
      try {
        sheet.getCell(r + 1, c + 1).value = value as CellValue;
      } catch {
        // Left empty.
      }
    }),
  );
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The exit codes of a dry run: all valid, some invalid, or nothing readable (a usage error). */
const DRY_RUN_CODES = [0, 2, 4];

/**
 * Checks `input` with `intake <kind> create FILE --dry-run --json` in-process: it ends with an exit code of
 * a dry run, says why in words (no stack, nothing "unexpected"), and its stdout is JSON lines.
 */
export async function expectCheckedInWords(input: FuzzedInput, env: Record<string, string>): Promise<number> {
  const files = workspace();
  const path = files.write(input.name, input.sheet ? await workbookBytes(input.sheet) : input.bytes);
  const result = await cli([input.kind, 'create', path, '--dry-run', '--json', ...input.args], { env });
  const said = `${input.kind} ${input.name} ${input.args.join(' ')} (${input.bytes.length} bytes): ${result.stderr.slice(0, 600)}`;
  expect(DRY_RUN_CODES, said).toContain(result.code);
  expect(result.stderr, said).not.toMatch(/\n\s+at |unexpected error|internal error/);
  if (result.code !== 2) expect(() => result.records(), said).not.toThrow();
  return result.code;
}

/** Checks `runs` fuzzed inputs with the service of `env`: the exit codes seen, by count. */
export async function fuzzInputs(
  env: Record<string, string>,
  { runs, seed }: { runs: number; seed: number },
): Promise<Map<number, number>> {
  const codes = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(fuzzedInput, async (input) => {
      const code = await expectCheckedInWords(input, env);
      codes.set(code, (codes.get(code) ?? 0) + 1);
    }),
    { numRuns: runs, seed },
  );
  return codes;
}

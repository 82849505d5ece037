import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openInput } from '../../src/bulk/read/source.js';
import { xlsxTable } from '../../src/bulk/read/xlsx/xlsx-table.js';
import { cli, useService } from '../helpers/cli.js';
import { compareWithOpenpyxl, type Disagreement } from '../helpers/corpus.js';
import { workspace } from '../helpers/files.js';
import { PRODUCERS } from '../helpers/producers.js';
import { writeRawWorkbook, type RawWorkbook } from '../helpers/raw-xlsx.js';
import { writeWorkbook } from '../helpers/workbook.js';
import { patience } from '../helpers/patience.js';

const t = useService({ startWorker: false });
const noPassword = () => Promise.reject(new Error('no password expected'));

async function cellsOf(path: string): Promise<string[][]> {
  const table = await xlsxTable(await openInput({} as never, path), { password: noPassword });
  try {
    const rows: string[][] = [];
    for await (const row of table.rows()) rows.push(row.cells);
    return rows;
  } finally {
    await table.close();
  }
}

/** A one-cell style sheet: cellXfs entries by numFmtId, custom formats by id. */
const styles = (formats: Record<number, string>, xfs: number[], extra = '') =>
  `<numFmts count="${Object.keys(formats).length}">${Object.entries(formats)
    .map(([id, code]) => `<numFmt numFmtId="${id}" formatCode="${code}"/>`)
    .join('')}</numFmts><cellXfs count="${xfs.length}">${xfs
    .map((id) => `<xf numFmtId="${id}" applyNumberFormat="1"/>`)
    .join('')}</cellXfs>${extra}`;

/**
 * Each way a producer writes a cell that a reader can get wrong, as a workbook of its own, with what Excel
 * shows. Every one is also read by openpyxl below.
 */
const CASES: { name: string; book: RawWorkbook; shows: string[][] }[] = [
  {
    name: '1904 dates, with Excel 2013’s x15:workbookPr after the workbookPr that sets them',
    book: {
      workbookBefore: '<workbookPr date1904="1"/>',
      workbookAfter:
        '<extLst><ext uri="{140A7094-0E35-4892-8432-C4D2E57EDEB5}"><x15:workbookPr chartTrackingRefBase="1"/></ext></extLst>',
      styles: styles({}, [0, 14]),
      rows: '<row r="1"><c r="A1" s="1"><v>45000</v></c></row>',
    },
    shows: [['2027-03-16']],
  },
  {
    name: 'a table style’s differential format with the id of a cell format',
    book: {
      styles: styles(
        { 164: 'yyyy\\-mm\\-dd' },
        [0, 164],
        '<dxfs count="1"><dxf><numFmt numFmtId="164" formatCode="0.00%"/></dxf></dxfs>',
      ),
      rows: '<row r="1"><c r="A1" s="1"><v>46348</v></c></row>',
    },
    shows: [['2026-11-22']],
  },
  {
    name: 'times of day, durations and date-times',
    book: {
      styles: styles({ 164: '[h]:mm:ss', 165: 'yyyy-mm-dd hh:mm' }, [0, 21, 164, 165, 20]),
      rows:
        '<row r="1"><c r="A1" s="1"><v>0.6875</v></c><c r="B1" s="2"><v>1.5208333333333333</v></c>' +
        '<c r="C1" s="3"><v>46348.6875</v></c><c r="D1" s="3"><v>0.6875</v></c><c r="E1" s="4"><v>1.5</v></c></row>',
    },
    shows: [['16:30:00', '36:30:00', '2026-11-22 16:30:00', '16:30:00', '12:00:00']],
  },
  {
    name: 'OOXML escapes in shared and inline strings',
    book: {
      sharedStrings: ['<t>ABC_x000D_DEF</t>', '<t>_x005F_x000D_ stays</t>'],
      rows:
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c>' +
        '<c r="C1" t="inlineStr"><is><t>tab_x0009_here</t></is></c></row>',
    },
    shows: [['ABC\rDEF', '_x000D_ stays', 'tab\there']],
  },
  {
    name: 'empty cells typed boolean, error or string',
    book: {
      rows:
        '<row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c><c r="B1" t="b"/><c r="C1" t="b"><v></v></c>' +
        '<c r="D1" t="e"/><c r="E1" t="str"/><c r="F1" t="b"><v>0</v></c></row>',
    },
    shows: [['name', '', '', '', '', 'FALSE']],
  },
  {
    name: 'text in CDATA sections',
    book: {
      sharedStrings: ['<t><![CDATA[감귤 & <한라봉>]]></t>'],
      rows: '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t><![CDATA[a<b]]></t></is></c></row>',
    },
    shows: [['감귤 & <한라봉>', 'a<b']],
  },
  {
    name: 'an inline string that also carries a value',
    book: { rows: '<row r="1"><c r="A1" t="inlineStr"><is><t>1.</t></is><v>1.0</v></c></row>' },
    shows: [['1.']],
  },
  {
    name: 'a sheet part in UTF-16',
    book: {
      sheetUtf16: true,
      rows: '<row r="1"><c r="A1" t="inlineStr"><is><t>제주 감귤</t></is></c><c r="B1"><v>3</v></c></row>',
    },
    shows: [['제주 감귤', '3']],
  },
];

describe('every cell as Excel shows it', () => {
  for (const { name, book, shows } of CASES) {
    it(name, async () => {
      const path = await writeRawWorkbook(workspace().path('case.xlsx'), book);
      expect(await cellsOf(path)).toEqual(shows);
      if (!PRODUCERS.openpyxl) return;
      const compared = await compareWithOpenpyxl(path, 'case.xlsx');
      expect(compared.refused).toBeUndefined();
      expect(compared.disagreements).toEqual([]);
      expect(compared.cells).toBeGreaterThan(0);
    });
  }
});

describe('damaged and hostile workbooks: one line, exit 2', () => {
  const refused = async (path: string) => {
    const result = await cli(['order', 'create', path], { env: t.env });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).not.toMatch(/ at |TypeError|unexpected error|too many bytes|signature/i);
    return result.stderr;
  };

  it('a zip whose sheet does not inflate', async () => {
    const files = workspace();
    const path = await writeRawWorkbook(files.path('damaged.xlsx'), {
      rows: `<row r="1">${'<c t="inlineStr"><is><t>order</t></is></c>'.repeat(400)}</row>`,
    });
    // The sheet's compressed data, overwritten in its middle (its directory entry still says it is there).
    const bytes = readFileSync(path);
    const sheet = bytes.indexOf('xl/worksheets/sheet1.xml');
    bytes.fill(0x41, sheet + 80, sheet + 200);
    writeFileSync(path, bytes);
    expect(await refused(path)).toContain('damaged.xlsx is damaged: its sheet "Sheet1" cannot be unpacked');
  });

  it('a password-protected workbook cut to 512 bytes', async () => {
    const files = workspace();
    const whole = await writeWorkbook(files.path('whole.xlsx'), [{ name: 'orders', rows: [['order_id']] }], {
      password: 'pw',
    });
    const path = files.write('cut.xlsx', readFileSync(whole).subarray(0, 512));
    expect(await refused(path)).toContain('cut.xlsx is damaged: it looks like a password-protected workbook');
  });

  it('a shared string longer than a cell can hold, used by 12,000 cells', async () => {
    const files = workspace();
    const rows = Array.from(
      { length: 12_000 },
      (_, index) => `<row r="${index + 1}"><c t="s"><v>0</v></c></row>`,
    );
    const path = await writeRawWorkbook(files.path('long.xlsx'), {
      sharedStrings: [`<t>${'x'.repeat(1_000_000)}</t>`],
      rows: rows.join(''),
    });
    expect(await refused(path)).toContain('has a text of over 32,767 characters');
  });

  it('an .xlsb named as itself, with what to do', async () => {
    const files = workspace();
    const { default: JSZip } = await import('jszip');
    const zip = new JSZip();
    zip.file(
      '_rels/.rels',
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.bin"/></Relationships>',
    );
    zip.file('xl/workbook.bin', Buffer.from([0x83, 0x01, 0x00]));
    const path = files.write('book.xlsx', await zip.generateAsync({ type: 'nodebuffer' }));
    const said = await refused(path);
    expect(said).toContain('an Excel binary workbook (.xlsb)');
    expect(said).toMatch(/save it as Excel Workbook \(\.xlsx\)/i);
  });
});

/**
 * The public corpora: calamine's test workbooks, from many producers and made to catch readers out, and
 * XlsxWriter's reference workbooks, each saved by Excel itself.
 */
const CORPORA = [
  {
    folder: 'calamine',
    says: 'calamine’s test workbooks (Excel, LibreOffice, Gnumeric, WPS and others)',
    least: 60,
    cells: 1500,
  },
  {
    folder: 'xlsxwriter',
    says: 'XlsxWriter’s reference workbooks, each saved by Excel',
    least: 70,
    cells: 700,
  },
].map((corpus) => {
  const dir = join(import.meta.dirname, '..', 'corpus', corpus.folder);
  return { ...corpus, dir, files: readdirSync(dir).filter((name) => name.endsWith('.xlsx')) };
});

/**
 * Cells openpyxl reads differently from Excel, with what Excel shows. XlsxWriter's test that made the file
 * says what was typed into Excel: `_x005F_`, which Excel stores escaped as `_x005F_x005F_` and openpyxl
 * decodes twice, to `_`.
 */
const EXCEL_SHOWS: Record<string, Record<string, string>> = {
  'shared_strings02.xlsx': { 'Sheet1!A8': '_x005F_' },
};

describe.skipIf(!PRODUCERS.openpyxl)('public workbooks read as openpyxl reads them', () => {
  for (const { says, dir, files, least, ...corpus } of CORPORA) {
    it(
      `every cell of ${says}`,
      // Time for each workbook, not one limit for all: on a busy machine a Python process each takes its time.
      { timeout: patience(20_000) * files.length },
      async () => {
        let cells = 0;
        const disagreements: Disagreement[] = [];
        const refusedByUs: string[] = [];
        for (const file of files) {
          const compared = await compareWithOpenpyxl(join(dir, file), file, EXCEL_SHOWS[file]);
          cells += compared.cells;
          disagreements.push(...compared.disagreements);
          // A file refused by both (a damaged zip, a password) is no disagreement; one only we refuse is.
          if (compared.refused !== undefined && compared.theirError === undefined) refusedByUs.push(file);
        }
        process.stdout.write(
          `workbook corpus ${dir.split('/').at(-1)}: ${files.length} files, ${cells} cells compared with openpyxl, ${disagreements.length} disagreements\n`,
        );
        expect(files.length).toBeGreaterThan(least);
        expect(cells).toBeGreaterThan(corpus.cells);
        expect(disagreements).toEqual([]);
        expect(refusedByUs).toEqual([]);
      },
    );
  }
});

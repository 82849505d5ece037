import { isGeneral } from './cell-text.js';
import { parseXml } from './xml.js';
import type { WorkbookZip } from './zip.js';

/**
 * Excel's built-in number formats (ECMA-376 §18.8.30), which a workbook uses by id without writing
 * them out. Ids 27-36 and 50-58 are the East Asian date formats; they are dates in every locale, and
 * read as `2026-11-22`.
 */
const BUILT_IN: Record<number, string> = {
  0: 'General',
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  9: '0%',
  10: '0.00%',
  11: '0.00E+00',
  12: '# ?/?',
  13: '# ??/??',
  14: 'yyyy-mm-dd',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'yyyy-mm-dd h:mm',
  37: '#,##0 ;(#,##0)',
  38: '#,##0 ;[Red](#,##0)',
  39: '#,##0.00;(#,##0.00)',
  40: '#,##0.00;[Red](#,##0.00)',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mmss.0',
  48: '##0.0E+0',
  49: '@',
};
for (const id of [27, 28, 29, 30, 31, 34, 35, 36, 50, 51, 52, 53, 54, 55, 56, 57, 58])
  BUILT_IN[id] = 'yyyy-mm-dd';
BUILT_IN[32] = 'h:mm';
BUILT_IN[33] = 'h:mm:ss';

/** The number format of each cell style (`s` of a cell), from the workbook's styles part. */
export class CellFormats {
  readonly #formats: (string | undefined)[];

  constructor(formats: (string | undefined)[] = []) {
    this.#formats = formats;
  }

  of(style: number): string | undefined {
    return this.#formats[style];
  }

  /** Whether any cell style has a format other than General (or Text): only then are formats loaded. */
  get needsFormatting(): boolean {
    return this.#formats.some((format) => !isGeneral(format));
  }

  static async read(zip: WorkbookZip, part: string | undefined, label: string): Promise<CellFormats> {
    if (part === undefined) return new CellFormats();
    const custom = new Map<number, string>();
    const ids: number[] = [];
    let inCellXfs = false;
    // Number formats are those of <numFmts>: a differential format (<dxfs>, for tables and conditional
    // formats) carries its own <numFmt> with an id of its own choosing, which is no cell's format.
    let inNumFmts = false;
    await parseXml(
      [await zip.text(part, 'styles part')],
      {
        open(name, attributes) {
          if (name === 'numFmts') {
            inNumFmts = true;
          } else if (name === 'numFmt' && inNumFmts) {
            custom.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
          } else if (name === 'cellXfs') {
            inCellXfs = true;
          } else if (name === 'xf' && inCellXfs) {
            ids.push(Number(attributes.numFmtId ?? 0));
          }
        },
        close(name) {
          if (name === 'cellXfs') inCellXfs = false;
          else if (name === 'numFmts') inNumFmts = false;
        },
      },
      `the styles of ${label}`,
    );
    return new CellFormats(ids.map((id) => custom.get(id) ?? BUILT_IN[id]));
  }
}

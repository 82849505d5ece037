import { posix } from 'node:path';
import { InputError } from '../../errors.js';
import { attribute, parseXml } from './xml.js';
import type { WorkbookZip } from './zip.js';

/** A sheet of the workbook as its tabs list it. */
export interface SheetEntry {
  name: string;
  /** The worksheet's part (`xl/worksheets/sheet1.xml`); absent for a chart sheet. */
  part: string | undefined;
  hidden: boolean;
}

/** What a workbook says of itself: its sheets in tab order, the tab it opens on, its parts. */
export interface WorkbookParts {
  sheets: SheetEntry[];
  /** The tab the workbook opens on (its position among `sheets`), as the program that saved it left it. */
  activeTab: number | undefined;
  date1904: boolean;
  sharedStrings: string | undefined;
  styles: string | undefined;
}

const TYPE = {
  officeDocument: /\/officeDocument$/,
  worksheet: /\/worksheet$/,
  sharedStrings: /\/sharedStrings$/,
  styles: /\/styles$/,
};

interface Relationship {
  id: string;
  type: string;
  target: string;
}

/** The relationships of a part: `_rels/<name>.rels` beside it, targets resolved against its folder. */
async function relationships(zip: WorkbookZip, part: string): Promise<Relationship[]> {
  const dir = posix.dirname(part);
  const rels = posix.join(dir, '_rels', `${posix.basename(part)}.rels`);
  if (!zip.has(rels)) return [];
  const found: Relationship[] = [];
  await parseXml(
    [await zip.text(rels, 'relationships')],
    {
      open(name, attributes) {
        if (name !== 'Relationship' || attributes.TargetMode === 'External') return;
        const target = attributes.Target ?? '';
        found.push({
          id: attributes.Id ?? '',
          type: attributes.Type ?? '',
          target: target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join(dir, target)),
        });
      },
    },
    `the relationships of ${part}`,
  );
  return found;
}

/**
 * Reads the workbook's own description: the package's relationships lead to the workbook part, whose
 * relationships lead to its sheets, shared strings and styles. Nothing depends on the order of the
 * parts in the zip.
 */
export async function readWorkbookParts(zip: WorkbookZip, label: string): Promise<WorkbookParts> {
  const root = await relationships(zip, '');
  const workbook = root.find((rel) => TYPE.officeDocument.test(rel.type))?.target ?? 'xl/workbook.xml';
  if (!zip.has(workbook)) {
    throw new InputError(`${label} has no workbook part; is it an .xlsx workbook?`, [
      'Open it in your spreadsheet program and save it as an Excel Workbook (.xlsx), or export CSV.',
    ]);
  }
  if (/\.bin$/i.test(workbook)) {
    throw new InputError(
      `${label} is an Excel binary workbook (.xlsb), which intake does not read`,
      ['In Excel: File > Save As > Excel Workbook (.xlsx), or CSV UTF-8.'],
      { said: { code: 'other_format', values: { file: label, kind: 'xlsb' } } },
    );
  }
  const rels = await relationships(zip, workbook);
  const byId = new Map(rels.map((rel) => [rel.id, rel]));
  const sheets: SheetEntry[] = [];
  let activeTab: number | undefined;
  let date1904 = false;
  let views = 0;
  await parseXml(
    [await zip.text(workbook, 'workbook part')],
    {
      open(name, attributes) {
        if (name === 'sheet') {
          const rel = byId.get(attribute(attributes, 'id') ?? '');
          const state = attributes.state;
          sheets.push({
            name: attributes.name ?? `Sheet${sheets.length + 1}`,
            part: rel && TYPE.worksheet.test(rel.type) && zip.has(rel.target) ? rel.target : undefined,
            hidden: state === 'hidden' || state === 'veryHidden',
          });
        } else if (name === 'workbookView' && views++ === 0) {
          const tab = Number(attributes.activeTab ?? 0);
          activeTab = Number.isInteger(tab) && tab >= 0 ? tab : undefined;
        } else if (name === 'workbookPr' && attributes.date1904 !== undefined) {
          // Only the element that sets it: Excel's own extension (`x15:workbookPr`) follows with other
          // settings, and must not undo it.
          date1904 = ['1', 'true', 'on'].includes(attributes.date1904.trim().toLowerCase());
        }
      },
    },
    `the workbook part of ${label}`,
  );
  const part = (type: RegExp) => rels.find((rel) => type.test(rel.type) && zip.has(rel.target))?.target;
  return {
    sheets,
    activeTab,
    date1904,
    sharedStrings: part(TYPE.sharedStrings),
    styles: part(TYPE.styles),
  };
}

import { writeFileSync } from 'node:fs';
import JSZip from 'jszip';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts of a one-sheet workbook written by hand, to show one way a producer writes a cell. */
export interface RawWorkbook {
  /** The `<sheetData>` rows. */
  rows: string;
  /** Shared strings, as the `<si>` elements' inner XML. */
  sharedStrings?: string[];
  /** The styles part's inner XML (`<numFmts>`, `<cellXfs>`, `<dxfs>`…). */
  styles?: string;
  /** Elements of the workbook part before `<sheets>` (`<workbookPr>`) and after it (`<extLst>`). */
  workbookBefore?: string;
  workbookAfter?: string;
  /** Encodes the sheet's part in UTF-16 (little-endian, with its byte-order mark). */
  sheetUtf16?: boolean;
}

const utf16 = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);

/** Writes a workbook from hand-written parts, as a producer that is not Excel might. */
export async function writeRawWorkbook(path: string, book: RawWorkbook): Promise<string> {
  const zip = new JSZip();
  const hasStrings = book.sharedStrings !== undefined;
  const hasStyles = book.styles !== undefined;
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>${hasStrings ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : ''}${hasStyles ? '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' : ''}</Types>`,
  );
  zip.file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  zip.file(
    'xl/workbook.xml',
    `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}" xmlns:x15="http://schemas.microsoft.com/office/spreadsheetml/2010/11/main">${book.workbookBefore ?? ''}<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets>${book.workbookAfter ?? ''}</workbook>`,
  );
  zip.file(
    'xl/_rels/workbook.xml.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>${hasStrings ? `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : ''}${hasStyles ? `<Relationship Id="rId3" Type="${REL}/styles" Target="styles.xml"/>` : ''}</Relationships>`,
  );
  const sheet = `<?xml version="1.0" encoding="${book.sheetUtf16 ? 'UTF-16' : 'UTF-8'}"?><worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetData>${book.rows}</sheetData></worksheet>`;
  zip.file('xl/worksheets/sheet1.xml', book.sheetUtf16 ? utf16(sheet) : sheet);
  if (hasStrings) {
    const strings = book.sharedStrings ?? [];
    zip.file(
      'xl/sharedStrings.xml',
      `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((si) => `<si>${si}</si>`).join('')}</sst>`,
    );
  }
  if (hasStyles) {
    zip.file(
      'xl/styles.xml',
      `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="${MAIN}">${book.styles}</styleSheet>`,
    );
  }
  writeFileSync(path, await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
  return path;
}

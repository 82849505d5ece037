import type { Entry } from 'yauzl';
import { InputError } from '../errors.js';
import { fileHead } from '../../util/file-head.js';

/** A kind of file that is not one Intake reads, and what to do with it. */
interface Other {
  /** A short name for it (`pdf`, `xlsb`, …), for pages to word. */
  kind: string;
  what: string;
  todo: string;
}

const SAVE_AS_XLSX =
  'open it in Excel (or your spreadsheet program) and save it as Excel Workbook (.xlsx), or as CSV';

const OTHERS: Readonly<Record<string, Other>> = {
  pdf: { kind: 'pdf', what: 'a PDF document', todo: 'download the orders as Excel (.xlsx) or CSV instead' },
  image: { kind: 'image', what: 'an image', todo: 'download the orders as Excel (.xlsx) or CSV instead' },
  html: {
    kind: 'html',
    what: 'a web page (HTML), as some "Excel" downloads are',
    todo: SAVE_AS_XLSX,
  },
  xlsb: { kind: 'xlsb', what: 'an Excel binary workbook (.xlsb)', todo: SAVE_AS_XLSX },
  ods: { kind: 'ods', what: 'an OpenDocument spreadsheet (.ods)', todo: SAVE_AS_XLSX },
  numbers: {
    kind: 'numbers',
    what: 'an Apple Numbers spreadsheet',
    todo: 'in Numbers, File > Export To > Excel',
  },
  docx: {
    kind: 'docx',
    what: 'a Word document',
    todo: 'download the orders as Excel (.xlsx) or CSV instead',
  },
  zip: {
    kind: 'zip',
    what: 'a zip archive, not a workbook',
    todo: 'unzip it and give the .xlsx or .csv inside',
  },
};

/** The names of the parts of a zip file (from its central directory), or undefined if it does not read. */
async function zipNames(path: string): Promise<string[] | undefined> {
  // Loaded only for a zip file: a CSV never needs it.
  const { default: yauzl } = await import('yauzl');
  return new Promise((resolve) => {
    yauzl.open(path, { lazyEntries: true, autoClose: true }, (error, zip) => {
      if (error || !zip) {
        resolve(undefined);
        return;
      }
      const names: string[] = [];
      zip.on('entry', (entry: Entry) => {
        names.push(entry.fileName);
        if (names.length > 2000) {
          zip.close();
          resolve(names);
        } else zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', () => resolve(undefined));
      zip.readEntry();
    });
  });
}

/** What a zip file holds, when it is not an .xlsx workbook. */
function zipKind(names: readonly string[]): Other | undefined {
  const has = (name: string) => names.some((entry) => entry.toLowerCase() === name.toLowerCase());
  if (has('xl/workbook.xml')) return undefined;
  if (has('xl/workbook.bin')) return OTHERS.xlsb;
  if (has('content.xml') && has('mimetype')) return OTHERS.ods;
  if (names.some((name) => name.startsWith('Index/') && name.endsWith('.iwa'))) return OTHERS.numbers;
  if (has('word/document.xml')) return OTHERS.docx;
  // Without a workbook part it is not a workbook; the workbook reader says what is missing when asked.
  return names.some((name) => name.startsWith('xl/')) ? undefined : OTHERS.zip;
}

/**
 * Recognises a file that is no spreadsheet Intake reads (a PDF, an image, a web page, an .xlsb, .ods or
 * Numbers file, another zip) by its first bytes, whatever its name, and says what it is and what to do:
 * read as CSV it would give one meaningless "header".
 */
export async function refuseOtherFormats(path: string, label: string): Promise<void> {
  const head = await fileHead(path, 512);
  let other: Other | undefined;
  const text = head.toString('latin1');
  if (text.startsWith('%PDF')) other = OTHERS.pdf;
  else if (
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ||
    (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) ||
    text.startsWith('GIF8')
  ) {
    other = OTHERS.image;
  } else if (/^(?:\uFEFF|\xEF\xBB\xBF)?\s*<(?:!doctype html|html|table|meta)\b/i.test(text)) {
    other = OTHERS.html;
  } else if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
    const names = await zipNames(path);
    if (names) other = zipKind(names);
  }
  if (!other) return;
  throw new InputError(`${label} is ${other.what}: ${other.todo}`, [], {
    said: { code: 'other_format', values: { file: label, kind: other.kind } },
  });
}

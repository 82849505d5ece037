import { InputError } from '../../errors.js';
import { WORKBOOK_LIMITS, count } from './limits.js';
import { unescapeText } from './cell-text.js';
import { StringTable } from './string-table.js';
import { readXml } from './xml.js';
import type { WorkbookZip } from './zip.js';

/**
 * A workbook's shared strings, as a person sees them in the cell: the text of its runs only. The
 * whitespace some programs put between the runs of rich text for layout is not text, and phonetic
 * guides (`<rPh>`, the furigana of Japanese names) are not shown in the cell, so neither is read.
 */
export async function readSharedStrings(
  zip: WorkbookZip,
  part: string | undefined,
  label: string,
  table: StringTable = new StringTable(),
): Promise<StringTable> {
  if (part === undefined) return table;
  const xml = await zip.open(part, 'shared strings', WORKBOOK_LIMITS.sharedStringBytes);
  let text = '';
  let inString = false;
  let inText = false;
  let phonetic = 0;
  const reading = readXml(
    xml,
    {
      open(name) {
        if (name === 'si') {
          inString = true;
          text = '';
        } else if (name === 'rPh') phonetic += 1;
        else if (name === 't') inText = inString && phonetic === 0;
      },
      text(value) {
        if (!inText) return;
        text += value;
        // A cell holds at most 32,767 characters, a shared one too: a longer one (used by thousands of
        // cells, it would cost their memory and time many times over) is refused as it is read.
        if (text.length > WORKBOOK_LIMITS.cellCharacters) {
          throw new InputError(
            `${label} has a text of over ${count(WORKBOOK_LIMITS.cellCharacters)} characters (shared text ${count(table.size + 1)}), more than a cell can hold`,
            ['Open the workbook in your spreadsheet program and shorten that text, or export CSV.'],
          );
        }
      },
      close(name) {
        if (name === 't') inText = false;
        else if (name === 'rPh') phonetic -= 1;
        else if (name === 'si') {
          inString = false;
          if (table.size >= WORKBOOK_LIMITS.sharedStrings) {
            throw new InputError(
              `${label} has over ${count(WORKBOOK_LIMITS.sharedStrings)} distinct texts; at most that many are read`,
              ['Split the workbook, or export the sheet as CSV.'],
            );
          }
          table.set(table.size, unescapeText(text));
        }
      },
    },
    `the shared strings of ${label}`,
  );
  try {
    for await (const _ of reading);
  } catch (error) {
    table.release();
    throw error;
  }
  return table;
}

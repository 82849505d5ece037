/**
 * Excel's number formats as Excel shows them (numfmt), loaded only for a workbook whose cells use a
 * format other than General: most downloads have none, and the module costs a tenth of a second.
 */
export interface NumberFormatting {
  format(pattern: string, value: number): string;
  dateFromSerial(serial: number): number[];
  isDateFormat(pattern: string): boolean;
}

export async function loadNumberFormatting(): Promise<NumberFormatting> {
  const numfmt = await import('numfmt');
  return { format: numfmt.format, dateFromSerial: numfmt.dateFromSerial, isDateFormat: numfmt.isDateFormat };
}

/** How a sheet's cell is stored: its type attribute (`t`), its value text, and its number format. */
export interface StoredCell {
  /** `s` shared string, `inlineStr`, `str` (a formula's text), `b`, `e` (error), `d` (ISO date), else a number. */
  type: string | undefined;
  text: string;
  numFmt: string | undefined;
}

/** What reading a cell needs from the workbook. */
export interface CellBook {
  sharedString(index: number): string | undefined;
  /** The workbook counts dates from 1904 (old Mac Excel), not 1900. */
  date1904: boolean;
  /** How formats other than General are applied; absent when the workbook uses none. */
  formatting?: NumberFormatting;
}

/** Days from 1900-01-00 to 1904-01-01 in Excel's count: a 1904-based serial plus these is 1900-based. */
const DAYS_1904 = 1462;

export const isGeneral = (format: string | undefined) =>
  format === undefined || format === '' || format.toLowerCase() === 'general' || format === '@';

const pad = (value: number) => String(value).padStart(2, '0');

/** A date serial as people write a date: `2026-11-22`, with the time when it has one. */
function dateText(serial: number, date1904: boolean, formatting: NumberFormatting): string {
  const [year, month, day, hours, minutes, seconds] = formatting.dateFromSerial(
    serial + (date1904 ? DAYS_1904 : 0),
  ) as [number, number, number, number, number, number];
  const date = `${year}-${pad(month)}-${pad(day)}`;
  return hours + minutes + seconds === 0 ? date : `${date} ${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}

function formatted(
  format: string,
  value: number,
  formatting: NumberFormatting | undefined,
): string | undefined {
  if (!formatting) return undefined;
  try {
    return formatting.format(format, value);
  } catch {
    return undefined;
  }
}

/**
 * A number cell as the sheet means it. Whole numbers come back as the digits stored (an id or phone
 * number stored as a number is its digits, never `1.01E+09`, and a 16-digit id stays exact); a format
 * that pads with zeros (`00000000000`, `000-0000-0000`) is applied as Excel shows it. Dates come back
 * as dates. Other numbers show up to 15 significant digits, as Excel's formula bar does, or in their
 * number format.
 */
export function numberText(
  text: string,
  format: string | undefined,
  date1904 = false,
  formatting?: NumberFormatting,
): string {
  const trimmed = text.trim();
  const digits = /^-?\d+$/.test(trimmed);
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return trimmed;
  if (formatting && format !== undefined && !isGeneral(format) && formatting.isDateFormat(format)) {
    return dateText(value, date1904, formatting);
  }
  if (digits) {
    // Excel shows 15 significant digits at most; a longer id is kept exact rather than rounded as shown.
    if (isGeneral(format) || trimmed.replace('-', '').length > 15)
      return trimmed.replace(/^(-?)0+(?=\d)/, '$1');
    return formatted(format as string, value, formatting) ?? trimmed;
  }
  if (Number.isInteger(value) && !Number.isSafeInteger(value)) return value.toExponential().toUpperCase();
  const plain = String(Number(value.toPrecision(15)));
  return isGeneral(format) ? plain : (formatted(format as string, value, formatting) ?? plain);
}

/**
 * A cell's text as a person reads it in Excel: strings as they are, numbers and dates as above,
 * formulas as their cached results, booleans as TRUE/FALSE, errors as their code (`#N/A`).
 */
export function cellText(cell: StoredCell, book: CellBook): string {
  switch (cell.type) {
    case 's':
      return cell.text.trim() === '' ? '' : (book.sharedString(Number(cell.text)) ?? '');
    case 'inlineStr':
    case 'str':
    case 'e':
      return cell.text;
    case 'b':
      return cell.text.trim() === '1' ? 'TRUE' : 'FALSE';
    case 'd':
      return cell.text.replace(/T00:00:00(?:\.000)?Z?$/, '').replace('T', ' ');
    default:
      return cell.text.trim() === ''
        ? ''
        : numberText(cell.text, cell.numFmt, book.date1904, book.formatting);
  }
}

/**
 * Excel's number formats as Excel shows them (numfmt), loaded only for a workbook whose cells use a
 * format other than General: most downloads have none, and the module costs a tenth of a second.
 */
export interface NumberFormatting {
  format(pattern: string, value: number): string;
  dateFromSerial(serial: number): number[];
  /** What a format shows of a date: a date, a date and time, a time of day or a duration; else not a date. */
  dateKind(pattern: string): DateKind | undefined;
}

export type DateKind = 'date' | 'datetime' | 'time' | 'duration';

/** `[h]`, `[mm]`, `[ss]` outside quotes: elapsed time, which goes past 24 hours. */
const ELAPSED = /\[(?:h+|m+|s+)\]/i;
const QUOTED = /"[^"]*"|\\./g;

export async function loadNumberFormatting(): Promise<NumberFormatting> {
  const numfmt = await import('numfmt');
  return {
    format: numfmt.format,
    dateFromSerial: numfmt.dateFromSerial,
    dateKind(pattern) {
      if (!numfmt.isDateFormat(pattern)) return undefined;
      const type = numfmt.getFormatInfo(pattern).type;
      if (type === 'time') return ELAPSED.test(pattern.replace(QUOTED, '')) ? 'duration' : 'time';
      return type === 'datetime' ? 'datetime' : 'date';
    },
  };
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

const SECONDS_A_DAY = 86_400;

/** `16:30:00`: hours, minutes and seconds of a count of seconds (hours past 24 for a duration). */
function clock(totalSeconds: number): string {
  const sign = totalSeconds < 0 ? '-' : '';
  const seconds = Math.abs(totalSeconds);
  return `${sign}${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/**
 * A date serial as people write a date: `2026-11-22`, with the time when it has one. A time of day
 * (a time format, or a serial under one day: no date) reads `16:30:00`; a duration (`[h]:mm`) its
 * hours, past 24 when it is longer than a day: `36:30:00`.
 */
function dateText(serial: number, kind: DateKind, date1904: boolean, formatting: NumberFormatting): string {
  if (kind === 'duration') return clock(Math.round(serial * SECONDS_A_DAY));
  if (kind === 'time' || (serial >= 0 && serial < 1)) {
    const seconds = Math.round((serial - Math.floor(serial)) * SECONDS_A_DAY) % SECONDS_A_DAY;
    return clock(seconds);
  }
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
 * A number JavaScript wrote in exponent form (`1e-7`, `1.5e+21`) as Excel shows it: a capital E and at
 * least two digits of exponent (`1E-07`, `1.5E+21`); any other number as it is.
 */
const excelExponent = (text: string): string =>
  text.replace(/e([+-])(\d+)$/, (_, sign: string, digits: string) => `E${sign}${digits.padStart(2, '0')}`);

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
  const stored = text.trim();
  // Excel holds no negative zero: a cell stored as `-0` (or `-0.0`) shows 0, whatever its format.
  const value = Number(stored) + 0;
  const trimmed = value === 0 && stored.startsWith('-') ? stored.slice(1) : stored;
  const digits = /^-?\d+$/.test(trimmed);
  if (!Number.isFinite(value)) return trimmed;
  const kind =
    formatting && format !== undefined && !isGeneral(format) ? formatting.dateKind(format) : undefined;
  if (kind !== undefined && formatting) return dateText(value, kind, date1904, formatting);
  if (digits) {
    // Excel shows 15 significant digits at most; a longer id is kept exact rather than rounded as shown.
    if (isGeneral(format) || trimmed.replace('-', '').length > 15)
      return trimmed.replace(/^(-?)0+(?=\d)/, '$1');
    return formatted(format as string, value, formatting) ?? trimmed;
  }
  if (Number.isInteger(value) && !Number.isSafeInteger(value)) return excelExponent(value.toExponential());
  const plain = excelExponent(String(Number(value.toPrecision(15))));
  return isGeneral(format) ? plain : (formatted(format as string, value, formatting) ?? plain);
}

/**
 * OOXML's escapes of characters XML cannot hold (ECMA-376 §22.9.2.19): `_x000D_` is a carriage return,
 * and `_x005F_` an underscore, which is how a literal `_x000D_` is written (`_x005F_x000D_`).
 */
export function unescapeText(text: string): string {
  if (!text.includes('_x')) return text;
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

/**
 * A cell's text as a person reads it in Excel: strings as they are, numbers and dates as above,
 * formulas as their cached results, booleans as TRUE/FALSE, errors as their code (`#N/A`). A cell with
 * no value is empty, whatever its type says.
 */
export function cellText(cell: StoredCell, book: CellBook): string {
  switch (cell.type) {
    case 's':
      return cell.text.trim() === '' ? '' : (book.sharedString(Number(cell.text)) ?? '');
    case 'inlineStr':
    case 'str':
      return unescapeText(cell.text);
    case 'e':
      return cell.text;
    case 'b':
      if (cell.text.trim() === '') return '';
      return cell.text.trim() === '1' || cell.text.trim().toLowerCase() === 'true' ? 'TRUE' : 'FALSE';
    case 'd':
      return cell.text.replace(/T00:00:00(?:\.000)?Z?$/, '').replace('T', ' ');
    default:
      return cell.text.trim() === ''
        ? ''
        : numberText(cell.text, cell.numFmt, book.date1904, book.formatting);
  }
}

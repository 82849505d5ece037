/**
 * What Excel does to text, in one place: the ways people keep a number as text (`="0101234"`, a leading
 * apostrophe), unwrapped; and the damage done when it was not kept (a lost leading zero, scientific
 * notation), which cannot be repaired here, only re-exported. Every input form goes through these rules:
 * CSV, .xlsx, JSON, NDJSON, flags and `order patch`.
 */

/** `="01012345678"`: Excel's keep-as-text formula, as CSV exports and hand-made sheets carry it. */
const FORMULA_TEXT = /^=\s*"((?:[^"]|"")*)"$/s;
/** A cell Excel turned into a number in scientific notation: `1.01E+10`, `2.34E+17`. */
const SCIENTIFIC = /^[+-]?\d+(?:[.,]\d+)?e[+-]?\d+$/i;
/** A Korean mobile number (010, 011, 016–019) whose leading 0 Excel dropped: `1012345678`. */
const MOBILE_WITHOUT_ZERO = /^1[016789]\d{7,8}$/;

/** How a field is read: an identifier (ids, tracking numbers), a phone number, or other text. */
export type TextKind = 'id' | 'phone' | 'text';

/** An apostrophe that neutralises a formula (`'=…`, `'+…`), as Intake and other tools write rejects. */
const NEUTRALISED = /^'[=+\-@\t\r]/;

/**
 * The text a person meant: `="…"` unwrapped in any field (with `""` inside read as `"`); a leading
 * apostrophe dropped from an identifier or phone number (in Excel it only marks the cell as text), and
 * from any text it neutralises a formula in (`'=HYPERLINK(…)`, as a rejects file holds it). Anything else
 * is returned as it is.
 */
export function unwrapExcelText(value: string, kind: TextKind): string {
  if (value.length > 1 && (value.charCodeAt(0) === 0x3d || value.trimStart().startsWith('='))) {
    const formula = FORMULA_TEXT.exec(value.trim());
    if (formula) return (formula[1] as string).replaceAll('""', '"');
  }
  if (kind !== 'text') {
    const trimmed = value.trimStart();
    if (trimmed.startsWith("'") && trimmed.length > 1) return trimmed.slice(1);
  } else if (value.charCodeAt(0) === 0x27 && NEUTRALISED.test(value)) {
    return value.slice(1);
  }
  return value;
}

/** What Excel did to a value: its words, and the kind of damage with what the value may have been. */
export interface ExcelDamage {
  message: string;
  ctx: (
    | { damage: 'scientific'; shown: string }
    | { damage: 'lost_zero'; meant: string }
    | { damage: 'date'; shown: string }
  ) & {
    /** Where the value came from: a sheet (fixed by exporting again) or typed (fixed by writing it whole). */
    source: DamageSource;
  };
}

/** A value read from a sheet (CSV, .xlsx) or typed (a flag, a JSON record, a field of a page). */
export type DamageSource = 'sheet' | 'typed';

/** What to do about it, for where the value came from. */
const ADVICE: Readonly<Record<DamageSource, { scientific: string; lostZero: string }>> = {
  sheet: {
    scientific: 'format the column as Text in Excel and export again',
    lostZero: 'format the column as Text in Excel and export again',
  },
  typed: { scientific: 'give all its digits', lostZero: 'write it with the 0' },
};

const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)';
/**
 * A date as a sheet shows one that Excel made of an id typed like a date (`1-2`, `3/12`, `2024-1-2`):
 * Intake's reading of a date cell (`2026-01-02`, with its time when it has one), or what Korean and
 * English Excel write of it to a CSV (`01월 02일`, `2-Jan`, `Jan-02`). No id is written so; the id that
 * was typed is lost (the year is Excel's guess), so it can only be typed again.
 */
const DATE_SHOWN = new RegExp(
  `^(?:\\d{4}-\\d{2}-\\d{2}(?: \\d{2}:\\d{2}(?::\\d{2})?)?|\\d{1,2}월 \\d{1,2}일|\\d{1,2}-${MONTH}|${MONTH}-\\d{2})$`,
  'i',
);

/**
 * Says what Excel did to a value, if it looks damaged: ids, phone numbers and tracking numbers that
 * became numbers (scientific notation, a lost leading 0), and ids of a sheet that became dates. The
 * advice is for where the value came from.
 */
export function excelDamage(
  value: string,
  kind: TextKind,
  source: DamageSource = 'sheet',
): ExcelDamage | undefined {
  if (kind === 'text') return undefined;
  const trimmed = value.trim();
  if (SCIENTIFIC.test(trimmed)) {
    return {
      message: `looks like a number Excel wrote in scientific notation (${trimmed}); ${ADVICE[source].scientific}`,
      ctx: { damage: 'scientific', shown: trimmed, source },
    };
  }
  if (kind === 'id' && source === 'sheet' && trimmed.length <= 19 && DATE_SHOWN.test(trimmed)) {
    return {
      message: `looks like a date Excel made of an id (${trimmed}), and the id typed is lost; format the column as Text in Excel, type the ids again and export again`,
      ctx: { damage: 'date', shown: trimmed, source },
    };
  }
  if (kind === 'phone') {
    const digits = trimmed.replace(/[\s-]/g, '');
    if (MOBILE_WITHOUT_ZERO.test(digits)) {
      return {
        message: `looks like a Korean mobile number that lost its leading 0 (0${digits}?); ${ADVICE[source].lostZero}`,
        ctx: { damage: 'lost_zero', meant: `0${digits}`, source },
      };
    }
  }
  return undefined;
}

/**
 * Excel's error values, which a formula shows when it cannot be worked out (`#N/A`: a look-up such as
 * VLOOKUP found nothing), and which a sheet saved or exported keeps as the cell's text. Korean Excel
 * shows them in English too.
 */
const ERROR_VALUE =
  /^#(?:N\/A|NULL!|DIV\/0!|VALUE!|REF!|NAME\?|NUM!|SPILL!|CALC!|FIELD!|BLOCKED!|CONNECT!|BUSY!|UNKNOWN!|GETTING_DATA)$/i;

/** A cell holding one of Excel's error values rather than a value: its words, and the error as shown. */
export function excelError(
  value: string,
  source: DamageSource = 'sheet',
): { message: string; ctx: { shown: string; source: DamageSource } } | undefined {
  const shown = value.trim();
  if (shown.length > 14 || !ERROR_VALUE.test(shown)) return undefined;
  const advice =
    source === 'sheet'
      ? 'correct the formula, or write the value, in Excel and export again'
      : 'give the value';
  return {
    message: `is Excel's error ${shown}, not a value (a formula that could not be worked out, such as a look-up that found nothing); ${advice}`,
    ctx: { shown, source },
  };
}

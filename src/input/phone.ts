import { keyboardText } from './keyboard-text.js';
import { unwrapExcelText } from './excel-text.js';

/**
 * Whether the bot can reach a buyer by a recipient's phone number: the messaging app it writes through
 * is tied to a Korean mobile number. A number that cannot be a Korean phone number at all is refused; one
 * that can be, but is unusual for a buyer's own phone (a relay "safe number", a landline, an internet
 * phone, a number abroad), is taken with a warning.
 */

/** What a phone number is, as the bot sees it. */
export type PhoneVerdict =
  { ok: true; digits: string; warning?: PhoneFinding } | { ok: false; problem: PhoneFinding };

/** A finding about a phone number: its English words and its code with values, for a page to word. */
export interface PhoneFinding {
  code: string;
  message: string;
  values: Record<string, string | number>;
}

/** What people write inside a phone number besides digits. */
const SEPARATORS = /[\s\-.()/]/g;
const SPACES = /[\s\u00a0\u200b]/g;

/** Mobile prefixes and the lengths their numbers have: 010 always 11 digits, the old ones 10 or 11. */
const MOBILE: readonly [RegExp, readonly number[]][] = [
  [/^010/, [11]],
  [/^01[16789]/, [10, 11]],
];

/**
 * A number a download hid part of (`010-****-5678`, `0101234****`), as marketplaces do with a buyer's
 * details after a while: digits and separators with a run of `*` (two or more) in place of digits.
 */
const MASKED = /^\+?[\d\s\-.()]*\*{2,}[\d\s\-.()*]*$/;

/** Area codes outside Seoul (031-033, 041-044, 051-055, 061-064). */
const AREA = /^0(?:3[1-3]|4[1-4]|5[1-5]|6[1-4])/;

/**
 * The digits of a phone number as the bot would use them: separators removed, and a Korean number
 * written internationally (`+82 10-…`, `0082…`, `+82 (0)10…`) written as at home (`010…`). A number
 * abroad keeps its `+`. Undefined when it holds anything but digits and separators.
 */
export function phoneDigits(text: string): string | undefined {
  let value = keyboardText(text).replace(SPACES, '').replace(SEPARATORS, '');
  if (value.startsWith('00')) value = `+${value.slice(2)}`;
  if (value.startsWith('+82')) {
    value = value.slice(3);
    if (!value.startsWith('0')) value = `0${value}`;
  }
  return /^\+?\d*$/.test(value) ? value : undefined;
}

const finding = (code: string, message: string, values: Record<string, string | number> = {}) => ({
  code,
  message,
  values,
});

function lengthProblem(digits: string, prefix: string, lengths: readonly number[]): PhoneVerdict {
  const expected = lengths.join(' or ');
  return {
    ok: false,
    problem: finding(
      'phone_length',
      `cannot be a phone number: a number starting ${prefix} has ${expected} digits, this one has ${digits.length}`,
      { prefix, expected, digits: digits.length },
    ),
  };
}

/** A run of digits and separators long enough to be a number, with words around it: `010-1234-5678 (집)`. */
const NUMBER_IN_WORDS = /\+?\d[\d\s\-.()]{6,}\d/g;

/**
 * The one mobile number written among words and signs (`010-1234-5678 (집)`, `휴대폰: 010-1234-5678`), to
 * suggest as the fix; undefined where there is none, or more than one.
 */
function numberAlone(typed: string): string | undefined {
  const runs = [...typed.matchAll(NUMBER_IN_WORDS)].map((run) => run[0].trim());
  if (runs.length !== 1) return undefined;
  const run = runs[0] as string;
  const verdict = checkPhone(run);
  return verdict.ok && verdict.warning === undefined ? run : undefined;
}

/** Why a number that is not digits and separators is no phone number: hidden, or written in other letters. */
function unreadable(typed: string): PhoneVerdict {
  if (MASKED.test(typed.trim())) {
    return {
      ok: false,
      problem: finding(
        'phone_masked',
        'is masked (part of it hidden with *): the bot cannot reach a hidden number; download the file again where the number shows whole',
      ),
    };
  }
  const alone = numberAlone(typed);
  return /\d/.test(typed)
    ? {
        ok: false,
        problem: finding(
          'phone_characters',
          `is not a phone number: it may hold only digits, spaces, hyphens and a leading +${alone === undefined ? '' : ` (the number alone: ${alone}?)`}`,
          alone === undefined ? {} : { number: alone },
        ),
      }
    : {
        ok: false,
        problem: finding('phone_no_digits', 'has no digits: the bot reaches the buyer only by this number'),
      };
}

/** Checks a recipient's phone number (see the file's comment). */
export function checkPhone(text: string): PhoneVerdict {
  const typed = keyboardText(text);
  const digits = phoneDigits(typed);
  if (digits === undefined) return unreadable(typed);
  if (digits.replace('+', '') === '') {
    return {
      ok: false,
      problem: finding('phone_no_digits', 'has no digits: the bot reaches the buyer only by this number'),
    };
  }
  if (digits.startsWith('+')) {
    const length = digits.length - 1;
    if (length < 8 || length > 15) {
      return {
        ok: false,
        problem: finding('phone_length_abroad', `cannot be a phone number: it has ${length} digits`, {
          digits: length,
        }),
      };
    }
    return {
      ok: true,
      digits,
      warning: finding(
        'phone_abroad',
        'is a number outside Korea: the bot may not reach the buyer through it',
      ),
    };
  }
  for (const [prefix, lengths] of MOBILE) {
    const match = prefix.exec(digits);
    if (!match) continue;
    return lengths.includes(digits.length) ? { ok: true, digits } : lengthProblem(digits, match[0], lengths);
  }
  const warned = (code: string, what: string, prefix: string, lengths: readonly number[]): PhoneVerdict =>
    lengths.includes(digits.length)
      ? {
          ok: true,
          digits,
          warning: finding(code, `is ${what}: the bot may not reach the buyer through it`, { prefix }),
        }
      : lengthProblem(digits, prefix, lengths);
  if (/^050[2-8]/.test(digits))
    return warned('phone_safe', 'a relay "safe number" (050x)', digits.slice(0, 4), [11, 12]);
  if (digits.startsWith('070')) return warned('phone_internet', 'an internet phone (070)', '070', [11]);
  if (digits.startsWith('02')) return warned('phone_landline', 'a landline (02)', '02', [9, 10]);
  const area = AREA.exec(digits);
  if (area) return warned('phone_landline', `a landline (${area[0]})`, area[0], [10, 11]);
  if (/^1[5-8]\d{6}$/.test(digits))
    return warned('phone_business', "a business's number", digits.slice(0, 4), [8]);
  // Excel reads `+82 10-…` typed in a cell as a number and drops its +: Korea's code left in front.
  const plus = LOST_PLUS.test(digits) ? `+${typed.trim()}` : undefined;
  return {
    ok: false,
    problem: finding(
      'phone_prefix',
      `cannot be a Korean phone number: no Korean number starts ${digits.slice(0, 3)}` +
        (plus === undefined ? '' : ` (written with Korea's code 82, it needs its +: ${plus}?)`),
      { prefix: digits.slice(0, 3), ...(plus === undefined ? {} : { plus }) },
    ),
  };
}

/** A Korean mobile number written internationally without its `+`: 82, then the number without its 0. */
const LOST_PLUS = /^821(?:0\d{8}|[16789]\d{7,8})$/;

/** What people write between two numbers in one cell: `/`, `,`, `;`, `|`, 또는, or. */
const BETWEEN_NUMBERS = /\s*(?:[,;/|]|\s또는\s|\sor\s)\s*/;
const MAY_HOLD_TWO = /[,;/|]|\s또는\s|\sor\s/;

/** A part of a cell that reads as a whole phone number: 8 digits or more, and nothing else. */
const wholeNumber = (part: string): boolean => {
  const digits = phoneDigits(part);
  return digits !== undefined && digits.replace('+', '').length >= 8;
};

/**
 * The number a cell gives the bot, as typed on a keyboard (`keyboardText`): the cell itself, or where it
 * holds two or more whole numbers (`010-1234-5678 / 02-123-4567`, `02-123-4567, 010-1234-5678`) the one
 * the bot writes to, chosen as between a download's two columns (`reachablePhone`). `count` says how
 * many numbers the cell held.
 */
export function cellNumber(text: string): { text: string; count: number } {
  const typed = keyboardText(text);
  if (!MAY_HOLD_TWO.test(typed)) return { text: typed, count: 1 };
  const parts = typed
    .split(BETWEEN_NUMBERS)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length < 2 || !parts.every(wholeNumber)) return { text: typed, count: 1 };
  return { text: parts[reachablePhone(parts)] as string, count: parts.length };
}

/** ASCII digits and the separators people type, not starting `00` (a number written internationally). */
const PLAIN = /^(?!\s*00)[\d\s\-.()]+$/;

/** Whether the bot reaches a buyer by `text` without a doubt: a Korean mobile number, however written. */
const isMobile = (text: string): boolean => {
  // Most numbers are plain: their digits say it without the whole check (asked of every row's numbers).
  if (PLAIN.test(text)) {
    const digits = text.replace(/\D/g, '');
    return MOBILE.some(([prefix, lengths]) => prefix.test(digits) && lengths.includes(digits.length));
  }
  const verdict = checkPhone(cellNumber(unwrapExcelText(text, 'phone')).text);
  return verdict.ok && verdict.warning === undefined;
};

/**
 * Which of a recipient's numbers the bot writes to, given in the order the source gives them (a
 * download's 수취인연락처1 and 수취인연락처2, an API's tel1 and tel2): the first that is a mobile number,
 * so that a landline or a relay number written first does not hide the buyer's mobile; else the first
 * written, which the check then warns about or refuses. -1 when none is written.
 */
export function reachablePhone(numbers: readonly (string | null | undefined)[]): number {
  const written = numbers.map((number) => (number ?? '').trim() !== '');
  if (written.filter(Boolean).length > 1) {
    const mobile = numbers.findIndex((number, at) => written[at] && isMobile(number as string));
    if (mobile !== -1) return mobile;
  }
  return written.indexOf(true);
}

/** The number `reachablePhone` chooses, as written; empty when none is. */
export function reachableNumber(numbers: readonly (string | null | undefined)[]): string {
  const at = reachablePhone(numbers);
  return at === -1 ? '' : (numbers[at] ?? '');
}

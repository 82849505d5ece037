/** A cell Excel turned into a number in scientific notation: `1.01E+10`, `2.34E+17`. */
const SCIENTIFIC = /^[+-]?\d+(?:[.,]\d+)?e[+-]?\d+$/i;
/** A Korean mobile number (010, 011, 016–019) whose leading 0 Excel dropped: `1012345678`. */
const MOBILE_WITHOUT_ZERO = /^1[016789]\d{7,8}$/;

export type ExcelKind = 'id' | 'phone';

/**
 * Says what Excel did to a value, if it looks damaged: ids, phone numbers and tracking numbers that
 * became numbers (scientific notation, a lost leading 0) cannot be repaired here, only re-exported.
 */
export function excelDamage(value: string, kind: ExcelKind): string | undefined {
  if (SCIENTIFIC.test(value)) {
    return `looks like a number Excel wrote in scientific notation (${value}); format the column as Text in Excel and export again`;
  }
  if (kind === 'phone') {
    const digits = value.replace(/[\s-]/g, '');
    if (MOBILE_WITHOUT_ZERO.test(digits)) {
      return `looks like a Korean mobile number that lost its leading 0 (0${digits}?); format the column as Text in Excel and export again`;
    }
  }
  return undefined;
}

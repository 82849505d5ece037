/**
 * Characters that make a spreadsheet program read a cell as a formula (OWASP, "CSV Injection"): `=`,
 * `+`, `-`, `@`, and a tab or carriage return before one of them.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text as a cell a spreadsheet program shows but never runs: one that would start a formula gets a
 * leading apostrophe, as OWASP describes. Intake reads the apostrophe back off (`excel-text.ts`), so a
 * file it wrote uploads the values it read.
 */
export function formulaSafe(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * One CSV line (RFC 4180): fields with the delimiter, quotes or line breaks are quoted. With `safe`,
 * every text field that a spreadsheet would read as a formula is neutralised (`formulaSafe`).
 */
export function csvRow(values: readonly unknown[], delimiter = ',', safe = false): string {
  return values
    .map((value) => {
      const raw =
        value === undefined || value === null ? '' : typeof value === 'string' ? value : String(value);
      const text = safe && typeof value === 'string' ? formulaSafe(raw) : raw;
      return text.includes(delimiter) || /["\r\n]/.test(text) || text !== text.trim()
        ? `"${text.replaceAll('"', '""')}"`
        : text;
    })
    .join(delimiter);
}

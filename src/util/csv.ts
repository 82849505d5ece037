/** One CSV line (RFC 4180): fields with the delimiter, quotes or line breaks are quoted. */
export function csvRow(values: readonly unknown[], delimiter = ','): string {
  return values
    .map((value) => {
      const text =
        value === undefined || value === null ? '' : typeof value === 'string' ? value : String(value);
      return text.includes(delimiter) || /["\r\n]/.test(text) || text !== text.trim()
        ? `"${text.replaceAll('"', '""')}"`
        : text;
    })
    .join(delimiter);
}

/**
 * Control characters a terminal would act on rather than show: C0 but tab and line feed, DEL, and C1
 * (ESC starts the sequences that recolour, move the cursor, retitle the window or write the clipboard).
 */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Text from a file or the service as a terminal may show it: each control character written as its
 * code (`\x1B`), so a cell or a buyer's name can never drive the terminal of the person reading it.
 */
export function terminalSafe(text: string): string {
  return text.replace(
    CONTROLS,
    (control) => `\\x${control.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

/** The digits of a text. */
export const digitsOf = (text: string) => text.replace(/\D/g, '');

/** A phone's digits as dialled at home: `+82 10-…` (Korea's country code) is `010-…`. */
export function homeDigits(text: string): string {
  const all = digitsOf(text);
  return text.trim().startsWith('+82') || all.startsWith('8210') ? `0${all.slice(2)}` : all;
}

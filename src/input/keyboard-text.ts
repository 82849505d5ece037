/**
 * Dashes other than `-` that editors and web pages put between a number's groups (‐ ‑ ‒ – — ―, minus),
 * and the Korean vowel ㅡ that people type for one in Hangul mode (`010ㅡ1234ㅡ5678`; NFKC makes it
 * U+1173).
 */
const DASHES = /[\u2010-\u2015\u2212\u3161\u1173]/g;

/**
 * A number as typed on a keyboard: full-width digits, letters, hyphen, brackets and spaces (a Korean
 * input method's 전각 mode: `０１０－１２３４`) as their ASCII forms, and other dashes as `-`. For phone and
 * tracking numbers, which reach the bot and the carrier as they are sent; never for ids, which must
 * match the marketplace's exactly.
 */
export const keyboardText = (text: string): string => text.normalize('NFKC').replace(DASHES, '-');

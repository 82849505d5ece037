/** The particles that change with the word before them: with a final consonant, then without one. */
const PAIRS = { 은: ['은', '는'], 이: ['이', '가'], 을: ['을', '를'] } as const;

/**
 * A word with its particle (`시트는`, `부분은`, `시트가`), chosen by whether the word's last syllable
 * ends in a consonant; after a name that does not end in Hangul (a file name, a number), both are
 * written, as `주문.xlsx은(는)`, for the reader to choose.
 */
export function withParticle(word: string, particle: keyof typeof PAIRS): string {
  const [closed, open] = PAIRS[particle];
  const last = word.codePointAt(word.length - 1) ?? 0;
  if (last < 0xac00 || last > 0xd7a3) return `${word}${closed}(${open})`;
  return `${word}${(last - 0xac00) % 28 === 0 ? open : closed}`;
}

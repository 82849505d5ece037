/** A pattern of an English line, and its words in another language. */
export type Words = readonly [RegExp, (match: RegExpExecArray) => string];

/** The text in the words of the first pattern it matches, if any. */
export function saidIn(list: readonly Words[], text: string): string | undefined {
  for (const [pattern, words] of list) {
    const match = pattern.exec(text);
    if (match) return words(match);
  }
  return undefined;
}

/** Lines that are the same whatever the values, each matched whole: their words in another language. */
export function fixedWords(lines: Readonly<Record<string, string>>): Words[] {
  return Object.entries(lines).map(([english, words]): Words => [
    new RegExp(`^${english.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    () => words,
  ]);
}

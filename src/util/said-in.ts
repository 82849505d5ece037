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

/** `a`, `a or b`, `a, b or c`: items in a sentence, the last joined by `word` (`or`, `and`, `또는`). */
export const listed = (items: readonly string[], word: string): string =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${word} ${items.at(-1)}`;

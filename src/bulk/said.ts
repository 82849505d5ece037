/**
 * What a message for people says, apart from its English words: a code and the values in it, so that a
 * page can say it in the reader's language (`intake ui` in Korean). The English text stays with it and
 * is what the terminal, the rejects file and the report show.
 */
export interface Said {
  code: string;
  values?: Readonly<Record<string, string | number>>;
}

/** The values of a contract issue's `ctx` that a sentence can hold (strings and numbers). */
export function saidValues(
  ctx: Readonly<Record<string, unknown>> | undefined,
): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(ctx ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') values[key] = value;
  }
  return values;
}

/** A line for people, with what it says when a page can say it in another language. */
export interface Note {
  text: string;
  said?: Said;
}

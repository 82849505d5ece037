/** The contract's alternatives (`'a', 'b' or 'c'`) as Korean says them, with "또는" before the last. */
export const alternativesKo = (alternatives: string): string =>
  alternatives.replace(/' or '(?=[^']*'$)/, "' 또는 '");

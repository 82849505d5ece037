import type { Said } from './said.js';

/**
 * The contract's own value errors (its rules across fields), each with a code a page or a Korean terminal
 * can word. Their English is what the service's 422 says, so they are known here by it; a test holds
 * every one of them to its code.
 */
const VALUE_ERRORS: readonly { pattern: RegExp; code: string }[] = [
  {
    pattern: /^Value error, tracking_number must be 'self' when company_code is 'self'$/,
    code: 'self_tracking',
  },
  { pattern: /^Value error, item id '(?<item>.*)' is listed more than once$/s, code: 'item_listed_twice' },
  {
    pattern: /^Value error, item id '(?<item>.*)' is used by another line of this order$/s,
    code: 'item_twice',
  },
];

/** What a value error of the contract says, as a code with its values; undefined for any other. */
export function valueErrorSaid(message: string): Said | undefined {
  for (const { pattern, code } of VALUE_ERRORS) {
    const match = pattern.exec(message);
    if (match) return match.groups ? { code, values: { ...match.groups } } : { code };
  }
  return undefined;
}

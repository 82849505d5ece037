import type { Said } from './said.js';

/**
 * Issues of the contract whose type alone does not say what is wrong (its rules across fields, the
 * kinds of bad URL, a NUL character), each with a code a page or a Korean terminal can word. Their English
 * is what the service's 422 says, so they are known here by it; a test holds every one to its code.
 */
const KNOWN: readonly { type: string; pattern: RegExp; code: string }[] = [
  {
    type: 'value_error',
    pattern: /^Value error, tracking_number must be 'self' when company_code is 'self'$/,
    code: 'self_tracking',
  },
  {
    type: 'value_error',
    pattern: /^Value error, item id '(?<item>.*)' is listed more than once$/s,
    code: 'item_listed_twice',
  },
  {
    type: 'value_error',
    pattern: /^Value error, item id '(?<item>.*)' is used by another line of this order$/s,
    code: 'item_twice',
  },
  { type: 'value_error', pattern: /^Value error, Unrecognized keys?: (?<keys>.*)$/s, code: 'unknown_keys' },
  { type: 'url_parsing', pattern: /, white space inside it$/, code: 'url_space_inside' },
  { type: 'url_parsing', pattern: /, white space around it$/, code: 'url_space_around' },
  { type: 'url_parsing', pattern: /, empty host$/, code: 'url_no_host' },
  { type: 'url_parsing', pattern: /, NUL character$/, code: 'nul_character' },
  { type: 'string_pattern_mismatch', pattern: /\\u0000/, code: 'nul_character' },
];

/** What an issue of the contract says, as a code with its values, when its type is not enough. */
export function contractSaid(issue: { type: string; msg: string }): Said | undefined {
  for (const { type, pattern, code } of KNOWN) {
    if (issue.type !== type) continue;
    const match = pattern.exec(issue.msg);
    if (match) return match.groups ? { code, values: { ...match.groups } } : { code };
  }
  return undefined;
}

/**
 * A web address written without its `http(s)://` (`www.shop.com/a.jpg`, `//cdn.shop.com/a.jpg`, copied
 * from a browser's address bar or a page's source), as the address it most likely is; `undefined` for
 * anything else without one (`img/a.jpg`, `a.jpg`), which only its shop knows the rest of.
 */
export function withScheme(value: string): string | undefined {
  if (value.startsWith('//')) return /^\/\/[^/?#\s]+\.[^/?#\s]+/.test(value) ? `https:${value}` : undefined;
  return /^(?:www\.[^/?#\s]+|[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}(?::\d+)?[/?#])/.test(value) &&
    !/^[^/]*\.(?:jpe?g|png|gif|webp|bmp)(?:[/?#]|$)/i.test(value)
    ? `https://${value}`
    : undefined;
}

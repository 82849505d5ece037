import { readsOnly } from './forms.js';

/**
 * Where a page that answered a form is seen again by GET: patterns of a form's path, each with the path
 * of the page the form belongs to (`$1` for what the pattern kept).
 */
export type SeenAgain = readonly (readonly [RegExp, string])[];

/** What an address may carry that its page's own address leaves out: the switch itself, a sign-in's token. */
const NOT_KEPT = ['lang', 'token'];

/**
 * The page's own address, to be asked again with GET (the language switch goes there): a page seen by
 * GET is seen again as it was asked for (a page of a list, a search), a page that answers a form at the
 * page the form belongs to, never at the form's address, which takes no GET. A form's path found in no
 * pattern is its own page's (the form posts to the page's path).
 */
export function pageAddress(method: string, url: string, seenAgain: SeenAgain): string {
  const { pathname: path, searchParams } = new URL(url, 'http://page');
  if (readsOnly(method)) {
    for (const name of NOT_KEPT) searchParams.delete(name);
    const query = searchParams.toString();
    return query === '' ? path : `${path}?${query}`;
  }
  for (const [pattern, to] of seenAgain) if (pattern.test(path)) return path.replace(pattern, to);
  return path;
}

/** The address of the page at `here` in another language (the switch's link). */
export function switchAddress(here: string, lang: string): string {
  return `${here}${here.includes('?') ? '&' : '?'}lang=${lang}`;
}

import { readsOnly } from './forms.js';

/**
 * Where a page that answered a form is seen again by GET: patterns of a form's path, each with the path
 * of the page the form belongs to (`$1` for what the pattern kept).
 */
export type SeenAgain = readonly (readonly [RegExp, string])[];

/**
 * The page's own address, to be asked again with GET (the language switch goes there): a page that
 * answers a form is seen again at the page the form belongs to, never at the form's address, which
 * takes no GET. A form's path found in no pattern is its own page's (the form posts to the page's path).
 */
export function pageAddress(method: string, url: string, seenAgain: SeenAgain): string {
  const path = new URL(url, 'http://page').pathname;
  if (readsOnly(method)) return path;
  for (const [pattern, to] of seenAgain) if (pattern.test(path)) return path.replace(pattern, to);
  return path;
}

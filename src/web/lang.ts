/** The languages pages speak. */
export type Lang = 'ko' | 'en';
export const LANGS: readonly Lang[] = ['ko', 'en'];

/** The cookie that keeps a person's choice of language. */
export const LANG_COOKIE = 'intake_lang';

/**
 * The language of a page: the person's choice (the switch, kept in a cookie) first, else the browser's
 * preference (`Accept-Language`, Korean when it comes before English), else English.
 */
export function chooseLang(cookie: string | undefined, acceptLanguage: string | undefined): Lang {
  if (cookie === 'ko' || cookie === 'en') return cookie;
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((param) => /^q=([\d.]+)$/.exec(param.trim())?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.tag !== '')
    .sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    if (tag.startsWith('ko')) return 'ko';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}

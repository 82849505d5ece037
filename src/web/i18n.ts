import type { Lang } from './lang.js';

/** A text in each language a page speaks; `{name}` is filled from the values given. */
export type Texts = Readonly<Record<string, Readonly<Record<Lang, string>>>>;

/** A function giving the text of a key in one language. */
export type Translate<K extends string> = (
  key: K,
  values?: Readonly<Record<string, string | number>>,
) => string;

/**
 * The texts of `texts` in `lang`, with `{name}` placeholders filled (numbers written as people write them).
 * A text counting something has its singular under `KEY_one`, taken when `count` is one ("1 column",
 * where "{count} columns" says the rest; Korean needs none).
 */
export function translator<T extends Texts>(texts: T, lang: Lang): Translate<Extract<keyof T, string>> {
  const locale = lang === 'ko' ? 'ko-KR' : 'en-US';
  const plural = new Intl.PluralRules(locale);
  const textOf = (key: string, count: unknown) =>
    (typeof count === 'number' && plural.select(count) === 'one' ? texts[`${key}_one`]?.[lang] : undefined) ??
    texts[key]?.[lang] ??
    key;
  return (key, values = {}) =>
    textOf(key, values.count).replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = values[name];
      if (value === undefined) return whole;
      return typeof value === 'number' ? value.toLocaleString(locale) : value;
    });
}

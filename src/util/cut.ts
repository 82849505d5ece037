import { count } from './count.js';
import type { Lang } from './terminal-lang.js';
import { terminalSafe } from './terminal-safe.js';

/**
 * A value as a message shows it: at most `max` characters, the rest said as a count in `lang`, so a
 * 200 MB cell or header never floods a terminal or a page; its control characters shown, not obeyed.
 */
export function cut(value: string, max = 80, lang: Lang = 'en'): string {
  if (value.length <= max) return terminalSafe(value);
  const length = count(value.length);
  return `${terminalSafe(value.slice(0, max))}… (${lang === 'ko' ? `${length}자` : `${length} characters`})`;
}

/** A list of values as a message shows it: each cut, and at most `max` of them. */
export function cutList(values: readonly string[], max = 30, each = 40): string {
  const shown = values.slice(0, max).map((value) => cut(value, each));
  return values.length > max ? `${shown.join(', ')}, … (${values.length} in all)` : shown.join(', ');
}

import { count } from './count.js';

/**
 * A value as a message shows it: at most `max` characters, the rest said as a count, so a 200 MB cell
 * or header never floods a terminal.
 */
export function cut(value: string, max = 80): string {
  if (value.length <= max) return value;
  return `${value.slice(0, max)}… (${count(value.length)} characters)`;
}

/** A list of values as a message shows it: each cut, and at most `max` of them. */
export function cutList(values: readonly string[], max = 30, each = 40): string {
  const shown = values.slice(0, max).map((value) => cut(value, each));
  return values.length > max ? `${shown.join(', ')}, … (${values.length} in all)` : shown.join(', ');
}

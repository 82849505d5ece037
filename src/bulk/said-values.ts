import { count } from '../util/count.js';

/** The values a sentence is made with (see `Said`). */
export type Values = Readonly<Record<string, string | number>>;

/** A value as text: empty when absent. */
export const str = (value: string | number | undefined) => (value === undefined ? '' : String(value));

/** A count with its thousands marked (`1,234`); text as it is. */
export const num = (value: string | number | undefined) =>
  typeof value === 'number' ? count(value) : str(value);

/** `6,000개`, or `65,535개 이상` for a count given as `65,535 or more`. */
export function manyIn(value: string | number | undefined): string {
  const text = num(value);
  return text.endsWith(' or more') ? `${text.slice(0, -8)}개 이상` : `${text}개`;
}

import { count } from '../util/count.js';

/** The values a sentence is made with (see `Said`). */
export type Values = Readonly<Record<string, string | number>>;

/** A value as text: empty when absent. */
export const str = (value: string | number | undefined) => (value === undefined ? '' : String(value));

/** A count with its thousands marked (`1,234`); text as it is. */
export const num = (value: string | number | undefined) =>
  typeof value === 'number' ? count(value) : str(value);

import { wholeNumber } from '../../contract/local/queries.js';
import type { Position } from '../storage/sql.js';

const WHOLE = wholeNumber();

/** A row's place in a list ordered by a number, then by a key, as a page's address carries it: `number:key`. */
export const positionOf = (at: number | string, key: number | string): string => `${at}:${key}`;

/** A product's place in the list of products. */
export const productPositionOf = (product: { job_seq: number; id: string }): string =>
  positionOf(product.job_seq, product.id);

/** The place an address gives (`number:key`), or undefined when it is not one. */
export function readPosition(text: string | undefined): Position | undefined {
  if (text === undefined) return undefined;
  const [at, ...key] = text.split(':');
  const number = WHOLE.safeParse(at);
  return number.success && key.length > 0 ? { at: number.data, key: key.join(':') } : undefined;
}

/** The place an address gives when its key is a number too (a message's), or undefined. */
export function readNumberedPosition(text: string | undefined): Position<number> | undefined {
  const position = readPosition(text);
  const key = WHOLE.safeParse(position?.key);
  return position && key.success ? { at: position.at, key: key.data } : undefined;
}

import { wholeNumber } from '../../contract/local/queries.js';

const SEQ = wholeNumber();

/** Where a list of products ordered by the create that named them, then by id, stops: `seq:id`. */
export interface ProductCursor {
  seq: number;
  id: string;
}

/** A product's place in such a list, as a page's address carries it. */
export const productCursorOf = (product: { job_seq: number; id: string }): string =>
  `${product.job_seq}:${product.id}`;

/** The place an address gives (`seq:id`), or undefined when it is not one. */
export function readProductCursor(text: string | undefined): ProductCursor | undefined {
  if (text === undefined) return undefined;
  const [seq, ...id] = text.split(':');
  const number = SEQ.safeParse(seq);
  return number.success && id.length > 0 ? { seq: number.data, id: id.join(':') } : undefined;
}

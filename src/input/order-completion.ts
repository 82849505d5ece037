import type { ValidationIssue } from '../contract/index.js';
import { isPlainObject } from '../util/plain-object.js';
import type { RecordContext } from './record-context.js';

/** Whether a field is not given: absent, or only spaces. */
export const blank = (value: unknown) =>
  value === undefined || (typeof value === 'string' && value.trim() === '');

/** A buyer id a marketplace masked for privacy (`abcd****`): it names no one, so it is not a member id. */
const MASKED = /\*{2,}/;

/**
 * A line's product with the name and image it lacks filled from what is known of its id (the same object
 * when it lacks neither, or nothing is known); a product given in full is noted as the file's own.
 */
function completeProduct(
  id: string,
  product: Record<string, unknown>,
  context: RecordContext,
): Record<string, unknown> {
  const { name, image_url: imageUrl } = product;
  if (!blank(name) && !blank(imageUrl)) {
    if (typeof name === 'string' && typeof imageUrl === 'string')
      context.fileProducts?.note(id, { name, image_url: imageUrl });
    return product;
  }
  const known = context.products?.(id);
  const filledName = blank(name) && known?.name ? known.name : name;
  const filledImage = blank(imageUrl) && known?.image_url ? known.image_url : imageUrl;
  return filledName === name && filledImage === imageUrl
    ? product
    : { ...product, name: filledName, image_url: filledImage };
}

/** Whether a place in an order is its `index`th item's product's `field`. */
const isProductFieldOf = (loc: readonly (string | number)[], index: number, field: string): boolean =>
  loc.length === 4 &&
  loc[0] === 'items' &&
  loc[1] === String(index) &&
  loc[2] === 'product' &&
  loc[3] === field;

/**
 * A product with the name or image a look-up failed to find (`#N/A`) filled from the catalog where it
 * knows them, each such field's issue taken back; the error stays, refused, where it knows nothing.
 */
function completeFailedLookUps(
  id: string,
  product: Record<string, unknown>,
  index: number,
  context: RecordContext,
  issues: ValidationIssue[],
): Record<string, unknown> {
  const failed = (field: string) =>
    issues.findIndex((issue) => issue.type === 'excel_error' && isProductFieldOf(issue.loc, index, field));
  const fields = (['name', 'image_url'] as const).filter((field) => failed(field) >= 0);
  if (fields.length === 0) return completeProduct(id, product, context);
  const asBlank = { ...product, ...Object.fromEntries(fields.map((field) => [field, ''])) };
  const completed = completeProduct(id, asBlank, context);
  const filled = { ...completed };
  for (const field of fields) {
    if (blank(completed[field])) filled[field] = product[field];
    else issues.splice(failed(field), 1);
  }
  return filled;
}

/**
 * Fills an order's product names and images from the catalog where the input has none, and leaves out
 * a masked buyer id (into a copy): as a member id it would make different buyers one member, sharing
 * their review rewards; the order goes as a guest order.
 */
export function completeOrder(
  input: Record<string, unknown>,
  context: RecordContext,
  issues: ValidationIssue[],
): Record<string, unknown> {
  let order = input;
  if (typeof order.member_id === 'string' && MASKED.test(order.member_id)) {
    context.ids?.noteMasked(order.member_id);
    const { member_id: _masked, ...rest } = order;
    order = rest;
  }
  if (!Array.isArray(order.items)) return order;
  let items: unknown[] | undefined;
  order.items.forEach((item: unknown, index) => {
    if (!isPlainObject(item) || !isPlainObject(item.product)) return;
    let product = item.product;
    const id = typeof product.id === 'string' ? product.id.trim() : '';
    // A product id refused (Excel made a date of it) names no product: nothing to fill, remember or ask.
    if (id === '' || issues.some((issue) => isProductFieldOf(issue.loc, index, 'id'))) return;
    const completed = completeFailedLookUps(id, product, index, context, issues);
    if (completed !== product) {
      product = completed;
      (items ??= [...(order.items as unknown[])])[index] = { ...item, product };
    }
    for (const field of ['name', 'image_url'] as const) {
      if (!blank(product[field])) continue;
      const what = field === 'name' ? 'name' : 'image URL';
      issues.push({
        type: 'missing_product_data',
        loc: ['items', String(index), 'product', field],
        msg: `is ${product[field] === undefined ? 'missing' : 'empty'}, and no catalog has the ${what} of product ${id}: give it here, add it to the catalog once (intake catalog set ${id} --${field === 'name' ? 'name' : 'image-url'} …), or give --products FILE (id, name, image_url)`,
        ctx: { field, product: id },
        input: product[field],
      });
    }
  });
  return items ? { ...order, items } : order;
}

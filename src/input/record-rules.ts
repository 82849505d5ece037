import type { z } from 'zod';
import { check, type ValidationIssue } from '../contract/index.js';
import { excelDamage, unwrapExcelText, type TextKind } from './excel-text.js';
import type { RecordContext } from './record-context.js';

/** The kinds of input a person or a file gives, each with its own field rules. */
export type InputKind = 'order' | 'product' | 'shipment' | 'order_patch' | 'product_patch';

type FieldKind = TextKind | 'carrier';

/**
 * How each field is read, by path (`*` for a list index): identifiers and phone numbers get Excel's
 * text rules and damage checks; a carrier may be given by name. Fields not listed are text.
 */
const FIELD_KINDS: Record<InputKind, Readonly<Record<string, FieldKind>>> = {
  order: {
    id: 'id',
    member_id: 'id',
    recipient_cellphone: 'phone',
    'items.*.id': 'id',
    'items.*.product.id': 'id',
  },
  product: { id: 'id' },
  shipment: {
    order_id: 'id',
    'order_item_ids.*': 'id',
    tracking_number: 'id',
    company_code: 'carrier',
  },
  order_patch: { recipient_cellphone: 'phone' },
  product_patch: {},
};

/** Deeper than any record of the contract; what is below is left as it is (the contract refuses it). */
const MAX_DEPTH = 64;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A walk over a record: where it is (`path`, and as a pattern with `*` for indices), and what it found. */
interface Walk {
  path: (string | number)[];
  kinds: Readonly<Record<string, FieldKind>>;
  context: RecordContext;
  issues: ValidationIssue[];
}

/** Cleans every string of a record by its field's rules, into a copy; problems go to `walk.issues`. */
function clean(value: unknown, pattern: string, walk: Walk): unknown {
  if (typeof value === 'string') {
    const kind = walk.kinds[pattern] ?? 'text';
    const text = unwrapExcelText(value, kind === 'carrier' ? 'text' : kind);
    if (kind === 'text') return text;
    const loc = walk.path.map(String);
    if (kind === 'carrier') return carrierCode(text, loc, walk.context, walk.issues);
    const damage = excelDamage(text, kind);
    if (damage) walk.issues.push({ type: 'excel_damage', loc, msg: damage, input: text });
    return text;
  }
  if (walk.path.length >= MAX_DEPTH) return value;
  const prefix = pattern === '' ? '' : `${pattern}.`;
  if (Array.isArray(value)) {
    const copy = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index++) {
      walk.path.push(index);
      copy[index] = clean(value[index], `${prefix}*`, walk);
      walk.path.pop();
    }
    return copy;
  }
  if (isPlainObject(value)) {
    const copy: Record<string, unknown> = {};
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      walk.path.push(key);
      copy[key] = clean(value[key], prefix + key, walk);
      walk.path.pop();
    }
    return copy;
  }
  return value;
}

function carrierCode(text: string, loc: string[], context: RecordContext, issues: ValidationIssue[]): string {
  const trimmed = text.trim();
  if (!context.carriers || trimmed === '') return text;
  const resolved = context.carriers.resolve(trimmed);
  if ('code' in resolved) return resolved.code;
  issues.push({
    type: 'unknown_carrier',
    loc,
    msg:
      `is not a carrier in ${context.carriers.source}` +
      (resolved.closest.length > 0 ? `; closest: ${resolved.closest.join(', ')}` : '') +
      '. See: intake carriers',
    input: trimmed,
  });
  return trimmed;
}

const blank = (value: unknown) => value === undefined || (typeof value === 'string' && value.trim() === '');

/** Fills an order's product names and images from the catalog where the input has none. */
function completeOrder(order: Record<string, unknown>, context: RecordContext, issues: ValidationIssue[]) {
  if (!Array.isArray(order.items)) return;
  order.items.forEach((item: unknown, index) => {
    if (!isPlainObject(item) || !isPlainObject(item.product)) return;
    const product = item.product;
    const id = typeof product.id === 'string' ? product.id.trim() : '';
    if (id === '') return;
    if (blank(product.name) || blank(product.image_url)) {
      const known = context.products?.(id);
      if (blank(product.name) && known?.name) product.name = known.name;
      if (blank(product.image_url) && known?.image_url) product.image_url = known.image_url;
    }
    for (const field of ['name', 'image_url'] as const) {
      if (!blank(product[field])) continue;
      const what = field === 'name' ? 'name' : 'image URL';
      issues.push({
        type: 'missing_product_data',
        loc: ['items', String(index), 'product', field],
        msg: `is ${product[field] === undefined ? 'missing' : 'empty'}, and no catalog has the ${what} of product ${id}: give it here, give a catalog with --products FILE (id, name, image_url), or register the product first (intake product create)`,
        input: product[field],
      });
    }
  });
}

/** Finds a shipment's order from the ledger, by its items, when the input names none. */
function completeShipment(
  shipment: Record<string, unknown>,
  context: RecordContext,
  issues: ValidationIssue[],
) {
  if (!blank(shipment.order_id) || !context.orderOfItem) return;
  const items = Array.isArray(shipment.order_item_ids)
    ? shipment.order_item_ids.filter((item): item is string => typeof item === 'string' && item !== '')
    : [];
  if (items.length === 0) return;
  const orders = new Set<string>();
  for (const item of items) {
    const order = context.orderOfItem(item);
    if (order === undefined) {
      issues.push({
        type: 'order_not_found',
        loc: ['order_id'],
        msg: `is missing, and no order sent from here has item ${item} (the ledger knows the orders this tool sent to this service): add an order_id column, or upload the orders first`,
        input: shipment.order_id,
      });
      return;
    }
    orders.add(order);
  }
  if (orders.size > 1) {
    issues.push({
      type: 'value_error',
      loc: ['order_id'],
      msg: `is missing, and the items belong to different orders (${[...orders].join(', ')}); a shipment is for one order`,
      input: shipment.order_id,
    });
    return;
  }
  shipment.order_id = [...orders][0];
}

/** The outcome of checking one record: the record as it will be sent, or every problem with it. */
export type CheckedInput<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };

/**
 * A record as it will be sent, without the contract's check: Excel's text tricks unwrapped, carriers
 * given by name resolved, product names and images filled from the catalog, a shipment's order found
 * from its items; with what those rules found wrong. The send pass builds records this way, once the
 * check pass has checked them.
 */
export function prepareInput(
  kind: InputKind,
  input: unknown,
  context: RecordContext = {},
): { value: unknown; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const value = clean(input, '', { path: [], kinds: FIELD_KINDS[kind], context, issues });
  if (isPlainObject(value)) {
    if (kind === 'order') completeOrder(value, context, issues);
    if (kind === 'shipment') completeShipment(value, context, issues);
  }
  return { value, issues };
}

/**
 * Checks a record as a person or file gave it, whatever the input form: prepared as above, then checked
 * against Excel's damage and every rule of the contract. A field's own finding (an Excel diagnosis, a
 * missing image) says more than the contract's generic words, so it comes first and the contract's
 * issue about the same field is dropped.
 */
export function checkInput<S extends z.ZodType>(
  kind: InputKind,
  schema: S,
  input: unknown,
  context: RecordContext = {},
): CheckedInput<z.output<S>> {
  const { value, issues } = prepareInput(kind, input, context);
  const checked = check(schema, value, []);
  if (checked.ok && issues.length === 0) return checked;
  const reported = new Set(issues.map((issue) => issue.loc.join('.')));
  const contract = checked.ok ? [] : checked.issues.filter((issue) => !reported.has(issue.loc.join('.')));
  return { ok: false, issues: [...issues, ...contract] };
}

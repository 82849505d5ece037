import type { RecordKind } from '../contract/kinds.js';
import type { z } from 'zod';
import { check, type ValidationIssue } from '../contract/index.js';
import { excelDamage, excelError, unwrapExcelText, type TextKind } from './excel-text.js';
import { cellNumber, checkPhone } from './phone.js';
import { keyboardText } from './keyboard-text.js';
import type { RecordContext } from './record-context.js';
import { blank, completeOrder } from './order-completion.js';
import { isPlainObject } from '../util/plain-object.js';

/** The kinds of input a person or a file gives, each with its own field rules. */
export type InputKind = RecordKind | 'order_patch' | 'product_patch';

type FieldKind = TextKind | 'carrier' | 'tracking';

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
    tracking_number: 'tracking',
    company_code: 'carrier',
  },
  order_patch: { recipient_cellphone: 'phone' },
  product_patch: {},
};

/** Deeper than any record of the contract; what is below is left as it is (the contract refuses it). */
const MAX_DEPTH = 64;

/** The field kinds as a tree to walk alongside a record: `{items: {'*': {id: 'id'}}}`. */
interface KindTree {
  [key: string]: KindTree | FieldKind;
}

function treeOf(kinds: Readonly<Record<string, FieldKind>>): KindTree {
  const root: KindTree = {};
  for (const [path, kind] of Object.entries(kinds)) {
    const steps = path.split('.');
    let node = root;
    steps.forEach((step, index) => {
      if (index === steps.length - 1) node[step] = kind;
      else node = (node[step] ??= {}) as KindTree;
    });
  }
  return root;
}

const TREES = Object.fromEntries(
  Object.entries(FIELD_KINDS).map(([kind, kinds]) => [kind, treeOf(kinds)]),
) as Record<InputKind, KindTree>;

/** A walk over a record: where it is (for the `loc` of what it finds), and what it found. */
interface Walk {
  path: (string | number)[];
  context: RecordContext;
  issues: ValidationIssue[];
  /** What is taken, but worth a word (a phone number the bot may not reach). */
  warnings: ValidationIssue[];
}

/** How Excel's rules read a field of each kind: a tracking number is an identifier, a carrier text. */
const TEXT_KIND: Readonly<Record<FieldKind, TextKind>> = {
  id: 'id',
  phone: 'phone',
  text: 'text',
  carrier: 'text',
  tracking: 'id',
};

/**
 * A tracking number of digits in groups, as carriers print them (`6401-2345-6700`, `6401 2345 6700`), is
 * written as its digits alone: the same number however a sheet spells it, as marketplaces and carriers'
 * look-ups take it. Anything else is left as it is.
 */
const GROUPED_DIGITS = /^\s*\d+(?:[\s-]+\d+)+\s*$/;
const trackingDigits = (text: string): string => (GROUPED_DIGITS.test(text) ? text.replace(/\D/g, '') : text);

/** Whether a text's first sign, spaces aside, is `#` (asked of every string: the first code is enough). */
const startsWithHash = (text: string): boolean => {
  const first = text.charCodeAt(0);
  return first === 0x23 || (first <= 0x20 && text.trimStart().charCodeAt(0) === 0x23);
};

function cleanString(value: string, kind: FieldKind, walk: Walk): string {
  const text = unwrapExcelText(value, TEXT_KIND[kind]);
  // `#N/A` and the like are only ever a formula's failure: never sent as a name, an id or an address.
  if (startsWithHash(text)) {
    const error = excelError(text, walk.context.source);
    if (error) {
      walk.issues.push({
        type: 'excel_error',
        loc: walk.path.map(String),
        msg: error.message,
        ctx: error.ctx,
        input: text,
      });
      return text;
    }
  }
  if (kind === 'text') return text;
  const loc = walk.path.map(String);
  if (kind === 'carrier') return carrierCode(text, loc, walk.context, walk.issues);
  const damage = excelDamage(text, TEXT_KIND[kind], walk.context.source);
  if (damage)
    walk.issues.push({ type: 'excel_damage', loc, msg: damage.message, ctx: damage.ctx, input: text });
  else if (kind === 'tracking') {
    const digits = trackingDigits(keyboardText(text));
    walk.context.ids?.note(loc, digits);
    return digits;
  } else if (kind === 'id') walk.context.ids?.note(loc, text);
  else if (kind === 'phone' && text.trim() !== '') {
    // Sent as typed on a keyboard: full-width digits and other dashes would reach the bot as they are;
    // of a cell holding two numbers, the one the bot writes to.
    const { text: typed, count } = cellNumber(text);
    if (count > 1)
      walk.warnings.push({
        type: 'phone_numbers',
        loc,
        msg: `holds ${count} numbers: the bot writes to ${typed}, the one sent`,
        ctx: { count, sent: typed },
        input: text,
      });
    const verdict = checkPhone(typed);
    const found = verdict.ok ? verdict.warning : verdict.problem;
    if (found) {
      (verdict.ok ? walk.warnings : walk.issues).push({
        type: found.code,
        loc,
        msg: found.message,
        ctx: found.values,
        input: text,
      });
    }
    return typed;
  }
  return text;
}

/**
 * Cleans every string of a record by its field's rules. Copy on write: what needs no change is given
 * back as it is (the input, which may be kept for the rejects file, is never changed); a container is
 * copied only when something in it changed. Problems go to `walk.issues`.
 */
function clean(value: unknown, node: KindTree | FieldKind | undefined, walk: Walk): unknown {
  if (typeof value === 'string') return cleanString(value, typeof node === 'string' ? node : 'text', walk);
  if (value === null || typeof value !== 'object' || walk.path.length >= MAX_DEPTH) return value;
  const tree = typeof node === 'object' ? node : undefined;
  if (Array.isArray(value)) {
    const child = tree?.['*'];
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      walk.path.push(index);
      const cleaned = clean(value[index], child, walk);
      walk.path.pop();
      if (cleaned !== value[index]) (copy ??= value.slice())[index] = cleaned;
    }
    return copy ?? value;
  }
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    walk.path.push(key);
    const cleaned = clean(record[key], tree?.[key], walk);
    walk.path.pop();
    if (cleaned !== record[key]) (copy ??= { ...record })[key] = cleaned;
  }
  return copy ?? value;
}

function carrierCode(text: string, loc: string[], context: RecordContext, issues: ValidationIssue[]): string {
  const trimmed = text.trim();
  if (!context.carriers || trimmed === '') return text;
  const resolved = context.carriers.resolve(trimmed);
  if ('code' in resolved) return resolved.code;
  if ('ambiguous' in resolved) {
    issues.push({
      type: 'ambiguous_carrier',
      loc,
      msg: `could be ${resolved.candidates.join(' or ')}: write the code of the one that carried it`,
      ctx: { candidates: resolved.candidates.join(', ') },
      input: trimmed,
    });
    return trimmed;
  }
  issues.push({
    type: 'unknown_carrier',
    loc,
    msg:
      `is not a carrier in ${context.carriers.source}` +
      (resolved.closest.length > 0 ? `; closest: ${resolved.closest.join(', ')}` : '') +
      '. See: intake carriers',
    ctx: { source: context.carriers.source, closest: resolved.closest.join(', ') },
    input: trimmed,
  });
  return trimmed;
}

/** Finds a shipment's order from the ledger, by its items, when the input names none (into a copy). */
function completeShipment(
  shipment: Record<string, unknown>,
  context: RecordContext,
  issues: ValidationIssue[],
): Record<string, unknown> {
  if (!blank(shipment.order_id) || !context.orderOfItem) return shipment;
  const items = Array.isArray(shipment.order_item_ids)
    ? shipment.order_item_ids.filter((item): item is string => typeof item === 'string' && item !== '')
    : [];
  if (items.length === 0) return shipment;
  const orders = new Set<string>();
  for (const item of items) {
    const order = context.orderOfItem(item);
    if (order === undefined) {
      issues.push({
        type: 'order_not_found',
        loc: ['order_id'],
        msg: `is missing, and no order sent from here has item ${item} (the ledger knows the orders this tool sent to this service): add an order_id column, or upload the orders first`,
        ctx: { item },
        input: shipment.order_id,
      });
      return shipment;
    }
    orders.add(order);
  }
  if (orders.size > 1) {
    issues.push({
      type: 'items_of_several_orders',
      loc: ['order_id'],
      msg: `is missing, and the items belong to different orders (${[...orders].join(', ')}); a shipment is for one order`,
      ctx: { orders: [...orders].join(', ') },
      input: shipment.order_id,
    });
    return shipment;
  }
  return { ...shipment, order_id: [...orders][0] };
}

/**
 * The outcome of checking one record: the record as it will be sent, or every problem with it; either
 * way, what is taken but worth a word.
 */
export type CheckedInput<T> =
  | { ok: true; value: T; warnings: ValidationIssue[] }
  | { ok: false; issues: ValidationIssue[]; warnings: ValidationIssue[] };

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
): { value: unknown; issues: ValidationIssue[]; warnings: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const warnings: ValidationIssue[] = [];
  const cleaned = clean(input, TREES[kind], { path: [], context, issues, warnings });
  if (!isPlainObject(cleaned)) return { value: cleaned, issues, warnings };
  if (kind === 'order') return { value: completeOrder(cleaned, context, issues), issues, warnings };
  if (kind === 'shipment') return { value: completeShipment(cleaned, context, issues), issues, warnings };
  return { value: cleaned, issues, warnings };
}

/**
 * An order line's product with no id has no name or image to look up either: that follows from the
 * missing id, which is the one problem to say.
 */
function followsFromNoProductId(kind: InputKind, value: unknown, loc: readonly string[]): boolean {
  if (kind !== 'order' || loc.length !== 4 || loc[0] !== 'items' || loc[2] !== 'product') return false;
  if (loc[3] !== 'name' && loc[3] !== 'image_url') return false;
  const items = isPlainObject(value) && Array.isArray(value.items) ? value.items : [];
  const item = items[Number(loc[1])] as { product?: { id?: unknown } } | undefined;
  return blank(item?.product?.id);
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
  const { value, issues, warnings } = prepareInput(kind, input, context);
  const checked = check(schema, value, []);
  if (checked.ok && issues.length === 0) return { ...checked, warnings };
  const reported = new Set(issues.map((issue) => issue.loc.join('.')));
  const contract = checked.ok
    ? []
    : checked.issues.filter(
        (issue) => !reported.has(issue.loc.join('.')) && !followsFromNoProductId(kind, value, issue.loc),
      );
  return { ok: false, issues: [...issues, ...contract], warnings };
}

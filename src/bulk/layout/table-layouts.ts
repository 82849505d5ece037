import type { ValidationIssue } from '../../contract/validation.js';
import {
  LIST_MAX_ITEMS,
  OrderCreateBody,
  ProductCreateBody,
  ProductPatchBody,
  SELF_DELIVERY,
  ShipmentRecord,
  type OrderItem,
} from '../../contract/index.js';
import { unwrapExcelText } from '../../input/excel-text.js';
import type { RecordContext } from '../../input/record-context.js';
import { checkInput, prepareInput, type InputKind } from '../../input/record-rules.js';
import { cellNumber, phoneDigits } from '../../input/phone.js';
import type { AgreedField, Inspection, TableLayout } from './layouts.js';
import { groupOfInvalid, idCell, present, type Cells } from './cells.js';
import { rowPhone, type RowPhone } from './order-phone.js';
import { problemFromIssue, type Problem } from '../problems.js';
import type { ResourceName } from '../resources.js';

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/** Keeps the first problem per column: a field's own finding says more than what follows from it. */
function firstPerColumn(problems: readonly Problem[]): Problem[] {
  const seen = new Set<string | undefined>();
  return problems.filter((problem) => !seen.has(problem.column) && seen.add(problem.column));
}

/**
 * Checks a record built from a row with the input rules and the contract; each problem is said about
 * the column it comes from, with the cell as written.
 */
function checkRow<T>(
  kind: InputKind,
  schema: Parameters<typeof checkInput>[1],
  candidate: unknown,
  context: RecordContext,
  cells: Cells,
  columnOf: (loc: readonly string[]) => string,
): { ok: true; value: T; warnings: Problem[] } | { ok: false; problems: Problem[] } {
  const checked = checkInput(kind, schema, candidate, context);
  const asProblem = (issue: ValidationIssue) => {
    const column = columnOf(issue.loc);
    return problemFromIssue(issue, column, cells[column] ?? issue.input);
  };
  if (checked.ok) return { ok: true, value: checked.value as T, warnings: checked.warnings.map(asProblem) };
  return { ok: false, problems: firstPerColumn(checked.issues.map(asProblem)) };
}

const ORDER_COLUMNS_BY_LOC: Record<string, string> = {
  id: 'order_id',
  member_id: 'member_id',
  recipient_name: 'recipient_name',
  recipient_cellphone: 'recipient_cellphone',
  'items.0.id': 'item_id',
  'items.0.product.id': 'product_id',
  'items.0.product.name': 'product_name',
  'items.0.product.image_url': 'product_image_url',
};

interface OrderPart {
  id: string;
  member_id?: string;
  recipient_name: string;
  recipient_cellphone: string;
  item: OrderItem;
}

/** A row as a one-line order, as written, with the phone the bot writes to. */
function orderCandidate(cells: Cells, phone: RowPhone = rowPhone(cells)) {
  const options = present(cells.product_option)
    ?.split('|')
    .map((option) => option.trim())
    .filter((option) => option !== '');
  const memberId = present(cells.member_id);
  return {
    id: present(cells.order_id) ?? '',
    ...(memberId === undefined ? {} : { member_id: memberId }),
    recipient_name: present(cells.recipient_name) ?? '',
    recipient_cellphone: phone.text,
    items: [
      {
        id: present(cells.item_id) ?? '',
        product: {
          id: present(cells.product_id) ?? '',
          name: present(cells.product_name) ?? '',
          image_url: present(cells.product_image_url) ?? '',
        },
        ...(options && options.length > 0 ? { product_option: options } : {}),
      },
    ],
  };
}

/** Orders: one row per order item; all rows of an order, adjacent or not, make one order. */
function ordersTable(context: RecordContext): TableLayout {
  const columnOf = (loc: readonly string[]) =>
    ORDER_COLUMNS_BY_LOC[loc.join('.')] ?? (loc[0] === 'items' ? 'product_option' : loc.join('.'));
  const checkOrderRow = (cells: Cells) => {
    // The phone's problems are said about the column it was read from.
    const phone = rowPhone(cells);
    const rowColumnOf =
      phone.column === 'recipient_cellphone'
        ? columnOf
        : (loc: readonly string[]) =>
            loc.join('.') === 'recipient_cellphone' ? phone.column : columnOf(loc);
    return checkRow<OrderCreateBody>(
      'order',
      OrderCreateBody,
      orderCandidate(cells, phone),
      context,
      cells,
      rowColumnOf,
    );
  };
  const partOf = (order: OrderCreateBody): OrderPart => {
    const { items, ...rest } = order;
    return { ...rest, item: items[0] as OrderItem };
  };
  return {
    grouped: true,
    maxUnits: LIST_MAX_ITEMS,
    oneItemPerUnit: true,
    columns: [
      'order_id',
      'member_id',
      'recipient_name',
      'recipient_cellphone',
      'recipient_other_phone',
      'item_id',
      'product_id',
      'product_name',
      'product_image_url',
      'product_option',
    ],
    required: [['order_id'], ['recipient_name'], ['recipient_cellphone'], ['item_id'], ['product_id']],
    inspect(value): Inspection {
      const cells = value as Cells;
      // Each row is checked as a one-line order: every rule but those across rows, which the check pass adds.
      const checked = checkOrderRow(cells);
      if (!checked.ok) {
        return { ...groupOfInvalid(cells.order_id), problems: checked.problems };
      }
      const { item, ...order } = partOf(checked.value);
      return {
        group: order.id,
        itemIds: [item.id],
        bytes: { base: jsonBytes({ ...order, items: [] }), part: jsonBytes(item) },
        problems: [],
        ...(checked.warnings.length > 0 ? { warnings: checked.warnings } : {}),
      };
    },
    build(value) {
      // The row passed the check: it is prepared the same way, without checking it again.
      const part = partOf(
        prepareInput('order', orderCandidate(value as Cells), context).value as OrderCreateBody,
      );
      return { group: part.id, part };
    },
    merge(parts) {
      const [first] = parts as OrderPart[];
      if (!first) throw new Error('an order needs at least one row');
      const { item: _item, ...order } = first;
      return { ...order, items: (parts as OrderPart[]).map((part) => part.item) };
    },
    label: (value) => idCell((value as Cells).order_id) ?? '',
    agreeing: orderAgreement,
    columnOf,
    ids: context.ids,
  };
}

/** A name as compared across rows: trimmed, its spaces single, its letters composed. */
const nameKey = (value: string) => value.normalize('NFC').replace(/\s+/g, ' ').trim();

/**
 * What the rows of one order must agree on: the member (a masked one counts as none, as it is left out),
 * the recipient's name (spaces aside) and the phone the bot writes to (its digits).
 */
function orderAgreement(value: unknown): AgreedField[] {
  const cells = value as Cells;
  const member = idCell(cells.member_id) ?? '';
  const name = present(cells.recipient_name) ?? '';
  const phone = rowPhone(cells);
  const phoneText = cellNumber(unwrapExcelText(phone.text, 'phone')).text;
  return [
    { column: 'member_id', raw: member, key: /\*{2,}/.test(member) ? '' : member },
    { column: 'recipient_name', raw: name, key: nameKey(unwrapExcelText(name, 'text')) },
    { column: phone.column, raw: phone.text, key: phoneDigits(phoneText) ?? phoneText.trim() },
  ];
}

/** A product's row, or a catalog's: an id with its name and its image URL, either left out in a catalog. */
type CatalogEntry = { id: string; name?: string | null; image_url?: string | null };

/** What a product row is, once checked: its problems, or its record's key, fingerprint and size. */
function productInspection(cells: Cells, checked: ReturnType<typeof checkRow<CatalogEntry>>): Inspection {
  if (!checked.ok) {
    return { ...groupOfInvalid(cells.id), problems: checked.problems };
  }
  const product = checked.value;
  return {
    group: product.id,
    fingerprint: `${product.name ?? ''}\u0000${product.image_url ?? ''}`,
    bytes: { base: jsonBytes(product), part: 0 },
    problems: [],
  };
}

/** Products: one row per product. */
function productsTable(context: RecordContext): TableLayout {
  const columnOf = (loc: readonly string[]) => loc.join('.');
  const candidate = (cells: Cells) => ({
    id: present(cells.id) ?? '',
    name: present(cells.name) ?? '',
    image_url: present(cells.image_url) ?? '',
  });
  const checkProductRow = (cells: Cells) =>
    checkRow<ProductCreateBody>('product', ProductCreateBody, candidate(cells), context, cells, columnOf);
  return {
    grouped: false,
    maxUnits: 1,
    oneItemPerUnit: false,
    columns: ['id', 'name', 'image_url'],
    required: [['id'], ['name'], ['image_url']],
    inspect: (value) => productInspection(value as Cells, checkProductRow(value as Cells)),
    build(value) {
      const product = prepareInput('product', candidate(value as Cells), context).value as ProductCreateBody;
      return { group: product.id, part: product };
    },
    merge: (parts) => parts[0],
    label: (value) => idCell((value as Cells).id) ?? '',
    columnOf,
    ids: context.ids,
  };
}

/**
 * A row of a product catalog (`intake catalog import`, `--products`, the page's product list): an id
 * with its name, its image URL or both. A marketplace's download has the names; a list of images alone
 * fills what it lacks, and a name alone is kept beside an image known already.
 */
export const CatalogRow = ProductCreateBody.pick({ id: true })
  .extend(ProductPatchBody.shape)
  .refine((row) => row.name != null || row.image_url != null, {
    message: 'has neither a name nor an image URL',
    params: { type: 'name_or_image' },
  });

/** A product catalog's rows: an id, and a name or an image URL (or both). */
export function catalogTable(context: RecordContext = {}): TableLayout {
  const products = productsTable(context);
  const candidate = (cells: Cells) => {
    const name = present(cells.name);
    const image = present(cells.image_url);
    return {
      id: present(cells.id) ?? '',
      ...(name === undefined ? {} : { name }),
      ...(image === undefined ? {} : { image_url: image }),
    };
  };
  return {
    ...products,
    required: [['id'], ['name', 'image_url']],
    inspect(value) {
      const cells = value as Cells;
      const row = candidate(cells);
      return productInspection(
        cells,
        checkRow<CatalogEntry>('product', CatalogRow, row, context, cells, products.columnOf),
      );
    },
    build(value) {
      const product = prepareInput('product', candidate(value as Cells), context).value as { id: string };
      return { group: product.id, part: product };
    },
  };
}

/**
 * How a marketplace says an item was handed over without a carrier (Naver Smartstore's 배송방법): such a
 * row with no carrier is a delivery by the merchant itself.
 */
const WITHOUT_CARRIER = new Set(['직접전달', '방문수령', '퀵서비스', '직접배송', 'self']);

function shipmentCandidate(cells: Cells): { itemColumn: string; shipment: Record<string, unknown> } {
  const itemColumn = present(cells.order_item_ids) !== undefined ? 'order_item_ids' : 'order_item_id';
  const items = (present(cells[itemColumn]) ?? '')
    .split('|')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  const method = present(cells.delivery_method)?.replace(/\s+/g, '');
  const self =
    present(cells.company_code) === undefined && method !== undefined && WITHOUT_CARRIER.has(method);
  return {
    itemColumn,
    shipment: {
      order_id: present(cells.order_id) ?? '',
      order_item_ids: items,
      company_code: self ? SELF_DELIVERY : (present(cells.company_code) ?? ''),
      tracking_number: self ? SELF_DELIVERY : (present(cells.tracking_number) ?? ''),
    },
  };
}

/** Why a dispatch row is skipped. */
export const NOT_SHIPPED = 'no tracking number yet';

const shipmentGroup = (shipment: ShipmentRecord) =>
  [shipment.order_id, shipment.company_code, shipment.tracking_number].join('\u0000');

/** Shipments: rows with the same order, carrier and tracking number make one shipment. */
function shipmentsTable(context: RecordContext): TableLayout {
  const checkShipmentRow = (cells: Cells) => {
    const { itemColumn, shipment } = shipmentCandidate(cells);
    return checkRow<ShipmentRecord>('shipment', ShipmentRecord, shipment, context, cells, (loc) =>
      loc[0] === 'order_item_ids' ? itemColumn : loc.join('.'),
    );
  };
  return {
    grouped: true,
    maxUnits: LIST_MAX_ITEMS,
    oneItemPerUnit: false,
    columns: [
      'order_id',
      'order_item_id',
      'order_item_ids',
      'company_code',
      'tracking_number',
      'delivery_method',
    ],
    required: [['order_item_id', 'order_item_ids'], ['company_code'], ['tracking_number']],
    inspect(value) {
      // A dispatch sheet comes back half filled: a row with no tracking number is not shipped yet.
      if (shipmentCandidate(value as Cells).shipment.tracking_number === '') {
        return { problems: [], skip: NOT_SHIPPED };
      }
      const checked = checkShipmentRow(value as Cells);
      if (!checked.ok) return { problems: checked.problems };
      const shipment = checked.value;
      const items = jsonBytes(shipment.order_item_ids) - 2;
      return {
        group: shipmentGroup(shipment),
        bytes: { base: jsonBytes({ ...shipment, order_item_ids: [] }), part: items },
        problems: [],
        // Delivered in person ('self'): no parcel, and every such shipment names the same 'self'.
        ...(shipment.company_code === SELF_DELIVERY
          ? {}
          : { parcel: `${shipment.company_code}\u0000${shipment.tracking_number}` }),
      };
    },
    build(value) {
      const { shipment } = shipmentCandidate(value as Cells);
      const prepared = prepareInput('shipment', shipment, context).value as ShipmentRecord;
      return { group: shipmentGroup(prepared), part: prepared };
    },
    merge(parts) {
      const shipments = parts as ShipmentRecord[];
      const [first] = shipments;
      if (!first) throw new Error('a shipment needs at least one row');
      const items = [...new Set(shipments.flatMap((shipment) => shipment.order_item_ids))];
      return { ...first, order_item_ids: items };
    },
    columnOf: (loc, value) =>
      loc[0] === 'order_item_ids' && value !== undefined
        ? shipmentCandidate(value as Cells).itemColumn
        : loc.join('.'),
    ids: context.ids,
    label: (value) => {
      const cells = value as Cells;
      return [idCell(cells.order_id), present(cells.company_code), idCell(cells.tracking_number)]
        .map((cell) => cell ?? '')
        .join(' ')
        .trim();
    },
  };
}

/** The layout of a sheet (CSV or .xlsx) of each kind of record, with what checking may draw on. */
export function tableLayout(name: ResourceName, context: RecordContext = {}): TableLayout {
  switch (name) {
    case 'order':
      return ordersTable(context);
    case 'product':
      return productsTable(context);
    case 'shipment':
      return shipmentsTable(context);
  }
}

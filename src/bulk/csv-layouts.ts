import type { z } from 'zod';
import {
  LIST_MAX_ITEMS,
  OrderCreateBody,
  ProductCreateBody,
  ShipmentRecord,
  check,
  type OrderItem,
} from '../contract/index.js';
import { excelDamage, type ExcelKind } from './excel.js';
import type { CsvLayout } from './layouts.js';
import { problemFromIssue, type Problem } from './problems.js';
import type { ResourceName } from './resources.js';

type Cells = Record<string, string | undefined>;

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/** A cell as a value: trimmed, and undefined when empty or the column is absent. */
const present = (value: string | undefined) => {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

function problemsAgainst(
  schema: z.ZodType,
  candidate: unknown,
  columnOf: (loc: readonly string[]) => string,
  cells: Cells,
): Problem[] {
  const checked = check(schema, candidate, []);
  if (checked.ok) return [];
  return checked.issues.map((issue) => {
    const column = columnOf(issue.loc.map(String));
    return problemFromIssue(issue, column, cells[column] ?? issue.input);
  });
}

function excelProblems(cells: Cells, columns: Record<string, ExcelKind>): Problem[] {
  const problems: Problem[] = [];
  for (const [column, kind] of Object.entries(columns)) {
    const value = present(cells[column]);
    const damage = value === undefined ? undefined : excelDamage(value, kind);
    if (damage) problems.push({ column, value: value as string, message: damage });
  }
  return problems;
}

/** Keeps the first problem per column: an Excel diagnosis says more than the contract's generic words. */
function firstPerColumn(problems: readonly Problem[]): Problem[] {
  const seen = new Set<string | undefined>();
  return problems.filter((problem) => !seen.has(problem.column) && seen.add(problem.column));
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

function orderPart(cells: Cells): OrderPart {
  const options = present(cells.product_option)
    ?.split('|')
    .map((option) => option.trim())
    .filter((option) => option !== '');
  const memberId = present(cells.member_id);
  return {
    id: present(cells.order_id) ?? '',
    ...(memberId === undefined ? {} : { member_id: memberId }),
    recipient_name: present(cells.recipient_name) ?? '',
    recipient_cellphone: present(cells.recipient_cellphone) ?? '',
    item: {
      id: present(cells.item_id) ?? '',
      product: {
        id: present(cells.product_id) ?? '',
        name: present(cells.product_name) ?? '',
        image_url: present(cells.product_image_url) ?? '',
      },
      ...(options && options.length > 0 ? { product_option: options } : {}),
    },
  };
}

/** Orders CSV: one row per order item; all rows of an order, adjacent or not, make one order. */
export const ordersCsv: CsvLayout = {
  grouped: true,
  maxUnits: LIST_MAX_ITEMS,
  oneItemPerUnit: true,
  columns: [
    'order_id',
    'member_id',
    'recipient_name',
    'recipient_cellphone',
    'item_id',
    'product_id',
    'product_name',
    'product_image_url',
    'product_option',
  ],
  required: [
    ['order_id'],
    ['recipient_name'],
    ['recipient_cellphone'],
    ['item_id'],
    ['product_id'],
    ['product_name'],
    ['product_image_url'],
  ],
  inspect(value) {
    const cells = value as Cells;
    const { item, ...order } = orderPart(cells);
    // Each row is checked as a one-line order: every rule but those across rows, which the check pass adds.
    const problems = firstPerColumn([
      ...excelProblems(cells, {
        order_id: 'id',
        member_id: 'id',
        item_id: 'id',
        product_id: 'id',
        recipient_cellphone: 'phone',
      }),
      ...problemsAgainst(
        OrderCreateBody,
        { ...order, items: [item] },
        (loc) =>
          ORDER_COLUMNS_BY_LOC[loc.join('.')] ?? (loc[0] === 'items' ? 'product_option' : loc.join('.')),
        cells,
      ),
    ]);
    if (problems.length > 0) return { ...(order.id ? { group: order.id } : {}), problems };
    return {
      group: order.id,
      fingerprint: [order.member_id ?? '', order.recipient_name, order.recipient_cellphone].join('\u0000'),
      itemIds: [item.id],
      bytes: { base: jsonBytes({ ...order, items: [] }), part: jsonBytes(item) },
      problems: [],
    };
  },
  build(value) {
    const part = orderPart(value as Cells);
    return { group: part.id, part };
  },
  merge(parts) {
    const [first] = parts as OrderPart[];
    if (!first) throw new Error('an order needs at least one row');
    const { item: _item, ...order } = first;
    return { ...order, items: (parts as OrderPart[]).map((part) => part.item) };
  },
  label: (value) => present((value as Cells).order_id) ?? '',
};

const productOf = (cells: Cells) => ({
  id: present(cells.id) ?? '',
  name: present(cells.name) ?? '',
  image_url: present(cells.image_url) ?? '',
});

/** Products CSV: one row per product. */
export const productsCsv: CsvLayout = {
  grouped: false,
  maxUnits: 1,
  oneItemPerUnit: false,
  columns: ['id', 'name', 'image_url'],
  required: [['id'], ['name'], ['image_url']],
  inspect(value) {
    const cells = value as Cells;
    const product = productOf(cells);
    const problems = firstPerColumn([
      ...excelProblems(cells, { id: 'id' }),
      ...problemsAgainst(ProductCreateBody, product, (loc) => loc.join('.'), cells),
    ]);
    if (problems.length > 0) return { ...(product.id ? { group: product.id } : {}), problems };
    return {
      group: product.id,
      fingerprint: `${product.name}\u0000${product.image_url}`,
      bytes: { base: jsonBytes(product), part: 0 },
      problems: [],
    };
  },
  build(value) {
    const part = productOf(value as Cells);
    return { group: part.id, part };
  },
  merge: (parts) => parts[0],
  label: (value) => present((value as Cells).id) ?? '',
};

function shipmentOf(cells: Cells): { itemColumn: string; shipment: ShipmentRecord } {
  const itemColumn = present(cells.order_item_ids) !== undefined ? 'order_item_ids' : 'order_item_id';
  const items = (present(cells[itemColumn]) ?? '')
    .split('|')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return {
    itemColumn,
    shipment: {
      order_id: present(cells.order_id) ?? '',
      order_item_ids: items,
      company_code: present(cells.company_code) ?? '',
      tracking_number: present(cells.tracking_number) ?? '',
    },
  };
}

const shipmentGroup = (shipment: ShipmentRecord) =>
  [shipment.order_id, shipment.company_code, shipment.tracking_number].join('\u0000');

/** Shipments CSV: rows with the same order, carrier and tracking number make one shipment. */
export const shipmentsCsv: CsvLayout = {
  grouped: true,
  maxUnits: LIST_MAX_ITEMS,
  oneItemPerUnit: false,
  columns: ['order_id', 'order_item_id', 'order_item_ids', 'company_code', 'tracking_number'],
  required: [['order_id'], ['order_item_id', 'order_item_ids'], ['company_code'], ['tracking_number']],
  inspect(value) {
    const cells = value as Cells;
    const { itemColumn, shipment } = shipmentOf(cells);
    const problems = firstPerColumn([
      ...excelProblems(cells, { order_id: 'id', [itemColumn]: 'id', tracking_number: 'id' }),
      ...problemsAgainst(
        ShipmentRecord,
        shipment,
        (loc) => (loc[0] === 'order_item_ids' ? itemColumn : loc.join('.')),
        cells,
      ),
    ]);
    if (problems.length > 0) return { problems };
    const items = jsonBytes(shipment.order_item_ids) - 2;
    return {
      group: shipmentGroup(shipment),
      bytes: { base: jsonBytes({ ...shipment, order_item_ids: [] }), part: items },
      problems: [],
    };
  },
  build(value) {
    const { shipment } = shipmentOf(value as Cells);
    return { group: shipmentGroup(shipment), part: shipment };
  },
  merge(parts) {
    const shipments = parts as ShipmentRecord[];
    const [first] = shipments;
    if (!first) throw new Error('a shipment needs at least one row');
    const items = [...new Set(shipments.flatMap((shipment) => shipment.order_item_ids))];
    return { ...first, order_item_ids: items };
  },
  label: (value) => {
    const cells = value as Cells;
    return [cells.order_id, cells.company_code, cells.tracking_number]
      .map((cell) => present(cell) ?? '')
      .join(' ')
      .trim();
  },
};

export const CSV_LAYOUTS: Record<ResourceName, CsvLayout> = {
  order: ordersCsv,
  product: productsCsv,
  shipment: shipmentsCsv,
};

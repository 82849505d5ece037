import { appliedAtOf } from './jobs.js';
import { countOf, insertStatement, type Sql } from './sql.js';

export interface OrderRow {
  merchant_id: string;
  id: string;
  member_id: string | null;
  recipient_name: string;
  recipient_cellphone: string;
  job_seq: number;
  requested_at: number;
  applied_at: number | null;
}

export interface OrderItemRow {
  merchant_id: string;
  id: string;
  order_id: string;
  position: number;
  product_id: string;
  product_name: string;
  product_image_url: string;
  /** JSON array of option strings, or null when the line had none. */
  product_option: string | null;
  shipment_id: number | null;
}

/** An order stored as queued. */
export const insertOrder = insertStatement<OrderRow>('orders', [
  'merchant_id',
  'id',
  'member_id',
  'recipient_name',
  'recipient_cellphone',
  'job_seq',
  'requested_at',
  'applied_at',
]);
/** An order's lines stored. */
export const insertItem = insertStatement<OrderItemRow>('order_items', [
  'merchant_id',
  'id',
  'order_id',
  'position',
  'product_id',
  'product_name',
  'product_image_url',
  'product_option',
  'shipment_id',
]);

/** The columns of orders and their items, as written (and copied by export and import). */
export const ORDER_COLUMNS = insertOrder.columns;
export const ORDER_ITEM_COLUMNS = insertItem.columns;

/**
 * Orders as read (alias `o`). Applying an order writes nothing to its row: an order whose create the
 * queue's cursor has passed was applied (one that failed is removed), at the time of the cursor's first
 * step past it. Orders applied by earlier versions have the time in their row.
 */
const ORDER_VIEW = `SELECT o.merchant_id, o.id, o.member_id, o.recipient_name, o.recipient_cellphone, o.job_seq,
    o.requested_at,
    CASE WHEN o.applied_at IS NOT NULL THEN o.applied_at
      WHEN o.job_seq <= c.applied_through THEN ${appliedAtOf('o.merchant_id', 'o.job_seq')}
    END AS applied_at
  FROM orders o LEFT JOIN queue_cursors c ON c.merchant_id = o.merchant_id`;

/** An order's line as it names its product. */
type StagedLine = { order_id: string; job_seq: number; id: string; name: string; image_url: string };

export function ordersRepo(sql: Sql) {
  // Long because it is the orders table's repository: one short query per operation, closed over the
  // dialect's pieces.
  const { dialect } = sql;
  return {
    get: (merchantId: string, id: string) =>
      sql.get<OrderRow>(`${ORDER_VIEW} WHERE o.merchant_id = ? AND o.id = ?`, [merchantId, id]),
    insert: async (row: OrderRow) => void (await sql.run(insertOrder.text, insertOrder.values(row))),
    insertItem: async (row: OrderItemRow) => void (await sql.run(insertItem.text, insertItem.values(row))),
    /** Stores an order's items in one statement. */
    insertItems: async (rows: readonly OrderItemRow[]) => {
      const { text, values } = insertItem.many(rows);
      await sql.run(text, values);
    },
    /**
     * In one statement: which of these order ids are taken, and which of these item ids, with their
     * orders.
     */
    takenMany: async (merchantId: string, orderIds: readonly string[], itemIds: readonly string[]) => {
      const { text, values } = dialect.takenIds(merchantId, orderIds, itemIds);
      const rows = await sql.all<{ what: 'order' | 'item'; id: string; order_id: string }>(text, values);
      const taken = { orders: new Set<string>(), items: new Map<string, string>() };
      for (const row of rows) {
        if (row.what === 'order') taken.orders.add(row.id);
        else taken.items.set(row.id, row.order_id);
      }
      return taken;
    },
    getItem: (merchantId: string, itemId: string) =>
      sql.get<OrderItemRow>('SELECT * FROM order_items WHERE merchant_id = ? AND id = ?', [
        merchantId,
        itemId,
      ]),
    itemsOf: (merchantId: string, orderId: string) =>
      sql.all<OrderItemRow>(
        'SELECT * FROM order_items WHERE merchant_id = ? AND order_id = ? ORDER BY position',
        [merchantId, orderId],
      ),
    /**
     * Which create staged each of these orders (those that exist), with the products its lines name as
     * the order named them: a row per line, by order, in line order.
     */
    stagedLines: (merchantId: string, orderIds: readonly string[]) => {
      const { text, values } = dialect.stagedLines(merchantId, orderIds);
      return sql.all<StagedLine>(text, values);
    },
    /** Changes the recipient of an order, queued or applied; false when there is no such order. */
    updateRecipient: async (merchantId: string, id: string, name: string, cellphone: string) =>
      (await sql.run(
        'UPDATE orders SET recipient_name = ?, recipient_cellphone = ? WHERE merchant_id = ? AND id = ?',
        [name, cellphone, merchantId, id],
      )) > 0,
    /** Removes an order that was accepted by `seq` but never applied, so that its ids are free again. */
    discardStaged: async (merchantId: string, id: string, seq: number) => {
      const removed = await sql.run(
        'DELETE FROM orders WHERE merchant_id = ? AND id = ? AND job_seq = ? AND applied_at IS NULL',
        [merchantId, id, seq],
      );
      if (removed > 0) {
        await sql.run('DELETE FROM order_items WHERE merchant_id = ? AND order_id = ?', [merchantId, id]);
      }
    },
    setItemShipment: async (merchantId: string, itemId: string, shipmentId: number) =>
      void (await sql.run('UPDATE order_items SET shipment_id = ? WHERE merchant_id = ? AND id = ?', [
        shipmentId,
        merchantId,
        itemId,
      ])),
    /** A merchant's orders, newest first, before `before` (an order's create number) when given. */
    newest: (merchantId: string, before: number | undefined, limit: number) =>
      sql.all<OrderRow>(
        `${ORDER_VIEW} WHERE o.merchant_id = ?${before === undefined ? '' : ' AND o.job_seq < ?'}
         ORDER BY o.job_seq DESC LIMIT ?`,
        before === undefined ? [merchantId, limit] : [merchantId, before, limit],
      ),
    count: (merchantId: string) => countOf(sql, 'orders', merchantId),
    /** The merchant's orders in the order they were stored, after the one staged by `afterSeq`. */
    list: (merchantId: string, limit: number, afterSeq = 0) =>
      sql.all<OrderRow>(
        `${ORDER_VIEW} WHERE o.merchant_id = ? AND o.job_seq > ? ORDER BY o.job_seq LIMIT ?`,
        [merchantId, afterSeq, limit],
      ),
  };
}

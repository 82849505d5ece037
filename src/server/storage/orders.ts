import type { Db } from './database.js';

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

export function ordersRepo(db: Db) {
  const get = db.prepare<[string, string], OrderRow>('SELECT * FROM orders WHERE merchant_id = ? AND id = ?');
  const insert = db.prepare<OrderRow>(
    `INSERT INTO orders (merchant_id, id, member_id, recipient_name, recipient_cellphone, job_seq, requested_at, applied_at)
     VALUES (@merchant_id, @id, @member_id, @recipient_name, @recipient_cellphone, @job_seq, @requested_at, @applied_at)`,
  );
  const insertItem = db.prepare<OrderItemRow>(
    `INSERT INTO order_items (merchant_id, id, order_id, position, product_id, product_name, product_image_url, product_option, shipment_id)
     VALUES (@merchant_id, @id, @order_id, @position, @product_id, @product_name, @product_image_url, @product_option, @shipment_id)`,
  );
  const getItem = db.prepare<[string, string], OrderItemRow>(
    'SELECT * FROM order_items WHERE merchant_id = ? AND id = ?',
  );
  const itemsOf = db.prepare<[string, string], OrderItemRow>(
    'SELECT * FROM order_items WHERE merchant_id = ? AND order_id = ? ORDER BY position',
  );
  const productsOf = db.prepare<[string, string], { id: string; name: string; image_url: string }>(
    `SELECT product_id AS id, product_name AS name, product_image_url AS image_url FROM order_items
     WHERE merchant_id = ? AND order_id = ? ORDER BY position`,
  );
  const updateRecipient = db.prepare<[string, string, string, string]>(
    'UPDATE orders SET recipient_name = ?, recipient_cellphone = ? WHERE merchant_id = ? AND id = ?',
  );
  const markApplied = db.prepare<[number, string, string, number]>(
    'UPDATE orders SET applied_at = ? WHERE merchant_id = ? AND id = ? AND job_seq = ?',
  );
  const deleteItems = db.prepare<[string, string]>(
    'DELETE FROM order_items WHERE merchant_id = ? AND order_id = ?',
  );
  const deleteOrder = db.prepare<[string, string, number]>(
    'DELETE FROM orders WHERE merchant_id = ? AND id = ? AND job_seq = ? AND applied_at IS NULL',
  );
  const setItemShipment = db.prepare<[number, string, string]>(
    'UPDATE order_items SET shipment_id = ? WHERE merchant_id = ? AND id = ?',
  );
  const list = db.prepare<[string, number], OrderRow>(
    'SELECT * FROM orders WHERE merchant_id = ? ORDER BY job_seq LIMIT ?',
  );
  return {
    get: (merchantId: string, id: string) => get.get(merchantId, id),
    insert: (row: OrderRow) => void insert.run(row),
    insertItem: (row: OrderItemRow) => void insertItem.run(row),
    getItem: (merchantId: string, itemId: string) => getItem.get(merchantId, itemId),
    itemsOf: (merchantId: string, orderId: string) => itemsOf.all(merchantId, orderId),
    /** The products of an order's lines, as the order named them, in line order. */
    productsOf: (merchantId: string, orderId: string) => productsOf.all(merchantId, orderId),
    /** Changes the recipient of an order, queued or applied; false when there is no such order. */
    updateRecipient: (merchantId: string, id: string, name: string, cellphone: string) =>
      updateRecipient.run(name, cellphone, merchantId, id).changes > 0,
    /** Marks an order applied when `seq` is the create that staged it; false otherwise. */
    markApplied: (merchantId: string, id: string, seq: number, at: number) =>
      markApplied.run(at, merchantId, id, seq).changes > 0,
    /** Removes an order that was accepted by `seq` but never applied, so that its ids are free again. */
    discardStaged: (merchantId: string, id: string, seq: number) => {
      if (deleteOrder.run(merchantId, id, seq).changes > 0) deleteItems.run(merchantId, id);
    },
    setItemShipment: (merchantId: string, itemId: string, shipmentId: number) =>
      void setItemShipment.run(shipmentId, merchantId, itemId),
    list: (merchantId: string, limit: number) => list.all(merchantId, limit),
  };
}

import type { Db } from './database.js';

export interface ShipmentRow {
  id: number;
  merchant_id: string;
  order_id: string;
  company_code: string;
  tracking_number: string;
  job_seq: number;
  created_at: number;
}

export function shipmentsRepo(db: Db) {
  const insert = db.prepare<Omit<ShipmentRow, 'id'>>(
    `INSERT INTO shipments (merchant_id, order_id, company_code, tracking_number, job_seq, created_at)
     VALUES (@merchant_id, @order_id, @company_code, @tracking_number, @job_seq, @created_at)`,
  );
  const insertItem = db.prepare<[number, string]>(
    'INSERT INTO shipment_items (shipment_id, order_item_id) VALUES (?, ?)',
  );
  const get = db.prepare<[number], ShipmentRow>('SELECT * FROM shipments WHERE id = ?');
  const byOrder = db.prepare<[string, string], ShipmentRow>(
    'SELECT * FROM shipments WHERE merchant_id = ? AND order_id = ? ORDER BY id',
  );
  const itemIds = db.prepare<[number], { order_item_id: string }>(
    'SELECT order_item_id FROM shipment_items WHERE shipment_id = ? ORDER BY rowid',
  );
  return {
    insert: (row: Omit<ShipmentRow, 'id'>, itemIdList: readonly string[]) => {
      const id = Number(insert.run(row).lastInsertRowid);
      for (const itemId of itemIdList) insertItem.run(id, itemId);
      return id;
    },
    get: (id: number) => get.get(id),
    byOrder: (merchantId: string, orderId: string) => byOrder.all(merchantId, orderId),
    itemIds: (shipmentId: number) => itemIds.all(shipmentId).map((row) => row.order_item_id),
  };
}

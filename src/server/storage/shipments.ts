import { insertStatement, type Sql } from './sql.js';

export interface ShipmentRow {
  id: number;
  merchant_id: string;
  order_id: string;
  company_code: string;
  tracking_number: string;
  job_seq: number;
  created_at: number;
}

const insert = insertStatement<Omit<ShipmentRow, 'id'>>(
  'shipments',
  ['merchant_id', 'order_id', 'company_code', 'tracking_number', 'job_seq', 'created_at'],
  ' RETURNING id',
);

/** The columns a shipment is written with (its id comes from the database). */
export const SHIPMENT_COLUMNS = insert.columns;

export function shipmentsRepo(sql: Sql) {
  return {
    insert: async (row: Omit<ShipmentRow, 'id'>, itemIdList: readonly string[]) => {
      const id = (await sql.get<{ id: number }>(insert.text, insert.values(row)))?.id as number;
      for (const itemId of itemIdList) {
        await sql.run('INSERT INTO shipment_items (shipment_id, order_item_id) VALUES (?, ?)', [id, itemId]);
      }
      return id;
    },
    get: (id: number) => sql.get<ShipmentRow>('SELECT * FROM shipments WHERE id = ?', [id]),
    byOrder: (merchantId: string, orderId: string) =>
      sql.all<ShipmentRow>('SELECT * FROM shipments WHERE merchant_id = ? AND order_id = ? ORDER BY id', [
        merchantId,
        orderId,
      ]),
    itemIds: async (shipmentId: number) =>
      (
        await sql.all<{ order_item_id: string }>(
          'SELECT order_item_id FROM shipment_items WHERE shipment_id = ? ORDER BY rowid',
          [shipmentId],
        )
      ).map((row) => row.order_item_id),
  };
}

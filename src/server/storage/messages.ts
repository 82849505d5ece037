import type { Db } from './database.js';

export type MessageKind = 'shipment' | 'thanks' | 'review_request';

export interface MessageRow {
  id: number;
  merchant_id: string;
  order_id: string;
  kind: MessageKind;
  shipment_id: number;
  due_at: number;
  sent_at: number | null;
  /** JSON of the message as it was sent; null until then. */
  content: string | null;
}

export function messagesRepo(db: Db) {
  const insert = db.prepare<Pick<MessageRow, 'merchant_id' | 'order_id' | 'kind' | 'shipment_id' | 'due_at'>>(
    `INSERT INTO messages (merchant_id, order_id, kind, shipment_id, due_at)
     VALUES (@merchant_id, @order_id, @kind, @shipment_id, @due_at)`,
  );
  const due = db.prepare<[number, number], MessageRow>(
    'SELECT * FROM messages WHERE sent_at IS NULL AND due_at <= ? ORDER BY due_at, id LIMIT ?',
  );
  const nextDue = db.prepare<[], { due_at: number | null }>(
    'SELECT MIN(due_at) AS due_at FROM messages WHERE sent_at IS NULL',
  );
  const markSent = db.prepare<[number, string, number]>(
    'UPDATE messages SET sent_at = ?, content = ? WHERE id = ?',
  );
  const ofKind = db.prepare<[string, string, MessageKind], MessageRow>(
    'SELECT * FROM messages WHERE merchant_id = ? AND order_id = ? AND kind = ?',
  );
  const list = db.prepare<[string, number], MessageRow>(
    'SELECT * FROM messages WHERE merchant_id = ? ORDER BY due_at, id LIMIT ?',
  );
  const listForOrder = db.prepare<[string, string, number], MessageRow>(
    'SELECT * FROM messages WHERE merchant_id = ? AND order_id = ? ORDER BY due_at, id LIMIT ?',
  );
  return {
    schedule: (row: Pick<MessageRow, 'merchant_id' | 'order_id' | 'kind' | 'shipment_id' | 'due_at'>) =>
      Number(insert.run(row).lastInsertRowid),
    /** Unsent messages due at `now`, oldest first. */
    due: (now: number, limit: number) => due.all(now, limit),
    nextDue: () => nextDue.get()?.due_at ?? undefined,
    markSent: (id: number, at: number, content: string) => void markSent.run(at, content, id),
    ofKind: (merchantId: string, orderId: string, kind: MessageKind) => ofKind.all(merchantId, orderId, kind),
    list: (merchantId: string, options: { orderId?: string; limit: number }) =>
      options.orderId === undefined
        ? list.all(merchantId, options.limit)
        : listForOrder.all(merchantId, options.orderId, options.limit),
  };
}

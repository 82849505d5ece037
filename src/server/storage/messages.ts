import type { MESSAGE_KINDS } from '../../contract/kinds.js';
import { insertStatement, type Sql } from './sql.js';

export type MessageKind = (typeof MESSAGE_KINDS)[number];

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

export type NewMessage = Pick<MessageRow, 'merchant_id' | 'order_id' | 'kind' | 'shipment_id' | 'due_at'>;

const insert = insertStatement<NewMessage>(
  'messages',
  ['merchant_id', 'order_id', 'kind', 'shipment_id', 'due_at'],
  ' RETURNING id',
);

/** The columns a message is written with (its id comes from the database). */
export const MESSAGE_COLUMNS = insert.columns;

export function messagesRepo(sql: Sql) {
  // Processes sending at once each take their own due messages: a message another process is sending
  // is passed over, never sent twice.
  const take = sql.dialect.takeFreeRows;
  return {
    schedule: async (row: NewMessage) =>
      (await sql.get<{ id: number }>(insert.text, insert.values(row)))?.id as number,
    /** A merchant's unsent messages due at `now` (its time), oldest first; inside a transaction, taken for it. */
    due: (merchantId: string, now: number, limit: number) =>
      sql.all<MessageRow>(
        `SELECT * FROM messages WHERE merchant_id = ? AND sent_at IS NULL AND due_at <= ? ORDER BY due_at, id LIMIT ?${take}`,
        [merchantId, now, limit],
      ),
    /** When each merchant's next unsent message is due (its time). */
    nextDue: () =>
      sql.all<{ merchant_id: string; due_at: number }>(
        'SELECT merchant_id, MIN(due_at) AS due_at FROM messages WHERE sent_at IS NULL GROUP BY merchant_id',
      ),
    markSent: async (id: number, at: number, content: string) =>
      void (await sql.run('UPDATE messages SET sent_at = ?, content = ? WHERE id = ?', [at, content, id])),
    ofKind: (merchantId: string, orderId: string, kind: MessageKind) =>
      sql.all<MessageRow>('SELECT * FROM messages WHERE merchant_id = ? AND order_id = ? AND kind = ?', [
        merchantId,
        orderId,
        kind,
      ]),
    list: (merchantId: string, options: { orderId?: string; limit: number }) =>
      options.orderId === undefined
        ? sql.all<MessageRow>('SELECT * FROM messages WHERE merchant_id = ? ORDER BY due_at, id LIMIT ?', [
            merchantId,
            options.limit,
          ])
        : sql.all<MessageRow>(
            'SELECT * FROM messages WHERE merchant_id = ? AND order_id = ? ORDER BY due_at, id LIMIT ?',
            [merchantId, options.orderId, options.limit],
          ),
  };
}

import type { MESSAGE_KINDS } from '../../contract/kinds.js';
import { insertStatement, type Position, type Sql, type SqlValue } from './sql.js';

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

/** Which of a merchant's messages a list holds: about one order, of one kind, sent or still scheduled. */
export interface MessageFilter {
  orderId?: string | undefined;
  kind?: MessageKind | undefined;
  status?: 'scheduled' | 'sent' | undefined;
}

/** The conditions of a list of messages (after a merchant's), and their values. */
function listClause(
  filter: MessageFilter,
  after: Position<number> | undefined,
): { text: string; values: SqlValue[] } {
  const conditions: [string, ...SqlValue[]][] = [];
  if (filter.orderId !== undefined) conditions.push(['order_id = ?', filter.orderId]);
  if (filter.kind !== undefined) conditions.push(['kind = ?', filter.kind]);
  if (filter.status !== undefined)
    conditions.push([filter.status === 'sent' ? 'sent_at IS NOT NULL' : 'sent_at IS NULL']);
  if (after !== undefined)
    conditions.push(['(due_at > ? OR (due_at = ? AND id > ?))', after.at, after.at, after.key]);
  return {
    text: conditions.map(([text]) => ` AND ${text}`).join(''),
    values: conditions.flatMap(([, ...values]) => values),
  };
}

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
    /** A merchant's messages by when they are due, then by number, after `after`, as `filter` narrows them. */
    list: (merchantId: string, filter: MessageFilter, after: Position<number> | undefined, limit: number) => {
      const where = listClause(filter, after);
      return sql.all<MessageRow>(
        `SELECT * FROM messages WHERE merchant_id = ?${where.text} ORDER BY due_at, id LIMIT ?`,
        [merchantId, ...where.values, limit],
      );
    },
  };
}

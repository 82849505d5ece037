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

/** A buyer the bot writes to (an order's recipient), with how many messages and the latest one's time. */
export interface ConversationRow {
  name: string;
  cellphone: string;
  messages: number | string;
  last: number | string;
}

/** What a search of the conversations looks for: a text in an order id, a name, a product; a phone's digits. */
export interface ConversationSearch {
  text: string;
  /** The phone's digits as dialled at home (`010…`), when the search has enough of them. */
  digits?: string;
}

/** A phone as digits dialled at home, in SQL: `+82 10-1234-5678` is `01012345678`. */
const HOME_DIGITS = `REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(o.recipient_cellphone, '+82', '0'), '-', ''), ' ', ''), '(', ''), ')', '')`;

/** The conditions of a search, and their values (`like` escapes `%` and `_`). */
function searchClause(search: ConversationSearch | undefined): { text: string; values: SqlValue[] } {
  if (!search || search.text === '') return { text: '', values: [] };
  const like = `%${search.text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const parts = [
    "LOWER(o.id) LIKE ? ESCAPE '\\'",
    "LOWER(o.recipient_name) LIKE ? ESCAPE '\\'",
    `EXISTS (SELECT 1 FROM order_items i WHERE i.merchant_id = o.merchant_id AND i.order_id = o.id
       AND LOWER(i.product_name) LIKE ? ESCAPE '\\')`,
  ];
  const values: SqlValue[] = [like, like, like];
  if (search.digits !== undefined) {
    parts.push(`${HOME_DIGITS} LIKE ?`);
    values.push(`%${search.digits}%`);
  }
  return { text: ` AND (${parts.join(' OR ')})`, values };
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
    /**
     * The buyers a merchant's bot wrote to (or will), the latest conversation first: each order's
     * recipient, grouped by name and phone, matching `search` when given.
     */
    conversations: (
      merchantId: string,
      search: ConversationSearch | undefined,
      page: { offset: number; limit: number },
    ) => {
      const where = searchClause(search);
      return sql.all<ConversationRow>(
        `SELECT o.recipient_name AS name, o.recipient_cellphone AS cellphone, COUNT(*) AS messages,
           MAX(COALESCE(m.sent_at, m.due_at)) AS last
         FROM messages m JOIN orders o ON o.merchant_id = m.merchant_id AND o.id = m.order_id
         WHERE m.merchant_id = ?${where.text}
         GROUP BY o.recipient_name, o.recipient_cellphone
         ORDER BY last DESC, name, cellphone LIMIT ? OFFSET ?`,
        [merchantId, ...where.values, page.limit, page.offset],
      );
    },
    /** How many buyers match `search` (every one without). */
    conversationCount: async (merchantId: string, search: ConversationSearch | undefined) => {
      const where = searchClause(search);
      const row = await sql.get<{ count: number | string }>(
        `SELECT COUNT(*) AS count FROM (SELECT 1 FROM messages m JOIN orders o
           ON o.merchant_id = m.merchant_id AND o.id = m.order_id
         WHERE m.merchant_id = ?${where.text} GROUP BY o.recipient_name, o.recipient_cellphone) AS buyers`,
        [merchantId, ...where.values],
      );
      return Number(row?.count ?? 0);
    },
    /** The messages to one buyer (the recipient of the orders they came from), oldest first. */
    toRecipient: (merchantId: string, name: string, cellphone: string, limit: number) =>
      sql.all<MessageRow>(
        `SELECT m.* FROM messages m JOIN orders o ON o.merchant_id = m.merchant_id AND o.id = m.order_id
         WHERE m.merchant_id = ? AND o.recipient_name = ? AND o.recipient_cellphone = ?
         ORDER BY m.due_at, m.id LIMIT ?`,
        [merchantId, name, cellphone, limit],
      ),
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

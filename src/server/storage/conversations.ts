import type { MessageRow } from './messages.js';
import type { Position, Sql, SqlValue } from './sql.js';

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

/** The bot's conversations: its messages grouped by the buyer they went to (an order's recipient and phone). */
export function conversationsRepo(sql: Sql) {
  return {
    /**
     * The buyers a merchant's bot wrote to (or will), the latest conversation first: each order's
     * recipient, grouped by name and phone, matching `search` when given.
     */
    list: (
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
    count: async (merchantId: string, search: ConversationSearch | undefined) => {
      const where = searchClause(search);
      const row = await sql.get<{ count: number | string }>(
        `SELECT COUNT(*) AS count FROM (SELECT 1 FROM messages m JOIN orders o
           ON o.merchant_id = m.merchant_id AND o.id = m.order_id
         WHERE m.merchant_id = ?${where.text} GROUP BY o.recipient_name, o.recipient_cellphone) AS buyers`,
        [merchantId, ...where.values],
      );
      return Number(row?.count ?? 0);
    },
    /**
     * A page of the messages to one buyer (the recipient of the orders they came from): the sent, the
     * latest first, before `before` when given; or the scheduled, the soonest first.
     */
    messages: (
      merchantId: string,
      buyer: { name: string; cellphone: string },
      page: { status: 'sent' | 'scheduled'; before?: Position<number> | undefined; limit: number },
    ) => {
      const sent = page.status === 'sent';
      const before = sent ? page.before : undefined;
      return sql.all<MessageRow>(
        `SELECT m.* FROM messages m JOIN orders o ON o.merchant_id = m.merchant_id AND o.id = m.order_id
         WHERE m.merchant_id = ? AND o.recipient_name = ? AND o.recipient_cellphone = ?
           AND m.sent_at IS ${sent ? 'NOT NULL' : 'NULL'}${before ? ' AND (m.due_at < ? OR (m.due_at = ? AND m.id < ?))' : ''}
         ORDER BY ${sent ? 'm.due_at DESC, m.id DESC' : 'm.due_at, m.id'} LIMIT ?`,
        [
          merchantId,
          buyer.name,
          buyer.cellphone,
          ...(before ? [before.at, before.at, before.key] : []),
          page.limit,
        ],
      );
    },
    /** How many messages one buyer was sent, and how many are scheduled. */
    counts: async (merchantId: string, buyer: { name: string; cellphone: string }) => {
      const row = await sql.get<{ sent: number | string | null; scheduled: number | string | null }>(
        `SELECT SUM(CASE WHEN m.sent_at IS NULL THEN 0 ELSE 1 END) AS sent,
           SUM(CASE WHEN m.sent_at IS NULL THEN 1 ELSE 0 END) AS scheduled
         FROM messages m JOIN orders o ON o.merchant_id = m.merchant_id AND o.id = m.order_id
         WHERE m.merchant_id = ? AND o.recipient_name = ? AND o.recipient_cellphone = ?`,
        [merchantId, buyer.name, buyer.cellphone],
      );
      return { sent: Number(row?.sent ?? 0), scheduled: Number(row?.scheduled ?? 0) };
    },
  };
}

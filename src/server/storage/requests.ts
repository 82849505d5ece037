import { insertStatement, type Sql, type SqlValue } from './sql.js';

/** A request of a merchant to the service's API, as the journal keeps it. */
export interface RequestRow {
  seq: number;
  merchant_id: string;
  request_id: string;
  /** The merchant's time (ms) when the request arrived. */
  at: number;
  method: string;
  path: string;
  status: number;
  /** The record the request is about: an order's or a product's id (a shipment's order). */
  target_id: string | null;
  fault: string | null;
  duration_ms: number;
  /** JSON of the request's headers, secrets redacted. */
  request_headers: string;
  request_body: string | null;
  response_body: string | null;
}

export type NewRequest = Omit<RequestRow, 'seq'>;

/** What to list or count: a method, a path (exactly), a status, a record's id; `before` pages back. */
export interface RequestFilter {
  method?: string;
  path?: string;
  status?: number;
  targetId?: string;
}

const insert = insertStatement<NewRequest>('requests', [
  'merchant_id',
  'request_id',
  'at',
  'method',
  'path',
  'status',
  'target_id',
  'fault',
  'duration_ms',
  'request_headers',
  'request_body',
  'response_body',
]);

/** The WHERE clause and values of a filter, for one merchant. */
function where(merchantId: string, filter: RequestFilter): { text: string; values: SqlValue[] } {
  const parts = ['merchant_id = ?'];
  const values: SqlValue[] = [merchantId];
  const add = (clause: string, value: SqlValue | undefined) => {
    if (value === undefined) return;
    parts.push(clause);
    values.push(value);
  };
  add('method = ?', filter.method);
  add('path = ?', filter.path);
  add('status = ?', filter.status);
  add('target_id = ?', filter.targetId);
  return { text: parts.join(' AND '), values };
}

export function requestsRepo(sql: Sql) {
  return {
    /** Writes requests in one statement. */
    insertMany: async (rows: readonly NewRequest[]) => {
      if (rows.length === 0) return;
      const { text, values } = insert.many(rows);
      await sql.run(text, values);
    },
    /** A merchant's requests matching `filter`, newest first, before `before` (a number) when given. */
    list: (merchantId: string, filter: RequestFilter, page: { before?: number; limit: number }) => {
      const { text, values } = where(merchantId, filter);
      const before = page.before === undefined ? '' : ' AND seq < ?';
      return sql.all<RequestRow>(`SELECT * FROM requests WHERE ${text}${before} ORDER BY seq DESC LIMIT ?`, [
        ...values,
        ...(page.before === undefined ? [] : [page.before]),
        page.limit,
      ]);
    },
    /** A merchant's requests after `after`, oldest first (for a reader following the journal). */
    after: (merchantId: string, filter: RequestFilter, after: number, limit: number) => {
      const { text, values } = where(merchantId, filter);
      return sql.all<RequestRow>(`SELECT * FROM requests WHERE ${text} AND seq > ? ORDER BY seq LIMIT ?`, [
        ...values,
        after,
        limit,
      ]);
    },
    /** How many of a merchant's requests match `filter`. */
    count: async (merchantId: string, filter: RequestFilter) => {
      const { text, values } = where(merchantId, filter);
      const row = await sql.get<{ count: number | string }>(
        `SELECT COUNT(*) AS count FROM requests WHERE ${text}`,
        values,
      );
      return Number(row?.count ?? 0);
    },
    /** Keeps a merchant's newest `keep` requests; the older ones go. */
    trim: async (merchantId: string, keep: number) =>
      void (await sql.run(
        `DELETE FROM requests WHERE merchant_id = ? AND seq <= (
           SELECT seq FROM requests WHERE merchant_id = ? ORDER BY seq DESC LIMIT 1 OFFSET ?)`,
        [merchantId, merchantId, keep],
      )),
  };
}

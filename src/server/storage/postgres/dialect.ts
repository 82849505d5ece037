import type { Dialect, ListMatch } from '../dialect.js';
import { reservedKey } from '../events.js';
import { JOB_COLUMNS, type NewJob } from '../jobs.js';
import { ORDER_COLUMNS, ORDER_ITEM_COLUMNS, type OrderItemRow } from '../orders.js';
import type { SqlValue } from '../sql.js';
import type { StagedOrder } from '../staged.js';

/** A list bound as one array. */
const oneOf = (column: string): ListMatch => ({ text: `${column} = ANY(?)`, bind: (list) => list });

type Column<Row> = readonly [keyof Row & string, string];

/** The PostgreSQL types of the columns `stageOrders` binds, one array per column. */
const JOB_TYPES: Record<(typeof JOB_COLUMNS)[number], string> = {
  merchant_id: 'text',
  kind: 'text',
  target_id: 'text',
  payload: 'text',
  received_at: 'bigint',
  delay_fraction: 'double precision',
};
const STAGED_ORDER_TYPES: Record<Exclude<(typeof ORDER_COLUMNS)[number], 'job_seq'>, string> = {
  merchant_id: 'text',
  id: 'text',
  member_id: 'text',
  recipient_name: 'text',
  recipient_cellphone: 'text',
  requested_at: 'bigint',
  applied_at: 'bigint',
};
const ITEM_TYPES: Record<(typeof ORDER_ITEM_COLUMNS)[number], string> = {
  merchant_id: 'text',
  id: 'text',
  order_id: 'text',
  position: 'integer',
  product_id: 'text',
  product_name: 'text',
  product_image_url: 'text',
  product_option: 'text',
  shipment_id: 'bigint',
};
type NamedProduct = StagedOrder['products'][number] & { order_id: string };
const PRODUCT_TYPES: Record<keyof NamedProduct, string> = {
  merchant_id: 'text',
  id: 'text',
  name: 'text',
  image_url: 'text',
  order_id: 'text',
};

const columnsOf = <Row>(types: Record<keyof Row & string, string>): Column<Row>[] =>
  Object.entries(types) as unknown as Column<Row>[];
const JOB_ARRAYS = columnsOf<NewJob>(JOB_TYPES);
const ORDER_ARRAYS = columnsOf<StagedOrder['order']>(STAGED_ORDER_TYPES);
const ITEM_ARRAYS = columnsOf<OrderItemRow>(ITEM_TYPES);
const PRODUCT_ARRAYS = columnsOf<NamedProduct>(PRODUCT_TYPES);

/** `unnest` of one array parameter per column, named as the columns. */
const unnest = (columns: readonly (readonly [string, string])[], name: string, ordinality = false) =>
  `unnest(${columns.map(([, type]) => `CAST(? AS ${type}[])`).join(', ')})${ordinality ? ' WITH ORDINALITY' : ''}
     AS ${name} (${columns.map(([column]) => column).join(', ')}${ordinality ? ', n' : ''})`;

/**
 * PostgreSQL's one statement for `stageOrders`, whatever their number: data-modifying CTEs that insert
 * the jobs in the orders' order, then the orders and the products with their job's number, and the
 * items. Each column is bound as one array (one text, prepared once). The products are inserted in key
 * order, so that two processes staging the same new products take their keys in one order, and neither
 * waits for a key the other holds while holding one the other waits for.
 */
const STAGE_ORDERS = `WITH job AS (
    INSERT INTO jobs (${JOB_COLUMNS.join(', ')})
    SELECT ${JOB_COLUMNS.join(', ')} FROM ${unnest(JOB_ARRAYS, 'given', true)} ORDER BY n
    RETURNING seq, merchant_id, target_id
  ), staged_orders AS (
    INSERT INTO orders (${ORDER_COLUMNS.join(', ')})
    SELECT ${ORDER_COLUMNS.map((column) => (column === 'job_seq' ? 'job.seq' : `given.${column}`)).join(', ')}
    FROM ${unnest(ORDER_ARRAYS, 'given')}
    JOIN job ON job.merchant_id = given.merchant_id AND job.target_id = given.id
  ), staged_items AS (
    INSERT INTO order_items (${ORDER_ITEM_COLUMNS.join(', ')})
    SELECT ${ORDER_ITEM_COLUMNS.join(', ')} FROM ${unnest(ITEM_ARRAYS, 'given')}
  ), staged_products AS (
    INSERT INTO products (merchant_id, id, name, image_url, job_seq)
    SELECT given.merchant_id, given.id, given.name, given.image_url, job.seq
    FROM ${unnest(PRODUCT_ARRAYS, 'given')}
    JOIN job ON job.merchant_id = given.merchant_id AND job.target_id = given.order_id
    ORDER BY given.merchant_id, given.id
    ON CONFLICT DO NOTHING
  )
  SELECT seq, merchant_id, target_id FROM job`;

/** One array per column of `rows`, in the order of `columns`. */
function arrays<Row>(columns: readonly Column<Row>[], rows: readonly Row[]): SqlValue[] {
  return columns.map(([column]) => rows.map((row) => row[column] as string | number | null));
}

/**
 * The products the orders name, each once, by the first order naming it: the one that stages it when
 * the orders are stored one after another (a later one finds it there).
 */
function firstNamed(orders: readonly StagedOrder[]): NamedProduct[] {
  const named = new Map<string, NamedProduct>();
  for (const { order, products } of orders) {
    for (const product of products) {
      const key = `${product.merchant_id}\u0000${product.id}`;
      if (!named.has(key)) named.set(key, { ...product, order_id: order.id });
    }
  }
  return [...named.values()];
}

/*
 * PostgreSQL's lookups of a run's orders, one id at a time (each subquery is kept apart by its LIMIT or
 * ORDER BY, so it is an index lookup whatever the planner knows). `id = ANY(…)` of a thousand ids was
 * planned as a read of every order of the merchant once the tables held tens of thousands of rows, and
 * before their first ANALYZE as a scan of the merchant's whole index: the apply rate fell as tables grew.
 */
const TAKEN_EACH = `SELECT 'order' AS what, o.id, o.id AS order_id FROM unnest(CAST(? AS text[])) AS wanted (id)
    CROSS JOIN LATERAL (SELECT id FROM orders WHERE merchant_id = ? AND id = wanted.id LIMIT 1) AS o
  UNION ALL
  SELECT 'item' AS what, i.id, i.order_id FROM unnest(CAST(? AS text[])) AS wanted (id)
    CROSS JOIN LATERAL (SELECT id, order_id FROM order_items WHERE merchant_id = ? AND id = wanted.id LIMIT 1) AS i`;
/** Each order found by its key, then its lines by theirs: one round trip for what applying orders reads. */
const STAGED_LINES_EACH = `SELECT o.id AS order_id, o.job_seq, l.id, l.name, l.image_url
  FROM unnest(CAST(? AS text[])) AS wanted (id)
  CROSS JOIN LATERAL (SELECT id, job_seq FROM orders WHERE merchant_id = ? AND id = wanted.id LIMIT 1) AS o
  CROSS JOIN LATERAL (SELECT product_id AS id, product_name AS name, product_image_url AS image_url
    FROM order_items WHERE merchant_id = ? AND order_id = o.id ORDER BY position) AS l`;

/**
 * A merchant's events in one round trip: the counter moved on (made at the number reserved before events
 * were stored, the first time), the events numbered after it, and (`ringing`) the doorbell rung.
 * Statements in a WITH run to completion whether or not the query reads them.
 */
const appendEvents = (ringing: boolean) => `
  WITH counter AS (
    INSERT INTO event_counters AS counter (merchant_id, last)
    VALUES (?, COALESCE((SELECT CAST(value AS bigint) FROM meta WHERE key = ?), 0) + CAST(? AS bigint))
    ON CONFLICT (merchant_id) DO UPDATE SET last = counter.last + CAST(? AS bigint)
    RETURNING last
  ), stored AS (
    INSERT INTO events (merchant_id, id, type, at, body)
    SELECT ?, counter.last - CAST(? AS bigint) + event.n, event.type, event.at, event.body
    FROM counter, unnest(CAST(? AS text[]), CAST(? AS bigint[]), CAST(? AS text[])) WITH ORDINALITY
      AS event (type, at, body, n)
  )
  SELECT last - CAST(? AS bigint) + 1 AS first${ringing ? ', pg_notify(?, ?) AS rung' : ''}
  FROM counter`;
const APPEND_EVENTS = appendEvents(false);
const APPEND_EVENTS_RINGING = appendEvents(true);

/**
 * PostgreSQL: shared by any number of processes. Rows read to be changed are locked; work is divided by
 * advisory locks held to the end of the transaction; lookups of many ids go one index lookup at a time;
 * a group of orders is stored in one statement.
 */
export const POSTGRES: Dialect = {
  name: 'postgres',
  shared: true,
  oneOf,
  holdRows: ' FOR UPDATE',
  takeFreeRows: ' FOR UPDATE SKIP LOCKED',
  async holdLock(sql, space, key, wait) {
    const text = wait
      ? 'SELECT true AS taken FROM pg_advisory_xact_lock(?, hashtext(?))'
      : 'SELECT pg_try_advisory_xact_lock(?, hashtext(?)) AS taken';
    return (await sql.get<{ taken: boolean }>(text, [space, key]))?.taken === true;
  },
  takenIds: (merchantId, orderIds, itemIds) => ({
    text: TAKEN_EACH,
    values: [orderIds, merchantId, itemIds, merchantId],
  }),
  stagedLines: (merchantId, orderIds) => ({
    text: STAGED_LINES_EACH,
    values: [orderIds, merchantId, merchantId],
  }),
  notify: (channel, payload) => ({ text: 'SELECT pg_notify(?, ?)', values: [channel, payload] }),
  async appendEvents(sql, merchantId, events, doorbell) {
    const row = await sql.get<{ first: number | string }>(doorbell ? APPEND_EVENTS_RINGING : APPEND_EVENTS, [
      merchantId,
      reservedKey(merchantId),
      events.length,
      events.length,
      merchantId,
      events.length,
      events.map((event) => event.type),
      events.map((event) => event.at),
      events.map((event) => event.body),
      events.length,
      ...(doorbell ? [doorbell.channel, doorbell.payload] : []),
    ]);
    return Number(row?.first);
  },
  snapshot: 'SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY',
  afterCopy: (table, identity) =>
    `SELECT setval(pg_get_serial_sequence('${table}', '${identity}'),
       COALESCE((SELECT MAX(${identity}) FROM ${table}), 0) + 1, false)`,
  async stageOrders(sql, orders) {
    if (orders.length === 0) return [];
    const rows = await sql.all<{ seq: number | string; merchant_id: string; target_id: string }>(
      STAGE_ORDERS,
      [
        ...arrays(
          JOB_ARRAYS,
          orders.map((staged) => staged.job),
        ),
        ...arrays(
          ORDER_ARRAYS,
          orders.map((staged) => staged.order),
        ),
        ...arrays(
          ITEM_ARRAYS,
          orders.flatMap((staged) => staged.items),
        ),
        ...arrays(PRODUCT_ARRAYS, firstNamed(orders)),
      ],
    );
    const seqs = new Map(rows.map((row) => [`${row.merchant_id}\u0000${row.target_id}`, Number(row.seq)]));
    return orders.map(({ order }) => seqs.get(`${order.merchant_id}\u0000${order.id}`) as number);
  },
};

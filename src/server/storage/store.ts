import { isRaceLost, type Engine, type TransactionOptions } from './engine.js';
import { JOB_COLUMNS, jobsRepo, type NewJob } from './jobs.js';
import { merchantsRepo } from './merchants.js';
import { messagesRepo } from './messages.js';
import { metaRepo } from './meta.js';
import { ORDER_COLUMNS, ORDER_ITEM_COLUMNS, ordersRepo, type OrderItemRow, type OrderRow } from './orders.js';
import { productsRepo, queuedProduct, type ProductRow } from './products.js';
import { reviewsRepo } from './reviews.js';
import { rewardsRepo } from './rewards.js';
import { shipmentsRepo } from './shipments.js';
import type { Sql, SqlValue } from './sql.js';

// In the order the references need: what refers to a row goes before it.
const RESET = [
  'DELETE FROM shipment_items WHERE shipment_id IN (SELECT id FROM shipments WHERE merchant_id = ?)',
  'DELETE FROM messages WHERE merchant_id = ?',
  'DELETE FROM rewards WHERE merchant_id = ?',
  'DELETE FROM reviews WHERE merchant_id = ?',
  'DELETE FROM shipments WHERE merchant_id = ?',
  'DELETE FROM order_items WHERE merchant_id = ?',
  'DELETE FROM orders WHERE merchant_id = ?',
  'DELETE FROM products WHERE merchant_id = ?',
  'DELETE FROM jobs WHERE merchant_id = ?',
];

/**
 * What `stageOrders` stores of one order: the create, the order (its create's number is filled in), items,
 * products.
 */
export interface StagedOrder {
  job: NewJob;
  order: Omit<OrderRow, 'job_seq'>;
  items: readonly OrderItemRow[];
  products: readonly Pick<ProductRow, 'merchant_id' | 'id' | 'name' | 'image_url'>[];
}

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

/** How many times a unit that lost a race with another process (a key taken meanwhile) is run again. */
const RACE_RETRIES = 3;

/**
 * The service's storage: the repositories over one engine. The store outside a transaction runs each
 * statement on its own; `transaction` hands its work a store whose statements are all in it.
 */
export class Store {
  readonly dialect;
  readonly merchants;
  readonly jobs;
  readonly orders;
  readonly products;
  readonly shipments;
  readonly rewards;
  readonly messages;
  readonly reviews;
  readonly meta;
  readonly #engine: Engine;
  readonly #sql: Sql;

  constructor(engine: Engine, sql: Sql = engine.sql) {
    this.#engine = engine;
    this.#sql = sql;
    this.dialect = sql.dialect;
    this.merchants = merchantsRepo(sql);
    this.jobs = jobsRepo(sql);
    this.orders = ordersRepo(sql);
    this.products = productsRepo(sql);
    this.shipments = shipmentsRepo(sql);
    this.rewards = rewardsRepo(sql);
    this.messages = messagesRepo(sql);
    this.reviews = reviewsRepo(sql);
    this.meta = metaRepo(sql);
  }

  /** Runs `work` in one transaction (one commit) over the store it is given. */
  transaction<T>(work: (tx: Store) => Promise<T>, options?: TransactionOptions): Promise<T> {
    return this.#engine.transaction((sql) => work(new Store(this.#engine, sql)), options);
  }

  /**
   * Runs `work` inside this store's transaction so that, if it throws, only its own writes are undone and
   * the rest of the transaction goes on. A unit that lost a race with another process's write (an id
   * taken at the same instant) is run again, and then sees what the other wrote. Other errors are
   * passed on to the caller.
   */
  async unit<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      await this.#sql.run('SAVEPOINT unit');
      try {
        const result = await work();
        await this.#sql.run('RELEASE unit');
        return result;
      } catch (error) {
        await this.#sql.run('ROLLBACK TO unit');
        await this.#sql.run('RELEASE unit');
        if (!isRaceLost(error) || attempt >= RACE_RETRIES) throw error;
      }
    }
  }

  /**
   * Stores accepted orders, as if one after another: each one's create in the queue, the order and its
   * items as queued, and the products new to the merchant (staged by the first order naming them);
   * returns the creates' arrival numbers, in the orders' order. On PostgreSQL in one statement (one round
   * trip) however many; on SQLite in four per order.
   */
  async stageOrders(orders: readonly StagedOrder[]): Promise<number[]> {
    if (orders.length === 0) return [];
    if (this.dialect === 'postgres') {
      const rows = await this.#sql.all<{ seq: number | string; merchant_id: string; target_id: string }>(
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
    }
    const seqs: number[] = [];
    for (const staged of orders) seqs.push(await this.#stageOne(staged));
    return seqs;
  }

  async #stageOne({ job, order, items, products }: StagedOrder): Promise<number> {
    const seq = await this.jobs.insert(job);
    // Rows built field by field: spreading objects here was a measurable share of an order's cost.
    await this.orders.insert({
      merchant_id: order.merchant_id,
      id: order.id,
      member_id: order.member_id,
      recipient_name: order.recipient_name,
      recipient_cellphone: order.recipient_cellphone,
      job_seq: seq,
      requested_at: order.requested_at,
      applied_at: order.applied_at,
    });
    await this.orders.insertItems(items);
    await this.products.insertAllIfAbsent(
      products.map((product) => queuedProduct(product.merchant_id, product, seq)),
    );
    return seq;
  }

  /** Removes every record of a merchant (not the merchant): orders, products, shipments, queue, messages, reviews, rewards. */
  async resetMerchant(merchantId: string): Promise<void> {
    for (const statement of RESET) await this.#sql.run(statement, [merchantId]);
  }

  /** Asks the database something, to know it answers. */
  ping(): Promise<void> {
    return this.#engine.ping();
  }

  close(): Promise<void> {
    return this.#engine.close();
  }
}

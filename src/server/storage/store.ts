import { isRaceLost, type Engine } from './engine.js';
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

/** What `stageOrder` stores: the create, the order (its create's number is filled in), items, products. */
export interface StagedOrder {
  job: NewJob;
  order: Omit<OrderRow, 'job_seq'>;
  items: readonly OrderItemRow[];
  products: readonly Pick<ProductRow, 'merchant_id' | 'id' | 'name' | 'image_url'>[];
}

/** The order's columns given as parameters (its create's number comes from the job inserted with it). */
const STAGED_ORDER_COLUMNS = ORDER_COLUMNS.filter(
  (column): column is Exclude<(typeof ORDER_COLUMNS)[number], 'job_seq'> => column !== 'job_seq',
);

const stageTexts = new Map<string, string>();

/**
 * PostgreSQL's one statement for `stageOrder`: data-modifying CTEs that insert the job, then the order
 * and the products with the job's number, and the items. Its parameters are the job's four values, the
 * order's columns but `job_seq`, each item's columns, and each product's four.
 */
function stageOrderStatement(items: number, products: number): string {
  const key = `${items}/${products}`;
  let text = stageTexts.get(key);
  if (text === undefined) {
    const orderValues = ORDER_COLUMNS.map((column) =>
      column === 'job_seq' ? 'job.seq' : `CAST(? AS ${ORDER_TYPES[column]})`,
    );
    const itemTuple = `(${ORDER_ITEM_COLUMNS.map(() => '?').join(', ')})`;
    text = `WITH job AS (
        INSERT INTO jobs (${JOB_COLUMNS.join(', ')}) VALUES (${JOB_COLUMNS.map(() => '?').join(', ')})
        RETURNING seq
      ), staged_order AS (
        INSERT INTO orders (${ORDER_COLUMNS.join(', ')}) SELECT ${orderValues.join(', ')} FROM job
      ), staged_items AS (
        INSERT INTO order_items (${ORDER_ITEM_COLUMNS.join(', ')})
        VALUES ${Array.from({ length: items }, () => itemTuple).join(', ')}
      ), staged_products AS (
        INSERT INTO products (merchant_id, id, name, image_url, job_seq)
        SELECT named.merchant_id, named.id, named.name, named.image_url, job.seq
        FROM job, (VALUES ${Array.from({ length: products }, () => '(CAST(? AS text), CAST(? AS text), CAST(? AS text), CAST(? AS text))').join(', ')})
          AS named (merchant_id, id, name, image_url)
        ON CONFLICT DO NOTHING
      )
      SELECT seq FROM job`;
    stageTexts.set(key, text);
  }
  return text;
}

/** The PostgreSQL types of an order's columns, for the casts of `stageOrder`'s statement. */
const ORDER_TYPES: Record<(typeof ORDER_COLUMNS)[number], string> = {
  merchant_id: 'text',
  id: 'text',
  member_id: 'text',
  recipient_name: 'text',
  recipient_cellphone: 'text',
  job_seq: 'bigint',
  requested_at: 'bigint',
  applied_at: 'bigint',
};

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
  transaction<T>(work: (tx: Store) => Promise<T>): Promise<T> {
    return this.#engine.transaction((sql) => work(new Store(this.#engine, sql)));
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
   * Stores an accepted order: its create in the queue, the order and its items as queued, and the
   * products new to the merchant; returns the create's arrival number. On PostgreSQL in one statement
   * (one round trip), on SQLite in four.
   */
  async stageOrder(parts: StagedOrder): Promise<number> {
    const { job, order, items, products } = parts;
    if (this.dialect === 'postgres') {
      // Plain loops, as the inserts build their values (see `insertStatement`).
      const values: SqlValue[] = [];
      for (const column of JOB_COLUMNS) values.push(job[column]);
      for (const column of STAGED_ORDER_COLUMNS) values.push(order[column]);
      for (const item of items) for (const column of ORDER_ITEM_COLUMNS) values.push(item[column]);
      for (const product of products)
        values.push(product.merchant_id, product.id, product.name, product.image_url);
      const row = await this.#sql.get<{ seq: number }>(
        stageOrderStatement(items.length, products.length),
        values,
      );
      return row?.seq as number;
    }
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

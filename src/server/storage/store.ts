import { isRaceLost, type Engine, type TransactionOptions } from './engine.js';
import { jobsRepo } from './jobs.js';
import { merchantsRepo } from './merchants.js';
import { messagesRepo } from './messages.js';
import { conversationsRepo } from './conversations.js';
import { metaRepo } from './meta.js';
import { ordersRepo } from './orders.js';
import { productsRepo } from './products.js';
import { eventsRepo } from './events.js';
import { processMetricsRepo } from './process-metrics.js';
import { requestsRepo } from './requests.js';
import { reviewsRepo } from './reviews.js';
import { rewardsRepo } from './rewards.js';
import { shipmentsRepo } from './shipments.js';
import type { Sql } from './sql.js';
import type { StagedOrder } from './staged.js';

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
  'DELETE FROM queue_cursors WHERE merchant_id = ?',
  'DELETE FROM queue_steps WHERE merchant_id = ?',
  'DELETE FROM requests WHERE merchant_id = ?',
];

/** Something that happened to a merchant's data, told in the transaction that made it happen. */
export interface Told {
  merchantId: string;
  type: string;
  fields: Record<string, unknown>;
}

/**
 * Where what a transaction tells goes: written with it, in it (`stage`: nothing is told of a write that
 * was undone, and nothing committed goes untold, whatever happens to the process after), and told to
 * listeners once it is committed.
 */
export interface EventSink {
  stage?(tx: Store, told: readonly Told[]): Promise<void>;
  committed(told: readonly Told[]): void;
}

/** What every store of one engine shares (the transactions' stores with the store they came from). */
interface Shared {
  /** Where what transactions tell goes (the service's event feed). */
  events?: EventSink;
  /** Told of each transaction undone (the service's readiness). */
  writes?: WriteListener;
}

/** Told of each transaction undone, and by what (the service's readiness). */
export interface WriteListener {
  refused(error: unknown): void;
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
  readonly conversations;
  readonly reviews;
  readonly meta;
  readonly requests;
  readonly events;
  readonly processMetrics;
  readonly #engine: Engine;
  readonly #sql: Sql;
  /** What every store of this engine shares (one object, shared by the transactions' stores). */
  readonly #shared: Shared;
  /** What this transaction's store was told, in order. */
  #told: Told[] = [];

  constructor(engine: Engine, sql: Sql = engine.sql, shared: Shared = {}) {
    this.#engine = engine;
    this.#sql = sql;
    this.#shared = shared;
    this.dialect = sql.dialect;
    this.merchants = merchantsRepo(sql);
    this.jobs = jobsRepo(sql);
    this.orders = ordersRepo(sql);
    this.products = productsRepo(sql);
    this.shipments = shipmentsRepo(sql);
    this.rewards = rewardsRepo(sql);
    this.messages = messagesRepo(sql);
    this.conversations = conversationsRepo(sql);
    this.reviews = reviewsRepo(sql);
    this.meta = metaRepo(sql);
    this.requests = requestsRepo(sql);
    this.events = eventsRepo(sql);
    this.processMetrics = processMetricsRepo(sql);
  }

  /** Sends what transactions tell to `sink` from now on (the service's event feed). */
  useEvents(sink: EventSink): void {
    this.#shared.events = sink;
  }

  /** Tells `writes` of each transaction undone from now on, and by what. */
  watchWrites(writes: WriteListener): void {
    this.#shared.writes = writes;
  }

  /**
   * Tells what happened to a merchant's data, as part of this transaction: kept with it if it commits,
   * forgotten if it is undone. Outside a transaction, told at once.
   */
  tell(merchantId: string, type: string, fields: Record<string, unknown>): void {
    if (this.#sql === this.#engine.sql) this.#shared.events?.committed([{ merchantId, type, fields }]);
    else this.#told.push({ merchantId, type, fields });
  }

  /** Runs `work` in one transaction (one commit) over the store it is given; then tells what it told. */
  async transaction<T>(work: (tx: Store) => Promise<T>, options?: TransactionOptions): Promise<T> {
    const sink = this.#shared.events;
    let told: Told[] = [];
    let result: T;
    try {
      result = await this.#engine.transaction(async (sql) => {
        const tx = new Store(this.#engine, sql, this.#shared);
        const value = await work(tx);
        told = tx.#told;
        if (told.length > 0) await sink?.stage?.(tx, told);
        return value;
      }, options);
    } catch (error) {
      this.#shared.writes?.refused(error);
      throw error;
    }
    if (told.length > 0) sink?.committed(told);
    return result;
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
      const told = this.#told.length;
      try {
        const result = await work();
        await this.#sql.run('RELEASE unit');
        return result;
      } catch (error) {
        // What the unit told is undone with it.
        this.#told.length = told;
        await this.#sql.run('ROLLBACK TO unit');
        await this.#sql.run('RELEASE unit');
        if (!isRaceLost(error) || attempt >= RACE_RETRIES) throw error;
      }
    }
  }

  /**
   * Stores accepted orders, as if one after another: each one's create in the queue, the order and its
   * items as queued, and the products new to the merchant (staged by the first order naming them);
   * returns the creates' arrival numbers, in the orders' order (as the engine's dialect best does it).
   */
  stageOrders(orders: readonly StagedOrder[]): Promise<number[]> {
    return this.#sql.dialect.stageOrders(this.#sql, orders);
  }

  /** Removes every record of a merchant (not the merchant): orders, products, shipments, queue, messages, reviews, rewards. */
  async resetMerchant(merchantId: string): Promise<void> {
    for (const statement of RESET) await this.#sql.run(statement, [merchantId]);
  }

  /**
   * Calls `onMessage` with each notice sent on `channel` by any process sharing the database, until the
   * returned function is called; undefined where one process has the database to itself.
   */
  subscribe(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> | undefined {
    return this.#engine.subscribe?.(channel, onMessage);
  }

  /** Asks the database something, to know it answers. */
  ping(): Promise<void> {
    return this.#engine.ping();
  }

  close(): Promise<void> {
    return this.#engine.close();
  }
}

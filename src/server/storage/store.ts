import { openServiceDatabase, type Db } from './database.js';
import { jobsRepo } from './jobs.js';
import { merchantsRepo } from './merchants.js';
import { messagesRepo } from './messages.js';
import { metaRepo } from './meta.js';
import { ordersRepo } from './orders.js';
import { productsRepo } from './products.js';
import { reviewsRepo } from './reviews.js';
import { rewardsRepo } from './rewards.js';
import { shipmentsRepo } from './shipments.js';

/** The service's storage: one SQLite file and the prepared statements over it. */
export class Store {
  readonly merchants;
  readonly jobs;
  readonly orders;
  readonly products;
  readonly shipments;
  readonly rewards;
  readonly messages;
  readonly reviews;
  readonly meta;
  readonly #db: Db;
  readonly #savepoint;
  readonly #release;
  readonly #rollbackTo;
  readonly #reset;

  constructor(file: string) {
    this.#db = openServiceDatabase(file);
    this.merchants = merchantsRepo(this.#db);
    this.jobs = jobsRepo(this.#db);
    this.orders = ordersRepo(this.#db);
    this.products = productsRepo(this.#db);
    this.shipments = shipmentsRepo(this.#db);
    this.rewards = rewardsRepo(this.#db);
    this.messages = messagesRepo(this.#db);
    this.reviews = reviewsRepo(this.#db);
    this.meta = metaRepo(this.#db);
    this.#savepoint = this.#db.prepare('SAVEPOINT unit');
    this.#release = this.#db.prepare('RELEASE unit');
    this.#rollbackTo = this.#db.prepare('ROLLBACK TO unit');
    // In the order the references need: what refers to a row goes before it.
    this.#reset = [
      'DELETE FROM shipment_items WHERE shipment_id IN (SELECT id FROM shipments WHERE merchant_id = ?)',
      'DELETE FROM messages WHERE merchant_id = ?',
      'DELETE FROM rewards WHERE merchant_id = ?',
      'DELETE FROM reviews WHERE merchant_id = ?',
      'DELETE FROM shipments WHERE merchant_id = ?',
      'DELETE FROM order_items WHERE merchant_id = ?',
      'DELETE FROM orders WHERE merchant_id = ?',
      'DELETE FROM products WHERE merchant_id = ?',
      'DELETE FROM jobs WHERE merchant_id = ?',
    ].map((sql) => this.#db.prepare<[string]>(sql));
  }

  /** Runs `work` in one transaction (one commit, one fsync). */
  transaction<T>(work: () => T): T {
    return this.#db.transaction(work)();
  }

  /**
   * Runs `work` inside the current transaction so that, if it throws, only its own writes are undone and
   * the rest of the transaction goes on. The error is passed on to the caller.
   */
  unit<T>(work: () => T): T {
    this.#savepoint.run();
    try {
      const result = work();
      this.#release.run();
      return result;
    } catch (error) {
      this.#rollbackTo.run();
      this.#release.run();
      throw error;
    }
  }

  /** Removes every record of a merchant (not the merchant): orders, products, shipments, queue, messages, reviews, rewards. */
  resetMerchant(merchantId: string): void {
    for (const statement of this.#reset) statement.run(merchantId);
  }

  /** Asks the database something, to know it answers. */
  ping(): void {
    this.#db.prepare('SELECT 1').get();
  }

  close(): void {
    if (this.#db.open) this.#db.close();
  }
}

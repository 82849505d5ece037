import type { Doorbell, StoredEvent } from './events.js';
import type { Sql, SqlValue } from './sql.js';
import type { StagedOrder } from './staged.js';

/** A statement and its values. */
export interface Statement {
  text: string;
  values: SqlValue[];
}

/** `column` is one of a list bound as one value, whatever its length; `bind` gives that value. */
export interface ListMatch {
  text: string;
  bind: (list: readonly string[] | readonly number[]) => SqlValue;
}

/**
 * What differs between the service's two engines, and nothing else: the repositories are written once
 * over `Sql` and ask their dialect for these. The SQLite dialect lives in `sqlite/`, PostgreSQL's in
 * `postgres/`; no other code asks which engine it runs on.
 */
export interface Dialect {
  /** The engine's name, for the service's readiness answer and the copy between engines. */
  readonly name: 'sqlite' | 'postgres';
  /**
   * Whether other processes share the database: then they queue creates, move clocks and change
   * credentials without telling this one, and work is divided between them by locks.
   */
  readonly shared: boolean;
  /** `column` is one of a list bound as one value. */
  oneOf(column: string): ListMatch;
  /** Appended to a SELECT: its rows are held until the transaction ends ('' where a transaction holds it all). */
  readonly holdRows: string;
  /** Appended to a SELECT: its rows are held, passing over those another transaction holds. */
  readonly takeFreeRows: string;
  /**
   * Holds the lock named by `space` and `key` until the transaction ends. With `wait`, waits for it;
   * without, false when another transaction holds it. Always true where one transaction runs at a time.
   */
  holdLock(sql: Sql, space: number, key: string, wait: boolean): Promise<boolean>;
  /** Which of these order ids and item ids a merchant has taken: rows of `what` ('order'|'item'), `id`, `order_id`. */
  takenIds(merchantId: string, orderIds: readonly string[], itemIds: readonly string[]): Statement;
  /**
   * Which create staged each of these orders, and the products its lines name, in one statement: a row
   * per line (`order_id`, `job_seq`, `id`, `name`, `image_url`), by order, in line order.
   */
  stagedLines(merchantId: string, orderIds: readonly string[]): Statement;
  /**
   * Stores accepted orders as if one after another (their creates, the orders and items as queued, the
   * products new to the merchant, staged by the first order naming them); the creates' numbers in order.
   */
  stageOrders(sql: Sql, orders: readonly StagedOrder[]): Promise<number[]>;
  /**
   * Rings the other processes' doorbell on `channel` when the transaction commits (undefined where no
   * other process shares the database): they look in the store for what is new.
   */
  notify(channel: string, payload: string): Statement | undefined;
  /**
   * Numbers a merchant's events after the last one and stores them, holding the merchant's counter row
   * to the end of the transaction, and rings `doorbell` with the commit; the first number given.
   */
  appendEvents(
    sql: Sql,
    merchantId: string,
    events: readonly StoredEvent[],
    doorbell?: Doorbell,
  ): Promise<number>;
  /** What makes a transaction read as of one moment, where a transaction alone does not. */
  readonly snapshot: string | undefined;
  /** What to run after rows were copied into a table with their generated ids, so that new ids follow them. */
  afterCopy(table: string, identity: string): string | undefined;
}

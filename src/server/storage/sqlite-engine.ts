import { openDatabase, type Db } from '../../storage/sqlite.js';
import type { Engine } from './engine.js';
import { MIGRATIONS } from './migrations.js';
import type { Sql, SqlValue } from './sql.js';

type Statement = ReturnType<Db['prepare']> & {
  all(...values: unknown[]): unknown[];
  get(...values: unknown[]): unknown;
  run(...values: unknown[]): { changes: number };
};

/**
 * The service on one SQLite file, for this process alone. WAL with `synchronous = FULL`: a commit is on
 * disk before it returns, which is what lets the service answer 202 only for creates that survive a
 * crash. One connection serves every request, so transactions take turns: a statement outside a
 * transaction waits for the one in progress, and never sees its uncommitted writes.
 */
export class SqliteEngine implements Engine {
  readonly dialect = 'sqlite' as const;
  readonly sql: Sql;
  readonly #db: Db;
  readonly #statements = new Map<string, Statement>();
  readonly #inside: Sql;
  #busy = false;
  #waiting: (() => void)[] = [];

  constructor(file: string) {
    this.#db = openDatabase(file, {
      migrations: MIGRATIONS,
      synchronous: 'FULL',
      exclusive: file !== ':memory:',
      what: 'the data folder of intake serve',
    });
    this.#inside = this.#executor(false);
    this.sql = this.#executor(true);
  }

  #prepare(text: string): Statement {
    let statement = this.#statements.get(text);
    if (statement === undefined) {
      statement = this.#db.prepare(text) as Statement;
      this.#statements.set(text, statement);
    }
    return statement;
  }

  /** Statements run at once inside a transaction; outside, after the transaction in progress ends. */
  #executor(outside: boolean): Sql {
    const params = (values: readonly SqlValue[] | undefined) => (values ?? []) as unknown[];
    // The check and the statement run in one synchronous step, so no transaction can begin in between.
    const run = async <T>(work: () => T): Promise<T> => {
      while (outside && this.#busy) await this.#turn();
      return work();
    };
    return {
      dialect: 'sqlite',
      all: <T>(text: string, values?: readonly SqlValue[]) =>
        run(() => this.#prepare(text).all(...params(values)) as T[]),
      get: <T>(text: string, values?: readonly SqlValue[]) =>
        run(() => this.#prepare(text).get(...params(values)) as T | undefined),
      run: (text: string, values?: readonly SqlValue[]) =>
        run(() => this.#prepare(text).run(...params(values)).changes),
    };
  }

  /** Resolves when the transaction in progress ends (another may have begun by then). */
  #turn(): Promise<void> {
    return new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  async transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    while (this.#busy) await this.#turn();
    this.#busy = true;
    try {
      this.#prepare('BEGIN IMMEDIATE').run();
      try {
        const result = await work(this.#inside);
        this.#prepare('COMMIT').run();
        return result;
      } catch (error) {
        if (this.#db.inTransaction) this.#prepare('ROLLBACK').run();
        throw error;
      }
    } finally {
      this.#busy = false;
      const waiting = this.#waiting;
      this.#waiting = [];
      for (const resolve of waiting) resolve();
    }
  }

  async ping(): Promise<void> {
    await this.sql.get('SELECT 1');
  }

  async close(): Promise<void> {
    if (this.#db.open) this.#db.close();
  }
}

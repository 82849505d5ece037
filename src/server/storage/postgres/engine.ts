import pg from 'pg';
import { DatabaseOpenError } from '../../../storage/sqlite.js';
import { StorageUnavailable, type Engine, type TransactionOptions } from '../engine.js';
import { POSTGRES } from './dialect.js';
import { POSTGRES_MIGRATIONS } from './migrations.js';
import { numberedPlaceholders, type Sql, type SqlValue } from '../sql.js';

export interface PostgresOptions {
  /** `postgres://user@host:port/database`; the password may come from PGPASSWORD or ~/.pgpass instead. */
  url: string;
  /** Connections this process keeps open at most (default 10). */
  poolSize?: number;
  /** How long one statement may run before the database stops it (default 10 s). */
  statementTimeoutMs?: number;
  /** How long to wait for a connection (default 5 s). */
  connectTimeoutMs?: number;
  /**
   * Whether to bring the schema up to date (the default), which needs the rights to create tables; a
   * service whose user may only read and write rows opens a database already up to date without them.
   */
  migrate?: boolean;
  /**
   * A direct connection to the database (not through a pooler), for the doorbell between processes
   * (LISTEN) and for migrations. Given, `url` is taken as a transaction pooler's (pgbouncer's
   * `pool_mode = transaction`): nothing on its connections outlives a transaction (no prepared
   * statements, no session settings).
   */
  directUrl?: string;
}

/** The key of the advisory lock held while the schema is brought up to date. */
const MIGRATION_LOCK = 7_400;

/** 64-bit integers (ids, times in milliseconds) and sums as JavaScript numbers: every one we keep fits. */
const TYPES = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === 20 || oid === 1700
      ? Number
      : (pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown),
};

/**
 * A PostgreSQL error whose SQLSTATE says the server cannot be used now: gone, starting or stopping (08,
 * 57P), out of resources (53: its disk full, its memory, its connections), its disk failing (58030), or a
 * statement cancelled (57014).
 */
function unavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // A network error (ECONNREFUSED) or a timeout of the driver has no SQLSTATE (five letters and digits).
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true;
  return (
    code.startsWith('08') ||
    code.startsWith('57P') ||
    code.startsWith('53') ||
    code === '58030' ||
    code === '57014'
  );
}

function translate(error: unknown): unknown {
  if (!unavailable(error)) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new StorageUnavailable(`the database did not answer: ${reason}`, { cause: error });
}

/** The address of a database without its password, for messages and logs. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString().replace(/:@/, '@');
  } catch {
    return 'postgres://…';
  }
}

/** The start of a transaction that finds its rows by their keys (see `TransactionOptions`). */
const BEGIN_BY_KEY =
  'BEGIN; SET LOCAL plan_cache_mode = auto; SET LOCAL random_page_cost = 1.1; SET LOCAL enable_bitmapscan = off';

/** Each statement's PostgreSQL text and the name it is prepared under (once per connection, then reused). */
const prepared = new Map<string, { name: string; text: string }>();
/** The same texts, for a pooler's connections: never prepared under a name (it would not outlive the transaction). */
const unnamed = new Map<string, { text: string }>();

function statement(text: string, pooled: boolean): { name?: string; text: string } {
  // Transaction control is not prepared.
  if (/^(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|SET )/.test(text)) return { text };
  if (pooled) {
    let known = unnamed.get(text);
    if (known === undefined) unnamed.set(text, (known = { text: numberedPlaceholders(text) }));
    return known;
  }
  let known = prepared.get(text);
  if (known === undefined) {
    known = { name: `intake_${prepared.size}`, text: numberedPlaceholders(text) };
    prepared.set(text, known);
  }
  return known;
}

function executor(client: pg.Pool | pg.PoolClient, pooled: boolean): Sql {
  const query = async <T>(
    text: string,
    values: readonly SqlValue[] | undefined,
  ): Promise<pg.QueryResult & { rows: T[] }> => {
    try {
      return await client.query({ ...statement(text, pooled), values: (values ?? []) as unknown[] });
    } catch (error) {
      throw translate(error);
    }
  };
  return {
    dialect: POSTGRES,
    all: async <T>(text: string, values?: readonly SqlValue[]) => (await query<T>(text, values)).rows,
    get: async <T>(text: string, values?: readonly SqlValue[]) => (await query<T>(text, values)).rows[0],
    run: async (text: string, values?: readonly SqlValue[]) => (await query(text, values)).rowCount ?? 0,
  };
}

/**
 * The service on PostgreSQL, shared by any number of processes: each statement goes through a pool of
 * connections, a transaction holds one connection from BEGIN to COMMIT. A database that goes away fails
 * requests with `StorageUnavailable` (never a hang: connections and statements have time limits), and
 * the pool connects again when it is back.
 */
export class PostgresEngine implements Engine {
  readonly dialect = POSTGRES;
  readonly sql: Sql;
  readonly #pool: pg.Pool;
  readonly #options: PostgresOptions;
  readonly #pooled: boolean;

  private constructor(pool: pg.Pool, options: PostgresOptions) {
    this.#pool = pool;
    this.#options = options;
    this.#pooled = options.directUrl !== undefined;
    this.sql = executor(pool, this.#pooled);
  }

  static async open(options: PostgresOptions): Promise<PostgresEngine> {
    const statementTimeout = options.statementTimeoutMs ?? 10_000;
    // A pooler takes no settings for the session (its connections serve others between transactions).
    const session =
      options.directUrl === undefined
        ? {
            statement_timeout: statementTimeout,
            idle_in_transaction_session_timeout: Math.max(statementTimeout * 3, 30_000),
            // Statements are prepared once per connection; each execution is planned for its values (a plan
            // made once for any values served some of the service's statements badly as tables grew).
            options: '-c plan_cache_mode=force_custom_plan',
          }
        : {};
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      // A statement whose answer never comes (the server's machine gone) ends a little after the server would have.
      query_timeout: statementTimeout + 2_000,
      application_name: 'intake serve',
      types: TYPES,
      ...session,
    });
    // A connection the server ends while idle must not end the process: the pool drops it and makes another.
    pool.on('error', () => {});
    // One in use when the server goes away fails its statement; the error event must not end the process either.
    pool.on('connect', (client) => client.on('error', () => {}));
    const engine = new PostgresEngine(pool, options);
    try {
      engine.schemaVersion = await engine.#migrate(options.migrate !== false);
    } catch (error) {
      await pool.end().catch(() => {});
      if (error instanceof DatabaseOpenError) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new DatabaseOpenError(
        'unusable',
        `cannot use the database at ${describeDatabaseUrl(options.url)}: ${reason}`,
        { cause: error },
      );
    }
    return engine;
  }

  /**
   * Brings the schema up to date under an advisory lock, so processes starting together migrate once.
   * A database already up to date is only read (a user with rights to rows alone can run the service);
   * a database holding another program's tables is refused before anything is created in it; a schema
   * to bring up to date without the rights to do so says who can (`intake serve migrate`, as the owner).
   */
  async #migrate(allowed: boolean): Promise<number> {
    // A session lock must not be left on a pooler's connection: the direct one, when there is one.
    const direct = this.#options.directUrl;
    const client =
      direct === undefined
        ? await this.#pool.connect()
        : new pg.Client({ connectionString: direct, types: TYPES });
    if (direct !== undefined) await (client as pg.Client).connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      try {
        const ours =
          (await client.query("SELECT to_regclass('intake_schema') AS name")).rows[0].name !== null;
        const target = POSTGRES_MIGRATIONS.length;
        if (!ours) {
          const foreign = await client.query(
            'SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename LIMIT 4',
          );
          if (foreign.rows.length > 0) {
            const names = foreign.rows.slice(0, 3).map((row: { tablename: string }) => row.tablename);
            throw new DatabaseOpenError(
              'unusable',
              `the database holds tables that are not intake's (${names.join(', ')}${foreign.rows.length > 3 ? ', …' : ''}); nothing was changed in it: give intake serve a database of its own (CREATE DATABASE intake_sandbox)`,
            );
          }
        }
        const current = ours
          ? Number((await client.query('SELECT version FROM intake_schema')).rows[0]?.version ?? 0)
          : 0;
        if (current > target) {
          throw new DatabaseOpenError(
            'newer_schema',
            `the database was written by a newer intake (schema ${current}, this build knows ${target}); upgrade intake`,
          );
        }
        if (current === target) return current;
        if (!ours && !allowed) {
          throw new DatabaseOpenError(
            'no_service',
            'the database holds no intake service yet: create its schema as its owner (intake serve migrate)',
          );
        }
        if (!allowed) {
          throw new DatabaseOpenError(
            'unusable',
            `the database's schema is at version ${current} and this intake needs ${target}: bring it up to date as its owner (intake serve migrate)`,
          );
        }
        await client.query('BEGIN');
        try {
          if (!ours) {
            await client.query('CREATE TABLE intake_schema (version integer NOT NULL)');
            await client.query('INSERT INTO intake_schema (version) VALUES (0)');
          }
          for (let version = current; version < target; version++) {
            await client.query(POSTGRES_MIGRATIONS[version] as string);
            await client.query('UPDATE intake_schema SET version = $1', [version + 1]);
          }
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          if ((error as { code?: string }).code === '42501') {
            throw new DatabaseOpenError(
              'unusable',
              `the database's schema must be brought up to date (version ${current} to ${target}), which needs rights this user lacks (${(error as Error).message}): run intake serve migrate as the database's owner`,
            );
          }
          throw error;
        }
        return target;
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      }
    } finally {
      if (direct === undefined) (client as pg.PoolClient).release();
      else await (client as pg.Client).end().catch(() => {});
    }
  }

  /** The schema's version after opening. */
  schemaVersion = 0;

  async transaction<T>(work: (sql: Sql) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.#pool.connect();
    } catch (error) {
      throw translate(error);
    }
    let broken: Error | undefined;
    try {
      const sql = executor(client, this.#pooled);
      // In the same round trip. Each execution is otherwise planned for its values (see the pool's options),
      // and at the default cost of a random read a list of 1,024 keys was found by reading the table.
      const begin = options.byKey ? BEGIN_BY_KEY : 'BEGIN';
      // Through a pooler, the time limit is the transaction's own (the session is not ours).
      await sql.run(
        this.#pooled ? `${begin}; SET LOCAL statement_timeout = ${this.#statementTimeout}` : begin,
      );
      try {
        const result = await work(sql);
        await sql.run('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollback: unknown) => {
          broken = rollback instanceof Error ? rollback : new Error(String(rollback));
        });
        throw error;
      }
    } finally {
      // A connection that could not roll back is closed rather than given to the next transaction.
      client.release(broken);
    }
  }

  get #statementTimeout(): number {
    return this.#options.statementTimeoutMs ?? 10_000;
  }

  /**
   * LISTEN on a connection of its own (the direct one, when the pool goes through a pooler), taken again
   * a second after it is lost; what was sent meanwhile is in the store, where the listener looks anyway.
   */
  async subscribe(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
    let stopped = false;
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    const connect = async (): Promise<void> => {
      const next = new pg.Client({
        connectionString: this.#options.directUrl ?? this.#options.url,
        application_name: 'intake serve (listen)',
        connectionTimeoutMillis: this.#options.connectTimeoutMs ?? 5_000,
      });
      const again = () => {
        if (stopped || client !== next) return;
        client = undefined;
        next.end().catch(() => {});
        retry = setTimeout(() => void connect().catch(() => {}), 1000);
        retry.unref();
      };
      client = next;
      next.on('error', again);
      next.on('end', again);
      next.on('notification', (message) => onMessage(message.payload ?? ''));
      try {
        await next.connect();
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch {
        again();
      }
    };
    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    };
  }

  async ping(): Promise<void> {
    await this.sql.get('SELECT 1');
  }

  async close(): Promise<void> {
    await this.#pool.end();
  }
}

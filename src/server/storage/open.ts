import { join } from 'node:path';
import type { Engine } from './engine.js';
import { PostgresEngine } from './postgres/engine.js';
import { SqliteEngine } from './sqlite/engine.js';

/** Where the service keeps its state: a data folder (SQLite) or a PostgreSQL database. */
export interface EngineOptions {
  /** An engine already open, used as it is (tests; a program that opens its own database). */
  storage?: Engine;
  /** Folder of the SQLite file (`intake.db`); `:memory:` keeps everything in memory. */
  dataDir?: string;
  /** A PostgreSQL database instead of the data folder (`postgres://user@host:port/database`). */
  databaseUrl?: string;
  /**
   * PostgreSQL: a direct connection when `databaseUrl` goes through a transaction pooler (pgbouncer):
   * for the doorbell between processes and for migrations.
   */
  directUrl?: string;
  /** PostgreSQL: connections per process (default 10). */
  poolSize?: number;
  /** PostgreSQL: how long one statement may run (default 10 s). */
  statementTimeoutMs?: number;
  /** PostgreSQL: bring the schema up to date if it is behind (default); false only reads it (a copy's source). */
  migrate?: boolean;
}

export async function openEngine(options: EngineOptions): Promise<Engine> {
  if (options.storage !== undefined) return options.storage;
  if (options.databaseUrl !== undefined) {
    return PostgresEngine.open({
      url: options.databaseUrl,
      ...(options.directUrl === undefined ? {} : { directUrl: options.directUrl }),
      ...(options.poolSize === undefined ? {} : { poolSize: options.poolSize }),
      ...(options.statementTimeoutMs === undefined ? {} : { statementTimeoutMs: options.statementTimeoutMs }),
      ...(options.migrate === undefined ? {} : { migrate: options.migrate }),
    });
  }
  const dataDir = options.dataDir ?? ':memory:';
  return new SqliteEngine(dataDir === ':memory:' ? ':memory:' : join(dataDir, 'intake.db'));
}

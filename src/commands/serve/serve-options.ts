import type { BuildServerOptions } from '../../server/build-server.js';

/** What `intake serve` runs with, every flag read and checked. */
export interface ServeOptions {
  host: string;
  port: number;
  /** Processes behind the port (PostgreSQL only when more than one). */
  workers: number;
  /** Where the state is, for people: the data folder, or the database's address without its password. */
  where: string;
  server: BuildServerOptions;
}

/** The environment variable that can hold the first merchant's secret (kept out of the process list). */
export const SERVE_SECRET_ENV = 'INTAKE_SERVE_SECRET_ACCESS_KEY';
/** The environment variable that can name a PostgreSQL database to run on instead of the data folder. */
export const SERVE_DATABASE_ENV = 'INTAKE_SERVE_DATABASE_URL';
/**
 * A direct connection to the database when the one above goes through a transaction pooler: for the
 * notices between processes (LISTEN) and migrations.
 */
export const SERVE_DATABASE_DIRECT_ENV = 'INTAKE_SERVE_DATABASE_DIRECT_URL';
/** Set in the processes `--workers` starts: they serve, the first process set up the rest. */
export const SERVE_WORKER_ENV = 'INTAKE_SERVE_WORKER';
/**
 * The port a process of `--workers` started again listens on: the one the service has (with `--port 0`,
 * the one the first processes were given, so that the address announced stays the service's).
 */
export const SERVE_PORT_ENV = 'INTAKE_SERVE_WORKER_PORT';

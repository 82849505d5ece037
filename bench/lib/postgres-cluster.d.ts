export interface PostgresCluster {
  /** The `postgres` database as the superuser `intake` (trust authentication on loopback). */
  url: string;
  port: number;
  /** Stops the server at once and removes its folder. */
  stop(): void;
  /** Stops the server at once (every connection dropped), keeping its data. */
  down(): void;
  /** Starts it again, on the same port and data. */
  up(): void;
}

export function findPostgresBin(): string | undefined;

/** A port nobody listens on now (the system picks it). */
export function freePort(): Promise<number>;

export function startPostgresCluster(options?: {
  bin?: string;
  durable?: boolean;
  maxConnections?: number;
  sharedBuffers?: string;
  /** Other server settings, as `name=value`. */
  settings?: string[];
}): Promise<PostgresCluster | undefined>;

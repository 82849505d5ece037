export interface Pgbouncer {
  port: number;
  /** The same database as `url` (on the cluster) names, through the pooler. */
  through(url: string): string;
  stop(): void;
}

export function findPgbouncer(): string | undefined;

export function startPgbouncer(options: {
  postgresPort: number;
  program?: string;
  poolSize?: number;
  maxClientConnections?: number;
}): Promise<Pgbouncer | undefined>;

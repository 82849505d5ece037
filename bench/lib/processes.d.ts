export const BIN: string;

export function median(values: readonly number[]): number;

/** CPU time a process has used so far, in µs (Linux, from /proc). */
export function cpuMicros(pid: number): number;

export interface ServeProcess {
  url: string;
  pid: number;
  merchant: { merchant_id: string; access_key_id: string; secret_access_key: string };
  authorization: string;
  /** Ends it (SIGTERM) and resolves once it is gone; at once if it already is. */
  stop(): Promise<void>;
}

/** Starts `bin/intake.js serve --port 0 --json --quiet ARGS`. */
export function spawnServe(args: readonly string[]): Promise<ServeProcess>;

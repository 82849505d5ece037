import { StorageUnavailable } from './engine.js';
import type { WriteListener } from './store.js';

/** How long a write the database refused keeps the service from saying it is ready. */
export const REFUSED_WRITE_MS = 10_000;

/**
 * When the database last refused a write. A database that still answers reads may refuse writes (its
 * disk full, read-only, failing): `GET /local/ready` says so, with why, for ten seconds after each such
 * refusal. Not until a write is taken: on a nearly full disk small writes (the request journal's) can
 * go in while creates cannot, and a load balancer that stopped sending on "not ready" would never send
 * the create that finds there is room again. So it says ready ten seconds after the last refusal, and a
 * create that still meets a full disk says so once more.
 */
export class WriteWatch implements WriteListener {
  readonly #now: () => number;
  #refused: { at: number; why: string } | undefined;

  constructor(now: () => number) {
    this.#now = now;
  }

  /** Only the database's refusals count (a create refused for its content is no trouble of the disk). */
  refused(error: unknown): void {
    if (error instanceof StorageUnavailable) this.#refused = { at: this.#now(), why: error.message };
  }

  /** Why writes were refused in the last ten seconds, or undefined. */
  trouble(): string | undefined {
    const refused = this.#refused;
    if (refused === undefined || this.#now() - refused.at >= REFUSED_WRITE_MS) return undefined;
    return refused.why;
  }
}

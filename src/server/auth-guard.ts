/** Wrong secrets allowed per access key id in a window, before the next are refused without a hash. */
export const FAILURES_ALLOWED = 10;
export const FAILURE_WINDOW_MS = 60_000;
/** Wrong headers remembered at once (a digest each). */
const REFUSED_REMEMBERED = 10_000;
/** Secret hashes computed at once: the rest wait their turn, leaving the thread pool to other work. */
export const HASHES_AT_ONCE = 2;

/**
 * What keeps secret checks from being used to slow the service down: one hash per `Authorization`
 * header however many requests carry it at the same moment (the others wait for its answer), a limit on
 * distinct wrong secrets per access key id (further tries refused at once, with when to try again; the
 * same wrong header sent again is refused at once and not counted, so a broken script does not lock its
 * merchant out), and a bound on the hashes computed at once. A header verified before never comes here.
 */
export class AuthGuard<T> {
  readonly #now: () => number;
  readonly #pending = new Map<string, Promise<T>>();
  readonly #failures = new Map<string, { count: number; since: number }>();
  /** Checks under way per access key id: each may turn out a wrong secret, so each counts as a try. */
  readonly #checking = new Map<string, number>();
  readonly #queue: (() => void)[] = [];
  /** Headers found wrong in this window, by digest: sent again, they are refused without a hash or a count. */
  readonly #refused = new Map<string, number>();
  #running = 0;
  /** Secret hashes computed since start. */
  hashes = 0;

  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  /**
   * Seconds until `accessKeyId` may be tried again, when its wrong secrets (and the checks under way,
   * any of which may be one) have reached the limit of the window.
   */
  lockedFor(accessKeyId: string): number | undefined {
    const failures = this.#failures.get(accessKeyId);
    const left = failures ? failures.since + FAILURE_WINDOW_MS - this.#now() : 0;
    if (failures && left <= 0) this.#failures.delete(accessKeyId);
    const tries = (left > 0 ? (failures?.count ?? 0) : 0) + (this.#checking.get(accessKeyId) ?? 0);
    if (tries < FAILURES_ALLOWED) return undefined;
    return Math.max(1, Math.ceil((left > 0 ? left : FAILURE_WINDOW_MS) / 1000));
  }

  /** Whether this very header was found wrong within the window (a script sending it again and again). */
  refusedBefore(key: string): boolean {
    const until = this.#refused.get(key);
    if (until === undefined) return false;
    if (until > this.#now()) return true;
    this.#refused.delete(key);
    return false;
  }

  /** Forgets the headers found wrong (a secret changed: one of them may be right now). */
  forgetRefused(): void {
    this.#refused.clear();
  }

  failed(accessKeyId: string, key: string): void {
    const now = this.#now();
    if (this.#refused.size >= REFUSED_REMEMBERED) this.#refused.clear();
    this.#refused.set(key, now + FAILURE_WINDOW_MS);
    const failures = this.#failures.get(accessKeyId);
    if (!failures || failures.since + FAILURE_WINDOW_MS <= now)
      this.#failures.set(accessKeyId, { count: 1, since: now });
    else failures.count += 1;
  }

  succeeded(accessKeyId: string): void {
    this.#failures.delete(accessKeyId);
  }

  /**
   * Runs `check` of a header of `accessKeyId` once for all who ask with that header at the same moment
   * (`key`), at most `HASHES_AT_ONCE` at a time.
   */
  once(key: string, accessKeyId: string, check: () => Promise<T>): Promise<T> {
    const running = this.#pending.get(key);
    if (running) return running;
    this.#checking.set(accessKeyId, (this.#checking.get(accessKeyId) ?? 0) + 1);
    const started = this.#turn()
      .then(() => {
        this.hashes += 1;
        return check();
      })
      .finally(() => {
        this.#pending.delete(key);
        const left = (this.#checking.get(accessKeyId) ?? 1) - 1;
        if (left > 0) this.#checking.set(accessKeyId, left);
        else this.#checking.delete(accessKeyId);
        this.#release();
      });
    this.#pending.set(key, started);
    return started;
  }

  #turn(): Promise<void> {
    if (this.#running < HASHES_AT_ONCE) {
      this.#running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#queue.push(resolve));
  }

  #release(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#running -= 1;
  }
}

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** How long a browser stays signed in without a new token. */
export const SIGN_IN_DAYS = 30;
const DAY_MS = 86_400_000;

const hash = (text: string) => createHash('sha256').update(text).digest('hex');
const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/** What is kept on disk (mode 0600): the page's path, the port it had, and the signed-in browsers. */
interface Stored {
  path: string;
  port?: number;
  /** Hashes of the sign-in cookies given, with when each stops being good. */
  browsers: { hash: string; expires: number }[];
}

/**
 * Who may use the page of `intake ui` for a profile, kept across its restarts (in its folder, mode
 * 0600), so that an address bookmarked and a tab left open work again:
 * - the page lives under a secret path (`/p/…/`), and its cookies are scoped to it: a browser sends them
 *   to no other server on this machine (cookies go to every port of a host, but only under their path);
 * - a one-time token in the address `intake ui` prints (or opens, through a private file, so that it is
 *   never in a process's arguments) signs a browser in; used once, it is gone;
 * - a signed-in browser holds a random cookie, kept here only as a hash, good for 30 days.
 */
export class UiAuth {
  readonly #file: string;
  readonly #now: () => number;
  #stored: Stored;
  #token: string | undefined;

  constructor(folder: string, now: () => number = Date.now) {
    this.#file = join(folder, 'auth.json');
    this.#now = now;
    this.#stored = this.#read() ?? { path: randomBytes(16).toString('base64url'), browsers: [] };
    this.#stored.browsers = this.#stored.browsers.filter((browser) => browser.expires > now());
    this.#write();
  }

  #read(): Stored | undefined {
    if (!existsSync(this.#file)) return undefined;
    try {
      const stored = JSON.parse(readFileSync(this.#file, 'utf8')) as Partial<Stored>;
      if (typeof stored.path !== 'string' || !/^[\w-]{16,}$/.test(stored.path)) return undefined;
      return {
        path: stored.path,
        ...(typeof stored.port === 'number' ? { port: stored.port } : {}),
        browsers: Array.isArray(stored.browsers)
          ? stored.browsers.filter(
              (browser) => typeof browser?.hash === 'string' && typeof browser.expires === 'number',
            )
          : [],
      };
    } catch {
      return undefined;
    }
  }

  #write(): void {
    writeFileSync(this.#file, JSON.stringify(this.#stored), { mode: 0o600 });
  }

  /** The page's base path, `/p/<secret>/`. */
  get base(): string {
    return `/p/${this.#stored.path}/`;
  }

  /** The port the page had last time, to listen on again. */
  get port(): number | undefined {
    return this.#stored.port;
  }

  set port(port: number) {
    this.#stored.port = port;
    this.#write();
  }

  /** A new one-time token (the one before it is no longer good). */
  newToken(): string {
    this.#token = randomBytes(24).toString('base64url');
    return this.#token;
  }

  /** Takes a token: true once for the token last made, then never again. */
  takeToken(token: string): boolean {
    const current = this.#token;
    if (current === undefined || !sameHash(hash(token), hash(current))) return false;
    this.#token = undefined;
    return true;
  }

  /** Signs a browser in: the cookie value to give it. */
  signIn(): string {
    const cookie = randomBytes(32).toString('base64url');
    const now = this.#now();
    this.#stored.browsers = this.#stored.browsers.filter((browser) => browser.expires > now);
    this.#stored.browsers.push({ hash: hash(cookie), expires: now + SIGN_IN_DAYS * DAY_MS });
    this.#write();
    return cookie;
  }

  /** Whether a cookie is one given to a browser, and still good. */
  signedIn(cookie: string | undefined): boolean {
    if (cookie === undefined || cookie.length > 100) return false;
    const wanted = hash(cookie);
    const now = this.#now();
    return this.#stored.browsers.some((browser) => browser.expires > now && sameHash(browser.hash, wanted));
  }

  /** Signs every browser out (`intake ui --sign-out`). */
  signOutAll(): void {
    this.#stored.browsers = [];
    this.#write();
  }
}

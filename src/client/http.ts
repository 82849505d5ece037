// Long because it is the one HTTP client of the CLI: pool, retries, pace, timeouts, redirects and the
// report of each attempt, which must agree with each other; splitting send() would scatter one request's
// state.
import { Agent, request, type Dispatcher } from 'undici';
import { AbortedError, ApiError, NetworkError } from './errors.js';
import { describeNetworkError, NOT_SENT } from './network.js';
import {
  DEFAULT_RETRY,
  RETRYABLE_STATUSES,
  backoffMs,
  isRetryableError,
  retryAfterMs,
  whenUnanswered,
  honouredRetryAfterMs,
  type RetryPolicy,
} from './retry.js';
import { ReceivedValidationIssue } from '../contract/validation.js';
import type { AttemptOutcome, Pace, Place } from './pace.js';

/** What one attempt did, for `--verbose`. Headers are given with Authorization already redacted. */
export interface AttemptReport {
  method: string;
  url: string;
  attempt: number;
  attempts: number;
  headers: Record<string, string>;
  status?: number;
  error?: string;
  ms: number;
  /** Set when another attempt follows after this many milliseconds. */
  retryInMs?: number;
  /** What Retry-After asked for, in milliseconds, when the answer said. */
  retryAfterMs?: number;
  /** The attempt broke after its request may have reached the service: its answer was lost. */
  answerLost?: boolean;
}

export interface HttpClientOptions {
  baseUrl: string;
  authorization?: string | undefined;
  timeoutMs: number;
  userAgent: string;
  retry?: RetryPolicy;
  /** The jitter of retry waits (tests make it fixed). */
  random?: () => number;
  /** A dispatcher to use instead of the client's own keep-alive agent (tests pass a MockAgent). */
  dispatcher?: Dispatcher;
  onAttempt?: (report: AttemptReport) => void;
}

/** A response the caller handles: 2xx, or an error status it asked to see (`accept`). */
export interface HttpResult {
  status: number;
  body: unknown;
  /** The answer's headers (names in lower case). */
  headers: Record<string, string | string[] | undefined>;
  attempts: number;
  /**
   * True when an earlier attempt may have reached the service without its answer reaching us (the
   * connection broke or timed out after sending), so a 409 now may be our own earlier create.
   */
  uncertain: boolean;
}

/** An answer as `exchange` gives it: its status, headers (names in lower case) and body text. */
interface Exchanged {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * One request and its whole answer, on undici's dispatcher directly: `request()` would add a body
 * stream and an async resource per request, which a bulk upload pays for thousands of times (about
 * 30 µs a request on this kind of machine, measured).
 */
function exchange(
  dispatcher: Dispatcher,
  target: { origin: string; path: string },
  options: {
    method: Dispatcher.HttpMethod;
    headers: Record<string, string>;
    body: string | Buffer | undefined;
    headersTimeout?: number;
  },
): Promise<Exchanged> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let status = 0;
    let headers: Exchanged['headers'] = {};
    dispatcher.dispatch(
      { ...target, ...options, body: options.body ?? null },
      {
        // Its presence tells undici this is a handler of its current interface.
        onRequestStart() {},
        onResponseStart(_controller, statusCode, answerHeaders) {
          status = statusCode;
          headers = answerHeaders;
        },
        onResponseData(_controller, chunk) {
          chunks.push(chunk);
        },
        onResponseEnd() {
          const text =
            chunks.length === 1
              ? (chunks[0] as Buffer).toString('utf8')
              : Buffer.concat(chunks).toString('utf8');
          resolve({ status, headers, text });
        },
        onResponseError(_controller, error) {
          reject(error);
        },
      },
    );
  });
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorDetail(body: unknown): string | ReceivedValidationIssue[] | undefined {
  if (body !== null && typeof body === 'object' && 'detail' in body) {
    const detail = (body as { detail: unknown }).detail;
    if (typeof detail === 'string') return detail;
    if (Array.isArray(detail)) {
      const issues = detail.map((item) => ReceivedValidationIssue.safeParse(item));
      if (issues.every((issue) => issue.success))
        return issues.map((issue) => issue.data as ReceivedValidationIssue);
      return JSON.stringify(detail).slice(0, 500);
    }
  }
  return typeof body === 'string' && body !== '' ? body.slice(0, 500) : undefined;
}

/** How one request is sent: its body, headers, query, the answers it accepts, its retries and timeout. */
export interface SendOptions {
  body?: unknown;
  /** A body sent as it is (`intake api --input`), instead of `body` as JSON. */
  raw?: string | Buffer;
  /** Headers added to (or replacing) the usual ones. */
  headers?: Record<string, string>;
  query?: Record<string, string>;
  /** Error statuses to return rather than throw; `all` returns every answer. */
  accept?: readonly number[] | 'all';
  /** How to retry this request, instead of the client's policy. */
  retry?: RetryPolicy;
  /** How long to wait for the answer's headers, instead of the client's timeout (a long poll). */
  timeoutMs?: number;
}

/**
 * JSON over HTTP with one keep-alive agent, timeouts, and retries with backoff and jitter for connection
 * errors and for 429/502/503/504 (honouring Retry-After). Error statuses become `ApiError`; no answer after
 * every attempt becomes `NetworkError`.
 */
export class HttpClient {
  readonly baseUrl: string;
  readonly #options: HttpClientOptions;
  readonly #dispatcher: Dispatcher;
  readonly #ownDispatcher: boolean;
  readonly #retry: RetryPolicy;
  readonly #observers = new Set<(report: AttemptReport) => void>();
  /** Paces the attempts on the wire, when a bulk upload asked (see `Pace`). */
  #pace: Pace | undefined;
  #aborted = false;
  #retriesStopped = false;
  /** Waits before a retry, ended early by `stopRetrying`. */
  readonly #waits = new Set<() => void>();
  /** No retry starts after this (`performance.now()` time). */
  #deadline = Number.POSITIVE_INFINITY;
  /** Whether the service has answered any request of this client (see `attemptsUnanswered`). */
  #answered = false;
  /** The service's time from the last answer's `Date` header, and our time when it came. */
  #serviceTime: { at: number; receivedAt: number } | undefined;

  constructor(options: HttpClientOptions) {
    this.#options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#retry = options.retry ?? DEFAULT_RETRY;
    this.#ownDispatcher = options.dispatcher === undefined;
    this.#dispatcher =
      options.dispatcher ??
      new Agent({
        keepAliveTimeout: 10_000,
        connect: { timeout: options.timeoutMs },
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
      });
  }

  /** The last `Date` header read, and its time: answers that come within a second carry the same one. */
  #lastDate: { text: string; at: number } | undefined;

  /** Notes the service's time from an answer's `Date` header. */
  #noteServiceTime(date: string | string[] | undefined): void {
    if (typeof date !== 'string') return;
    if (this.#lastDate?.text !== date) this.#lastDate = { text: date, at: Date.parse(date) };
    const { at } = this.#lastDate;
    if (!Number.isNaN(at)) this.#serviceTime = { at, receivedAt: Date.now() };
  }

  /** The service's time now, as its last answer's `Date` header says (to the second), if one has come. */
  serviceNow(): number | undefined {
    return this.#serviceTime && this.#serviceTime.at + (Date.now() - this.#serviceTime.receivedAt);
  }

  /** No retry starts later than `ms` from now, and no wait goes past it (`queue status --max-wait`). */
  setDeadline(ms: number): void {
    this.#deadline = performance.now() + ms;
  }

  /**
   * Ends every wait before a retry now, and starts no more retries (the first Ctrl-C of an upload):
   * a request waiting to be tried again gives up at once with `AbortedError`, while those on the wire
   * finish.
   */
  stopRetrying(): void {
    this.#retriesStopped = true;
    for (const wake of [...this.#waits]) wake();
    this.#pace?.wake();
  }

  #sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.#waits.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.#waits.add(wake);
    });
  }

  /** Whether another attempt may start after `wait` ms, by the policy, the deadline and a stop. */
  #mayRetry(policy: RetryPolicy, attempt: number, firstStarted: number, wait: number): boolean {
    return !this.#retriesStopped && this.#withinPolicy(policy, attempt, firstStarted, wait);
  }

  /** Whether the policy and the deadline allow another attempt after `wait` ms (a stop aside). */
  #withinPolicy(policy: RetryPolicy, attempt: number, firstStarted: number, wait: number): boolean {
    const at = performance.now() + wait;
    return (
      attempt < policy.attempts &&
      at - firstStarted <= (policy.maxElapsedMs ?? Number.POSITIVE_INFINITY) &&
      at <= this.#deadline
    );
  }

  /**
   * Has every attempt take a place from `pace` while it is on the wire, until the returned function is
   * called. A request waiting to be tried again holds no place.
   */
  usePace(pace: Pace): () => void {
    this.#pace = pace;
    return () => {
      if (this.#pace === pace) this.#pace = undefined;
    };
  }

  /** Calls `observer` with a report of every attempt until the returned function is called. */
  observe(observer: (report: AttemptReport) => void): () => void {
    this.#observers.add(observer);
    return () => this.#observers.delete(observer);
  }

  /**
   * Opens a long-lived GET (a stream of server-sent events): the answer's status and its body as it
   * arrives, with the client's credentials; `signal` ends it. No retries: the caller reconnects.
   */
  async openStream(
    path: string,
    options: { headers?: Record<string, string>; signal: AbortSignal },
  ): Promise<{ status: number; body: AsyncIterable<Buffer>; text(): Promise<string> }> {
    const headers: Record<string, string> = {
      accept: 'text/event-stream',
      'user-agent': this.#options.userAgent,
      ...(this.#options.authorization ? { authorization: this.#options.authorization } : {}),
      ...options.headers,
    };
    try {
      const response = await request(`${this.baseUrl}${path}`, {
        method: 'GET',
        headers,
        dispatcher: this.#dispatcher,
        signal: options.signal,
        headersTimeout: this.#options.timeoutMs,
        // The stream may be quiet for long: the service sends a comment now and then.
        bodyTimeout: 0,
      });
      return {
        status: response.statusCode,
        body: response.body as AsyncIterable<Buffer>,
        text: () => response.body.text(),
      };
    } catch (error) {
      if (options.signal.aborted) throw new AbortedError();
      throw new NetworkError(this.baseUrl, describeNetworkError(error, this.#options.timeoutMs), {
        cause: error,
        attempts: 1,
        elapsedMs: 0,
        notSent: false,
      });
    }
  }

  /** A place on the wire from the pace, if there is one; a stop while waiting for it ends the request. */
  async #takePlace(attempt: number, notTaken: boolean): Promise<Place | undefined> {
    const pace = this.#pace;
    if (!pace) return undefined;
    const place = await pace.acquire(() => this.#aborted || this.#retriesStopped);
    if (!place) throw new AbortedError({ notTaken });
    if (this.#aborted || (this.#retriesStopped && attempt > 1)) {
      place.release({ ms: 0 });
      throw new AbortedError({ notTaken });
    }
    return place;
  }

  /** What one request sends, whatever its attempts: its URL, headers (and as `--verbose` shows them), body. */
  #prepared(path: string, options: SendOptions) {
    const query =
      options.query && Object.keys(options.query).length > 0
        ? `?${new URLSearchParams(options.query).toString()}`
        : '';
    const url = `${this.baseUrl}${path}${query}`;
    const parsed = new URL(url);
    const target = { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.#options.userAgent,
    };
    if (this.#options.authorization) headers.authorization = this.#options.authorization;
    const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (payload !== undefined) headers['content-type'] = 'application/json';
    for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
    const shown = { ...headers, ...(headers.authorization ? { authorization: 'Basic [redacted]' } : {}) };
    return { url, target, headers, shown, payload };
  }

  /** How long an attempt waits for the answer's headers: its own timeout, cut to the client's deadline. */
  #headersTimeout(timeoutMs: number | undefined): { headersTimeout?: number } {
    const left = this.#deadline - performance.now();
    const own = timeoutMs ?? this.#options.timeoutMs;
    if (Number.isFinite(left)) return { headersTimeout: Math.max(1, Math.min(own, left)) };
    return timeoutMs === undefined ? {} : { headersTimeout: own };
  }

  /** Tells an attempt to whoever listens (`--verbose`, the upload's observers). */
  #report(report: AttemptReport): void {
    this.#options.onAttempt?.(report);
    for (const observer of this.#observers) observer(report);
  }

  /**
   * Sends one request. Resolves for 2xx and for the statuses in `accept` (a create's 409); rejects with
   * `ApiError` for other statuses and `NetworkError` when the service cannot be reached.
   */
  async send(method: string, path: string, options: SendOptions = {}): Promise<HttpResult> {
    // Long because it is one request's attempts (the place in the pace, the exchange, the wait before the
    // next, the report) over state they share: whether any attempt may have been taken, and when it began.
    const { url, target, headers, shown, payload } = this.#prepared(path, options);
    const policy = options.retry ?? this.#retry;
    const attempts = policy.attempts;
    const random = this.#options.random ?? Math.random;
    const firstStarted = performance.now();
    let uncertain = false;
    /** Every attempt so far was refused with 429 or 503 (or none was made): the service has nothing. */
    let notTaken = true;

    for (let attempt = 1; ; attempt++) {
      const place = await this.#takePlace(attempt, notTaken);
      const started = performance.now();
      const released = (outcome: Omit<AttemptOutcome, 'ms'>) =>
        place?.release({ ...outcome, ms: performance.now() - started });
      const report = (extra: Partial<AttemptReport>) =>
        this.#report({
          method,
          url,
          attempt,
          attempts,
          headers: shown,
          ms: performance.now() - started,
          ...extra,
        });
      let status: number;
      let body: unknown;
      let answerHeaders: HttpResult['headers'];
      let retryAfter: string | undefined;
      try {
        const response = await exchange(this.#dispatcher, target, {
          method: method as Dispatcher.HttpMethod,
          headers,
          body: payload,
          ...this.#headersTimeout(options.timeoutMs),
        });
        status = response.status;
        this.#answered = true;
        answerHeaders = response.headers;
        this.#noteServiceTime(response.headers.date);
        const header = response.headers['retry-after'];
        retryAfter = Array.isArray(header) ? header[0] : header;
        body = parseBody(response.text);
      } catch (error) {
        released({});
        notTaken = false;
        if (this.#aborted) throw new AbortedError();
        const code = (error as { code?: string }).code;
        const notSent = code !== undefined && NOT_SENT.has(code);
        const reason = describeNetworkError(error, this.#options.timeoutMs);
        const wait = backoffMs(policy, attempt, undefined, random);
        const limits = whenUnanswered(policy, this.#answered);
        if (!isRetryableError(error) || !this.#mayRetry(limits, attempt, firstStarted, wait)) {
          report({ error: reason, answerLost: !notSent, attempts: limits.attempts });
          if (this.#retriesStopped && isRetryableError(error)) throw new AbortedError();
          throw new NetworkError(this.baseUrl, reason, {
            cause: error,
            attempts: attempt,
            elapsedMs: performance.now() - firstStarted,
            notSent: notSent && !uncertain,
          });
        }
        if (!notSent) uncertain = true;
        report({ error: reason, retryInMs: wait, answerLost: !notSent, attempts: limits.attempts });
        await this.#sleep(wait);
        if (this.#aborted || this.#retriesStopped) throw new AbortedError();
        continue;
      }
      const asked = retryAfterMs(retryAfter);
      // The pace learns how long a refused request will in fact wait: what the policy honours.
      released({
        status,
        ...(asked === undefined ? {} : { retryAfterMs: honouredRetryAfterMs(policy, asked) }),
      });
      if (status !== 429 && status !== 503) notTaken = false;
      const wait = backoffMs(policy, attempt, asked, random);
      if (RETRYABLE_STATUSES.has(status) && this.#withinPolicy(policy, attempt, firstStarted, wait)) {
        // Answered after a stop (Ctrl-C) with what would have been tried again: given up, as a request
        // waiting to be tried again is, and sent by the next run; the service did not fail it.
        if (this.#retriesStopped) {
          report({ status, ...(asked === undefined ? {} : { retryAfterMs: asked }) });
          throw new AbortedError({ notTaken });
        }
        report({ status, retryInMs: wait, ...(asked === undefined ? {} : { retryAfterMs: asked }) });
        await this.#sleep(wait);
        if (this.#aborted || this.#retriesStopped) throw new AbortedError({ notTaken });
        continue;
      }
      report({ status, ...(asked === undefined ? {} : { retryAfterMs: asked }) });
      const accepted = options.accept === 'all' || options.accept?.includes(status);
      if ((status >= 200 && status < 300) || accepted) {
        return { status, body, headers: answerHeaders, attempts: attempt, uncertain };
      }
      throw new ApiError({ status, detail: errorDetail(body), method, url, attempts: attempt });
    }
  }

  /**
   * Stops every request in flight (a second Ctrl-C): they reject with `AbortedError`. Done by closing
   * the connections rather than with an AbortSignal per request, whose listeners would keep each
   * request's objects alive well after it ends.
   */
  async abort(): Promise<void> {
    this.#aborted = true;
    this.#pace?.wake();
    await this.#dispatcher.destroy();
  }

  async close(): Promise<void> {
    if (this.#ownDispatcher && !this.#aborted) await this.#dispatcher.close();
  }
}

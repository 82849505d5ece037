import type { ReceivedValidationIssue } from '../contract/index.js';

/** The service answered with an error status. `detail` is its text, or the 422 entries. */
export class ApiError extends Error {
  readonly code = 'API_ERROR';
  readonly status: number;
  readonly detail: string | ReceivedValidationIssue[] | undefined;
  readonly method: string;
  readonly url: string;
  /** How many attempts were made (more than one after retried 429s and 5xx). */
  readonly attempts: number;

  constructor(options: {
    status: number;
    detail: string | ReceivedValidationIssue[] | undefined;
    method: string;
    url: string;
    attempts?: number;
  }) {
    const text = typeof options.detail === 'string' ? options.detail : `HTTP ${options.status}`;
    super(text);
    this.name = 'ApiError';
    this.status = options.status;
    this.detail = options.detail;
    this.method = options.method;
    this.url = options.url;
    this.attempts = options.attempts ?? 1;
  }
}

/** No answer from the service: it could not be reached, or it stopped answering, after every retry. */
export class NetworkError extends Error {
  readonly code = 'NETWORK_ERROR';
  readonly url: string;
  readonly reason: string;
  /** How many attempts were made, and how long they took in all. */
  readonly attempts: number;
  readonly elapsedMs: number;
  /** Whether the connection was never made (refused, no such host): the request surely did not arrive. */
  readonly notSent: boolean;

  constructor(
    url: string,
    reason: string,
    options: { cause?: unknown; attempts?: number; elapsedMs?: number; notSent?: boolean } = {},
  ) {
    const tries =
      (options.attempts ?? 1) > 1
        ? ` (${options.attempts} attempts in ${formatSeconds(options.elapsedMs ?? 0)})`
        : '';
    super(`cannot reach ${url}: ${reason}${tries}`, { cause: options.cause });
    this.name = 'NetworkError';
    this.url = url;
    this.reason = reason;
    this.attempts = options.attempts ?? 1;
    this.elapsedMs = options.elapsedMs ?? 0;
    this.notSent = options.notSent ?? false;
  }
}

function formatSeconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

/** The service answered 2xx with a body that is not what the contract says. */
export class UnexpectedResponseError extends Error {
  readonly code = 'UNEXPECTED_RESPONSE';

  constructor(url: string, problem: string) {
    super(`unexpected response from ${url}: ${problem}`);
    this.name = 'UnexpectedResponseError';
  }
}

/** A request stopped on purpose (a second Ctrl-C) before the service answered. */
export class AbortedError extends Error {
  readonly code = 'ABORTED';
  /**
   * True when the service cannot have the request: no attempt of it left, or each one that did was
   * refused with 429 or 503.
   */
  readonly notTaken: boolean;

  constructor(options: { notTaken?: boolean } = {}) {
    super('aborted before the service answered');
    this.name = 'AbortedError';
    this.notTaken = options.notTaken === true;
  }
}

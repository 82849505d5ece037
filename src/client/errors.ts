import type { ValidationIssue } from '../contract/index.js';

/** The service answered with an error status. `detail` is its text, or the 422 entries. */
export class ApiError extends Error {
  readonly code = 'API_ERROR';
  readonly status: number;
  readonly detail: string | ValidationIssue[] | undefined;
  readonly method: string;
  readonly url: string;

  constructor(options: {
    status: number;
    detail: string | ValidationIssue[] | undefined;
    method: string;
    url: string;
  }) {
    const text = typeof options.detail === 'string' ? options.detail : `HTTP ${options.status}`;
    super(text);
    this.name = 'ApiError';
    this.status = options.status;
    this.detail = options.detail;
    this.method = options.method;
    this.url = options.url;
  }
}

/** No answer from the service: it could not be reached, or it stopped answering, after every retry. */
export class NetworkError extends Error {
  readonly code = 'NETWORK_ERROR';
  readonly url: string;
  readonly reason: string;

  constructor(url: string, reason: string, options?: { cause?: unknown }) {
    super(`cannot reach ${url}: ${reason}`, options);
    this.name = 'NetworkError';
    this.url = url;
    this.reason = reason;
  }
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

  constructor() {
    super('aborted before the service answered');
    this.name = 'AbortedError';
  }
}

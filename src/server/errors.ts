import type { ValidationIssue } from '../contract/index.js';

/**
 * What the service's own code throws when a request cannot be done. Each names the situation, never an
 * HTTP status: the error plugin is the one place that turns them into answers.
 */
export class ServiceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The credentials were missing or refused; the message is one of the spec's four texts. */
export class NotAuthenticated extends ServiceError {
  /** Too many wrong secrets for this access key id: when it may be tried again, in seconds. */
  readonly retryAfterSeconds: number | undefined;

  constructor(detail: string, retryAfterSeconds?: number) {
    super(detail);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The caller may not do this (only the first merchant may add merchants). */
export class NotPermitted extends ServiceError {}

/** An order, product or item the request names does not exist. */
export class NotFound extends ServiceError {}

/** What the request would create already exists (applied or still queued), or its state forbids it. */
export class Conflict extends ServiceError {}

/** Nothing matched before the wait asked for was over. */
export class TimedOut extends ServiceError {}

/** The request is well-formed but cannot be done as asked (a reversed date range). */
export class NotPossible extends ServiceError {}

/** The seed cannot be loaded as given, or the data does not match it: said with the seed's entry. */
export class SeedRefused extends ServiceError {}

/** The request does not match the contract, as FastAPI's 422 entries. */
export class InvalidRequest extends ServiceError {
  readonly issues: ValidationIssue[];

  constructor(issues: ValidationIssue[]) {
    super(`${issues.length} validation error(s)`);
    this.issues = issues;
  }
}

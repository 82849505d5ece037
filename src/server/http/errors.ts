import type { ValidationIssue } from '../../contract/index.js';

/** An answer other than success, thrown by handlers and written by the error handler. */
export class HttpError extends Error {
  readonly status: number;
  readonly detail: string | ValidationIssue[];
  readonly headers: Record<string, string>;

  constructor(status: number, detail: string | ValidationIssue[], headers: Record<string, string> = {}) {
    super(typeof detail === 'string' ? detail : `${detail.length} validation error(s)`);
    this.status = status;
    this.detail = detail;
    this.headers = headers;
  }
}

export const notFound = (detail: string) => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
export const unprocessable = (issues: ValidationIssue[]) => new HttpError(422, issues);

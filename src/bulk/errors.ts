import { ApiError } from '../client/errors.js';

/**
 * Why an upload could not go on, with a stable `code` so that each front end (the CLI's exit codes, the
 * browser's messages) decides what to make of it without reading the text.
 *
 * - `input`: the input cannot be read, is not what it claims to be, or is too large to read safely;
 * - `input_changed`: the input is not the file that was checked any more;
 * - `password_needed`, `password_wrong`: a workbook protected by a password, and none or a wrong one;
 * - `output`: a file the person named for the upload to write (`--report`) cannot be written;
 * - `write`: a file the upload writes of its own accord (the rejects file) cannot be written;
 * - `ledger`: the ledger cannot be opened or written;
 * - `ledger_damaged`: the ledger's file is damaged (`intake ledger repair` reads back what it can);
 * - `ledger_busy`: another upload is using the ledger and this one chose not to wait;
 * - `interrupted`: the person stopped the upload before it began sending (Ctrl-C while it waited).
 */
export type UploadErrorCode =
  | 'input'
  | 'input_changed'
  | 'password_needed'
  | 'password_wrong'
  | 'output'
  | 'write'
  | 'ledger'
  | 'ledger_damaged'
  | 'ledger_busy'
  | 'interrupted';

/** What an error says, as a code and values a page can word in its own language. */
export interface ErrorSaid {
  code: string;
  values?: Readonly<Record<string, string | number>>;
}

export class UploadError extends Error {
  readonly code: UploadErrorCode;
  /** Lines for people: what to do next. */
  readonly hints: readonly string[];
  /** The same for a page to say in its language, where it has words for it. */
  readonly said: ErrorSaid | undefined;

  constructor(
    code: UploadErrorCode,
    message: string,
    hints: readonly string[] = [],
    options?: ErrorOptions & { said?: ErrorSaid },
  ) {
    super(message, options);
    this.name = 'UploadError';
    this.code = code;
    this.hints = hints;
    this.said = options?.said;
  }
}

/** The input cannot be read as what it claims to be, or is too large to read safely. */
export class InputError extends UploadError {
  constructor(message: string, hints: readonly string[] = [], options?: ErrorOptions & { said?: ErrorSaid }) {
    super('input', message, hints, options);
    this.name = 'InputError';
  }
}

/**
 * The service failed records in a row (5xx, or still 429 after their retries): the upload stopped. It
 * carries the last record's answer; whatever its status, it means the service failed (exit 1).
 */
export class ServiceFailing extends ApiError {
  constructor(answer: ApiError) {
    super(answer);
    this.name = 'ServiceFailing';
  }
}

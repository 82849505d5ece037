/** Exit codes, as scripts rely on them. */
export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  auth: 3,
  rejected: 4,
  unreachable: 5,
  /** A marketplace blocks or refuses this caller (its IP, a block after too many calls). */
  blocked: 6,
  interrupted: 130,
} as const;

/** What each exit code means, for `intake help exit-codes` (the README's table says the same). */
export const EXIT_MEANINGS: Readonly<Record<(typeof EXIT)[keyof typeof EXIT], string>> = {
  0: 'success',
  1: 'failure: the service failed (5xx), some records failed after their retries, a --wait ended with nothing matching, or something unexpected',
  2: 'usage error, or input that cannot be read or is invalid, or changed while it was sent (nothing wrong was sent)',
  3: 'authentication failed (401, or the credentials were found invalid)',
  4: 'finished, but the service refused some records, some were invalid, or some were accepted earlier with other content (changed)',
  5: 'the service could not be reached',
  6: 'a marketplace refused the caller as such (its IP not allowed, a block, maintenance): nothing more was asked of it',
  130: 'interrupted (Ctrl-C, SIGTERM, or a closed terminal during an upload)',
};

/** An error a command throws on purpose: its message is for people, its exit code for scripts. */
export class CliError extends Error {
  readonly exitCode: number;
  /** Lines printed after the message: what to do next. */
  readonly hints: readonly string[];

  constructor(message: string, exitCode: number, hints: readonly string[] = []) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
    this.hints = hints;
  }
}

/** Wrong use of the command line, or input that cannot be read or is invalid (exit 2). */
export class UsageError extends CliError {
  constructor(message: string, hints: readonly string[] = []) {
    super(message, EXIT.usage, hints);
    this.name = 'UsageError';
  }
}

/** Credentials are missing or were refused (exit 3). */
export class AuthError extends CliError {
  constructor(message: string, hints: readonly string[] = []) {
    super(message, EXIT.auth, hints);
    this.name = 'AuthError';
  }
}

/**
 * The command ran and has already reported what happened; only the exit code is left to give (a bulk
 * upload with rejected rows: 4, an invalid key check: 3, an interrupted upload: 130).
 */
export class ExitCode extends Error {
  readonly exitCode: number;

  constructor(exitCode: number) {
    super(`exit ${exitCode}`);
    this.name = 'ExitCode';
    this.exitCode = exitCode;
  }
}

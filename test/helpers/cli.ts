import { Readable, Writable } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { RetryPolicy } from '../../src/client/retry.js';
import { createFactory } from '../../src/cli/factory.js';
import { InterruptHub } from '../../src/cli/interrupts.js';
import type { Prompter } from '../../src/cli/prompter.js';
import { runCli } from '../../src/cli/run.js';
import { afterAll, beforeAll } from 'vitest';
import type { BuildServerOptions } from '../../src/server/build-server.js';
import { startService, type TestService } from './service.js';
import { tempDir } from './temp.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON (for `--json` runs). */
  json: () => unknown;
  /** A bulk upload's `--json` lines: one per record, then the summary. */
  records: () => Record<string, unknown>[];
  summary: () => Record<string, unknown>;
}

/** The lines of NDJSON output, parsed. */
export function jsonLines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

export interface CliOptions {
  env?: Record<string, string | undefined>;
  stdin?: string | Buffer;
  tty?: boolean;
  /** How many columns wide the terminal is (with `tty`). */
  columns?: number;
  prompter?: Prompter;
  dispatcher?: Dispatcher;
  retry?: RetryPolicy;
  /** How an upload retries its records (default: as `retry`, so that failures come quickly). */
  patientRetry?: RetryPolicy;
  interrupts?: InterruptHub;
  now?: () => Date;
  /** Called with each write to stderr, as it happens (before the run goes on). */
  onStderr?: (text: string) => void;
  /** Called with each write to stdout, as it happens. */
  onStdout?: (text: string) => void;
}

/** Fast retries for tests: the policy is the same, the waits are short. */
export const QUICK_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 5, maxDelayMs: 50 };

/**
 * An upload's records retried as the real command retries them behind a gateway that refuses what goes
 * past its limit (Retry-After honoured, many attempts), with short waits of its own.
 */
export const PATIENT_RETRY_FAST: RetryPolicy = {
  attempts: 30,
  baseDelayMs: 10,
  maxDelayMs: 100,
  maxRetryAfterMs: 1000,
  maxElapsedMs: 30_000,
};

/** Runs the real CLI in-process through its Factory, with captured streams and a private config folder. */
export async function cli(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  let out = '';
  let err = '';
  const stdout = new Writable({
    write(chunk, _encoding, done) {
      out += chunk;
      options.onStdout?.(String(chunk));
      done();
    },
  });
  const stderr = new Writable({
    write(chunk, _encoding, done) {
      err += chunk;
      options.onStderr?.(String(chunk));
      done();
    },
  });
  const stdin = Readable.from(options.stdin === undefined ? [] : [options.stdin]) as Readable & {
    isTTY?: boolean;
  };
  const tty = options.tty === true;
  Object.assign(stdin, { isTTY: tty });
  Object.assign(stdout, {
    isTTY: tty,
    ...(options.columns === undefined ? {} : { columns: options.columns }),
  });
  Object.assign(stderr, { isTTY: tty });
  const factory = createFactory({
    io: { stdin, stdout, stderr },
    env: {
      INTAKE_CONFIG_DIR: tempDir('intake-config-'),
      INTAKE_DATA_DIR: tempDir('intake-data-'),
      // Tests keep secrets in files unless they are about the keychain (they set this themselves).
      INTAKE_SECRET_STORAGE: 'file',
      ...options.env,
    },
    version: '0.0.0-test',
    interrupts: options.interrupts ?? new InterruptHub(),
    retry: options.retry ?? QUICK_RETRY,
    patientRetry: options.patientRetry ?? options.retry ?? QUICK_RETRY,
    // Retry waits are the middle of their range: no test depends on luck.
    random: () => 0.5,
    ...(options.prompter ? { prompter: options.prompter } : {}),
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const code = await runCli(args, factory);
  return {
    code,
    stdout: out,
    stderr: err,
    json: () => JSON.parse(out) as unknown,
    records: () => jsonLines(out).filter((line) => line.type === 'record'),
    summary: () => {
      const last = jsonLines(out).at(-1);
      if (last?.type !== 'summary') throw new Error(`no summary line in: ${out.slice(-300)}`);
      return last;
    },
  };
}

/**
 * The environment that points the CLI at a test service with its merchant's credentials, and at a data
 * folder of its own, so runs against one service share their upload ledger and no other.
 */
export function serviceEnv(service: TestService, configDir?: string): Record<string, string> {
  return {
    INTAKE_BASE_URL: service.baseUrl,
    INTAKE_ACCESS_KEY_ID: service.credentials.accessKeyId,
    INTAKE_SECRET_ACCESS_KEY: service.credentials.secretAccessKey,
    INTAKE_DATA_DIR: tempDir('intake-data-'),
    ...(configDir ? { INTAKE_CONFIG_DIR: configDir } : {}),
  };
}

/**
 * A real service for the tests of a file, started before them and closed after, with the environment
 * that points the CLI at it. Read `service` and `env` inside tests (they are set once the file starts).
 */
export function useService(options: Partial<BuildServerOptions> = {}): {
  readonly service: TestService;
  readonly env: Record<string, string>;
} {
  const state = {} as { service: TestService; env: Record<string, string> };
  beforeAll(async () => {
    state.service = await startService(options);
    state.env = serviceEnv(state.service);
  });
  afterAll(() => state.service.close());
  return state;
}

import { CommanderError } from 'commander';
import { AbortedError, ApiError, NetworkError, UnexpectedResponseError } from '../client/errors.js';
import { describeIssues } from '../contract/loc.js';
import { ServiceFailing, UploadError, type UploadErrorCode } from '../bulk/errors.js';
import { CliError, EXIT, ExitCode } from './errors.js';
import { InvalidInput } from './invalid-input.js';
import { MarketplaceError, MarketplaceNotSetUp, type MarketplaceErrorKind } from '../marketplaces/errors.js';
import type { Factory } from './factory.js';
import { terminalLang } from '../util/terminal-lang.js';

/** What each reason an upload could not go on means to a script. */
const UPLOAD_EXIT: Record<UploadErrorCode, number> = {
  input: EXIT.usage,
  input_changed: EXIT.usage,
  password_needed: EXIT.usage,
  password_wrong: EXIT.usage,
  output: EXIT.usage,
  write: EXIT.failure,
  ledger: EXIT.failure,
  ledger_damaged: EXIT.failure,
  ledger_busy: EXIT.failure,
  interrupted: EXIT.interrupted,
};

/** What each way a marketplace call fails means to a script. */
const MARKETPLACE_EXIT: Record<MarketplaceErrorKind, number> = {
  blocked: EXIT.blocked,
  auth: EXIT.auth,
  refused: EXIT.failure,
  busy: EXIT.unreachable,
  unreachable: EXIT.unreachable,
  answer: EXIT.failure,
};

/** Which credentials were sent, and what to do about them where they come from. */
async function credentialsOrigin(f: Factory): Promise<{ used: string; fix: string }> {
  const again = 'then run the same command again (an upload sends only what it has not sent)';
  try {
    const settings = await f.settings();
    const key = settings.accessKeyId;
    if (!key) return { used: 'no credentials were sent', fix: `Store some with: intake login, ${again}` };
    const fromEnv = key.source === 'env' || settings.secretAccessKey?.source === 'env';
    if (fromEnv) {
      return {
        used: `access key id ${key.value} from the environment (INTAKE_ACCESS_KEY_ID, INTAKE_SECRET_ACCESS_KEY)`,
        // intake login would not help: the environment comes before every profile.
        fix: `Set INTAKE_ACCESS_KEY_ID and INTAKE_SECRET_ACCESS_KEY to the right pair (or unset them to use a profile), ${again}`,
      };
    }
    return {
      used: `access key id ${key.value} from ${key.origin}`,
      fix: `Check them with: intake keys check — or store new ones with: intake login, ${again}`,
    };
  } catch {
    return { used: 'credentials of unknown origin', fix: `Check them with: intake keys check, ${again}` };
  }
}

async function explain(f: Factory, error: unknown): Promise<{ code: number; lines: string[] }> {
  if (error instanceof ExitCode) return { code: error.exitCode, lines: [] };
  // Ctrl-C at a prompt: the person chose to stop, nothing to explain.
  if (error instanceof Error && (error.name === 'ExitPromptError' || error.name === 'AbortPromptError')) {
    return { code: EXIT.interrupted, lines: [] };
  }
  if (error instanceof CliError)
    return { code: error.exitCode, lines: [error.message, ...error.hints.map((hint) => `  ${hint}`)] };
  if (error instanceof UploadError) {
    return {
      code: UPLOAD_EXIT[error.code],
      lines: [error.message, ...error.hints.map((hint) => `  ${hint}`)],
    };
  }
  if (error instanceof ApiError) {
    const status = `HTTP ${error.status}`;
    if (error.status === 401) {
      const origin = await credentialsOrigin(f);
      return {
        code: EXIT.auth,
        lines: [
          `${typeof error.detail === 'string' ? error.detail : 'Unauthorized.'} (${status})`,
          `  Used: ${origin.used}.`,
          `  ${origin.fix}.`,
        ],
      };
    }
    if (Array.isArray(error.detail)) {
      return {
        code: EXIT.rejected,
        lines: [
          `the service rejected the request (${status}):`,
          ...describeIssues(error.detail).map((line) => `  ${line}`),
        ],
      };
    }
    const detail = error.detail ?? 'no detail given';
    // A wait that ended with nothing matching (`--wait`): the thing waited for did not happen.
    if (error.status === 408) return { code: EXIT.failure, lines: [`${detail} (${status})`] };
    // An upload stopped by the service failing records in a row failed, whatever the last status (429).
    if (error.status >= 400 && error.status < 500 && !(error instanceof ServiceFailing))
      return { code: EXIT.rejected, lines: [`${detail} (${status})`] };
    return {
      code: EXIT.failure,
      lines: [`the service failed: ${detail} (${status} from ${error.method} ${error.url})`],
    };
  }
  if (error instanceof NetworkError) {
    let origin = '';
    try {
      origin = ` (the base URL came from ${(await f.settings()).baseUrl.origin})`;
    } catch {
      // settings could not be resolved; the URL itself is still worth showing
    }
    return { code: EXIT.unreachable, lines: [`${error.message}${origin}`] };
  }
  if (error instanceof UnexpectedResponseError) return { code: EXIT.failure, lines: [error.message] };
  if (error instanceof MarketplaceError) {
    return {
      code: MARKETPLACE_EXIT[error.kind],
      lines: [error.message, ...error.hints.map((hint) => `  ${hint}`)],
    };
  }
  if (error instanceof MarketplaceNotSetUp) {
    return { code: EXIT.auth, lines: [error.message, ...error.hints.map((hint) => `  ${hint}`)] };
  }
  if (error instanceof AbortedError) return { code: EXIT.interrupted, lines: ['interrupted'] };
  return {
    code: EXIT.failure,
    lines: unexpectedLines('unexpected error', error, f.globals.verbose === true),
  };
}

/**
 * An error no rule expected, for a person: one line with its message; its stack only with `--verbose`
 * (for whoever reports it to us), never otherwise.
 */
export function unexpectedLines(what: string, error: unknown, verbose: boolean): string[] {
  const message = error instanceof Error ? error.message : String(error);
  const stack = verbose && error instanceof Error && error.stack ? [error.stack] : [];
  return [`${what}: ${message}`, ...stack];
}

/**
 * The one place errors become exit codes and messages. Commands throw; this prints one clear line (and
 * hints) on stderr and returns the exit code of `decisions.md`.
 */
export async function reportError(f: Factory, error: unknown): Promise<number> {
  // (`--help` and `--version` never get here: `runCli` ends them, without loading this module.)
  if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  const { code, lines } = await explain(f, error);
  if (lines.length > 0) {
    const [first, ...rest] = lines;
    // For people at a Korean terminal, in Korean where there are words for it; scripts read the JSON.
    const korean = terminalLang(f.env) === 'ko';
    const shown = korean ? await koreanLines(error, lines) : lines;
    f.io.stderr.write(`${f.colors().err.red(korean ? '오류:' : 'error:')} ${shown[0]}\n`);
    for (const line of shown.slice(1)) f.io.stderr.write(`${line}\n`);
    // A script reading JSON gets the error as JSON too, as the last line on stdout.
    if (await wantsJson(f)) {
      const reason = (error as { code?: unknown }).code;
      f.io.stdout.write(
        `${JSON.stringify({
          type: 'error',
          exit_code: code,
          ...(typeof reason === 'string' ? { code: reason } : {}),
          ...(error instanceof ApiError ? { status: error.status } : {}),
          ...(error instanceof MarketplaceError ? { marketplace: error.toJSON() } : {}),
          message: first,
          hints: rest.map((line) => line.trim()),
        })}\n`,
      );
    }
  }
  return code;
}

/**
 * An error's lines at a Korean terminal: a marketplace's failure as the page says it, a check's issues
 * (the CLI's or a 422's) each in Korean under the first line, others line by line.
 */
async function koreanLines(error: unknown, lines: readonly string[]): Promise<string[]> {
  if (error instanceof MarketplaceError)
    return (await import('../marketplaces/problem-words.js')).marketProblemKo(error);
  const { errorLineKo } = await import('./error-words.js');
  const issues =
    error instanceof InvalidInput
      ? { list: error.issues, names: error.names }
      : error instanceof ApiError && Array.isArray(error.detail)
        ? { list: error.detail, names: {} }
        : undefined;
  if (issues === undefined) return lines.map(errorLineKo);
  const { issueLinesKo } = await import('./issue-words.js');
  const said = await issueLinesKo(issues.list, issues.names);
  return [errorLineKo(lines[0] ?? ''), ...said.map((line) => `  ${line}`)];
}

/** Whether the run asked for JSON output (`--json`, `-o json`, or the profile's `output`). */
async function wantsJson(f: Factory): Promise<boolean> {
  if (f.globals.json || f.globals.output === 'json') return true;
  try {
    return (await f.settings()).output.value === 'json';
  } catch {
    return false;
  }
}

import type { PasswordSource } from '../../bulk/index.js';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { readSecret } from '../../cli/values.js';

/**
 * Where a protected workbook's password comes from: standard input with `--password-stdin` (read once),
 * else a masked prompt on a terminal, else a usage error saying how to give it. It is asked for only
 * when a workbook turns out to need one.
 */
export function workbookPassword(
  f: Factory,
  options: { passwordStdin: boolean; inputFromStdin: boolean },
): PasswordSource {
  let piped: Promise<string> | undefined;
  return async (label) => {
    if (options.passwordStdin) {
      if (options.inputFromStdin) {
        throw new UsageError(
          '--password-stdin reads standard input, which is already the input; give the workbook as a file',
        );
      }
      piped ??= readSecret(f.io.stdin, 'password');
      return piped;
    }
    if (f.io.stdin.isTTY === true && f.io.stderr.isTTY === true) {
      return (await f.prompter()).password(`Password for ${label}:`);
    }
    throw new UsageError(`${label} is protected by a password`, [
      `Give it on standard input: printf '%s' "$PASSWORD" | intake … --password-stdin`,
      'or run the command on a terminal to be asked for it.',
    ]);
  };
}

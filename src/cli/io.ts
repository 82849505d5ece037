import { Chalk, type ChalkInstance } from 'chalk';

type Input = NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
type Output = NodeJS.WritableStream & { isTTY?: boolean; columns?: number };

/** The streams a run reads and writes. Data goes to stdout; people's messages, progress and logs to stderr. */
export interface IOStreams {
  stdin: Input;
  stdout: Output;
  stderr: Output;
}

/**
 * Whether to colour a stream: never with NO_COLOR or `--no-color`, always with FORCE_COLOR (unless it
 * is `0`), otherwise only on a terminal.
 */
export function colorEnabled(
  stream: Output,
  env: Readonly<Record<string, string | undefined>>,
  flag?: boolean,
): boolean {
  if (flag === false || (env.NO_COLOR !== undefined && env.NO_COLOR !== '')) return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return stream.isTTY === true;
}

export function colors(enabled: boolean): ChalkInstance {
  return new Chalk({ level: enabled ? 1 : 0 });
}

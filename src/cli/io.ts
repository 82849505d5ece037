import { styleText } from 'node:util';

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

const STYLES = ['bold', 'dim', 'red', 'green', 'yellow', 'cyan'] as const;

/** The styles intake uses, as functions from text to text: ANSI codes when enabled, the text as it is otherwise. */
export type Palette = Record<(typeof STYLES)[number], (text: string) => string>;

/**
 * A palette on Node's own `util.styleText` (whether to colour is decided here, by `colorEnabled`, so the
 * stream is not checked again). It replaces chalk, whose loading alone cost start-up a fifth of its time.
 */
export function colors(enabled: boolean): Palette {
  const palette = {} as Palette;
  for (const style of STYLES) {
    palette[style] = enabled ? (text) => styleText(style, text, { validateStream: false }) : (text) => text;
  }
  return palette;
}

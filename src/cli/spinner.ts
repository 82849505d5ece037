import type { Factory } from './factory.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** A one-line spinner on stderr, only on a terminal and never with `--quiet`. */
export interface Spinner {
  update(text: string): void;
  stop(): void;
}

export function startSpinner(f: Factory, text: string): Spinner {
  const stream = f.io.stderr;
  if (!stream.isTTY || f.globals.quiet) return { update: () => {}, stop: () => {} };
  let frame = 0;
  let current = text;
  const draw = () =>
    stream.write(`\r\x1b[2K${f.colors().err.cyan(FRAMES[frame++ % FRAMES.length] ?? '')} ${current}`);
  draw();
  const timer = setInterval(draw, 100);
  timer.unref();
  return {
    update: (next) => {
      current = next;
    },
    stop: () => {
      clearInterval(timer);
      stream.write('\r\x1b[2K');
    },
  };
}

import { count } from './count.js';

/**
 * Says a line, but not the same line again within `windowMs`: a warning that every request meets (the
 * database's disk full) is said once every so often, with how many times it came in between.
 */
export class RepeatedLines {
  readonly #write: (line: string) => void;
  readonly #windowMs: number;
  readonly #now: () => number;
  #last: { text: string; at: number; skipped: number } | undefined;

  constructor(write: (line: string) => void, options: { windowMs?: number; now?: () => number } = {}) {
    this.#write = write;
    this.#windowMs = options.windowMs ?? 10_000;
    this.#now = options.now ?? (() => performance.now());
  }

  say(text: string): void {
    const now = this.#now();
    const last = this.#last;
    if (last?.text === text && now - last.at < this.#windowMs) {
      last.skipped += 1;
      return;
    }
    if (last && last.skipped > 0 && last.text !== text) this.#write(withRepeats(last.text, last.skipped));
    this.#write(last?.text === text ? withRepeats(text, last.skipped) : text);
    this.#last = { text, at: now, skipped: 0 };
  }
}

const withRepeats = (text: string, skipped: number) =>
  skipped === 0
    ? text
    : `${text} (${count(skipped)} more time${skipped === 1 ? '' : 's'} since it was last said)`;

import type { Factory } from './factory.js';
import { reportJson, sayIn, sendingRate, type UploadEvent } from '../bulk/index.js';
import { formatDuration } from '../util/duration.js';
import { JsonLineBatch } from './output.js';
import { startSpinner, type Spinner } from './spinner.js';
import type { Lang } from '../util/terminal-lang.js';
import { displayWords, type DisplayWords } from './upload-display-words.js';

/** Counts the progress display reads. */
export interface ProgressCounts {
  done: number;
  notAccepted: number;
  /** Attempts tried again (the service busy or failing, answers lost): shown once there are some. */
  retries?: number;
  /** Of `done`, those an earlier run sent (found in the ledger at once): not part of the rate. */
  fromLedger?: number;
}

/**
 * Progress of an upload on stderr: on a terminal a bar redrawn ten times a second (done/total, rate,
 * ETA, records not accepted so far); otherwise a line every few seconds; nothing with `--quiet`.
 */
export class UploadProgress {
  readonly #f: Factory;
  #total: number;
  readonly #lineEveryMs: number;
  readonly #words: DisplayWords;
  readonly #counts: () => ProgressCounts;
  readonly #started = performance.now();
  readonly #tty: boolean;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    f: Factory,
    options: { total: number; words: DisplayWords; counts: () => ProgressCounts; lineEveryMs?: number },
  ) {
    this.#f = f;
    this.#total = options.total;
    this.#words = options.words;
    this.#counts = options.counts;
    this.#tty = f.io.stderr.isTTY === true;
    this.#lineEveryMs = options.lineEveryMs ?? 5000;
    if (options.total > 0) this.start(options.total);
  }

  /** Starts drawing, for `total` records. */
  start(total: number): void {
    this.#total = total;
    if (this.#f.globals.quiet || total === 0 || this.#timer) return;
    this.#timer = setInterval(() => this.#draw(), this.#tty ? 100 : this.#lineEveryMs);
    this.#timer.unref();
  }

  #line(): string {
    const counts = this.#counts();
    const { done, notAccepted, retries = 0 } = counts;
    const rate = sendingRate(counts, (performance.now() - this.#started) / 1000);
    const eta = rate > 0 ? formatDuration(((this.#total - done) / rate) * 1000) : '…';
    const share = this.#total === 0 ? 1 : done / this.#total;
    const text = this.#words.progress({
      done,
      total: this.#total,
      rate: rate.toFixed(rate < 10 ? 1 : 0),
      eta,
      notAccepted,
      retries,
    });
    if (!this.#tty) return `${text} (${Math.floor(share * 100)}%)`;
    const width = 24;
    const filled = Math.round(share * width);
    const colors = this.#f.colors().err;
    return `${colors.green('█'.repeat(filled))}${colors.dim('░'.repeat(width - filled))} ${text}`;
  }

  #draw(): void {
    this.#f.io.stderr.write(this.#tty ? `\r\x1b[2K${this.#line()}` : `${this.#line()}\n`);
  }

  /** Writes a message above the bar without garbling it. */
  note(line: string): void {
    if (this.#f.globals.quiet) return;
    this.#f.io.stderr.write(this.#tty && this.#timer ? `\r\x1b[2K${line}\n` : `${line}\n`);
  }

  stop(): void {
    if (!this.#timer) return;
    clearInterval(this.#timer);
    this.#timer = undefined;
    if (this.#tty) this.#f.io.stderr.write('\r\x1b[2K');
  }
}

/**
 * Shows an upload's events on the terminal: a spinner while a workbook is read and while the file is
 * checked (a line every few seconds without a terminal), the progress bar while sending, notes above
 * it, and with `--json` each record's line on stdout as it finishes.
 */
export class UploadDisplay {
  readonly #f: Factory;
  /** With `--json`: each record's line, written to stdout in batches. */
  readonly #lines: JsonLineBatch | undefined;
  readonly #lang: Lang;
  readonly #words: DisplayWords;
  #spinner: Spinner | undefined;
  #progress: UploadProgress | undefined;
  #lastLine = 0;

  /** `kind` and `plural` name the records (`order`, `orders`); `lang` is the terminal's. */
  constructor(f: Factory, options: { json: boolean; kind: string; plural: string; lang: Lang }) {
    this.#f = f;
    this.#lines = options.json ? new JsonLineBatch(f) : undefined;
    this.#lang = options.lang;
    this.#words = displayWords(options.lang, options.kind, options.plural);
  }

  readonly handle = (event: UploadEvent): void => {
    const f = this.#f;
    switch (event.type) {
      case 'reading':
        if (event.done) this.#stopSpinner();
        else if (this.#spinner) this.#spinner.update(this.#words.reading(event.label, event.rows));
        else this.#spinner = startSpinner(f, this.#words.reading(event.label));
        break;
      case 'checking':
        if (event.done) this.#stopSpinner();
        else if (!this.#spinner) {
          this.#spinner = startSpinner(f, this.#words.checking(event.label));
          this.#lastLine = performance.now();
        } else {
          this.#spinner.update(this.#words.checking(event.label, event.units, event.unitName));
          if (!f.io.stderr.isTTY && performance.now() - this.#lastLine > 5000) {
            this.#lastLine = performance.now();
            f.log.info(this.#words.checked(event.units, event.unitName));
          }
        }
        break;
      case 'sending':
        this.#progress = new UploadProgress(f, {
          total: event.total,
          words: this.#words,
          counts: event.progress,
        });
        break;
      case 'note': {
        const text = sayIn(this.#lang, event.text, event.said, 'terminal');
        if (this.#progress) this.#progress.note(text);
        else f.log.info(text);
        break;
      }
      case 'sent':
        this.#lines?.flush();
        this.#progress?.stop();
        this.#progress = undefined;
        break;
      case 'record':
        this.#lines?.write({ type: 'record', ...reportJson(event.line) });
        break;
    }
  };

  #stopSpinner(): void {
    this.#spinner?.stop();
    this.#spinner = undefined;
  }

  /** Stops whatever is drawn (the upload ended, or failed), and writes the record lines still gathered. */
  stop(): void {
    this.#lines?.flush();
    this.#stopSpinner();
    this.#progress?.stop();
    this.#progress = undefined;
  }
}

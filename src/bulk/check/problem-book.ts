import { Column } from './memory.js';
import type { Problem } from '../problems.js';

/** Where a row's own problems go among those the check pass found across rows. */
const OWN = Symbol('own problems');
type Entry = Problem | typeof OWN;

/**
 * The problems the check pass found, by unit number, in memory that grows by a byte a row however many
 * rows are invalid. The first rows with problems (1,000: twenty are listed; or all when every problem is to be listed)
 * are kept whole. After that only the problems found across rows (an id used twice, ids a spreadsheet
 * rounded, a record too large) are kept, with where the row's own problems go among them, and a mark
 * for each row with problems of its own: those are found again by inspecting the row when the send pass
 * reads it, as the check pass found them.
 */
export class ProblemBook {
  /** Rows kept whole, beyond which a row's own problems are found again when needed. */
  static readonly WHOLE_ROWS = 1_000;
  readonly #whole = new Map<number, Problem[]>();
  readonly #across = new Map<number, Entry[]>();
  readonly #limit: number;
  /** 1 for a row with problems of its own that were not kept (a byte a row). */
  readonly #ownNotKept = new Column(Uint8Array, 1024);
  /** Rows with problems, whole or not. */
  #rows = 0;

  /** `wholeRows` for tests; `keepAll` keeps every row whole (every problem is to be listed). */
  constructor(options: { keepAll?: boolean; wholeRows?: number } = {}) {
    this.#limit = options.keepAll ? Number.POSITIVE_INFINITY : (options.wholeRows ?? ProblemBook.WHOLE_ROWS);
  }

  /** The problems of a row itself, as inspecting it gives them (possibly none). */
  addOwn(row: number, problems: readonly Problem[]): void {
    if (problems.length === 0) return;
    const whole = this.#whole.get(row);
    if (whole) {
      whole.push(...problems);
      return;
    }
    const across = this.#across.get(row);
    if (across) {
      across.push(OWN);
      return;
    }
    this.#rows += 1;
    if (this.#whole.size < this.#limit) {
      this.#whole.set(row, [...problems]);
      return;
    }
    this.#ownNotKept.ensure(row + 1);
    this.#ownNotKept.array[row] = 1;
  }

  /** Problems of a row found across rows: only the check pass can find them again. */
  addFound(row: number, problems: readonly Problem[]): void {
    const whole = this.#whole.get(row);
    if (whole) {
      whole.push(...problems);
      return;
    }
    let across = this.#across.get(row);
    if (!across) {
      const ownFirst = this.#hasOwnNotKept(row);
      if (!ownFirst && this.#whole.size < this.#limit) {
        this.#rows += 1;
        this.#whole.set(row, [...problems]);
        return;
      }
      if (!ownFirst) this.#rows += 1;
      across = ownFirst ? [OWN] : [];
      this.#across.set(row, across);
    }
    across.push(...problems);
  }

  #hasOwnNotKept(row: number): boolean {
    return row < this.#ownNotKept.length && this.#ownNotKept.array[row] === 1;
  }

  /** How many rows have problems. */
  get rows(): number {
    return this.#rows;
  }

  /**
   * The problems of a row, in the order the check pass found them; `inspect` gives the row's own
   * problems again where they were not kept (called only then).
   */
  of(row: number, inspect: () => readonly Problem[]): Problem[] {
    const whole = this.#whole.get(row);
    if (whole) return whole;
    const across = this.#across.get(row);
    if (across) return across.flatMap((entry) => (entry === OWN ? inspect() : [entry]));
    return this.#hasOwnNotKept(row) ? [...inspect()] : [];
  }

  /** Frees the memory of the rows' marks. */
  release(): void {
    this.#ownNotKept.release();
  }

  /** The rows kept whole and the problems found across rows of the others, for listing. */
  listed(): ReadonlyMap<number, readonly Problem[]> {
    if (this.#across.size === 0) return this.#whole;
    const listed = new Map<number, readonly Problem[]>(this.#whole);
    for (const [row, entries] of this.#across) {
      listed.set(
        row,
        entries.filter((entry): entry is Problem => entry !== OWN),
      );
    }
    return listed;
  }
}

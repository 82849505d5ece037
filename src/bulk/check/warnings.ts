import type { Problem } from '../problems.js';

/**
 * Valid units taken with a warning (a phone number the bot may not reach): how many, and the first
 * ones with what was found, to list.
 */
export class Warnings {
  /** Units kept with their warnings, to list; the rest are only counted. */
  static readonly KEPT = 1_000;
  readonly #kept = new Map<number, readonly Problem[]>();
  #count = 0;

  /** How many units have a warning. */
  get count(): number {
    return this.#count;
  }

  add(row: number, problems: readonly Problem[]): void {
    if (problems.length === 0) return;
    this.#count += 1;
    if (this.#kept.size < Warnings.KEPT) this.#kept.set(row, problems);
  }

  /** The first units with warnings, by unit number. */
  listed(): ReadonlyMap<number, readonly Problem[]> {
    return this.#kept;
  }

  /** The warnings of a unit, if it is among those kept. */
  of(row: number): readonly Problem[] | undefined {
    return this.#kept.get(row);
  }
}

import type { UnitSource } from '../layout/units.js';
import { CheckPass } from './check-pass.js';
import type { InvalidGroups } from './group-index.js';
import type { Bits, Column } from './memory.js';
import type { ProblemBook } from './problem-book.js';
import type { Warnings } from './warnings.js';

/**
 * The outcome of the check pass: every problem, found before anything is sent, and the plan of the send
 * pass: which group each unit belongs to (by unit number), at which unit each group is complete, and a
 * hash of each unit's content, so the send pass can tell that it reads what was checked.
 */
export interface CheckResult {
  units: number;
  /** The group of each unit, by unit number; -1 for a unit that is no record's (an invalid one alone). */
  groupOfUnit: Column<Int32Array>;
  /** Whether each unit is the last of its group, by unit number. */
  lastUnits: Bits;
  /** A fingerprint of each unit's content as read, by unit number. */
  unitContent: Column<Float64Array>;
  /** Why a group is invalid, by group number. */
  invalid: InvalidGroups;
  /** Problems of units, by unit number. */
  problems: ProblemBook;
  /** Units that repeat an earlier unit exactly (skipped, not errors), and the unit they repeat. */
  duplicates: Map<number, number>;
  /** Units that are no record yet (a dispatch row with no tracking number), skipped: their group is `SKIPPED`. */
  skipped: number;
  /** Item ids used by more than one record, and why: said on every row that uses them. */
  sharedItems: Map<string, string>;
  /** Units whose buyer id was masked (`abcd****`) and left out, and one such id. */
  maskedMembers: { count: number; example: string | undefined };
  /** Units whose id Excel made a number in scientific notation or a date: each alone, in no record. */
  damagedIds: { count: number; example: string | undefined };
  records: number;
  invalidRecords: number;
  /** Valid units taken with a warning (a phone number the bot may not reach). */
  warnings: Warnings;
  /** Frees the plan's memory. */
  release(): void;
}

export { SKIPPED } from './check-pass.js';

/** Counts progress while checking, for a long file. */
export type CheckProgress = (units: number) => void;

/**
 * The check pass. Reads every unit once and remembers the group of each, and per group its first row,
 * its number of rows, a fingerprint of what its rows must agree on, the size of its JSON, and whether it
 * is invalid: enough to refuse a record as a whole (one bad row invalidates its order) and, in the send
 * pass, to send a record as soon as its last row is read (marked once the check is over). Item ids are
 * remembered (as fingerprints, with the row that first used them) to find an id used twice in the
 * file; a row that repeats an earlier one exactly is skipped. The rules themselves are `CheckPass`'s.
 */
export async function checkUnits(
  source: UnitSource,
  progress?: CheckProgress,
  options: { keepAllProblems?: boolean; wholeProblemRows?: number } = {},
): Promise<CheckResult> {
  const pass = new CheckPass(source, options);
  for await (const unit of source.units()) {
    pass.check(unit);
    if (pass.units % 10_000 === 0) progress?.(pass.units);
  }
  return pass.finish();
}

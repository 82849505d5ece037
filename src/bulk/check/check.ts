import { BODY_MAX_BYTES } from '../../contract/fields.js';
import { FingerprintTable } from './fingerprint-table.js';
import { fingerprintOf } from '../read/fingerprint.js';
import { GroupIndex, MAX_COUNTED_UNITS, lastUnitsOf, type InvalidGroups } from './group-index.js';
import { ItemRows } from './item-rows.js';
import { type Bits, Column } from './memory.js';
import { RoundedIds } from './rounded-ids.js';
import { ProblemBook } from './problem-book.js';
import { describeProblems, type Problem } from '../problems.js';
import { DESCRIBED_DISAGREEMENTS, describeDisagreements } from './agreement.js';
import { Warnings } from './warnings.js';
import type { Said } from '../said.js';
import { cut } from '../../util/cut.js';
import type { UnitSource } from '../layout/units.js';
import { inspectUnit } from '../layout/inspect.js';

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
  records: number;
  invalidRecords: number;
  /** Valid units taken with a warning (a phone number the bot may not reach). */
  warnings: Warnings;
  /** Frees the plan's memory. */
  release(): void;
}

/** The group of a unit that is no record yet (a dispatch row with no tracking number): skipped. */
export const SKIPPED = -2;

/** Counts progress while checking, for a long file. */
export type CheckProgress = (units: number) => void;

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * The check pass. Reads every unit once and remembers the group of each, and per group its first row,
 * its number of rows, a fingerprint of what its rows must agree on, the size of its JSON, and whether it
 * is invalid: enough to refuse a record as a whole (one bad row invalidates its order) and, in the send
 * pass, to send a record as soon as its last row is read (marked once the check is over). Item ids are
 * remembered (as fingerprints, with the row that first used them) to find an id used twice in the
 * file; a row that repeats an earlier one exactly is skipped.
 */
export async function checkUnits(
  source: UnitSource,
  progress?: CheckProgress,
  options: { keepAllProblems?: boolean; wholeProblemRows?: number } = {},
): Promise<CheckResult> {
  // Long because it is one pass over the units with the cross-row rules (ids used twice, repeated rows,
  // items of one order) sharing their memory; each rule is a few lines and the per-row checks live in their
  // own files.
  const { layout, unitName } = source;
  const groups = new GroupIndex();
  const problems = new ProblemBook({
    keepAll: options.keepAllProblems === true,
    ...(options.wholeProblemRows === undefined ? {} : { wholeRows: options.wholeProblemRows }),
  });
  const expected = Math.ceil((source.estimatedUnits ?? 0) * 1.05);
  const groupOfUnit = new Column(Int32Array, Math.max(1024, expected + 2), -1);
  const unitContent = new Column(Float64Array, Math.max(1024, expected + 2));
  const duplicates = new Map<number, number>();
  /** For each item id (as a fingerprint), the row that first used it; sized up front from the estimate. */
  const itemRows = new ItemRows(layout.oneItemPerUnit, expected);
  /** Rows of grouped layouts without item ids (shipments), by content, to find exact repeats. */
  const rowsByContent = layout.grouped && !layout.oneItemPerUnit ? new FingerprintTable() : undefined;
  const sharedItems = new Map<string, string>();
  const roundedIds = new RoundedIds();
  const warnings = new Warnings();
  /** Groups whose rows disagree, to describe once the pass is over; and the last row that found one. */
  const disagreeing = new Set<number>();
  let lastDisagreeingRow = 0;
  let units = 0;
  let loose = 0;
  let skipped = 0;

  /** Problems found across rows (`own` for the row's own, as inspecting it gives them). */
  const addProblems = (row: number, group: number, list: readonly Problem[], own = false) => {
    if (own) problems.addOwn(row, list);
    else problems.addFound(row, list);
    if (group !== -1 && list.length > 0) {
      groups.invalidate(
        group,
        own ? { ownProblemsOfRow: row } : `${unitName} ${row}: ${describeProblems(list)}`,
      );
    }
  };
  /** The earlier row this one repeats exactly, in the same record, or -1. */
  const repeatOf = (row: number, content: number, group: number, itemIds: readonly string[]) => {
    // Every row's content is noted, the first of a record's too, so that its repeat is found.
    const earlier = rowsByContent
      ? rowsByContent.add(String(content), row)
      : itemIds.length === 1
        ? itemRows.get(itemIds[0] as string)
        : -1;
    if (group === -1 || earlier === -1 || earlier === row) return -1;
    return groupOfUnit.array[earlier] === group && unitContent.array[earlier] === content ? earlier : -1;
  };

  for await (const unit of source.units()) {
    units += 1;
    if (units % 10_000 === 0) progress?.(units);
    groupOfUnit.ensure(unit.row + 1);
    unitContent.ensure(unit.row + 1);
    unitContent.array[unit.row] = unit.content;
    const inspection = inspectUnit(layout, unit);
    const longIds = layout.ids?.take() ?? [];
    if (inspection.skip !== undefined) {
      skipped += 1;
      groupOfUnit.array[unit.row] = SKIPPED;
      continue;
    }
    const key = 'group' in inspection ? inspection.group : undefined;
    if (key === undefined) {
      loose += 1;
      addProblems(unit.row, -1, inspection.problems, true);
      continue;
    }
    const agreed = layout.agreeing?.(unit.value);
    const fingerprint = agreed
      ? fingerprintOf(agreed.map((field) => field.key).join('\u0000'))
      : 'fingerprint' in inspection && inspection.fingerprint !== undefined
        ? fingerprintOf(inspection.fingerprint)
        : Number.NaN;
    const itemIds = ('itemIds' in inspection ? inspection.itemIds : undefined) ?? [];
    const bytes = 'bytes' in inspection ? inspection.bytes : undefined;
    let group = groups.lookup(key);
    if (layout.grouped && inspection.problems.length === 0) {
      const repeated = repeatOf(unit.row, unit.content, group, itemIds);
      if (repeated !== -1) {
        duplicates.set(unit.row, repeated);
        continue;
      }
    }
    if (group === -1) {
      group = groups.add(key, unit.row, fingerprint, bytes ? bytes.base + bytes.part : 0);
    } else if (layout.grouped) {
      groups.addRow(group, bytes ? bytes.part + 1 : 0);
      const known = groups.fingerprint(group);
      if (Number.isNaN(known)) groups.setFingerprint(group, fingerprint);
      else if (!Number.isNaN(fingerprint) && fingerprint !== known) {
        // Said row by row, with every value, once the pass is over (`describeDisagreements`).
        if (disagreeing.size < DESCRIBED_DISAGREEMENTS) disagreeing.add(group);
        else {
          addProblems(unit.row, group, [
            {
              message: `differs from ${unitName} ${groups.firstRow(group)} in member or recipient data for the same order`,
              said: { code: 'order_rows_differ_from', values: { row: groups.firstRow(group) } },
            },
          ]);
        }
        groups.invalidate(group, `${unitName}s of order ${cut(key, 60)} disagree`);
        lastDisagreeingRow = unit.row;
      }
    } else if (
      !Number.isNaN(fingerprint) &&
      fingerprint === groups.fingerprint(group) &&
      inspection.problems.length === 0 &&
      !groups.invalid(group)
    ) {
      duplicates.set(unit.row, groups.firstRow(group));
      continue;
    }
    groupOfUnit.array[unit.row] = group;
    if (longIds.length > 0) roundedIds.note(longIds, unit.row, group, layout, unit.value);
    if (!layout.grouped && groups.firstRow(group) !== unit.row) {
      groups.addRow(group);
      addProblems(unit.row, group, [
        {
          message: `the same id is also in ${unitName} ${groups.firstRow(group)}, with other data`,
          said: { code: 'id_repeated', values: { row: groups.firstRow(group) } },
        },
      ]);
    }
    addProblems(unit.row, group, inspection.problems, true);
    if (inspection.warnings && inspection.problems.length === 0) warnings.add(unit.row, inspection.warnings);
    for (const itemId of itemIds) {
      const known = itemRows.size;
      const firstRow = itemRows.add(itemId, unit.row);
      if (itemRows.size > known) continue;
      const owner = groupOfUnit.array[firstRow] as number;
      if (owner === group) {
        addProblems(unit.row, group, [
          {
            column: 'item_id',
            value: itemId,
            message: `item id ${cut(itemId, 60)} is used twice in this order`,
            said: { code: 'item_twice', values: { item: cut(itemId, 60) } },
          },
        ]);
        continue;
      }
      addProblems(unit.row, group, [
        {
          column: 'item_id',
          value: itemId,
          message: `item id ${cut(itemId, 60)} is also used by another order (${unitName} ${firstRow})`,
          said: { code: 'item_in_other_order', values: { item: cut(itemId, 60), row: firstRow } },
        },
      ]);
      const ownerReason = `item id ${cut(itemId, 60)} is also used by order ${cut(key, 60)} (${unitName} ${unit.row})`;
      if (!sharedItems.has(itemId)) sharedItems.set(itemId, ownerReason);
      if (owner !== -1) groups.invalidate(owner, ownerReason);
    }
  }

  const maskedMembers = { count: layout.ids?.masked ?? 0, example: layout.ids?.maskedExample };
  layout.ids?.stop();
  const described = await describeDisagreements(source, groupOfUnit, disagreeing, lastDisagreeingRow);
  for (const [row, list] of described) problems.addFound(row, list);
  for (const { row, group, problem } of roundedIds.rounded()) addProblems(row, group, [problem]);

  // Rules about a record as a whole: said on its first row, so the listing shows them too.
  const wholeRecord = (group: number, message: string, said: Said) => {
    problems.addFound(groups.firstRow(group), [{ message, said }]);
    groups.invalidate(group, message);
  };
  for (let group = 0; group < groups.size; group++) {
    const count = groups.units(group);
    if (count > layout.maxUnits) {
      const counted = count === MAX_COUNTED_UNITS ? `${count} or more` : String(count);
      wholeRecord(group, `has ${counted} ${unitName}s; at most ${layout.maxUnits} are allowed`, {
        code: 'too_many_rows',
        values: { count: counted, max: layout.maxUnits },
      });
    }
    if (groups.bytes(group) > BODY_MAX_BYTES) {
      wholeRecord(
        group,
        `is ${megabytes(groups.bytes(group))} as JSON; the service takes at most 1 MiB per request`,
        { code: 'record_too_large', values: { size: megabytes(groups.bytes(group)) } },
      );
    }
  }
  itemRows.release();
  rowsByContent?.release();
  const invalid = groups.forSending();
  const lastUnits = lastUnitsOf(groupOfUnit, groups.size);
  return {
    units,
    groupOfUnit,
    lastUnits,
    unitContent,
    invalid,
    problems,
    duplicates,
    sharedItems,
    maskedMembers,
    skipped,
    records: groups.size + loose,
    invalidRecords: loose + invalid.size,
    warnings,
    release() {
      groupOfUnit.release();
      lastUnits.release();
      invalid.release();
      unitContent.release();
      problems.release();
    },
  };
}

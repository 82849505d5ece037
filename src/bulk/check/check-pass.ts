import { BODY_MAX_BYTES } from '../../contract/fields.js';
import { count } from '../../util/count.js';
import { cut } from '../../util/cut.js';
import { inspectUnit } from '../layout/inspect.js';
import type { Inspection, Layout } from '../layout/layouts.js';
import type { Unit, UnitSource } from '../layout/units.js';
import { describeProblems, type Problem } from '../problems.js';
import { fingerprintOf } from '../read/fingerprint.js';
import type { Said } from '../said.js';
import { DESCRIBED_DISAGREEMENTS, describeDisagreements } from './agreement.js';
import type { CheckResult } from './check.js';
import { FingerprintTable } from './fingerprint-table.js';
import { GroupIndex, MAX_COUNTED_UNITS, lastUnitsOf } from './group-index.js';
import { ItemRows } from './item-rows.js';
import { Column } from './memory.js';
import { ProblemBook } from './problem-book.js';
import { RoundedIds } from './rounded-ids.js';
import { Warnings } from './warnings.js';

/** The group of a unit that is no record yet (a dispatch row with no tracking number): skipped. */
export const SKIPPED = -2;

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * What the first row of a record with more rows than it may have says. Rows of one record (an order's
 * items) name the column that groups them, since thousands of rows of one order are mostly a column of
 * one value read as the order's id; a record of one row each (a product) says its id is repeated.
 */
function tooMany(units: number, layout: Layout, unitName: string): [string, Said] {
  const counted = units === MAX_COUNTED_UNITS ? `${count(units)} or more` : count(units);
  if (!layout.grouped) {
    return [
      `the same id is in ${counted} ${unitName}s, each with other data: keep one`,
      { code: 'id_in_rows', values: { count: counted } },
    ];
  }
  return [
    `has ${counted} ${unitName}s; at most ${count(layout.maxUnits)} are allowed (is its id read from the right column?)`,
    { code: 'too_many_rows', values: { count: counted, max: layout.maxUnits } },
  ];
}

/**
 * One check pass over an input's units, in stages: each unit is inspected (`check`: its own problems),
 * placed in its record (`#place`: a new record, a row of one, an exact repeat, rows that disagree), and
 * its item ids noted (`#noteItems`: used twice in a record or by two records); once every unit is read,
 * `finish` adds what only the whole file tells (disagreements described value by value, ids Excel
 * rounded, records too long or too large) and gives the plan of the send pass.
 */
export class CheckPass {
  units = 0;
  readonly #source: UnitSource;
  readonly #layout: Layout;
  readonly #groups = new GroupIndex();
  readonly #problems: ProblemBook;
  readonly #groupOfUnit: Column<Int32Array>;
  readonly #unitContent: Column<Float64Array>;
  readonly #duplicates = new Map<number, number>();
  /** For each item id (as a fingerprint), the row that first used it; sized up front from the estimate. */
  readonly #itemRows: ItemRows;
  /** Rows of grouped layouts without item ids (shipments), by content, to find exact repeats. */
  readonly #rowsByContent: FingerprintTable | undefined;
  readonly #sharedItems = new Map<string, string>();
  readonly #roundedIds = new RoundedIds();
  readonly #warnings = new Warnings();
  /** For each parcel shipments name (carrier and tracking number), the first shipment naming it. */
  #parcels: FingerprintTable | undefined;
  /** Groups whose rows disagree, to describe once the pass is over; and the last row that found one. */
  readonly #disagreeing = new Set<number>();
  #lastDisagreeingRow = 0;
  #loose = 0;
  #skipped = 0;
  /** Units whose id Excel damaged, each in no record, and the first such id. */
  readonly #damagedIds: { count: number; example: string | undefined } = { count: 0, example: undefined };

  constructor(source: UnitSource, options: { keepAllProblems?: boolean; wholeProblemRows?: number }) {
    this.#source = source;
    this.#layout = source.layout;
    // Long ids and masked buyers are noted afresh by each pass (a file may be checked twice); `finish` stops it.
    this.#layout.ids?.restart();
    this.#problems = new ProblemBook({
      keepAll: options.keepAllProblems === true,
      ...(options.wholeProblemRows === undefined ? {} : { wholeRows: options.wholeProblemRows }),
    });
    const expected = Math.ceil((source.estimatedUnits ?? 0) * 1.05);
    this.#groupOfUnit = new Column(Int32Array, Math.max(1024, expected + 2), -1);
    this.#unitContent = new Column(Float64Array, Math.max(1024, expected + 2));
    this.#itemRows = new ItemRows(this.#layout.oneItemPerUnit, expected);
    this.#rowsByContent =
      this.#layout.grouped && !this.#layout.oneItemPerUnit ? new FingerprintTable() : undefined;
  }

  /** Checks one unit: its own problems, its place in its record, its item ids. */
  check(unit: Unit): void {
    const layout = this.#layout;
    this.units += 1;
    this.#groupOfUnit.ensure(unit.row + 1);
    this.#unitContent.ensure(unit.row + 1);
    this.#unitContent.array[unit.row] = unit.content;
    const inspection = inspectUnit(layout, unit);
    const longIds = layout.ids?.take() ?? [];
    if (inspection.skip !== undefined) {
      this.#skipped += 1;
      this.#groupOfUnit.array[unit.row] = SKIPPED;
      return;
    }
    const key = inspection.group;
    if (key === undefined) {
      this.#loose += 1;
      if (inspection.damagedId !== undefined) {
        this.#damagedIds.count += 1;
        this.#damagedIds.example ??= inspection.damagedId;
      }
      this.#addProblems(unit.row, -1, inspection.problems, true);
      return;
    }
    const itemIds = inspection.itemIds ?? [];
    const group = this.#place(unit, key, inspection, itemIds);
    if (group === -1) return;
    this.#groupOfUnit.array[unit.row] = group;
    if (longIds.length > 0) this.#roundedIds.note(longIds, unit.row, group, layout, unit.value);
    if (!layout.grouped && this.#groups.firstRow(group) !== unit.row) {
      this.#groups.addRow(group);
      const row = this.#groups.firstRow(group);
      this.#addProblems(unit.row, group, [
        {
          message: `the same id is also in ${this.#source.unitName} ${row}, with other data`,
          said: { code: 'id_repeated', values: { row } },
        },
      ]);
    }
    this.#addProblems(unit.row, group, inspection.problems, true);
    if (inspection.problems.length === 0) {
      const shared = this.#sharedParcel(unit.row, group, inspection);
      const warnings = shared ? [...(inspection.warnings ?? []), shared] : inspection.warnings;
      if (warnings) this.#warnings.add(unit.row, warnings);
    }
    this.#noteItems(unit.row, group, key, itemIds);
  }

  /**
   * A word on the first row of a shipment whose parcel (carrier and tracking number) an earlier shipment
   * of another order named already: taken, since orders packed in one box share a parcel, but a column
   * of tracking numbers filled down by mistake gives every order the first one.
   */
  #sharedParcel(row: number, group: number, inspection: Inspection): Problem | undefined {
    if (inspection.parcel === undefined || this.#groups.firstRow(group) !== row) return undefined;
    this.#parcels ??= new FingerprintTable();
    const first = this.#parcels.add(inspection.parcel, group);
    if (first === group) return undefined;
    const earlier = this.#groups.firstRow(first);
    return {
      column: 'tracking_number',
      message: `is also the tracking number of another order, in ${this.#source.unitName} ${earlier}: orders share one only when they went in one parcel`,
      said: { code: 'parcel_shared', values: { row: earlier } },
    };
  }

  /** What the rows of one record must agree on, as a fingerprint (NaN when nothing is). */
  #fingerprint(unit: Unit, inspection: Inspection): number {
    const agreed = this.#layout.agreeing?.(unit.value);
    if (agreed) return fingerprintOf(agreed.map((field) => field.key).join('\u0000'));
    return inspection.fingerprint !== undefined ? fingerprintOf(inspection.fingerprint) : Number.NaN;
  }

  /**
   * The unit's record: a new one, or the one its key names, which its rows must agree with. -1 when the
   * unit repeats an earlier one exactly (noted as a duplicate, not a problem).
   */
  #place(unit: Unit, key: string, inspection: Inspection, itemIds: readonly string[]): number {
    const groups = this.#groups;
    const fingerprint = this.#fingerprint(unit, inspection);
    const bytes = inspection.bytes;
    let group = groups.lookup(key);
    if (this.#layout.grouped && inspection.problems.length === 0) {
      const repeated = this.#repeatOf(unit.row, unit.content, group, itemIds);
      if (repeated !== -1) {
        this.#duplicates.set(unit.row, repeated);
        return -1;
      }
    }
    if (group === -1) {
      group = groups.add(key, unit.row, fingerprint, bytes ? bytes.base + bytes.part : 0);
    } else if (this.#layout.grouped) {
      groups.addRow(group, bytes ? bytes.part + 1 : 0);
      const known = groups.fingerprint(group);
      if (Number.isNaN(known)) groups.setFingerprint(group, fingerprint);
      else if (!Number.isNaN(fingerprint) && fingerprint !== known) this.#disagree(unit.row, group, key);
    } else if (
      !Number.isNaN(fingerprint) &&
      fingerprint === groups.fingerprint(group) &&
      inspection.problems.length === 0 &&
      !groups.invalid(group)
    ) {
      this.#duplicates.set(unit.row, groups.firstRow(group));
      return -1;
    }
    return group;
  }

  /** A row that disagrees with its record's first: said row by row, with every value, in `finish`. */
  #disagree(row: number, group: number, key: string): void {
    const groups = this.#groups;
    const { unitName } = this.#source;
    if (this.#disagreeing.size < DESCRIBED_DISAGREEMENTS) this.#disagreeing.add(group);
    else {
      this.#addProblems(row, group, [
        {
          message: `differs from ${unitName} ${groups.firstRow(group)} in member or recipient data for the same order`,
          said: { code: 'order_rows_differ_from', values: { row: groups.firstRow(group) } },
        },
      ]);
    }
    groups.invalidate(group, `${unitName}s of order ${cut(key, 60)} disagree`);
    this.#lastDisagreeingRow = row;
  }

  /** The earlier row this one repeats exactly, in the same record, or -1. */
  #repeatOf(row: number, content: number, group: number, itemIds: readonly string[]): number {
    // Every row's content is noted, the first of a record's too, so that its repeat is found.
    const earlier = this.#rowsByContent
      ? this.#rowsByContent.add(String(content), row)
      : itemIds.length === 1
        ? this.#itemRows.get(itemIds[0] as string)
        : -1;
    if (group === -1 || earlier === -1 || earlier === row) return -1;
    return this.#groupOfUnit.array[earlier] === group && this.#unitContent.array[earlier] === content
      ? earlier
      : -1;
  }

  /** Item ids are the file's: one used twice in a record, or by two records, invalidates both. */
  #noteItems(row: number, group: number, key: string, itemIds: readonly string[]): void {
    const { unitName } = this.#source;
    for (const itemId of itemIds) {
      const known = this.#itemRows.size;
      const firstRow = this.#itemRows.add(itemId, row);
      if (this.#itemRows.size > known) continue;
      const owner = this.#groupOfUnit.array[firstRow] as number;
      if (owner === group) {
        this.#addProblems(row, group, [
          {
            column: 'item_id',
            value: itemId,
            message: `item id ${cut(itemId, 60)} is used twice in this order`,
            said: { code: 'item_twice', values: { item: cut(itemId, 60) } },
          },
        ]);
        continue;
      }
      this.#addProblems(row, group, [
        {
          column: 'item_id',
          value: itemId,
          message: `item id ${cut(itemId, 60)} is also used by another order (${unitName} ${firstRow})`,
          said: { code: 'item_in_other_order', values: { item: cut(itemId, 60), row: firstRow } },
        },
      ]);
      const ownerReason = `item id ${cut(itemId, 60)} is also used by order ${cut(key, 60)} (${unitName} ${row})`;
      if (!this.#sharedItems.has(itemId)) this.#sharedItems.set(itemId, ownerReason);
      if (owner !== -1) this.#groups.invalidate(owner, ownerReason);
    }
  }

  /** Problems found across rows (`own` for the row's own, as inspecting it gives them). */
  #addProblems(row: number, group: number, list: readonly Problem[], own = false): void {
    if (own) this.#problems.addOwn(row, list);
    else this.#problems.addFound(row, list);
    if (group !== -1 && list.length > 0) {
      this.#groups.invalidate(
        group,
        own ? { ownProblemsOfRow: row } : `${this.#source.unitName} ${row}: ${describeProblems(list)}`,
      );
    }
  }

  /** Rules about a record as a whole, said on its first row so that the listing shows them too. */
  #wholeRecords(): void {
    const groups = this.#groups;
    const { layout, unitName } = this.#source;
    const wholeRecord = (group: number, message: string, said: Said) => {
      this.#problems.addFound(groups.firstRow(group), [{ message, said }]);
      groups.invalidate(group, message);
    };
    for (let group = 0; group < groups.size; group++) {
      const units = groups.units(group);
      if (units > layout.maxUnits) wholeRecord(group, ...tooMany(units, layout, unitName));
      if (groups.bytes(group) > BODY_MAX_BYTES) {
        wholeRecord(
          group,
          `is ${megabytes(groups.bytes(group))} as JSON; the service takes at most 1 MiB per request`,
          { code: 'record_too_large', values: { size: megabytes(groups.bytes(group)) } },
        );
      }
    }
  }

  /** What only the whole file tells, then the plan of the send pass. */
  async finish(): Promise<CheckResult> {
    const layout = this.#layout;
    const maskedMembers = { count: layout.ids?.masked ?? 0, example: layout.ids?.maskedExample };
    layout.ids?.stop();
    // Rows put together by an order id that rounding gave several orders: their disagreement says nothing.
    for (const group of this.#roundedIds.groupsOfRoundedIds()) this.#disagreeing.delete(group);
    const described = await describeDisagreements(
      this.#source,
      this.#groupOfUnit,
      this.#disagreeing,
      this.#lastDisagreeingRow,
    );
    for (const [row, list] of described) this.#problems.addFound(row, list);
    for (const { row, group, problem } of this.#roundedIds.rounded())
      this.#addProblems(row, group, [problem]);
    this.#wholeRecords();
    this.#itemRows.release();
    this.#rowsByContent?.release();
    this.#parcels?.release();
    const { units } = this;
    const groupOfUnit = this.#groupOfUnit;
    const unitContent = this.#unitContent;
    const problems = this.#problems;
    const invalid = this.#groups.forSending();
    const lastUnits = lastUnitsOf(groupOfUnit, this.#groups.size);
    return {
      units,
      groupOfUnit,
      lastUnits,
      unitContent,
      invalid,
      problems,
      duplicates: this.#duplicates,
      sharedItems: this.#sharedItems,
      maskedMembers,
      damagedIds: { ...this.#damagedIds },
      skipped: this.#skipped,
      records: this.#groups.size + this.#loose,
      invalidRecords: this.#loose + invalid.size,
      warnings: this.#warnings,
      release() {
        groupOfUnit.release();
        lastUnits.release();
        invalid.release();
        unitContent.release();
        problems.release();
      },
    };
  }
}

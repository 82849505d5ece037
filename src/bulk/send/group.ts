import { SKIPPED, type CheckResult } from '../check/check.js';
import { inspectionOf } from '../layout/inspect.js';
import type { InvalidReason } from '../check/group-index.js';
import { columnNamesOf } from '../layout/column-names.js';
import { describeProblems, type Problem, type ProblemWords } from '../problems.js';
import { InputChanged, assertUnchanged, type InputSource } from '../read/source.js';
import type { Unit, UnitSource } from '../layout/units.js';

/** What the send pass finds in the input, in file order of each record's last unit. */
export type GroupEvent =
  /** A unit repeating an earlier one exactly: skipped. */
  | { type: 'duplicate'; unit: Unit; of: number }
  /** A unit that is no record yet (a dispatch row with no tracking number): skipped. */
  | { type: 'skipped'; unit: Unit }
  /** A record that failed the check, with why, and why for each of its units (for the rejects file). */
  | { type: 'invalid'; units: Unit[]; id: string; message: string; reasonOf: (unit: Unit) => string }
  /** A record ready to send. */
  | { type: 'record'; units: Unit[]; record: unknown };

/**
 * The send pass's reading: reads the input again and assembles each record once its last unit is read,
 * as the check pass planned. It first makes sure the input is the file that was checked, and checks every
 * unit against the fingerprint the check pass took of it: a change stops the reading (`InputChanged`)
 * before any record with a changed unit is given out.
 */
export async function* assembleRecords(
  units: UnitSource,
  plan: CheckResult,
  source: InputSource,
  words?: ProblemWords,
): AsyncGenerator<GroupEvent> {
  // Long because it reads units again as the check pass planned them and proves each against its
  // fingerprint before a record leaves; the proof and the grouping share the reading's state.
  const { layout, unitName } = units;
  const named = columnNamesOf(units.table);
  const namedIn = columnNamesOf(units.table, words?.lang);
  // The record's reason in English for its report line; each row's in the person's words for the rows to fix.
  const described = (problems: readonly Problem[]) => describeProblems(problems, undefined, named);
  const said = (problems: readonly Problem[]) =>
    describeProblems(problems, words?.problem, namedIn, words?.lang);
  await assertUnchanged(source, 'after it was checked');
  /** Units of records whose last unit is still to come (by group number), each with its part once built. */
  const open = new Map<number, { unit: Unit; part?: unknown }[]>();
  const problemsOf = (unit: Unit) => plan.problems.of(unit.row, () => inspectionOf(layout, unit).problems);
  /** A group's reason as a text: a row's own problems are found again in that row, one of the group's. */
  const reasonText = (reason: InvalidReason, list: readonly Unit[]) => {
    if (typeof reason === 'string') return reason;
    const row = reason.ownProblemsOfRow;
    const unit = list.find((member) => member.row === row);
    return `${unitName} ${row}: ${described(unit ? inspectionOf(layout, unit).problems : [])}`;
  };
  const reasonIn = (invalid: string, list: readonly Unit[]) => (unit: Unit) => {
    const own = said(problemsOf(unit));
    if (own) return own;
    const ofRow = (row: number) => {
      const member = list.find((other) => other.row === row);
      return (member && said(problemsOf(member))) || undefined;
    };
    const saidText = (text: string) => words?.reason?.(text, ofRow) ?? text;
    const items =
      unit.value === undefined || !layout.grouped ? [] : (inspectionOf(layout, unit).itemIds ?? []);
    const shared = items.map((item) => plan.sharedItems.get(item)).filter((reason) => reason !== undefined);
    if (shared.length > 0) return saidText(shared.join('; '));
    return saidText(`another ${unitName} of this record is invalid: ${invalid}`);
  };
  let seen = 0;
  for await (const unit of units.units()) {
    seen += 1;
    if (unit.row >= plan.unitContent.length || plan.unitContent.array[unit.row] !== unit.content) {
      throw new InputChanged(
        `${source.label} changed while it was being sent (${unitName} ${unit.row} is not what was checked); nothing more was sent`,
        [
          'Records sent before that are in the ledger: check the file again, then run the same command to send the rest.',
        ],
      );
    }
    const duplicateOf = plan.duplicates.get(unit.row);
    if (duplicateOf !== undefined) {
      yield { type: 'duplicate', unit, of: duplicateOf };
      continue;
    }
    const group = plan.groupOfUnit.array[unit.row] ?? -1;
    if (group === SKIPPED) {
      yield { type: 'skipped', unit };
      continue;
    }
    if (group === -1) {
      const message = described(problemsOf(unit));
      const id = unit.value === undefined ? '' : layout.label(unit.value);
      yield { type: 'invalid', units: [unit], id, message, reasonOf: () => said(problemsOf(unit)) };
      continue;
    }
    const reason = plan.invalid.get(group);
    const members = open.get(group) ?? [];
    // Parts are built only for records that will be sent; an invalid record keeps its units as they are.
    members.push(reason === undefined ? { unit, part: layout.build(unit.value).part } : { unit });
    if (!plan.lastUnits.has(unit.row)) {
      open.set(group, members);
      continue;
    }
    open.delete(group);
    const list = members.map((member) => member.unit);
    if (reason !== undefined) {
      const invalid = reasonText(reason, list);
      const labelled = list.find((member) => member.value !== undefined);
      const id = labelled ? layout.label(labelled.value) : '';
      yield { type: 'invalid', units: list, id, message: invalid, reasonOf: reasonIn(invalid, list) };
      continue;
    }
    yield { type: 'record', units: list, record: layout.merge(members.map((member) => member.part)) };
  }
  if (seen !== plan.units || open.size > 0) {
    throw new InputChanged(
      `${source.label} changed while it was being sent (it has ${seen} ${unitName}s, ${plan.units} were checked)`,
      ['Check the file again, then run the same command to send the rest.'],
    );
  }
  // Every unit was read back as it was checked: what was sent is what was checked, whatever happens to
  // the file after this (a spreadsheet program saving it again).
}

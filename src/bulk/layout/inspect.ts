import type { Inspection, Layout } from './layouts.js';
import type { Unit } from './units.js';

/** What the layout makes of a unit, with the problems found while it was read. */
export function inspectUnit(layout: Layout, unit: Unit): Inspection {
  if (unit.unreadable) return { problems: [unit.unreadable] };
  const inspection = layout.inspect(unit.value);
  return unit.cellProblems
    ? { ...inspection, problems: [...unit.cellProblems, ...inspection.problems] }
    : inspection;
}

/**
 * `inspectUnit`, found once for a unit read by the send pass and kept with it: an invalid row's problems
 * are wanted for its reason, its rejects line and its event, and finding them again each time made a
 * file of invalid rows slower, and its garbage larger, than the same file valid.
 */
export function inspectionOf(layout: Layout, unit: Unit): Inspection {
  return (unit.inspection ??= inspectUnit(layout, unit));
}

import { counting } from '../../util/count.js';
import { cut } from '../../util/cut.js';
import type { AgreedField } from '../layout/layouts.js';
import type { UnitSource } from '../layout/units.js';
import type { Column } from './memory.js';
import type { Problem } from '../problems.js';
import type { Said } from '../said.js';

/** Orders whose rows disagree, described value by value; past this many, each says only that it does. */
export const DESCRIBED_DISAGREEMENTS = 2_000;

/** The rows of one record, each with what the rows must agree on. */
type RowsOfGroup = { row: number; fields: readonly AgreedField[] }[];

/**
 * How many rows a disagreement lists; the others are counted. Each row of the order carries the list, so
 * listing them all would grow with the square of its rows: an order of thousands of rows, or a file whose
 * order column was mapped to a column of one value (every row then one order), would fill the memory, the
 * page and the rejects file with the same list thousands of times.
 */
export const LISTED_ROWS = 10;

interface Value {
  row: number;
  raw: string;
  key: string;
}

/** The rows a disagreement lists: the first of each value (as many as fit), then the earliest, in row order. */
function shownRows(values: readonly Value[]): readonly Value[] {
  if (values.length <= LISTED_ROWS) return values;
  const chosen = new Set<number>();
  const keys = new Set<string>();
  values.forEach(({ key }, index) => {
    if (chosen.size < LISTED_ROWS && !keys.has(key)) {
      keys.add(key);
      chosen.add(index);
    }
  });
  for (let index = 0; chosen.size < LISTED_ROWS; index++) chosen.add(index);
  return [...chosen].sort((a, b) => a - b).map((index) => values[index] as Value);
}

/**
 * `row 47 "010-8570-424", row 48 "010-8570-4244"` (at most `LISTED_ROWS`, then `and 3 more rows`), and
 * the same as data for a page to word.
 */
function listing(values: readonly Value[], unitName: string) {
  const shown = shownRows(values);
  const more = values.length - shown.length;
  const text = shown.map(({ row, raw }) => `${unitName} ${row} "${cut(raw, 60)}"`).join(', ');
  return {
    text: more === 0 ? text : `${text}, and ${counting(more, `more ${unitName}`)}`,
    rows: JSON.stringify(shown.map(({ row, raw }) => [row, cut(raw, 60)])),
    more,
  };
}

/** The problems of each row of a group whose rows disagree: each field that differs, with every row's value. */
export function disagreements(rows: RowsOfGroup, unitName: string): Map<number, Problem[]> {
  const found = new Map<number, Problem[]>();
  const fields = rows[0]?.fields.length ?? 0;
  for (let field = 0; field < fields; field++) {
    const values = rows.map(({ row, fields: own }) => ({
      row,
      raw: own[field]?.raw ?? '',
      key: own[field]?.key ?? '',
      column: own[field]?.column ?? '',
    }));
    if (new Set(values.map((value) => value.key)).size < 2) continue;
    const { text, rows: listed, more } = listing(values, unitName);
    const message = `must be the same in every ${unitName} of this order, and is not: ${text}`;
    const said: Said = {
      code: 'order_rows_differ',
      values: more === 0 ? { rows: listed } : { rows: listed, more },
    };
    for (const value of values) {
      const problem: Problem = {
        column: value.column,
        ...(value.raw === '' ? {} : { value: value.raw }),
        message,
        said,
      };
      const list = found.get(value.row) ?? [];
      list.push(problem);
      found.set(value.row, list);
    }
  }
  return found;
}

/**
 * Reads the units again to say how the rows of each group in `groups` disagree, field by field and row
 * by row: only the rows that differ are read into memory, and only when some do (a file whose orders
 * agree is read once). Stops at the last row of the last such group.
 */
export async function describeDisagreements(
  source: UnitSource,
  groupOfUnit: Column<Int32Array>,
  groups: ReadonlySet<number>,
  lastRow: number,
): Promise<Map<number, Problem[]>> {
  const agreeing = source.layout.agreeing;
  const byGroup = new Map<number, RowsOfGroup>();
  if (!agreeing || groups.size === 0) return new Map();
  for await (const unit of source.units()) {
    if (unit.row > lastRow) break;
    const group = unit.row < groupOfUnit.length ? (groupOfUnit.array[unit.row] as number) : -1;
    if (!groups.has(group)) continue;
    const rows = byGroup.get(group) ?? [];
    rows.push({ row: unit.row, fields: agreeing(unit.value) });
    byGroup.set(group, rows);
  }
  const found = new Map<number, Problem[]>();
  for (const rows of byGroup.values()) {
    for (const [row, problems] of disagreements(rows, source.unitName)) found.set(row, problems);
  }
  return found;
}

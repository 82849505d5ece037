import { positionsOf } from '../bulk/index.js';
import type { UploadSession } from './session.js';

/** A cell the page can fix by itself: its row, its place in the row, and the value it gets. */
export interface CellFix {
  row: number;
  position: number;
  value: string;
}

/** A number as Excel leaves it: digits, with the spaces or hyphens it was written with. */
const DIGITS_AS_WRITTEN = /^\d[\d\s-]*$/;

/**
 * The phone cells the last check found without their leading 0 (a sheet opened and saved in Excel drops
 * it from a whole column), each with the 0 put back as written (`10-1234-5678` becomes
 * `010-1234-5678`), or as the number the check took it for.
 */
export function lostZeroCells(session: UploadSession): CellFix[] {
  const table = session.check?.reading?.table;
  const found: CellFix[] = [];
  for (const row of session.check?.refused ?? []) {
    if (!Array.isArray(row.cells)) continue;
    for (const problem of row.problems) {
      const values = problem.said?.code === 'excel_damage' ? problem.said.values : undefined;
      if (values?.damage !== 'lost_zero') continue;
      const [position] = positionsOf(table, problem.column);
      if (position === undefined) continue;
      const cell = String((row.cells as unknown[])[position] ?? '').trim();
      found.push({
        row: row.row,
        position,
        value: DIGITS_AS_WRITTEN.test(cell) ? `0${cell}` : String(values.meant),
      });
    }
  }
  return found;
}

import type { LongId } from '../../input/id-watch.js';
import type { Layout } from '../layout/layouts.js';
import { Column } from './memory.js';
import type { Problem } from '../problems.js';

/** A column (field) of long ids: whether one of them shows it exact, and the rows that may be rounded. */
interface Field {
  column: string;
  exact: boolean;
  rows: Column<Int32Array>;
  groups: Column<Int32Array>;
  count: number;
}

/** A row to refuse, its record, and why. */
export interface RoundedRow {
  row: number;
  group: number;
  problem: Problem;
}

/**
 * Tells the ids a spreadsheet program rounded from those that merely end in 0. Excel and LibreOffice
 * keep 15 significant digits, so a 16-digit (or longer) id that went through one as a number ends in 0,
 * and so does every such id of its column. A real id ends in 0 one time in ten: a column whose long ids
 * all end in 0 was rounded, and its ids are refused (never sent: they name nothing at the marketplace,
 * or worse, another order's item); one long id in the column ending in another digit shows the column
 * was kept as text, and its ids are trusted. A column is a field of the record wherever it comes from
 * (a sheet's column, a JSON field), so every input form is judged alike.
 */
export class RoundedIds {
  readonly #fields = new Map<string, Field>();

  /** Notes the long ids of a unit of record `group` (checked, and not a repeat). */
  note(ids: readonly LongId[], row: number, group: number, layout: Layout, value: unknown): void {
    for (const id of ids) {
      const key = id.loc.map((step) => (/^\d+$/.test(step) ? '*' : step)).join('.');
      let field = this.#fields.get(key);
      if (!field) {
        field = {
          column: layout.columnOf(id.loc, value),
          exact: false,
          rows: new Column(Int32Array, 64),
          groups: new Column(Int32Array, 64),
          count: 0,
        };
        this.#fields.set(key, field);
      }
      if (field.exact) continue;
      if (!id.value.endsWith('0')) {
        field.exact = true;
        field.rows.release();
        field.groups.release();
        continue;
      }
      field.rows.ensure(field.count + 1);
      field.groups.ensure(field.count + 1);
      field.rows.array[field.count] = row;
      field.groups.array[field.count] = group;
      field.count += 1;
    }
  }

  /**
   * The records whose own id (`id`, which puts a record's rows together) was rounded, once every unit
   * has been noted: their rows are of several records, put together by the one id rounding left them.
   */
  *groupsOfRoundedIds(): Generator<number> {
    const field = this.#fields.get('id');
    if (!field || field.exact) return;
    for (let index = 0; index < field.count; index++) yield field.groups.array[index] as number;
  }

  /** The rows whose ids were rounded, once every unit has been noted; the memory is given back. */
  *rounded(): Generator<RoundedRow> {
    for (const field of this.#fields.values()) {
      if (field.exact) continue;
      const problem: Problem = {
        column: field.column,
        message:
          'has 16 or more digits and ends in 0, as does every such id in this column: a spreadsheet program rounded them to 15 significant digits (Excel and LibreOffice keep no more), so the real id is lost. Download the file again and format the column as Text before saving it (or upload the download as it came)',
        said: { code: 'rounded_ids' },
      };
      for (let index = 0; index < field.count; index++) {
        yield { row: field.rows.array[index] as number, group: field.groups.array[index] as number, problem };
      }
      field.rows.release();
      field.groups.release();
    }
  }
}

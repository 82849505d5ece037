import { FingerprintTable, capacityFor } from './fingerprint-table.js';
import { Column } from './memory.js';

/**
 * For each item id (as a fingerprint), the row that first used it. Where a row holds one item (a table
 * of order rows), the row is the table's value, so a million-row file's ids cost 14 MB; where a unit may
 * hold several (a JSON order), items are numbered and each one's first row kept in a column.
 */
export class ItemRows {
  readonly #table: FingerprintTable;
  /** The first row of each item, by item number; only where a unit may hold several items. */
  readonly #firstRows: Column<Int32Array> | undefined;

  /**
   * `oneItemPerUnit` as the layout says (the row is then the value, which the table takes for one id
   * only); sized for `expectedUnits` when it is, so that the table never grows.
   */
  constructor(oneItemPerUnit: boolean, expectedUnits: number) {
    this.#table = oneItemPerUnit
      ? new FingerprintTable(capacityFor(expectedUnits), expectedUnits + 2)
      : new FingerprintTable();
    this.#firstRows = oneItemPerUnit ? undefined : new Column(Int32Array, 1024);
  }

  /** How many different item ids were added. */
  get size(): number {
    return this.#table.size;
  }

  /** The memory the ids and their rows hold. */
  get byteLength(): number {
    return this.#table.byteLength + (this.#firstRows?.byteLength ?? 0);
  }

  /** The first row that used `itemId`, or -1. */
  get(itemId: string): number {
    const value = this.#table.get(itemId);
    return this.#firstRows === undefined || value === -1 ? value : (this.#firstRows.array[value] as number);
  }

  /** Notes that `row` uses `itemId`; returns the first row that used it (`row` itself when it is new). */
  add(itemId: string, row: number): number {
    if (this.#firstRows === undefined) return this.#table.add(itemId, row);
    const number = this.#table.size;
    const value = this.#table.add(itemId, number);
    if (value === number) {
      this.#firstRows.ensure(number + 1);
      this.#firstRows.array[number] = row;
    }
    return this.#firstRows.array[value] as number;
  }

  release(): void {
    this.#table.release();
    this.#firstRows?.release();
  }
}

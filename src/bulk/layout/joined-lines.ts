import { rowFingerprint } from '../read/fingerprint.js';
import { joinedCells } from './columns.js';

/**
 * Line ids made of two columns, told apart within an order. A shop's export with no line id makes each
 * line's id of its order's and its product's columns (`A-1-P-1`). An order that lists one product on
 * several rows (a T-shirt in S and in M) would give them one id, and the order would be refused for an
 * id used twice: each row of it that differs from the first gets its count instead (`A-1-P-1-2`,
 * `A-1-P-1-3`). A row that repeats an earlier one exactly keeps that row's id, so it is still found as a
 * repeat, not sent as one more line. Counted among adjacent rows with the same first column (the order),
 * so only one order's lines are held, and a file reads the same ids each time it is read, as long as
 * its rows keep their order.
 */
export class JoinedLines {
  readonly #columns: [column: string, positions: readonly number[]][];
  /** Per column: the first column's value of the rows counted, and each joined value's row contents. */
  readonly #runs = new Map<string, { first: string; contents: Map<string, number[]> }>();

  constructor(index: ReadonlyMap<string, readonly number[]>) {
    this.#columns = [...index].filter(([, positions]) => positions.length > 1);
  }

  /** The row's joined values in `values`, each made unique in its order; `content` fingerprints the row. */
  tell(values: Record<string, string | undefined>, cells: readonly string[], content: number): void {
    for (const [column, positions] of this.#columns) {
      const value = values[column];
      if (value === undefined || value === '') continue;
      const first = joinedCells(cells, positions.slice(0, 1));
      let run = this.#runs.get(column);
      if (run?.first !== first) {
        run = { first, contents: new Map() };
        this.#runs.set(column, run);
      }
      const contents = run.contents.get(value) ?? [];
      run.contents.set(value, contents);
      let at = contents.indexOf(content);
      if (at === -1) at = contents.push(content) - 1;
      if (at > 0) values[column] = `${value}-${at + 1}`;
    }
  }
}

/**
 * The values a column makes of rows read in order (a page's sample of the first rows): a cell, or
 * several joined and told apart within an order as an upload reads them.
 */
export function joinedValues(rows: readonly (readonly string[])[], positions: readonly number[]): string[] {
  const lines = new JoinedLines(new Map([['value', positions]]));
  return rows.map((cells) => {
    const values: Record<string, string> = { value: joinedCells(cells, positions) };
    lines.tell(values, cells, rowFingerprint(cells).content);
    return values.value as string;
  });
}

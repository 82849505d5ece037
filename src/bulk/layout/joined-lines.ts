import { rowFingerprint } from '../read/fingerprint.js';
import { joinedCells } from './columns.js';

/**
 * Line ids made of two columns, told apart within an order. A shop's export with no line id makes each
 * line's id of its order's and its product's columns (`A-1-P-1`). An order that lists one product on
 * several rows (a T-shirt in S and in M) would give them one id, and the order would be refused for an
 * id used twice: each row of it that differs from the first gets its count instead (`A-1-P-1-2`,
 * `A-1-P-1-3`), wherever it is in the file. A row that repeats an earlier one exactly keeps that row's
 * id, so it is still found as a repeat, not sent as one more line. A file reads the same ids each time
 * it is read, as long as its rows keep their order. Each id made is held while the file is read (as
 * the check holds every line id): only files whose line ids are joined pay for it.
 */
export class JoinedLines {
  /** Per joined column: the contents (row fingerprints) of the rows each value was read on, in order. */
  readonly #seen = new Map<string, Map<string, number | number[]>>();

  constructor(index: ReadonlyMap<string, readonly number[]>) {
    for (const [column, positions] of index) if (positions.length > 1) this.#seen.set(column, new Map());
  }

  /** The row's joined values in `values`, each made unique in its order; `content` fingerprints the row. */
  tell(values: Record<string, string | undefined>, content: number): void {
    for (const [column, seen] of this.#seen) {
      const value = values[column];
      if (value === undefined || value === '') continue;
      // Held as one fingerprint until a second row with other contents makes it a list.
      const earlier = seen.get(value);
      if (earlier === undefined) seen.set(value, content);
      if (earlier === undefined || earlier === content) continue;
      const contents = typeof earlier === 'number' ? [earlier] : earlier;
      if (contents !== earlier) seen.set(value, contents);
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
    lines.tell(values, rowFingerprint(cells).content);
    return values.value as string;
  });
}

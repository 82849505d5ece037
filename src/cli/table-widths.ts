/** A column is not made narrower than this to fit (its words would be cut to pieces), nor than its header. */
const NARROWEST = 8;

/**
 * The widths of text to draw a table's columns at so that it fits a terminal `width` columns wide, or
 * undefined when it fits as it is (or the width is unknown). The columns that need less than an even
 * share keep what they need; what is left is shared evenly by the others, whose cells then wrap.
 * `cells` are the header and the rows, each a list of texts; `measure` says how many columns a line
 * takes in a terminal (a Korean letter two).
 */
export function fittedWidths(
  cells: readonly (readonly string[])[],
  width: number | undefined,
  measure: (line: string) => number,
): number[] | undefined {
  const count = cells[0]?.length ?? 0;
  if (width === undefined || width <= 0 || count === 0) return undefined;
  // Each cell has a space either side; every column a border on its left, and the table one on the right.
  const frame = count * 3 + 1;
  const natural = Array.from({ length: count }, (_, column) =>
    Math.max(1, ...cells.map((row) => widest(row[column] ?? '', measure))),
  );
  if (natural.reduce((sum, each) => sum + each, 0) + frame <= width) return undefined;
  // A column is never narrower than its header (the first row), nor than 8 where it needs that much.
  const floor = natural.map((need, column) =>
    Math.max(Math.min(need, NARROWEST), widest(cells[0]?.[column] ?? '', measure)),
  );
  const widths = new Array<number>(count).fill(0);
  let left = Math.max(width - frame, count * NARROWEST);
  const byNeed = natural.map((need, column) => ({ need, column })).sort((a, b) => a.need - b.need);
  byNeed.forEach(({ need, column }, index) => {
    const share = Math.floor(left / (count - index));
    const given = Math.max(Math.min(need, share), floor[column] as number);
    widths[column] = given;
    left -= given;
  });
  return widths;
}

/** The width of a cell's longest line, as a terminal shows it. */
function widest(text: string, measure: (line: string) => number): number {
  return Math.max(0, ...text.split('\n').map(measure));
}

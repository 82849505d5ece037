/**
 * `3–5, 7, 9–12`: row numbers as runs, in order, at most `most` runs, and how many rows are past them
 * (for `… and 40 more`), so that a notice about a thousand rows stays a line.
 */
export function rowRanges(rows: readonly number[], most = 10): { shown: string; more: number } {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const row of sorted) {
    const last = runs.at(-1);
    if (last && row === last[1] + 1) last[1] = row;
    else runs.push([row, row]);
  }
  return {
    shown: runs
      .slice(0, most)
      .map(([from, to]) => (from === to ? `${from}` : `${from}–${to}`))
      .join(', '),
    more: runs.slice(most).reduce((count, [from, to]) => count + to - from + 1, 0),
  };
}

/** The column letters of a column number from 0: 0 is `A`, 27 is `AB`. */
export function columnName(column: number): string {
  let name = '';
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/** The column number (from 0) of a cell reference (`AB12` is 27), or -1 when it is past `limit` columns. */
export function columnOf(reference: string, limit: number): number {
  let column = 0;
  for (let index = 0; index < reference.length; index++) {
    const code = reference.charCodeAt(index);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
    if (column > limit) return -1;
  }
  return column - 1;
}

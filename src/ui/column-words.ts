import { headerOf, type ColumnNames, type ColumnPlaces } from '../bulk/index.js';
import type { T } from './texts/index.js';

/**
 * How the page names a problem's column: as the file's header does, else (a column the file lacks, such
 * as a marketplace download's image) in the page's words, else as it is.
 */
export const pageColumnNames =
  (t: T, table: ColumnPlaces | undefined): ColumnNames =>
  (column) => {
    const header = headerOf(table, column, t.lang);
    if (header !== undefined) return header;
    const key = `col_${column}`;
    const word = t(key as Parameters<T>[0]);
    return word === key ? column : word;
  };

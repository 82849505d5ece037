/** A value bound to a statement. Lists are bound only on PostgreSQL (`= ANY(?)`). */
export type SqlValue = string | number | Buffer | null | readonly number[];

export type Dialect = 'sqlite' | 'postgres';

/**
 * How the service's storage talks to its database: statements with `?` placeholders, the same text on
 * both engines where SQL allows (PostgreSQL's `$1` is written for it). Every method is asynchronous so
 * that one domain serves an in-process SQLite file and a PostgreSQL server across the network.
 */
export interface Sql {
  readonly dialect: Dialect;
  /** Every row the statement returns. */
  all<T>(text: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** The first row, if any. */
  get<T>(text: string, params?: readonly SqlValue[]): Promise<T | undefined>;
  /** Runs a write; resolves to how many rows it changed. */
  run(text: string, params?: readonly SqlValue[]): Promise<number>;
}

/** `INSERT INTO table (a, b) VALUES (?, ?)` and the values of `row` in that order. */
export function insertStatement<Row extends object>(
  table: string,
  columns: readonly (keyof Row & string)[],
  suffix = '',
): { text: string; values: (row: Row) => SqlValue[] } {
  const text = `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})${suffix}`;
  return { text, values: (row) => columns.map((column) => row[column] as SqlValue) };
}

/** `?` placeholders as PostgreSQL's `$1, $2, …` (the service's statements hold no `?` in literals). */
export function numberedPlaceholders(text: string): string {
  let index = 0;
  return text.replace(/\?/g, () => `$${++index}`);
}

import type { Dialect } from './dialect.js';

/** A value bound to a statement. Lists are bound only where the dialect binds arrays (see `Dialect.oneOf`). */
export type SqlValue =
  | string
  | number
  | Buffer
  | null
  | readonly number[]
  | readonly string[]
  | readonly (string | number | null)[];

/**
 * How the service's storage talks to its database: statements with `?` placeholders, the same text on
 * both engines where SQL allows (PostgreSQL's `$1` is written for it). Every method is asynchronous so
 * that one domain serves an in-process SQLite file and a PostgreSQL server across the network.
 */
export interface Sql {
  /** What differs between the engines: the repositories ask it, never the engine's name. */
  readonly dialect: Dialect;
  /** Every row the statement returns. */
  all<T>(text: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** The first row, if any. */
  get<T>(text: string, params?: readonly SqlValue[]): Promise<T | undefined>;
  /** Runs a write; resolves to how many rows it changed. */
  run(text: string, params?: readonly SqlValue[]): Promise<number>;
}

/** An INSERT of one row, and of several rows in one statement. */
export interface InsertStatement<Row> {
  /** The columns written, in order. */
  columns: readonly (keyof Row & string)[];
  /** `INSERT INTO table (a, b) VALUES (?, ?)…` */
  text: string;
  /** The values of `row`, in the order of the columns. */
  values: (row: Row) => SqlValue[];
  /** The statement and values for `rows` at once (one round trip). */
  many: (rows: readonly Row[]) => { text: string; values: SqlValue[] };
}

/** `INSERT INTO table (a, b) VALUES (?, ?)` and the values of `row` in that order. */
export function insertStatement<Row extends object>(
  table: string,
  columns: readonly (keyof Row & string)[],
  suffix = '',
): InsertStatement<Row> {
  const head = `INSERT INTO ${table} (${columns.join(', ')}) VALUES `;
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const width = columns.length;
  // Plain loops into arrays of their final length: these run for every row the service stores, and
  // `flatMap` over `map` cost several times as much (measured under the ingest benchmark).
  const fill = (row: Row, into: SqlValue[], at: number) => {
    for (let column = 0; column < width; column++)
      into[at + column] = row[columns[column] as keyof Row] as SqlValue;
  };
  const texts = new Map<number, string>();
  return {
    columns,
    text: `${head}${tuple}${suffix}`,
    values: (row) => {
      const values = new Array<SqlValue>(width);
      fill(row, values, 0);
      return values;
    },
    many: (rows) => {
      let text = texts.get(rows.length);
      if (text === undefined) {
        text = `${head}${rows.map(() => tuple).join(', ')}${suffix}`;
        texts.set(rows.length, text);
      }
      const values = new Array<SqlValue>(rows.length * width);
      for (let index = 0; index < rows.length; index++) fill(rows[index] as Row, values, index * width);
      return { text, values };
    },
  };
}

/**
 * Where a list ordered by a number, then by a key, stops (a product's: the create that named it, then
 * its id; a message's: when it is due, then its number).
 */
export interface Position<Key = string> {
  at: number;
  key: Key;
}

/** How many rows of a merchant a table holds. */
export async function countOf(sql: Sql, table: string, merchantId: string): Promise<number> {
  const row = await sql.get<{ count: number | string }>(
    `SELECT COUNT(*) AS count FROM ${table} WHERE merchant_id = ?`,
    [merchantId],
  );
  return Number(row?.count ?? 0);
}

/** `?` placeholders as PostgreSQL's `$1, $2, …` (the service's statements hold no `?` in literals). */
export function numberedPlaceholders(text: string): string {
  let index = 0;
  return text.replace(/\?/g, () => `$${++index}`);
}

import type { Sql } from './sql.js';

export function metaRepo(sql: Sql) {
  return {
    get: async (key: string) =>
      (await sql.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', [key]))?.value,
    /** The value, its row held until the transaction ends (where transactions do not hold everything). */
    getForUpdate: async (key: string) =>
      (await sql.get<{ value: string }>(`SELECT value FROM meta WHERE key = ?${sql.dialect.holdRows}`, [key]))
        ?.value,
    set: async (key: string, value: string) =>
      void (await sql.run(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
        [key, value],
      )),
    /** Sets `key` unless it has a value already (another process may have set it first). */
    setIfAbsent: async (key: string, value: string) =>
      void (await sql.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING', [
        key,
        value,
      ])),
    /**
     * Takes one from a whole number kept under `key`, in one statement; false when it is 0 or absent
     * (every process sharing the database takes from the same count).
     */
    takeOne: async (key: string) =>
      (await sql.get<{ value: string }>(
        `UPDATE meta SET value = CAST(CAST(value AS bigint) - 1 AS text)
         WHERE key = ? AND CAST(value AS bigint) > 0 RETURNING value`,
        [key],
      )) !== undefined,
    /** Every key starting with `prefix`, with its value. */
    withPrefix: (prefix: string) =>
      sql.all<{ key: string; value: string }>("SELECT key, value FROM meta WHERE key LIKE ? ESCAPE '\\'", [
        `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
      ]),
    /**
     * Adds `amount` to a whole number kept under `key` (0 when absent), in one statement; returns the sum.
     * Whole on both engines: SQLite takes a bound number as REAL (`10000.0`), which PostgreSQL's bigint
     * would refuse after a move; a value already written so is read through numeric.
     */
    add: async (key: string, amount: number) => {
      await sql.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING', [key, '0']);
      await sql.run(
        'UPDATE meta SET value = CAST(CAST(CAST(value AS numeric) AS bigint) + CAST(? AS bigint) AS text) WHERE key = ?',
        [amount, key],
      );
      return Number((await sql.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', [key]))?.value);
    },
  };
}

import type { Sql } from './sql.js';

/** Each process's metrics (prom-client's JSON), written now and then, for any process to answer for all. */
export function processMetricsRepo(sql: Sql) {
  return {
    put: async (processId: string, at: number, metrics: string) =>
      void (await sql.run(
        `INSERT INTO process_metrics (process_id, updated_at, metrics) VALUES (?, ?, ?)
         ON CONFLICT (process_id) DO UPDATE SET updated_at = excluded.updated_at, metrics = excluded.metrics`,
        [processId, at, metrics],
      )),
    /** The metrics of the other processes written since `since`. */
    others: (processId: string, since: number) =>
      sql.all<{ metrics: string }>(
        'SELECT metrics FROM process_metrics WHERE process_id <> ? AND updated_at >= ?',
        [processId, since],
      ),
    remove: async (processId: string) =>
      void (await sql.run('DELETE FROM process_metrics WHERE process_id = ?', [processId])),
  };
}

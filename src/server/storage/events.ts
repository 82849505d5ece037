import type { Sql } from './sql.js';

/** An event as stored: its number (per merchant), type, when (the merchant's time, ms) and the rest as JSON. */
export interface EventRow {
  merchant_id: string;
  id: number;
  type: string;
  at: number;
  body: string;
}

export type NewEvent = Omit<EventRow, 'id'>;

/** Where ids were reserved before events were stored (`event_ids:<merchant>` in meta): numbering goes on from there. */
const RESERVED_PREFIX = 'event_ids:';

export function eventsRepo(sql: Sql) {
  return {
    /**
     * Stores a merchant's events, numbered after the last one: the merchant's counter row is held until
     * the transaction ends, so that its events commit in the order of their numbers (a reader never
     * passes a number that commits later). Returns the first number given.
     */
    append: async (merchantId: string, events: readonly Omit<NewEvent, 'merchant_id'>[]) => {
      await sql.run(
        `INSERT INTO event_counters (merchant_id, last)
         SELECT ?, COALESCE((SELECT CAST(value AS bigint) FROM meta WHERE key = ?), 0)
         WHERE true ON CONFLICT (merchant_id) DO NOTHING`,
        [merchantId, `${RESERVED_PREFIX}${merchantId}`],
      );
      const row = await sql.get<{ last: number | string }>(
        'UPDATE event_counters SET last = last + ? WHERE merchant_id = ? RETURNING last',
        [events.length, merchantId],
      );
      const first = Number(row?.last) - events.length + 1;
      const values = events.flatMap((event, index) => [
        merchantId,
        first + index,
        event.type,
        event.at,
        event.body,
      ]);
      await sql.run(
        `INSERT INTO events (merchant_id, id, type, at, body) VALUES ${events.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
        values,
      );
      return first;
    },
    /** A merchant's events after `after`, oldest first. */
    after: (merchantId: string, after: number, limit: number) =>
      sql.all<EventRow>('SELECT * FROM events WHERE merchant_id = ? AND id > ? ORDER BY id LIMIT ?', [
        merchantId,
        after,
        limit,
      ]),
    /** A merchant's newest events after `after`, at most `limit`, oldest first. */
    newest: async (merchantId: string, after: number, limit: number) =>
      (
        await sql.all<EventRow>(
          'SELECT * FROM events WHERE merchant_id = ? AND id > ? ORDER BY id DESC LIMIT ?',
          [merchantId, after, limit],
        )
      ).reverse(),
    /** The number of a merchant's last event (0 before the first). */
    last: async (merchantId: string) =>
      Number(
        (
          await sql.get<{ last: number | string }>('SELECT last FROM event_counters WHERE merchant_id = ?', [
            merchantId,
          ])
        )?.last ?? 0,
      ),
    /** Keeps a merchant's newest `keep` events. */
    trim: async (merchantId: string, keep: number) =>
      void (await sql.run('DELETE FROM events WHERE merchant_id = ? AND id <= ?', [
        merchantId,
        Number(
          (
            await sql.get<{ last: number | string }>(
              'SELECT last FROM event_counters WHERE merchant_id = ?',
              [merchantId],
            )
          )?.last ?? 0,
        ) - keep,
      ])),
  };
}

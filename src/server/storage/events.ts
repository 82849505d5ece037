import type { Sql } from './sql.js';

/** An event as stored: its number (per merchant), type, when (the merchant's time, ms) and the rest as JSON. */
export interface EventRow {
  merchant_id: string;
  id: number;
  type: string;
  at: number;
  body: string;
}

/** An event to store for a merchant: numbered when it is. */
export type StoredEvent = Omit<EventRow, 'id' | 'merchant_id'>;

/** A notice to the other processes sharing the database, sent when the transaction commits. */
export interface Doorbell {
  channel: string;
  payload: string;
}

/** Where ids were reserved before events were stored (`event_ids:<merchant>` in meta): numbering goes on from there. */
export const reservedKey = (merchantId: string) => `event_ids:${merchantId}`;

/**
 * `append` a statement at a time (the counter, then the events, then the doorbell), for an engine
 * that cannot do it in one.
 */
export async function appendInSteps(
  sql: Sql,
  merchantId: string,
  events: readonly StoredEvent[],
  doorbell?: Doorbell,
): Promise<number> {
  await sql.run(
    `INSERT INTO event_counters (merchant_id, last)
     SELECT ?, COALESCE((SELECT CAST(value AS bigint) FROM meta WHERE key = ?), 0)
     WHERE true ON CONFLICT (merchant_id) DO NOTHING`,
    [merchantId, reservedKey(merchantId)],
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
  const notice = doorbell && sql.dialect.notify(doorbell.channel, doorbell.payload);
  if (notice) await sql.run(notice.text, notice.values);
  return first;
}

export function eventsRepo(sql: Sql) {
  return {
    /**
     * Stores a merchant's events, numbered after the last one (the merchant's counter row is held until
     * the transaction ends, so that its events commit in the order of their numbers: a reader never
     * passes a number that commits later), and rings `doorbell` with the commit. Returns the first
     * number given.
     */
    append: (merchantId: string, events: readonly StoredEvent[], doorbell?: Doorbell) =>
      sql.dialect.appendEvents(sql, merchantId, events, doorbell),
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
    /** A merchant's first events after `after`, at most `limit`, oldest first. */
    following: (merchantId: string, after: number, limit: number) =>
      sql.all<EventRow>('SELECT * FROM events WHERE merchant_id = ? AND id > ? ORDER BY id LIMIT ?', [
        merchantId,
        after,
        limit,
      ]),
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

import type { JobState, RecordKind } from '../../contract/kinds.js';
import { countOf, insertStatement, type Sql } from './sql.js';

export type { JobState };
export type JobKind = RecordKind;

export interface JobRow {
  seq: number;
  merchant_id: string;
  kind: JobKind;
  target_id: string;
  payload: string;
  received_at: number;
  delay_fraction: number;
  state: JobState;
  finished_at: number | null;
  reason: string | null;
}

export type NewJob = Pick<
  JobRow,
  'merchant_id' | 'kind' | 'target_id' | 'payload' | 'received_at' | 'delay_fraction'
>;

/** A create stored; its number comes back. */
export const insertJob = insertStatement<NewJob>(
  'jobs',
  ['merchant_id', 'kind', 'target_id', 'payload', 'received_at', 'delay_fraction'],
  ' RETURNING seq',
);

/** The key space of the locks of merchants' queues: one per merchant (where the engine has such locks). */
const QUEUE_LOCKS = 7_401;
/** The key space of the locks that make one order's shipments accepted one at a time. */
const SHIPMENT_LOCKS = 7_402;

/** The columns a queued create is written with (its id comes from the database). */
export const JOB_COLUMNS = insertJob.columns;

export function jobsRepo(sql: Sql) {
  const seqIn = sql.dialect.oneOf('seq');
  return {
    /** Jobs of a merchant in arrival order, optionally of one state, after `afterSeq`. */
    list: (merchantId: string, options: { state?: JobState; afterSeq?: number; limit: number }) =>
      options.state === undefined
        ? sql.all<JobRow>('SELECT * FROM jobs WHERE merchant_id = ? AND seq > ? ORDER BY seq LIMIT ?', [
            merchantId,
            options.afterSeq ?? 0,
            options.limit,
          ])
        : sql.all<JobRow>(
            'SELECT * FROM jobs WHERE merchant_id = ? AND state = ? AND seq > ? ORDER BY seq LIMIT ?',
            [merchantId, options.state, options.afterSeq ?? 0, options.limit],
          ),
    /** A merchant's creates, newest first, before `before` (a create's number) when given. */
    newest: (merchantId: string, before: number | undefined, limit: number) =>
      sql.all<JobRow>(
        `SELECT * FROM jobs WHERE merchant_id = ?${before === undefined ? '' : ' AND seq < ?'} ORDER BY seq DESC LIMIT ?`,
        before === undefined ? [merchantId, limit] : [merchantId, before, limit],
      ),
    count: (merchantId: string) => countOf(sql, 'jobs', merchantId),
    /** Stores an accepted create and returns its arrival number. */
    insert: async (job: NewJob) =>
      (await sql.get<{ seq: number }>(insertJob.text, insertJob.values(job)))?.seq as number,
    /**
     * Takes a merchant's queue for the rest of this transaction; false when another process holds it
     * (PostgreSQL; `wait` waits for it instead). One process at a time applies a merchant's creates, so they are applied in order.
     */
    claimQueue: (merchantId: string, wait = false) =>
      sql.dialect.holdLock(sql, QUEUE_LOCKS, merchantId, wait),
    /**
     * Holds an order's shipments for the rest of this transaction (PostgreSQL): a second process accepting
     * a shipment of the same order waits for this one's commit, then sees it (a shipment sent twice at
     * once is then a repeat, never two). One process's group commit already runs its writes in turn.
     */
    holdShipmentsOf: async (merchantId: string, orderId: string) =>
      void (await sql.dialect.holdLock(sql, SHIPMENT_LOCKS, `${merchantId}\n${orderId}`, true)),
    /** Queued jobs of a merchant after `afterSeq`, in arrival order. */
    queued: (merchantId: string, afterSeq: number, limit: number) =>
      sql.all<JobRow>(
        `SELECT * FROM jobs WHERE merchant_id = ? AND state = 'queued' AND seq > ? ORDER BY seq LIMIT ?`,
        [merchantId, afterSeq, limit],
      ),
    markFailed: async (seq: number, at: number, reason: string) =>
      void (await sql.run('UPDATE jobs SET state = ?, finished_at = ?, reason = ? WHERE seq = ?', [
        'failed',
        at,
        reason,
        seq,
      ])),
    /** Marks many jobs applied in one statement. */
    markAppliedMany: async (seqs: readonly number[], at: number) => {
      if (seqs.length === 0) return;
      await sql.run(`UPDATE jobs SET state = 'applied', finished_at = ?, reason = NULL WHERE ${seqIn.text}`, [
        at,
        seqIn.bind(seqs),
      ]);
    },
    /** Bodies of the shipments of an order still queued, in arrival order. */
    queuedShipments: async (merchantId: string, orderId: string) =>
      (
        await sql.all<Pick<JobRow, 'payload'>>(
          `SELECT payload FROM jobs WHERE merchant_id = ? AND target_id = ? AND state = 'queued' AND kind = 'shipment'
           ORDER BY seq`,
          [merchantId, orderId],
        )
      ).map((row) => row.payload),
    // The literal kind lets SQLite count in the partial index of queued shipments.
    countQueuedShipments: async (merchantId: string) =>
      (
        await sql.get<{ count: number }>(
          `SELECT COUNT(*) AS count FROM jobs WHERE merchant_id = ? AND kind = 'shipment' AND state = 'queued'`,
          [merchantId],
        )
      )?.count ?? 0,
  };
}

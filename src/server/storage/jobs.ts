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
/** The key space of the locks that let one transaction at a time add to a merchant's queue. */
const ARRIVAL_LOCKS = 7_402;

/** The columns a queued create is written with (its id comes from the database). */
export const JOB_COLUMNS = insertJob.columns;

/**
 * When the create numbered by the column `seq` of the merchant in the column `merchant` was applied, as
 * SQL: the time of the queue cursor's first step past it (applying writes nothing to its rows).
 */
export const appliedAtOf = (merchant: string, seq: string) =>
  `(SELECT s.stepped_at FROM queue_steps s WHERE s.merchant_id = ${merchant} AND s.through_seq >= ${seq}
    ORDER BY s.through_seq LIMIT 1)`;

/** How far a merchant's queue is applied (its one parameter the merchant), as SQL: 0 before any step. */
const CURSOR = `COALESCE((SELECT applied_through FROM queue_cursors WHERE merchant_id = ?), 0)`;

/**
 * Jobs as read (alias `j`): a create still stored as queued whose number the queue's cursor has passed
 * was applied, at the time of the cursor's first step past it (a failed one is stored as failed).
 */
const JOB_VIEW = `SELECT j.seq, j.merchant_id, j.kind, j.target_id, j.payload, j.received_at, j.delay_fraction,
    CASE WHEN j.state = 'queued' AND j.seq <= c.applied_through THEN 'applied' ELSE j.state END AS state,
    CASE WHEN j.state = 'queued' AND j.seq <= c.applied_through THEN ${appliedAtOf('j.merchant_id', 'j.seq')}
      ELSE j.finished_at END AS finished_at,
    j.reason
  FROM jobs j LEFT JOIN queue_cursors c ON c.merchant_id = j.merchant_id`;

export function jobsRepo(sql: Sql) {
  // Long because it is the jobs table's repository: one short query per operation, closed over the
  // dialect's pieces.
  /** The merchant's queue cursor: every create up to it has been applied or has failed (0 before any). */
  const appliedThrough = async (merchantId: string) => {
    const row = await sql.get<{ through: number | string }>(`SELECT ${CURSOR} AS through`, [merchantId]);
    return Number(row?.through);
  };
  return {
    /** Jobs of a merchant in arrival order, optionally of one state or about one id, after `afterSeq`. */
    list: async (
      merchantId: string,
      options: { state?: JobState; targetId?: string; afterSeq?: number; limit: number },
    ) => {
      const after = options.afterSeq ?? 0;
      const [target, targetValues] =
        options.targetId === undefined ? ['', []] : [' AND j.target_id = ?', [options.targetId]];
      if (options.state === undefined)
        return sql.all<JobRow>(
          `${JOB_VIEW} WHERE j.merchant_id = ?${target} AND j.seq > ? ORDER BY j.seq LIMIT ?`,
          [merchantId, ...targetValues, after, options.limit],
        );
      const through = await appliedThrough(merchantId);
      // The queued all come after the queue's cursor; the applied are before it (stored as queued since
      // the cursor says so, or as applied by earlier versions).
      const [where, bound, from]: [string, number[], number] =
        options.state === 'queued'
          ? [`j.state = 'queued'`, [], Math.max(after, through)]
          : options.state === 'applied'
            ? [`(j.state = 'applied' OR (j.state = 'queued' AND j.seq <= ?))`, [through], after]
            : [`j.state = 'failed'`, [], after];
      return sql.all<JobRow>(
        `${JOB_VIEW} WHERE j.merchant_id = ?${target} AND ${where} AND j.seq > ? ORDER BY j.seq LIMIT ?`,
        [merchantId, ...targetValues, ...bound, from, options.limit],
      );
    },
    /** A merchant's creates, newest first, before `before` (a create's number) when given. */
    newest: (merchantId: string, before: number | undefined, limit: number) =>
      sql.all<JobRow>(
        `${JOB_VIEW} WHERE j.merchant_id = ?${before === undefined ? '' : ' AND j.seq < ?'} ORDER BY j.seq DESC LIMIT ?`,
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
     * Holds these merchants' queues for new creates until the transaction ends (where several
     * transactions run at once): the next transaction adding to one waits for this one's commit. So a
     * merchant's creates commit in the order of their numbers, and what a reader sees of a queue is
     * always all of it up to some number: the worker never passes a create that commits later, and a
     * shipment sent twice at once is a repeat, never two.
     */
    holdArrivals: async (merchantIds: readonly string[]) => {
      for (const merchantId of [...new Set(merchantIds)].sort())
        await sql.dialect.holdLock(sql, ARRIVAL_LOCKS, merchantId, true);
    },
    /** Queued jobs of a merchant after `afterSeq`, in arrival order (they all come after the queue's cursor). */
    queued: async (merchantId: string, afterSeq: number, limit: number) =>
      sql.all<JobRow>(
        `SELECT * FROM jobs WHERE merchant_id = ? AND state = 'queued' AND seq > ? ORDER BY seq LIMIT ?`,
        [merchantId, Math.max(afterSeq, await appliedThrough(merchantId)), limit],
      ),
    /**
     * Moves a merchant's queue cursor on: every create up to `seq` has been applied or has failed (the
     * worker applies a merchant's queue in order, in the transaction that applies them). The step and
     * its time are kept: they are when the creates it passed that did not fail were applied, so those
     * rows are not written again. A step's time is never before the step before it: a process that read
     * its clock before another stepped (or whose clock is a few milliseconds behind) would otherwise
     * tell of a later create applied before an earlier one.
     */
    finishedThrough: async (merchantId: string, seq: number, at: number) => {
      await sql.run(
        `INSERT INTO queue_cursors (merchant_id, applied_through) VALUES (?, ?)
         ON CONFLICT (merchant_id) DO UPDATE SET applied_through = excluded.applied_through`,
        [merchantId, seq],
      );
      await sql.run(
        `INSERT INTO queue_steps (merchant_id, through_seq, stepped_at)
         SELECT ?, ?, CASE WHEN prior.at > ? THEN prior.at ELSE ? END
         FROM (SELECT (SELECT stepped_at FROM queue_steps WHERE merchant_id = ?
                       ORDER BY through_seq DESC LIMIT 1) AS at) prior`,
        [merchantId, seq, at, at, merchantId],
      );
    },
    /** The creates waiting, by kind, for each merchant: the queue's depth. */
    depth: async () => {
      const counts = new Map<string, number>();
      const cursors = await sql.all<{ id: string; through: number | null }>(
        `SELECT m.id, c.applied_through AS through
         FROM merchants m LEFT JOIN queue_cursors c ON c.merchant_id = m.id`,
      );
      for (const { id, through } of cursors) {
        const rows = await sql.all<{ kind: string; count: number | string }>(
          `SELECT kind, COUNT(*) AS count FROM jobs WHERE merchant_id = ? AND seq > ? AND state = 'queued'
           GROUP BY kind`,
          [id, Number(through ?? 0)],
        );
        for (const row of rows) counts.set(row.kind, (counts.get(row.kind) ?? 0) + Number(row.count));
      }
      return counts;
    },
    markFailed: async (seq: number, at: number, reason: string) =>
      void (await sql.run('UPDATE jobs SET state = ?, finished_at = ?, reason = ? WHERE seq = ?', [
        'failed',
        at,
        reason,
        seq,
      ])),
    /**
     * Bodies of the shipments of an order still queued, in arrival order. The literal kind lets both
     * engines read the partial index of shipments from the cursor on, read in the same statement: one
     * round trip for each shipment accepted.
     */
    queuedShipments: async (merchantId: string, orderId: string) =>
      (
        await sql.all<Pick<JobRow, 'payload'>>(
          `SELECT payload FROM jobs WHERE merchant_id = ? AND target_id = ? AND kind = 'shipment'
           AND seq > ${CURSOR} AND state = 'queued' ORDER BY seq`,
          [merchantId, orderId, merchantId],
        )
      ).map((row) => row.payload),
    countQueuedShipments: async (merchantId: string) =>
      Number(
        (
          await sql.get<{ count: number | string }>(
            `SELECT COUNT(*) AS count FROM jobs
             WHERE merchant_id = ? AND kind = 'shipment' AND seq > ${CURSOR} AND state = 'queued'`,
            [merchantId, merchantId],
          )
        )?.count ?? 0,
      ),
  };
}

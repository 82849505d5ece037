import type { Db } from './database.js';

export type JobKind = 'order' | 'product' | 'shipment';
export type JobState = 'pending' | 'applied' | 'failed';

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

export function jobsRepo(db: Db) {
  const insert = db.prepare<NewJob>(
    `INSERT INTO jobs (merchant_id, kind, target_id, payload, received_at, delay_fraction)
     VALUES (@merchant_id, @kind, @target_id, @payload, @received_at, @delay_fraction)`,
  );
  const pending = db.prepare<[string, number, number], JobRow>(
    `SELECT * FROM jobs WHERE merchant_id = ? AND state = 'pending' AND seq > ? ORDER BY seq LIMIT ?`,
  );
  const finish = db.prepare<[JobState, number, string | null, number]>(
    'UPDATE jobs SET state = ?, finished_at = ?, reason = ? WHERE seq = ?',
  );
  // The literal kind lets SQLite count in the partial index of pending shipments.
  const countPendingShipments = db.prepare<[string], { count: number }>(
    `SELECT COUNT(*) AS count FROM jobs WHERE merchant_id = ? AND kind = 'shipment' AND state = 'pending'`,
  );
  const finishMany = db.prepare<[number, string]>(
    `UPDATE jobs SET state = 'applied', finished_at = ?, reason = NULL
     WHERE seq IN (SELECT value FROM json_each(?))`,
  );
  const listAll = db.prepare<[string, number, number], JobRow>(
    'SELECT * FROM jobs WHERE merchant_id = ? AND seq > ? ORDER BY seq LIMIT ?',
  );
  const pendingShipments = db.prepare<[string, string], Pick<JobRow, 'payload'>>(
    `SELECT payload FROM jobs WHERE merchant_id = ? AND target_id = ? AND state = 'pending' AND kind = 'shipment'
     ORDER BY seq`,
  );
  const listState = db.prepare<[string, JobState, number, number], JobRow>(
    'SELECT * FROM jobs WHERE merchant_id = ? AND state = ? AND seq > ? ORDER BY seq LIMIT ?',
  );
  return {
    /** Jobs of a merchant in arrival order, optionally of one state, after `afterSeq`. */
    list: (merchantId: string, options: { state?: JobState; afterSeq?: number; limit: number }) =>
      options.state === undefined
        ? listAll.all(merchantId, options.afterSeq ?? 0, options.limit)
        : listState.all(merchantId, options.state, options.afterSeq ?? 0, options.limit),
    /** Stores an accepted create and returns its arrival number. */
    insert: (job: NewJob) => Number(insert.run(job).lastInsertRowid),
    /** Pending jobs of a merchant after `afterSeq`, in arrival order. */
    pending: (merchantId: string, afterSeq: number, limit: number) =>
      pending.all(merchantId, afterSeq, limit),
    markApplied: (seq: number, at: number) => void finish.run('applied', at, null, seq),
    /** Marks many jobs applied in one statement. */
    markAppliedMany: (seqs: readonly number[], at: number) => {
      if (seqs.length > 0) finishMany.run(at, JSON.stringify(seqs));
    },
    markFailed: (seq: number, at: number, reason: string) => void finish.run('failed', at, reason, seq),
    /** Bodies of the shipments of an order still queued, in arrival order. */
    pendingShipments: (merchantId: string, orderId: string) =>
      pendingShipments.all(merchantId, orderId).map((row) => row.payload),
    countPendingShipments: (merchantId: string) => countPendingShipments.get(merchantId)?.count ?? 0,
  };
}

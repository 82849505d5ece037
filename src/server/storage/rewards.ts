import type { Db } from './database.js';

export interface RewardRow {
  id: number;
  merchant_id: string;
  member_id: string;
  rewards: number;
  reason: string;
  created_at: number;
  review_id: number | null;
}

export function rewardsRepo(db: Db) {
  const insert = db.prepare<Omit<RewardRow, 'id'>>(
    `INSERT INTO rewards (merchant_id, member_id, rewards, reason, created_at, review_id)
     VALUES (@merchant_id, @member_id, @rewards, @reason, @created_at, @review_id)`,
  );
  const between = db.prepare<[string, number, number], RewardRow>(
    'SELECT * FROM rewards WHERE merchant_id = ? AND created_at >= ? AND created_at < ? ORDER BY created_at, id',
  );
  return {
    insert: (row: Omit<RewardRow, 'id'>) => Number(insert.run(row).lastInsertRowid),
    /** Rewards created in `[fromMs, toMs)`, oldest first, ties in insertion order. */
    between: (merchantId: string, fromMs: number, toMs: number) => between.all(merchantId, fromMs, toMs),
  };
}

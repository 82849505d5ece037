import { insertStatement, type Sql } from './sql.js';

export interface RewardRow {
  id: number;
  merchant_id: string;
  member_id: string;
  rewards: number;
  reason: string;
  created_at: number;
  review_id: number | null;
}

const insert = insertStatement<Omit<RewardRow, 'id'>>(
  'rewards',
  ['merchant_id', 'member_id', 'rewards', 'reason', 'created_at', 'review_id'],
  ' RETURNING id',
);

/** The columns a reward is written with (its id comes from the database). */
export const REWARD_COLUMNS = insert.columns;

export function rewardsRepo(sql: Sql) {
  return {
    insert: async (row: Omit<RewardRow, 'id'>) =>
      (await sql.get<{ id: number }>(insert.text, insert.values(row)))?.id as number,
    /** Rewards created in `[fromMs, toMs)`, oldest first, ties in insertion order. */
    between: (merchantId: string, fromMs: number, toMs: number) =>
      sql.all<RewardRow>(
        'SELECT * FROM rewards WHERE merchant_id = ? AND created_at >= ? AND created_at < ? ORDER BY created_at, id',
        [merchantId, fromMs, toMs],
      ),
  };
}

import type { Db } from './database.js';

export type ReviewKind = 'text' | 'photo' | 'video';

export interface ReviewRow {
  id: number;
  merchant_id: string;
  order_id: string;
  item_id: string;
  kind: ReviewKind;
  created_at: number;
}

/** A review and the reward it earned (all null for a guest's review). */
export interface ReviewWithReward extends ReviewRow {
  reward_member_id: string | null;
  reward_points: number | null;
  reward_reason: string | null;
  reward_created_at: number | null;
}

export function reviewsRepo(db: Db) {
  const insert = db.prepare<Omit<ReviewRow, 'id'>>(
    `INSERT INTO reviews (merchant_id, order_id, item_id, kind, created_at)
     VALUES (@merchant_id, @order_id, @item_id, @kind, @created_at)`,
  );
  const ofItem = db.prepare<[string, string], ReviewRow>(
    'SELECT * FROM reviews WHERE merchant_id = ? AND item_id = ?',
  );
  const list = db.prepare<[string, number], ReviewWithReward>(
    `SELECT reviews.*, rewards.member_id AS reward_member_id, rewards.rewards AS reward_points,
       rewards.reason AS reward_reason, rewards.created_at AS reward_created_at
     FROM reviews LEFT JOIN rewards ON rewards.review_id = reviews.id
     WHERE reviews.merchant_id = ? ORDER BY reviews.created_at, reviews.id LIMIT ?`,
  );
  return {
    insert: (row: Omit<ReviewRow, 'id'>) => Number(insert.run(row).lastInsertRowid),
    ofItem: (merchantId: string, itemId: string) => ofItem.get(merchantId, itemId),
    list: (merchantId: string, limit: number) => list.all(merchantId, limit),
  };
}

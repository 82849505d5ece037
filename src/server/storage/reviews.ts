import type { ReviewKind } from '../../contract/kinds.js';
import { countOf, insertStatement, type Sql } from './sql.js';

export type { ReviewKind };

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

const insert = insertStatement<Omit<ReviewRow, 'id'>>(
  'reviews',
  ['merchant_id', 'order_id', 'item_id', 'kind', 'created_at'],
  ' RETURNING id',
);

/** How an item was reviewed, and the points its review earned (null for a guest's). */
export interface ItemReview {
  item_id: string;
  kind: ReviewKind;
  points: number | null;
}

/** Reviews with the rewards they earned. */
const WITH_REWARDS = `SELECT reviews.*, rewards.member_id AS reward_member_id, rewards.rewards AS reward_points,
    rewards.reason AS reward_reason, rewards.created_at AS reward_created_at
  FROM reviews LEFT JOIN rewards ON rewards.review_id = reviews.id`;

/** The columns a review is written with (its id comes from the database). */
export const REVIEW_COLUMNS = insert.columns;

export function reviewsRepo(sql: Sql) {
  return {
    insert: async (row: Omit<ReviewRow, 'id'>) =>
      (await sql.get<{ id: number }>(insert.text, insert.values(row)))?.id as number,
    /** Which of these items (of one merchant) were reviewed, how, and the points each earned. */
    reviewedOf: async (merchantId: string, itemIds: readonly string[]): Promise<ItemReview[]> => {
      const reviewed: ItemReview[] = [];
      for (let start = 0; start < itemIds.length; start += 500) {
        const some = itemIds.slice(start, start + 500);
        reviewed.push(
          ...(await sql.all<ItemReview>(
            `SELECT reviews.item_id, reviews.kind, rewards.rewards AS points
             FROM reviews LEFT JOIN rewards ON rewards.review_id = reviews.id
             WHERE reviews.merchant_id = ? AND reviews.item_id IN (${some.map(() => '?').join(', ')})`,
            [merchantId, ...some],
          )),
        );
      }
      return reviewed;
    },
    ofItem: (merchantId: string, itemId: string) =>
      sql.get<ReviewRow>('SELECT * FROM reviews WHERE merchant_id = ? AND item_id = ?', [merchantId, itemId]),
    /** A merchant's reviews with their rewards, newest first, before `before` (a review's number) when given. */
    newest: (merchantId: string, before: number | undefined, limit: number) =>
      sql.all<ReviewWithReward>(
        `${WITH_REWARDS} WHERE reviews.merchant_id = ?${before === undefined ? '' : ' AND reviews.id < ?'}
         ORDER BY reviews.id DESC LIMIT ?`,
        before === undefined ? [merchantId, limit] : [merchantId, before, limit],
      ),
    count: (merchantId: string) => countOf(sql, 'reviews', merchantId),
    /** A merchant's reviews with their rewards, oldest first, after `after` (a review's number) when given. */
    list: (merchantId: string, limit: number, after?: number) =>
      sql.all<ReviewWithReward>(
        `${WITH_REWARDS} WHERE reviews.merchant_id = ?${after === undefined ? '' : ' AND reviews.id > ?'}
         ORDER BY reviews.id LIMIT ?`,
        after === undefined ? [merchantId, limit] : [merchantId, after, limit],
      ),
  };
}

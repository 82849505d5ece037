import {
  DAY_MS,
  DETAILS,
  startOfUtcDay,
  type RewardsListResponse,
  type RewardsQuery,
} from '../contract/index.js';
import { NotPossible } from './errors.js';
import type { Store } from './storage/store.js';

/** A merchant's rewards created on the UTC days from `start_date` to `end_date`, both included. */
export async function listRewards(
  store: Store,
  merchantId: string,
  query: RewardsQuery,
): Promise<RewardsListResponse> {
  if (query.start_date > query.end_date) throw new NotPossible(DETAILS.reversedRange);
  const rows = await store.rewards.between(
    merchantId,
    startOfUtcDay(query.start_date),
    startOfUtcDay(query.end_date) + DAY_MS,
  );
  return {
    results: rows.map((row) => ({
      created_at: new Date(row.created_at).toISOString(),
      member_id: row.member_id,
      rewards: row.rewards,
      reason: row.reason,
    })),
  };
}

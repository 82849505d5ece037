import type { LocalReview, LocalReviewBody, ReviewPoints } from '../../contract/index.js';
import { Conflict, NotFound } from '../errors.js';
import type { Store } from '../storage/store.js';
import { rewardReason } from './texts.js';

/**
 * A buyer's review of an item of an applied order, once per item. A member's review earns a reward,
 * created now; a guest's earns none. Every review is told (`review`), a guest's too; a member's is
 * followed by the reward it earned (`reward`).
 */
export async function addReview(
  store: Store,
  merchantId: string,
  body: LocalReviewBody,
  now: number,
  points: ReviewPoints,
): Promise<LocalReview> {
  const order = await store.orders.get(merchantId, body.order_id);
  if (!order) throw new NotFound(`Order '${body.order_id}' not found.`);
  if (order.applied_at === null)
    throw new Conflict(`Order '${body.order_id}' is still queued; apply the queue first.`);
  const item = await store.orders.getItem(merchantId, body.item_id);
  if (!item || item.order_id !== order.id)
    throw new NotFound(`Order item '${body.item_id}' not found in order '${order.id}'.`);
  if (await store.reviews.ofItem(merchantId, item.id))
    throw new Conflict(`Order item '${item.id}' was already reviewed.`);
  const reviewId = await store.reviews.insert({
    merchant_id: merchantId,
    order_id: order.id,
    item_id: item.id,
    kind: body.kind,
    created_at: now,
  });
  store.tell(merchantId, 'review', {
    review_id: reviewId,
    order_id: order.id,
    item_id: item.id,
    kind: body.kind,
  });
  let reward: LocalReview['reward'] = null;
  if (order.member_id !== null) {
    const productName = (await store.products.get(merchantId, item.product_id))?.name ?? item.product_name;
    const row = {
      merchant_id: merchantId,
      member_id: order.member_id,
      rewards: points[body.kind],
      reason: rewardReason(body.kind, productName),
      created_at: now,
      review_id: reviewId,
    };
    await store.rewards.insert(row);
    store.tell(merchantId, 'reward', {
      order_id: order.id,
      item_id: item.id,
      member_id: row.member_id,
      points: row.rewards,
      reason: row.reason,
    });
    reward = {
      created_at: new Date(now).toISOString(),
      member_id: row.member_id,
      rewards: row.rewards,
      reason: row.reason,
    };
  }
  return {
    id: reviewId,
    order_id: order.id,
    item_id: item.id,
    kind: body.kind,
    created_at: new Date(now).toISOString(),
    reward,
  };
}

import type { LocalJob, LocalOrder, LocalProduct, LocalReview } from '../../contract/index.js';
import type { BotSettings } from '../bot/messages.js';
import type { JobRow } from '../storage/jobs.js';
import type { ProductRow } from '../storage/products.js';
import type { ReviewWithReward } from '../storage/reviews.js';
import type { Store } from '../storage/store.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** An order as the local operations show it: its items, and each shipment with its carrier's name. */
export async function orderView(
  store: Store,
  bot: BotSettings,
  merchantId: string,
  orderId: string,
): Promise<LocalOrder | undefined> {
  const order = await store.orders.get(merchantId, orderId);
  if (!order) return undefined;
  const items = await store.orders.itemsOf(merchantId, order.id);
  const shipments: LocalOrder['shipments'] = [];
  for (const shipment of await store.shipments.byOrder(merchantId, order.id)) {
    shipments.push({
      id: shipment.id,
      company_code: shipment.company_code,
      carrier_name: bot.carriers.get(shipment.company_code)?.name ?? shipment.company_code,
      tracking_number: shipment.tracking_number,
      order_item_ids: await store.shipments.itemIds(shipment.id),
      created_at: new Date(shipment.created_at).toISOString(),
    });
  }
  return {
    id: order.id,
    state: order.applied_at === null ? 'queued' : 'applied',
    member_id: order.member_id,
    recipient_name: order.recipient_name,
    recipient_cellphone: order.recipient_cellphone,
    requested_at: new Date(order.requested_at).toISOString(),
    applied_at: iso(order.applied_at),
    items: items.map((item) => ({
      id: item.id,
      product_id: item.product_id,
      product_name: item.product_name,
      product_image_url: item.product_image_url,
      product_option: item.product_option ? (JSON.parse(item.product_option) as string[]) : [],
      shipment_id: item.shipment_id,
    })),
    shipments,
  };
}

/** A product as the bot shows it, with its state. */
export const productView = (product: ProductRow): LocalProduct => ({
  id: product.id,
  name: product.name,
  image_url: product.image_url,
  state: product.applied_at === null ? 'queued' : 'applied',
  refreshed_at: iso(product.refreshed_at),
});

/** A create of the queue, with when it applies (`dueAt`, the worker's). */
export const jobView = (job: JobRow, dueAt: number): LocalJob => ({
  seq: job.seq,
  kind: job.kind,
  target_id: job.target_id,
  state: job.state,
  received_at: new Date(job.received_at).toISOString(),
  due_at: new Date(dueAt).toISOString(),
  finished_at: iso(job.finished_at),
  reason: job.reason,
});

/** A review, and the reward it earned (none for a guest's). */
export const reviewView = (review: ReviewWithReward): LocalReview => ({
  id: review.id,
  order_id: review.order_id,
  item_id: review.item_id,
  kind: review.kind,
  created_at: new Date(review.created_at).toISOString(),
  reward:
    review.reward_member_id === null
      ? null
      : {
          created_at: new Date(review.reward_created_at ?? review.created_at).toISOString(),
          member_id: review.reward_member_id,
          rewards: review.reward_points ?? 0,
          reason: review.reward_reason ?? '',
        },
});

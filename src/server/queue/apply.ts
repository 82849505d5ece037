import {
  DAY_MS,
  OrderCreateBody,
  ProductCreateBody,
  check,
  formatLoc,
  type ShipmentCreateBody,
  type ValidationIssue,
} from '../../contract/index.js';
import type { z } from 'zod';
import type { JobRow } from '../storage/jobs.js';
import type { Store } from '../storage/store.js';

/** Product name and image carried by orders refresh the stored copy once it is this old. */
export const PRODUCT_REFRESH_MS = 7 * DAY_MS;

/** A create that cannot take effect; its message is kept as the job's reason. */
export class ApplyConflict extends Error {}

export interface Applier {
  store: Store;
  shipmentSchema: z.ZodType<ShipmentCreateBody>;
  /** Called inside the apply transaction once a shipment is stored (the bot writes its messages). */
  onShipmentApplied: (merchantId: string, shipmentId: number, now: number) => void;
}

function describeIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((issue) => `${formatLoc(issue.loc)}: ${issue.msg}`).join('; ');
}

function payloadOf<T>(schema: z.ZodType<T>, job: JobRow): T {
  const checked = check(schema, JSON.parse(job.payload), ['body']);
  if (!checked.ok)
    throw new ApplyConflict(`the queued request is no longer valid: ${describeIssues(checked.issues)}`);
  return checked.value;
}

function applyOrder(applier: Applier, job: JobRow, now: number): void {
  const { store } = applier;
  const merchantId = job.merchant_id;
  const order = payloadOf(OrderCreateBody, job);
  const stored = store.orders.get(merchantId, order.id);
  if (!stored || stored.job_seq !== job.seq)
    throw new ApplyConflict(`order '${order.id}' was taken by another request`);
  store.orders.markApplied(merchantId, order.id, job.seq, now);
  for (const { product } of order.items) {
    const known = store.products.get(merchantId, product.id);
    if (!known) {
      store.products.insertIfAbsent({
        merchant_id: merchantId,
        ...product,
        job_seq: job.seq,
        applied_at: now,
        refreshed_at: now,
      });
    } else if (known.job_seq === job.seq && known.applied_at === null) {
      store.products.markApplied(merchantId, product.id, job.seq, now);
    } else if (known.applied_at !== null && now - (known.refreshed_at ?? 0) >= PRODUCT_REFRESH_MS) {
      store.products.setContent(merchantId, product.id, product.name, product.image_url, now);
    }
  }
}

function applyProduct(applier: Applier, job: JobRow, now: number): void {
  const product = payloadOf(ProductCreateBody, job);
  if (!applier.store.products.markApplied(job.merchant_id, product.id, job.seq, now)) {
    throw new ApplyConflict(`product '${product.id}' already exists`);
  }
}

function applyShipment(applier: Applier, job: JobRow, now: number): void {
  const { store } = applier;
  const merchantId = job.merchant_id;
  const shipment = payloadOf(applier.shipmentSchema, job);
  const order = store.orders.get(merchantId, job.target_id);
  if (!order || order.applied_at === null)
    throw new ApplyConflict(`order '${job.target_id}' was never applied`);
  for (const itemId of shipment.order_item_ids) {
    if (store.orders.getItem(merchantId, itemId)?.order_id !== order.id) {
      throw new ApplyConflict(`'${itemId}' is not an item of order '${order.id}'`);
    }
  }
  const shipmentId = store.shipments.insert(
    {
      merchant_id: merchantId,
      order_id: order.id,
      company_code: shipment.company_code,
      tracking_number: shipment.tracking_number,
      job_seq: job.seq,
      created_at: now,
    },
    shipment.order_item_ids,
  );
  for (const itemId of shipment.order_item_ids) store.orders.setItemShipment(merchantId, itemId, shipmentId);
  applier.onShipmentApplied(merchantId, shipmentId, now);
}

/** Makes a queued create take effect. Throws `ApplyConflict` when it cannot. */
export function applyJob(applier: Applier, job: JobRow, now: number): void {
  if (job.kind === 'order') applyOrder(applier, job, now);
  else if (job.kind === 'product') applyProduct(applier, job, now);
  else applyShipment(applier, job, now);
}

/** Frees what a create that failed had reserved (its order, items and new products), so the ids can be used again. */
export function discardStaged(store: Store, job: JobRow): void {
  if (job.kind === 'order') store.orders.discardStaged(job.merchant_id, job.target_id, job.seq);
  if (job.kind !== 'shipment') store.products.discardStaged(job.merchant_id, job.seq);
}

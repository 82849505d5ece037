import {
  DAY_MS,
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
  shipmentSchema: z.ZodType<ShipmentCreateBody>;
  /** Called inside the apply transaction once a shipment is stored (the bot writes its messages). */
  onShipmentApplied: (tx: Store, merchantId: string, shipmentId: number, now: number) => Promise<void>;
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

/**
 * Applies an order from the rows it was staged in when accepted (its items carry the products as the
 * order named them); products new to the merchant are applied with it, known ones refreshed weekly.
 */
async function applyOrder(store: Store, job: JobRow, pass: ApplyPass): Promise<void> {
  const { now } = pass;
  const merchantId = job.merchant_id;
  const orderId = job.target_id;
  if (!(await store.orders.markApplied(merchantId, orderId, job.seq, now)))
    throw new ApplyConflict(`order '${orderId}' was taken by another request`);
  for (const product of await store.orders.productsOf(merchantId, orderId)) {
    const key = `${merchantId}\u0000${product.id}`;
    if (pass.freshProducts.has(key)) continue;
    const known = await store.products.get(merchantId, product.id);
    if (!known) {
      await store.products.insertIfAbsent({
        merchant_id: merchantId,
        ...product,
        job_seq: job.seq,
        applied_at: now,
        refreshed_at: now,
      });
    } else if (known.job_seq === job.seq && known.applied_at === null) {
      await store.products.markApplied(merchantId, product.id, job.seq, now);
    } else if (known.applied_at !== null && now - (known.refreshed_at ?? 0) >= PRODUCT_REFRESH_MS) {
      await store.products.setContent(merchantId, product.id, product.name, product.image_url, now);
    } else if (known.applied_at !== null) {
      pass.freshProducts.add(key);
    }
  }
}

async function applyProduct(store: Store, job: JobRow, { now }: ApplyPass): Promise<void> {
  if (!(await store.products.markApplied(job.merchant_id, job.target_id, job.seq, now))) {
    throw new ApplyConflict(`product '${job.target_id}' already exists`);
  }
}

async function applyShipment(store: Store, applier: Applier, job: JobRow, { now }: ApplyPass): Promise<void> {
  const merchantId = job.merchant_id;
  const shipment = payloadOf(applier.shipmentSchema, job);
  const order = await store.orders.get(merchantId, job.target_id);
  if (!order || order.applied_at === null)
    throw new ApplyConflict(`order '${job.target_id}' was never applied`);
  for (const itemId of shipment.order_item_ids) {
    if ((await store.orders.getItem(merchantId, itemId))?.order_id !== order.id) {
      throw new ApplyConflict(`'${itemId}' is not an item of order '${order.id}'`);
    }
  }
  const shipmentId = await store.shipments.insert(
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
  for (const itemId of shipment.order_item_ids)
    await store.orders.setItemShipment(merchantId, itemId, shipmentId);
  await applier.onShipmentApplied(store, merchantId, shipmentId, now);
}

/**
 * One pass of the worker: its time, and the products found applied and fresh during it (an order naming
 * one of them again has nothing to do for it, so it is not looked up again).
 */
export interface ApplyPass {
  now: number;
  freshProducts: Set<string>;
}

export const newPass = (now: number): ApplyPass => ({ now, freshProducts: new Set() });

/**
 * Makes a queued create take effect. Throws `ApplyConflict` when it cannot, always before writing
 * anything, so a conflict needs nothing undone.
 */
export function applyJob(store: Store, applier: Applier, job: JobRow, pass: ApplyPass): Promise<void> {
  if (job.kind === 'order') return applyOrder(store, job, pass);
  if (job.kind === 'product') return applyProduct(store, job, pass);
  return applyShipment(store, applier, job, pass);
}

/** Frees what a create that failed had reserved (its order, items and new products), so the ids can be used again. */
export async function discardStaged(store: Store, job: JobRow): Promise<void> {
  if (job.kind === 'order') await store.orders.discardStaged(job.merchant_id, job.target_id, job.seq);
  if (job.kind !== 'shipment') await store.products.discardStaged(job.merchant_id, job.seq);
}

import {
  DAY_MS,
  check,
  formatLoc,
  type ShipmentCreateBody,
  type ValidationIssue,
} from '../../contract/index.js';
import type { z } from 'zod';
import type { JobRow } from '../storage/jobs.js';
import type { ProductRow } from '../storage/products.js';
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

/** A product line of an order, as the order named it. */
type NamedProduct = Pick<ProductRow, 'id' | 'name' | 'image_url'>;

/** What applying an order does to one product it names, given the stored copy (as of that moment). */
type ProductStep =
  { write: 'insert' | 'apply' | 'refresh'; row: ProductRow } | { write: 'none'; fresh: boolean };

/**
 * A product new to the merchant is applied with the order; one this create staged is marked applied;
 * a known one is refreshed from the order's line once its copy is a week old, and is fresh otherwise.
 * One staged by another create that is not applied yet is left to that create.
 */
function productStep(
  merchantId: string,
  known: ProductRow | undefined,
  named: NamedProduct,
  seq: number,
  now: number,
): ProductStep {
  if (!known) {
    const row = { merchant_id: merchantId, ...named, job_seq: seq, applied_at: now, refreshed_at: now };
    return { write: 'insert', row };
  }
  if (known.job_seq === seq && known.applied_at === null)
    return { write: 'apply', row: { ...known, applied_at: now, refreshed_at: now } };
  if (known.applied_at === null) return { write: 'none', fresh: false };
  if (now - (known.refreshed_at ?? 0) >= PRODUCT_REFRESH_MS)
    return {
      write: 'refresh',
      row: { ...known, name: named.name, image_url: named.image_url, refreshed_at: now },
    };
  return { write: 'none', fresh: true };
}

/** The writes that applying a run of orders makes to their products. */
interface ProductWrites {
  inserted: ProductRow[];
  applied: string[];
  refreshed: ProductRow[];
}

/**
 * Takes the orders' products in turn, as applying the orders one after another would (each sees what
 * the ones before it did), and collects the writes; products found fresh join the pass's.
 */
function planProducts(
  merchantId: string,
  jobs: readonly JobRow[],
  linesOf: ReadonlyMap<string, readonly NamedProduct[]>,
  stored: Map<string, ProductRow>,
  pass: ApplyPass,
): ProductWrites {
  const writes: ProductWrites = { inserted: [], applied: [], refreshed: [] };
  for (const job of jobs) {
    for (const named of linesOf.get(job.target_id) ?? []) {
      const key = `${merchantId}\u0000${named.id}`;
      if (pass.freshProducts.has(key)) continue;
      const step = productStep(merchantId, stored.get(named.id), named, job.seq, pass.now);
      if (step.write === 'none') {
        if (step.fresh) pass.freshProducts.add(key);
        continue;
      }
      stored.set(named.id, step.row);
      if (step.write === 'insert') writes.inserted.push(step.row);
      else if (step.write === 'apply') writes.applied.push(step.row.id);
      else writes.refreshed.push(step.row);
    }
  }
  return writes;
}

/**
 * Applies orders from the rows they were staged in when accepted (their items carry the products as the
 * orders named them), in a few statements for the whole run: which create staged each order with the
 * order's lines (one statement), the products they name, then the writes. Throws `ApplyConflict` before
 * writing anything when an order was staged by another create.
 */
export async function applyOrders(store: Store, jobs: readonly JobRow[], pass: ApplyPass): Promise<void> {
  const merchantId = (jobs[0] as JobRow).merchant_id;
  const orderIds = jobs.map((job) => job.target_id);
  const stagedBy = new Map<string, number>();
  const linesOf = new Map<string, NamedProduct[]>();
  const named = new Set<string>();
  for (const { order_id, job_seq, ...line } of await store.orders.stagedLines(merchantId, orderIds)) {
    stagedBy.set(order_id, job_seq);
    let lines = linesOf.get(order_id);
    if (lines === undefined) linesOf.set(order_id, (lines = []));
    lines.push(line);
    if (!pass.freshProducts.has(`${merchantId}\u0000${line.id}`)) named.add(line.id);
  }
  for (const job of jobs) {
    if (stagedBy.get(job.target_id) !== job.seq)
      throw new ApplyConflict(`order '${job.target_id}' was taken by another request`);
  }
  const stored = new Map(
    named.size === 0
      ? []
      : (await store.products.getMany(merchantId, [...named])).map((row) => [row.id, row]),
  );
  const writes = planProducts(merchantId, jobs, linesOf, stored, pass);
  const { now } = pass;
  // The orders themselves are applied by the queue's cursor moving past their creates: nothing to write.
  for (const row of writes.inserted) await store.products.insertIfAbsent(row);
  if (writes.applied.length > 0) await store.products.markAppliedMany(merchantId, writes.applied, now);
  for (const row of writes.refreshed)
    await store.products.setContent(merchantId, row.id, row.name, row.image_url, now);
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
  // A merchant's queue is applied in order and an order whose create failed is removed, so the order was
  // applied when the create that staged it came before this one (perhaps earlier in this same batch,
  // before the cursor has moved past it).
  if (!order || order.job_seq > job.seq)
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
  if (job.kind === 'order') return applyOrders(store, [job], pass);
  if (job.kind === 'product') return applyProduct(store, job, pass);
  return applyShipment(store, applier, job, pass);
}

/** Frees what a create that failed had reserved (its order, items and new products), so the ids can be used again. */
export async function discardStaged(store: Store, job: JobRow): Promise<void> {
  if (job.kind === 'order') await store.orders.discardStaged(job.merchant_id, job.target_id, job.seq);
  if (job.kind !== 'shipment') await store.products.discardStaged(job.merchant_id, job.seq);
}

import type {
  OrderCreateBody,
  OrderPatchBody,
  ProductCreateBody,
  ProductPatchBody,
  ShipmentCreateBody,
  ValidationIssue,
} from '../../contract/index.js';
import { Conflict, InvalidRequest, NotFound } from '../errors.js';
import type { JobKind } from '../storage/jobs.js';
import { RaceLost } from '../storage/engine.js';
import { queuedProduct } from '../storage/products.js';
import type { StagedOrder } from '../storage/staged.js';
import type { Store } from '../storage/store.js';

/** When and how a create was accepted. */
export interface Arrival {
  merchantId: string;
  now: number;
  /** Where in the apply-delay range this create falls (0..1), drawn once when it arrives. */
  delayFraction: number;
}

/**
 * Stores an accepted create as a job. Only a shipment keeps its body: an order or a product is staged in
 * its own rows at once (which a PATCH may change before it is applied), and is applied from them.
 */
function queue(
  store: Store,
  arrival: Arrival,
  kind: JobKind,
  targetId: string,
  body?: unknown,
): Promise<number> {
  return store.jobs.insert({
    merchant_id: arrival.merchantId,
    kind,
    target_id: targetId,
    payload: body === undefined ? '' : JSON.stringify(body),
    received_at: arrival.now,
    delay_fraction: arrival.delayFraction,
  });
}

/** An order create, as it arrived. */
export interface OrderCreate {
  arrival: Arrival;
  order: OrderCreateBody;
}

/** The order ids and item ids a merchant already has (applied or queued), with each item's order. */
interface Claims {
  orders: Set<string>;
  items: Map<string, string>;
}

/** What each merchant of these creates already has of the ids they name: one read per merchant. */
async function claimsOf(store: Store, creates: readonly OrderCreate[]): Promise<Map<string, Claims>> {
  const named = new Map<string, { orders: string[]; items: string[] }>();
  for (const { arrival, order } of creates) {
    let ids = named.get(arrival.merchantId);
    if (ids === undefined) named.set(arrival.merchantId, (ids = { orders: [], items: [] }));
    ids.orders.push(order.id);
    for (const item of order.items) ids.items.push(item.id);
  }
  const claims = new Map<string, Claims>();
  for (const [merchantId, ids] of named) {
    claims.set(merchantId, await store.orders.takenMany(merchantId, ids.orders, ids.items));
  }
  return claims;
}

/** Why an order cannot be taken, given the ids already claimed; undefined when it can. */
function refusal(order: OrderCreateBody, claims: Claims): Conflict | undefined {
  if (claims.orders.has(order.id)) return new Conflict(`Order '${order.id}' already exists.`);
  for (const item of order.items) {
    const holder = claims.items.get(item.id);
    // The same order committed by another process between the two reads: the order is what exists.
    if (holder === order.id) return new Conflict(`Order '${order.id}' already exists.`);
    if (holder !== undefined) {
      return new Conflict(`Order item '${item.id}' already exists in order '${holder}'.`);
    }
  }
  return undefined;
}

/** The rows an accepted order is stored as. */
function staged({ arrival, order }: OrderCreate): StagedOrder {
  const { merchantId, now } = arrival;
  return {
    job: {
      merchant_id: merchantId,
      kind: 'order',
      target_id: order.id,
      payload: '',
      received_at: now,
      delay_fraction: arrival.delayFraction,
    },
    order: {
      merchant_id: merchantId,
      id: order.id,
      member_id: order.member_id ?? null,
      recipient_name: order.recipient_name,
      recipient_cellphone: order.recipient_cellphone,
      requested_at: now,
      applied_at: null,
    },
    items: order.items.map((item, position) => ({
      merchant_id: merchantId,
      id: item.id,
      order_id: order.id,
      position,
      product_id: item.product.id,
      product_name: item.product.name,
      product_image_url: item.product.image_url,
      product_option: item.product_option ? JSON.stringify(item.product_option) : null,
      shipment_id: null,
    })),
    products: order.items.map((item) => ({
      merchant_id: merchantId,
      id: item.product.id,
      name: item.product.name,
      image_url: item.product.image_url,
    })),
  };
}

/**
 * Accepts orders as if one after another: an order whose id, or one of whose item ids, is already known
 * (applied or queued, or taken by an earlier order of these) is refused; the others are stored as
 * queued, so the ids are taken at once and a PATCH or a shipment can follow right away. Returns, for each
 * create, its arrival number or the conflict refusing it. The merchants' ids are read once and the
 * orders stored together, however many.
 */
export async function acceptOrders(
  store: Store,
  creates: readonly OrderCreate[],
): Promise<(number | Conflict)[]> {
  const claims = await claimsOf(store, creates);
  const refused = creates.map((create) => {
    const merchant = claims.get(create.arrival.merchantId) as Claims;
    const conflict = refusal(create.order, merchant);
    if (conflict) return conflict;
    merchant.orders.add(create.order.id);
    for (const item of create.order.items) merchant.items.set(item.id, create.order.id);
    return undefined;
  });
  const seqs = await store.stageOrders(creates.filter((_, index) => !refused[index]).map(staged));
  let next = 0;
  return refused.map((conflict) => conflict ?? (seqs[next++] as number));
}

/** Accepts one order (see `acceptOrders`); a refused one throws its conflict. */
export async function acceptOrder(store: Store, arrival: Arrival, order: OrderCreateBody): Promise<number> {
  const [outcome] = await acceptOrders(store, [{ arrival, order }]);
  if (outcome instanceof Conflict) throw outcome;
  return outcome as number;
}

/** Accepts a product create; a product already known, by a create or by an order line, is a conflict. */
export async function acceptProduct(
  store: Store,
  arrival: Arrival,
  product: ProductCreateBody,
): Promise<number> {
  if (await store.products.get(arrival.merchantId, product.id)) {
    throw new Conflict(`Product '${product.id}' already exists.`);
  }
  const seq = await queue(store, arrival, 'product', product.id);
  const stored = await store.products.insertIfAbsent(queuedProduct(arrival.merchantId, product, seq));
  // Another process stored the same id between the read above and this write: undone and run again,
  // the read then finds it.
  if (!stored) throw new RaceLost(`product '${product.id}' was stored meanwhile`);
  return seq;
}

type Tracking = Pick<ShipmentCreateBody, 'company_code' | 'tracking_number'>;

/**
 * The carrier and tracking number each item of an order carries now: its latest applied shipment,
 * overridden by shipments still queued for the order, in arrival order.
 */
async function trackingOf(store: Store, merchantId: string, orderId: string): Promise<Map<string, Tracking>> {
  const carried = new Map<string, Tracking>();
  for (const shipment of await store.shipments.byOrder(merchantId, orderId)) {
    for (const itemId of await store.shipments.itemIds(shipment.id)) carried.set(itemId, shipment);
  }
  for (const payload of await store.jobs.queuedShipments(merchantId, orderId)) {
    const queued = JSON.parse(payload) as ShipmentCreateBody;
    for (const itemId of queued.order_item_ids) carried.set(itemId, queued);
  }
  return carried;
}

/**
 * Accepts a shipment for a known order (queued or applied) whose listed items all belong to it. A
 * shipment that every listed item already carries, queued or applied, changes nothing and queues
 * nothing, so a client that lost the answer can send it again. Returns the arrival number, or
 * undefined for such a repeat.
 */
export async function acceptShipment(
  store: Store,
  arrival: Arrival,
  orderId: string,
  shipment: ShipmentCreateBody,
): Promise<number | undefined> {
  if (!(await store.orders.get(arrival.merchantId, orderId)))
    throw new NotFound(`Order '${orderId}' not found.`);
  const issues: ValidationIssue[] = [];
  for (const [index, itemId] of shipment.order_item_ids.entries()) {
    if ((await store.orders.getItem(arrival.merchantId, itemId))?.order_id !== orderId) {
      issues.push({
        type: 'value_error',
        loc: ['body', 'order_item_ids', String(index)],
        msg: `Value error, '${itemId}' is not an item of order '${orderId}'`,
        input: itemId,
      });
    }
  }
  if (issues.length > 0) throw new InvalidRequest(issues);
  const carried = await trackingOf(store, arrival.merchantId, orderId);
  const repeat = shipment.order_item_ids.every((itemId) => {
    const now = carried.get(itemId);
    return now?.company_code === shipment.company_code && now.tracking_number === shipment.tracking_number;
  });
  if (repeat) return undefined;
  return queue(store, arrival, 'shipment', orderId, { ...shipment, order_id: orderId });
}

/** Changes the recipient of an order at once, whether its create is applied or still queued. */
export async function patchOrder(
  store: Store,
  merchantId: string,
  orderId: string,
  patch: OrderPatchBody,
): Promise<void> {
  if (
    !(await store.orders.updateRecipient(
      merchantId,
      orderId,
      patch.recipient_name,
      patch.recipient_cellphone,
    ))
  ) {
    throw new NotFound(`Order '${orderId}' not found.`);
  }
}

/** Changes a product at once; an applied product counts as refreshed now. */
export async function patchProduct(
  store: Store,
  merchantId: string,
  productId: string,
  patch: ProductPatchBody,
  now: number,
): Promise<void> {
  const product = await store.products.get(merchantId, productId);
  if (!product) throw new NotFound(`Product '${productId}' not found.`);
  if (patch.name == null && patch.image_url == null) return;
  await store.products.setContent(
    merchantId,
    productId,
    patch.name ?? product.name,
    patch.image_url ?? product.image_url,
    product.applied_at === null ? null : now,
  );
}

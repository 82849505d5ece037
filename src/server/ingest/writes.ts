import {
  orderIdMismatch,
  type OrderCreateBody,
  type OrderPatchBody,
  type ProductCreateBody,
  type ProductPatchBody,
  type ShipmentCreateBody,
} from '../../contract/index.js';
import type { RecordKind } from '../../contract/kinds.js';
import type { Clock } from '../clock.js';
import { InvalidRequest } from '../errors.js';
import type { QueueWorker } from '../queue/worker.js';
import type { Store } from '../storage/store.js';
import {
  acceptOrder,
  acceptOrders,
  acceptProduct,
  acceptShipment,
  patchOrder,
  patchProduct,
  type Arrival,
  type OrderCreate,
} from './accept.js';
import { GroupCommit, type Fold } from './group-commit.js';

/** A create that was committed: its kind and id (an order's, for a shipment), and whether it was queued. */
export interface Accepted {
  kind: RecordKind;
  id: string;
  queued: boolean;
  tracking_number?: string | null;
}

/** Tells, in the transaction that stored it, that a create was accepted (and whether it queued anything). */
function tellAccepted(tx: Store, merchantId: string, what: Omit<Accepted, 'queued'>, queued: boolean): void {
  const { kind, id, ...rest } = what;
  tx.tell(merchantId, 'accepted', { kind, target_id: id, queued, ...rest });
}

/**
 * The service's writes: creates are stored through the group commit and queued (each call resolves once
 * its create is committed, so a 202 is only ever sent for what is on disk); patches apply at once.
 */
export class Writes {
  readonly #store: Store;
  readonly #clock: Clock;
  readonly #random: () => number;
  readonly #worker: QueueWorker;
  readonly #commits: GroupCommit;
  /** Order creates of one group are checked and stored together, each told as accepted when it is. */
  readonly #orders: Fold<OrderCreate> = {
    many: async (tx, creates) => {
      for (const create of creates) create.arrival.now = this.#clock.now(create.arrival.merchantId);
      const results = await acceptOrders(tx, creates);
      creates.forEach(({ arrival, order }, index) => {
        if (!(results[index] instanceof Error))
          tellAccepted(tx, arrival.merchantId, { kind: 'order', id: order.id }, true);
      });
      return results;
    },
  };

  constructor(options: {
    store: Store;
    clock: Clock;
    random: () => number;
    worker: QueueWorker;
    /** Group transactions under way at once (PostgreSQL: several connections). */
    concurrency?: number;
  }) {
    this.#store = options.store;
    this.#clock = options.clock;
    this.#random = options.random;
    this.#worker = options.worker;
    this.#commits = new GroupCommit(options.store, {
      concurrency: options.concurrency ?? 1,
      // Where transactions run side by side, a merchant's queue takes one at a time (see holdArrivals).
      open: (tx, merchantIds) => tx.jobs.holdArrivals(merchantIds),
    });
  }

  /** How many transactions carried how many creates. */
  get commitStats(): { batches: number; writes: number } {
    return this.#commits.stats;
  }

  async #accept(
    merchantId: string,
    what: Omit<Accepted, 'queued'>,
    accept: (tx: Store, arrival: Arrival) => Promise<number | undefined>,
    fold?: (arrival: Arrival) => { with: Fold<OrderCreate>; item: OrderCreate },
  ): Promise<void> {
    const arrival: Arrival = { merchantId, now: 0, delayFraction: this.#random() };
    const seq = await this.#commits.run(
      merchantId,
      async (tx) => {
        arrival.now = this.#clock.now(merchantId);
        const queued = await accept(tx, arrival);
        // A shipment sent again is answered 202 and queues nothing.
        tellAccepted(tx, merchantId, what, queued !== undefined);
        return queued;
      },
      fold?.(arrival),
    );
    if (seq !== undefined) {
      this.#worker.notify(
        merchantId,
        this.#worker.dueAt({ received_at: arrival.now, delay_fraction: arrival.delayFraction }),
      );
    }
  }

  createOrder(merchantId: string, order: OrderCreateBody): Promise<void> {
    return this.#accept(
      merchantId,
      { kind: 'order', id: order.id },
      (tx, arrival) => acceptOrder(tx, arrival, order),
      (arrival) => ({ with: this.#orders, item: { arrival, order } }),
    );
  }

  createProduct(merchantId: string, product: ProductCreateBody): Promise<void> {
    return this.#accept(merchantId, { kind: 'product', id: product.id }, (tx, arrival) =>
      acceptProduct(tx, arrival, product),
    );
  }

  createShipment(merchantId: string, orderId: string, shipment: ShipmentCreateBody): Promise<void> {
    const mismatch = orderIdMismatch(shipment, orderId);
    if (mismatch) throw new InvalidRequest([mismatch]);
    return this.#accept(
      merchantId,
      { kind: 'shipment', id: orderId, tracking_number: shipment.tracking_number ?? null },
      (tx, arrival) => acceptShipment(tx, arrival, orderId, shipment),
    );
  }

  patchOrder(merchantId: string, orderId: string, patch: OrderPatchBody): Promise<void> {
    return this.#store.transaction((tx) => patchOrder(tx, merchantId, orderId, patch));
  }

  patchProduct(merchantId: string, productId: string, patch: ProductPatchBody): Promise<void> {
    return this.#store.transaction((tx) =>
      patchProduct(tx, merchantId, productId, patch, this.#clock.now(merchantId)),
    );
  }
}

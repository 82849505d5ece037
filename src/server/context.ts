import { join } from 'node:path';
import type { z } from 'zod';
import {
  BUILT_IN_CARRIERS,
  shipmentCreateBody,
  type Carrier,
  type ShipmentCreateBody,
} from '../contract/index.js';
import { Outbox, scheduleShipmentMessages, type BotSettings } from './bot/messages.js';
import { DEFAULT_REVIEW_POINTS, type ReviewPoints } from '../contract/kinds.js';
import { Clock } from './clock.js';
import { GroupCommit } from './ingest/group-commit.js';
import { MerchantDirectory, type MerchantSeed, type ProvisionedMerchant } from './merchants.js';
import { QueueWorker, type ApplyDelay } from './queue/worker.js';
import { Store } from './storage/store.js';

/** How to run the service. Everything but `dataDir` has a default. */
export interface ServiceOptions {
  /** Folder of the SQLite file (`intake.db`); `:memory:` keeps everything in memory. */
  dataDir: string;
  /** Delay before a queued create is applied; default 2 s. */
  applyDelay?: ApplyDelay;
  /** The carrier codes accepted in shipments; default the built-in 26. */
  carriers?: readonly Carrier[];
  /** Days after an order's creation request to the purchase-thanks message of a self delivery; default 3. */
  thanksDelayDays?: number;
  /** Days from a carrier shipment to its simulated delivery and the review request; default 2. */
  deliveryDays?: number;
  /** Points a review earns, by kind; default text 100, photo 500, video 1000. */
  reviewPoints?: ReviewPoints;
  /** Merchants to create or fix on start. With none and an empty store, one merchant is created. */
  merchants?: readonly MerchantSeed[];
  /** Real time, for tests that need to pin it. */
  realNow?: () => number;
  /** Start the queue worker (default true). */
  startWorker?: boolean;
  /** Told about errors no client input should cause. */
  onError?: (error: unknown) => void;
}

/** Everything the routes share: storage, clock, merchants, the write path and the queue worker. */
export interface ServiceContext {
  store: Store;
  clock: Clock;
  merchants: MerchantDirectory;
  ingest: GroupCommit;
  worker: QueueWorker;
  carriers: ReadonlyMap<string, Carrier>;
  shipmentSchema: z.ZodType<ShipmentCreateBody>;
  bot: BotSettings;
  outbox: Outbox;
  reviewPoints: ReviewPoints;
  /** Merchants created or fixed on this start; secrets only where they were generated or given. */
  provisioned: ProvisionedMerchant[];
  onError: (error: unknown) => void;
}

export function createServiceContext(options: ServiceOptions): ServiceContext {
  const file = options.dataDir === ':memory:' ? ':memory:' : join(options.dataDir, 'intake.db');
  const store = new Store(file);
  const clock = new Clock(store, options.realNow);
  const onError = options.onError ?? (() => {});
  const merchants = new MerchantDirectory(store, options.thanksDelayDays ?? 3);
  const seeds = options.merchants?.length ? options.merchants : merchants.count === 0 ? [{}] : [];
  const provisioned = seeds.map((seed) => merchants.provision(seed, clock.now()));
  const carrierList = options.carriers ?? BUILT_IN_CARRIERS;
  const shipmentSchema = shipmentCreateBody(carrierList);
  const carriers = new Map(carrierList.map((carrier) => [carrier.code, carrier]));
  const bot: BotSettings = { deliveryDays: options.deliveryDays ?? 2, carriers };
  const outbox = new Outbox(store, bot);
  const worker = new QueueWorker({
    store,
    clock,
    delay: options.applyDelay ?? { minMs: 2000, maxMs: 2000 },
    applier: {
      store,
      shipmentSchema,
      onShipmentApplied: (merchantId, shipmentId, now) =>
        scheduleShipmentMessages(store, bot, merchantId, shipmentId, now),
    },
    tasks: [outbox.run],
    onError,
  });
  return {
    store,
    clock,
    merchants,
    ingest: new GroupCommit(store),
    worker,
    carriers,
    shipmentSchema,
    bot,
    outbox,
    reviewPoints: options.reviewPoints ?? DEFAULT_REVIEW_POINTS,
    provisioned,
    onError,
  };
}

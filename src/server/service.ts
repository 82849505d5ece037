import { join } from 'node:path';
import {
  BUILT_IN_CARRIERS,
  DEFAULT_REVIEW_POINTS,
  shipmentCreateBody,
  type Carrier,
  type ReviewPoints,
  type RewardsListResponse,
  type RewardsQuery,
} from '../contract/index.js';
import { Outbox, scheduleShipmentMessages, type BotSettings } from './bot/messages.js';
import { Clock, type TimeSource } from './clock.js';
import { Intake } from './ingest/intake.js';
import { LocalOperations } from './local/operations.js';
import { MerchantDirectory, type MerchantSeed, type ProvisionedMerchant } from './merchants.js';
import { QueueWorker, type ApplyDelay } from './queue/worker.js';
import { listRewards } from './rewards.js';
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
  /** Real time (the simulated clock adds its offset); tests pin it. */
  realNow?: () => number;
  /** The wall and monotonic clocks read when real time is not pinned; tests step the wall clock. */
  time?: TimeSource;
  /** Where in the apply-delay range each create falls (0..1); tests pin it. Default Math.random. */
  random?: () => number;
  /** Start the queue worker (default true). */
  startWorker?: boolean;
  /** Told about errors no client input should cause. */
  onError?: (error: unknown) => void;
}

/**
 * The service itself, without HTTP: merchants and their credentials, the writes, the queue worker, the
 * bot and the local operations, over one store.
 */
export class Service {
  readonly carriers: readonly Carrier[];
  readonly merchants: MerchantDirectory;
  readonly intake: Intake;
  readonly local: LocalOperations;
  /** Merchants created or fixed on this start; secrets only where they were generated. */
  readonly provisioned: ProvisionedMerchant[];
  readonly #store: Store;
  readonly #clock: Clock;
  readonly #worker: QueueWorker;
  readonly #startWorker: boolean;

  constructor(options: ServiceOptions) {
    const file = options.dataDir === ':memory:' ? ':memory:' : join(options.dataDir, 'intake.db');
    const store = new Store(file);
    try {
      const clock = new Clock(store, options.realNow, options.time);
      this.carriers = options.carriers ?? BUILT_IN_CARRIERS;
      this.merchants = new MerchantDirectory(store, options.thanksDelayDays ?? 3);
      const seeds = options.merchants?.length ? options.merchants : this.merchants.count === 0 ? [{}] : [];
      this.provisioned = seeds.map((seed) => this.merchants.provision(seed, clock.now()));
      const bot: BotSettings = {
        deliveryDays: options.deliveryDays ?? 2,
        carriers: new Map(this.carriers.map((carrier) => [carrier.code, carrier])),
      };
      const outbox = new Outbox(store, bot);
      const worker = new QueueWorker({
        store,
        clock,
        delay: options.applyDelay ?? { minMs: 2000, maxMs: 2000 },
        applier: {
          store,
          shipmentSchema: shipmentCreateBody(this.carriers),
          onShipmentApplied: (merchantId, shipmentId, now) =>
            scheduleShipmentMessages(store, bot, merchantId, shipmentId, now),
        },
        tasks: [outbox.run],
        onError: options.onError ?? (() => {}),
      });
      this.intake = new Intake({ store, clock, random: options.random ?? Math.random, worker });
      this.local = new LocalOperations({
        store,
        clock,
        worker,
        bot,
        outbox,
        reviewPoints: options.reviewPoints ?? DEFAULT_REVIEW_POINTS,
      });
      this.#store = store;
      this.#clock = clock;
      this.#worker = worker;
      this.#startWorker = options.startWorker !== false;
    } catch (error) {
      store.close();
      throw error;
    }
  }

  /** The service's time: real time plus what the simulated clock was advanced by. */
  now(): number {
    return this.#clock.now();
  }

  listRewards(merchantId: string, query: RewardsQuery): RewardsListResponse {
    return listRewards(this.#store, merchantId, query);
  }

  countPendingShipments(merchantId: string): number {
    return this.#store.jobs.countPendingShipments(merchantId);
  }

  start(): void {
    if (this.#startWorker) this.#worker.start();
  }

  close(): void {
    this.#worker.stop();
    try {
      this.#clock.remember();
    } finally {
      this.#store.close();
    }
  }
}

import { randomBytes } from 'node:crypto';
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
import { EventHub } from './events.js';
import { FaultBoard } from './faults/board.js';
import type { Seed } from './seed.js';
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
  /** Faults to inject from the start (`--faults`), and the draws that choose their requests. */
  faults?: string;
  faultRandom?: () => number;
  /** Records to load for each merchant on a first start, and again on a reset (`--seed`). */
  seed?: Seed;
  /** Whether `POST /local/reset` may remove a merchant's data (`--allow-reset`). */
  allowReset?: boolean;
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
  /** What happens to each merchant's data, for the event stream, the console and waits. */
  readonly events: EventHub;
  /** The faults in force on the service's own operations. */
  readonly faults: FaultBoard;
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
      const events = new EventHub(() => clock.now());
      this.events = events;
      this.faults = new FaultBoard({
        ...(options.faults === undefined ? {} : { spec: options.faults }),
        ...(options.faultRandom ? { random: options.faultRandom } : {}),
      });
      this.carriers = options.carriers ?? BUILT_IN_CARRIERS;
      this.merchants = new MerchantDirectory(store, options.thanksDelayDays ?? 3);
      const seeds = options.merchants?.length ? options.merchants : this.merchants.count === 0 ? [{}] : [];
      this.provisioned = seeds.map((seed) => this.merchants.provision(seed, clock.now()));
      const bot: BotSettings = {
        deliveryDays: options.deliveryDays ?? 2,
        carriers: new Map(this.carriers.map((carrier) => [carrier.code, carrier])),
      };
      const outbox = new Outbox(store, bot, (merchantId, message) =>
        events.emit(merchantId, 'message', {
          message_id: message.id,
          kind: message.kind,
          order_id: message.order_id,
          to: message.to,
          text: message.text,
        }),
      );
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
        onFinished: (jobs) => {
          for (const { job, applied, reason } of jobs) {
            events.emit(job.merchant_id, applied ? 'applied' : 'failed', {
              kind: job.kind,
              target_id: job.target_id,
              job: job.seq,
              ...(reason === undefined ? {} : { reason }),
            });
          }
        },
      });
      this.intake = new Intake({
        store,
        clock,
        random: options.random ?? Math.random,
        worker,
        onAccepted: (merchantId, { kind, id, ...rest }) =>
          events.emit(merchantId, 'accepted', { kind, target_id: id, ...rest }),
      });
      this.local = new LocalOperations({
        store,
        clock,
        worker,
        bot,
        outbox,
        reviewPoints: options.reviewPoints ?? DEFAULT_REVIEW_POINTS,
        events,
        intake: this.intake,
        seed: options.seed,
        allowReset: options.allowReset === true,
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

  /** A random secret of the service, made once and kept in its database (shared by its processes). */
  secret(name: string): Buffer {
    const key = `secret:${name}`;
    const known = this.#store.meta.get(key);
    if (known !== undefined) return Buffer.from(known, 'base64');
    const made = randomBytes(32);
    this.#store.meta.set(key, made.toString('base64'));
    return made;
  }

  /** Whether the service can take requests: its database answers. */
  readiness(): { ready: boolean; database: string; detail?: string } {
    try {
      this.#store.ping();
      return { ready: true, database: 'sqlite' };
    } catch (error) {
      return {
        ready: false,
        database: 'sqlite',
        detail: error instanceof Error ? error.message : String(error),
      };
    }
  }

  countPendingShipments(merchantId: string): number {
    return this.#store.jobs.countPendingShipments(merchantId);
  }

  /** Loads the seed for merchants with no data yet, then starts the worker. */
  async start(): Promise<void> {
    await this.local.seedEmpty();
    if (this.#startWorker) this.#worker.start();
  }

  close(): void {
    this.events.close();
    this.#worker.stop();
    try {
      this.#clock.remember();
    } finally {
      this.#store.close();
    }
  }
}

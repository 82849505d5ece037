import { randomBytes } from 'node:crypto';
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
import type { EventFeed } from './events/feed.js';
import { MemoryEvents } from './events/memory.js';
import { StoredEvents } from './events/stored.js';
import { FakeBook } from './marketplaces/book.js';
import { FaultPanel } from './faults/board.js';
import { RequestJournal } from './journal.js';
import { ServiceMetrics } from './metrics.js';
import type { Seed } from './seed.js';
import { Writes } from './ingest/writes.js';
import { Browse } from './local/browse.js';
import { LocalOperations } from './local/operations.js';
import { MerchantDirectory, type MerchantSeed, type ProvisionedMerchant } from './merchants.js';
import { QueueWorker, type ApplyDelay } from './queue/worker.js';
import { listRewards } from './rewards.js';
import { openEngine, type EngineOptions } from './storage/open.js';
import type { Dialect } from './storage/dialect.js';
import { Store } from './storage/store.js';
import { WriteWatch } from './storage/write-watch.js';

/** How to run the service. Everything but `dataDir` has a default. */
export interface ServiceOptions extends EngineOptions {
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
  /** The seed the faults of `--faults` are drawn from (`--fault-seed`). */
  faultSeed?: number;
  /** What names this start, shared by the processes of one `--workers` (counts of `next=N` rules of `--faults`). */
  startEpoch?: string;
  /** Records to load for each merchant on a first start, and again on a reset (`--seed`). */
  seed?: Seed;
  /** Whether `POST /local/reset` may remove a merchant's data (`--allow-reset`). */
  allowReset?: boolean;
  /** How many requests the journal keeps per merchant (default 10,000; 0 keeps none). */
  journalKeep?: number;
}

/**
 * The service itself, without HTTP: merchants and their credentials, the writes, the queue worker, the
 * bot and the local operations, over one store. `Service.open` opens its database and makes one.
 */
export class Service {
  readonly carriers: readonly Carrier[];
  readonly merchants: MerchantDirectory;
  readonly writes: Writes;
  readonly local: LocalOperations;
  /** The console's reads: lists a page at a time, newest first, and the bot's conversations. */
  readonly browse: Browse;
  /** What happens to each merchant's data, for the event stream, the console and waits. */
  readonly events: EventFeed;
  /** The service's figures for `GET /metrics`. */
  readonly metrics: ServiceMetrics;
  /** Every request of each merchant to the API, as received and answered. */
  readonly journal: RequestJournal;
  /** The faults in force on the service's own operations: everyone's, and each merchant's. */
  readonly faults: FaultPanel;
  /** Each merchant's fakes of Naver Smartstore, Coupang and Cafe24 (`/naver`, `/coupang`, `/cafe24`). */
  readonly marketplaces: FakeBook;
  /** Merchants created or fixed on this start; secrets only where they were generated. */
  readonly provisioned: ProvisionedMerchant[];
  /** The database the service keeps its state in. */
  readonly database: Dialect['name'];
  /** The console's session key: made once and kept in the database, shared by its processes. */
  readonly consoleKey: Buffer;
  readonly #store: Store;
  readonly #writes: WriteWatch;
  readonly #clock: Clock;
  readonly #worker: QueueWorker;
  readonly #startWorker: boolean;

  private constructor(parts: {
    options: ServiceOptions;
    store: Store;
    clock: Clock;
    merchants: MerchantDirectory;
    provisioned: ProvisionedMerchant[];
    consoleKey: Buffer;
    events: EventFeed;
  }) {
    // Long because the constructor wires the service's parts (store, clock, worker, bot, events, journal)
    // in the order they depend on each other.
    const { options, store, clock } = parts;
    const events = parts.events;
    this.events = events;
    this.marketplaces = new FakeBook(
      store,
      (merchantId) => clock.now(merchantId),
      () => clock.real(),
    );
    this.database = store.dialect.name;
    this.consoleKey = parts.consoleKey;
    this.metrics = new ServiceMetrics(store);
    this.journal = new RequestJournal(store, {
      keep: options.journalKeep ?? 10_000,
      ...(options.onError ? { onError: options.onError } : {}),
    });
    this.faults = new FaultPanel({
      store,
      ...(options.faults === undefined ? {} : { spec: options.faults }),
      ...(options.faultRandom ? { random: options.faultRandom } : {}),
      ...(options.faultSeed === undefined ? {} : { seed: options.faultSeed }),
      ...(options.startEpoch === undefined ? {} : { epoch: options.startEpoch }),
    });
    this.carriers = options.carriers ?? BUILT_IN_CARRIERS;
    this.merchants = parts.merchants;
    this.provisioned = parts.provisioned;
    const bot: BotSettings = {
      deliveryDays: options.deliveryDays ?? 2,
      carriers: new Map(this.carriers.map((carrier) => [carrier.code, carrier])),
    };
    const outbox = new Outbox(store, bot, (tx, merchantId, message) =>
      tx.tell(merchantId, 'message', {
        message_id: message.id,
        kind: message.kind,
        order_id: message.order_id,
        to: message.to,
        text: message.text,
      }),
    );
    const shared = store.dialect.shared;
    const worker = new QueueWorker({
      store,
      clock,
      delay: options.applyDelay ?? { minMs: 2000, maxMs: 2000 },
      applier: {
        shipmentSchema: shipmentCreateBody(this.carriers),
        onShipmentApplied: (tx, merchantId, shipmentId, now) =>
          scheduleShipmentMessages(tx, bot, merchantId, shipmentId, now),
      },
      tasks: [outbox.run],
      onError: options.onError ?? (() => {}),
      tellFinished: (tx, jobs) => {
        for (const { job, applied, reason } of jobs) {
          tx.tell(job.merchant_id, applied ? 'applied' : 'failed', {
            kind: job.kind,
            target_id: job.target_id,
            job: job.seq,
            ...(reason === undefined ? {} : { reason }),
          });
        }
      },
      onFinished: (jobs) => {
        for (const { job, applied } of jobs)
          if (applied) this.metrics.applied(job.kind, (clock.now(job.merchant_id) - job.received_at) / 1000);
      },
      // Other processes on the database queue creates, move the clock and change merchants' credentials
      // without telling this one.
      ...(shared
        ? {
            pollMs: SHARED_POLL_MS,
            beforePass: async () => {
              await clock.refresh();
              await parts.merchants.refresh();
              await this.faults.refresh();
            },
          }
        : {}),
    });
    this.writes = new Writes({
      store,
      clock,
      // On PostgreSQL, two groups go on at once (one being committed while the next gathers): more made
      // smaller groups, whose round trips cost more than the waiting they saved (bench: 1.28× with 2 than 5).
      concurrency: shared ? 2 : 1,
      random: options.random ?? Math.random,
      worker,
    });
    this.browse = new Browse({ store, bot, worker });
    this.local = new LocalOperations({
      store,
      clock,
      worker,
      bot,
      outbox,
      reviewPoints: options.reviewPoints ?? DEFAULT_REVIEW_POINTS,
      events,
      seed: options.seed,
      allowReset: options.allowReset === true,
    });
    this.#store = store;
    this.#writes = new WriteWatch(() => clock.real());
    store.watchWrites(this.#writes);
    this.#clock = clock;
    this.#worker = worker;
    this.#startWorker = options.startWorker !== false;
  }

  /** Opens the service's database (migrating it), provisions its merchants and makes the service. */
  static async open(options: ServiceOptions): Promise<Service> {
    const engine = await openEngine(options);
    const store = new Store(engine);
    try {
      const clock = await Clock.open(store, options.realNow, options.time);
      const merchants = await MerchantDirectory.open(store, options.thanksDelayDays ?? 3);
      const seeds = options.merchants?.length ? options.merchants : merchants.count === 0 ? [{}] : [];
      const provisioned: ProvisionedMerchant[] = [];
      for (const seed of seeds) provisioned.push(await merchants.provision(seed, clock.now()));
      const consoleKey = await sharedSecret(store, 'console-session');
      const now = (merchantId: string) => clock.now(merchantId);
      // Processes sharing the database share their events through it; one alone keeps them in memory.
      const events = store.dialect.shared
        ? await StoredEvents.open(store, now, options.onError)
        : new MemoryEvents(now, store.meta);
      // What transactions tell goes to the feed: written with them (a shared database), heard once committed.
      store.useEvents(events);
      const service = new Service({ options, store, clock, merchants, provisioned, consoleKey, events });
      await service.faults.start();
      await service.events.load((await store.merchants.all()).map((merchant) => merchant.id));
      return service;
    } catch (error) {
      await store.close().catch(() => {});
      throw error;
    }
  }

  /** A merchant's time: real time plus what its simulated clock was advanced by (real time without one). */
  now(merchantId?: string): number {
    return this.#clock.now(merchantId);
  }

  listRewards(merchantId: string, query: RewardsQuery): Promise<RewardsListResponse> {
    return listRewards(this.#store, merchantId, query);
  }

  /** Whether the service can take requests: its database answers, and refused no write in the last ten seconds (`WriteWatch`). */
  async readiness(): Promise<{ ready: boolean; database: string; detail?: string }> {
    try {
      await this.#store.ping();
      const refused = this.#writes.trouble();
      if (refused !== undefined) return { ready: false, database: this.database, detail: refused };
      return { ready: true, database: this.database };
    } catch (error) {
      return {
        ready: false,
        database: this.database,
        detail: error instanceof Error ? error.message : String(error),
      };
    }
  }

  countQueuedShipments(merchantId: string): Promise<number> {
    return this.#store.jobs.countQueuedShipments(merchantId);
  }

  /** Loads the seed for merchants with no data yet, then starts the worker. */
  async start(): Promise<void> {
    if (this.#startWorker) this.#worker.start();
  }

  async close(): Promise<void> {
    await this.events.close().catch(() => {});
    this.#worker.stop();
    try {
      await this.journal.close();
      await this.metrics.close();
      await this.#worker.idle();
      await this.#clock.remember();
    } catch {
      // the database may be gone already; nothing more to keep
    } finally {
      await this.#store.close();
    }
  }
}

/** How often a process sharing PostgreSQL looks for creates queued by the others. */
const SHARED_POLL_MS = 250;

/** A random secret of the service, made once and kept in its database (shared by its processes). */
async function sharedSecret(store: Store, name: string): Promise<Buffer> {
  const key = `secret:${name}`;
  const made = randomBytes(32).toString('base64');
  await store.meta.setIfAbsent(key, made);
  return Buffer.from((await store.meta.get(key)) ?? made, 'base64');
}

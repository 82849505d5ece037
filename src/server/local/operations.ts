import type {
  BotMessage,
  FaultsState,
  ResetResult,
  LocalJob,
  LocalOrder,
  LocalProduct,
  LocalReview,
  LocalReviewBody,
  QueueRun,
  ReviewPoints,
} from '../../contract/index.js';
import { parseDuration } from '../../util/duration.js';
import { messageView, type BotSettings, type Outbox } from '../bot/messages.js';
import { addReview } from '../bot/reviews.js';
import { ClockRefused, type Clock } from '../clock.js';
import { InvalidRequest, NotPermitted, SeedRefused, ServiceError, TimedOut } from '../errors.js';
import { acceptOrder, acceptProduct, acceptShipment } from '../ingest/accept.js';
import { describeIssues } from '../../contract/loc.js';
import type { ValidationIssue } from '../../contract/validation.js';
import type { EventFeed, ServiceEvent } from '../events/feed.js';
import type { FaultPanel } from '../faults/board.js';
import type { FaultRule } from '../faults/spec.js';
import { FaultSpecError, parseFaultSpec } from '../faults/spec.js';
import type { QueueWorker } from '../queue/worker.js';
import type { Seed } from '../seed.js';
import type { MessageKind } from '../storage/messages.js';
import type { Store } from '../storage/store.js';
import { jobView, orderView, productView, reviewView } from './views.js';
import { formatDuration } from '../../util/duration.js';
import { positionOf, productPositionOf, readNumberedPosition, readPosition } from './position.js';

/** How often a wait looks again when no event wakes it (a message that became due on another process). */
const WAIT_POLL_MS = 250;

const DEFAULT_LIMIT = 1000;

/** A list cut at its limit, and the position it goes on after (undefined: nothing listed). */
export type Paged<T> = { results: T[]; has_more: boolean; after?: number | string | undefined };

/** A list cut at `limit`, saying whether it was (rows read: one more than the limit, when there are). */
function upTo<T>(rows: readonly T[], limit: number | undefined): { results: T[]; has_more: boolean } {
  const most = limit ?? DEFAULT_LIMIT;
  return { results: rows.slice(0, most), has_more: rows.length > most };
}

/** How many rows to read for a list of at most `limit`: one more, to know whether there are more. */
const oneMore = (limit: number | undefined) => (limit ?? DEFAULT_LIMIT) + 1;

/**
 * What only the local service offers: a look at what is stored, the bot's outbox, simulated reviews,
 * the simulated clock and the queue. Everything is scoped to one merchant but the clock, which is shared.
 */
export class LocalOperations {
  readonly #store: Store;
  readonly #clock: Clock;
  readonly #worker: QueueWorker;
  readonly #bot: BotSettings;
  readonly #outbox: Outbox;
  readonly #reviewPoints: ReviewPoints;
  readonly #events: EventFeed;
  readonly #seed: Seed | undefined;
  readonly #allowReset: boolean;

  constructor(options: {
    store: Store;
    clock: Clock;
    worker: QueueWorker;
    bot: BotSettings;
    outbox: Outbox;
    reviewPoints: ReviewPoints;
    events: EventFeed;
    seed: Seed | undefined;
    allowReset: boolean;
  }) {
    this.#events = options.events;
    this.#seed = options.seed;
    this.#allowReset = options.allowReset;
    this.#store = options.store;
    this.#clock = options.clock;
    this.#worker = options.worker;
    this.#bot = options.bot;
    this.#outbox = options.outbox;
    this.#reviewPoints = options.reviewPoints;
  }

  /** The merchant's orders, oldest first; a list cut at its limit says where it goes on (`after`). */
  async orders(
    merchantId: string,
    query: { id?: string | undefined; after?: number | undefined; limit?: number | undefined },
  ): Promise<Paged<LocalOrder>> {
    const listed =
      query.id !== undefined
        ? upTo([{ id: query.id, job_seq: 0 }], 1)
        : upTo(await this.#store.orders.list(merchantId, oneMore(query.limit), query.after), query.limit);
    const results: LocalOrder[] = [];
    for (const { id } of listed.results) {
      const order = await orderView(this.#store, this.#bot, merchantId, id);
      if (order !== undefined) results.push(order);
    }
    return { results, has_more: listed.has_more, after: listed.results.at(-1)?.job_seq };
  }

  /** The merchant's products, oldest first; a list cut at its limit says where it goes on (`after`). */
  async products(
    merchantId: string,
    query: { after?: string | undefined; limit?: number | undefined },
  ): Promise<Paged<LocalProduct>> {
    const rows = upTo(
      await this.#store.products.list(merchantId, oneMore(query.limit), readPosition(query.after)),
      query.limit,
    );
    const last = rows.results.at(-1);
    return {
      has_more: rows.has_more,
      results: rows.results.map(productView),
      after: last && productPositionOf(last),
    };
  }

  /** The bot's messages by due time; a list cut at its limit says where it goes on (`after`). */
  async messages(
    merchantId: string,
    query: {
      order_id?: string | undefined;
      status?: 'scheduled' | 'sent' | undefined;
      kind?: MessageKind | undefined;
      after?: string | undefined;
      limit?: number | undefined;
    },
  ): Promise<Paged<BotMessage>> {
    const filter = { orderId: query.order_id, status: query.status, kind: query.kind };
    const rows = upTo(
      await this.#store.messages.list(
        merchantId,
        filter,
        readNumberedPosition(query.after),
        oneMore(query.limit),
      ),
      query.limit,
    );
    const results: BotMessage[] = [];
    for (const row of rows.results) results.push(await messageView(this.#store, this.#bot, row));
    const last = rows.results.at(-1);
    return { results, has_more: rows.has_more, after: last && positionOf(last.due_at, last.id) };
  }

  /** The merchant's creates, oldest first; a list cut at its limit says where it goes on (`after`). */
  async jobs(
    merchantId: string,
    query: {
      state?: LocalJob['state'] | undefined;
      target_id?: string | undefined;
      after?: number | undefined;
      limit?: number | undefined;
    },
  ): Promise<Paged<LocalJob>> {
    const listed = await this.#store.jobs.list(merchantId, {
      ...(query.state === undefined ? {} : { state: query.state }),
      ...(query.target_id === undefined ? {} : { targetId: query.target_id }),
      ...(query.after === undefined ? {} : { afterSeq: query.after }),
      limit: oneMore(query.limit),
    });
    const rows = upTo(listed, query.limit);
    return {
      has_more: rows.has_more,
      results: rows.results.map((job) => jobView(job, this.#worker.dueAt(job))),
      after: rows.results.at(-1)?.seq,
    };
  }

  /** Buyers' reviews, oldest first; a list cut at its limit says where it goes on (`after`). */
  async reviews(
    merchantId: string,
    query: { after?: number | undefined; limit?: number | undefined },
  ): Promise<Paged<LocalReview>> {
    const rows = upTo(
      await this.#store.reviews.list(merchantId, oneMore(query.limit), query.after),
      query.limit,
    );
    return { results: rows.results.map(reviewView), has_more: rows.has_more, after: rows.results.at(-1)?.id };
  }

  async addReview(merchantId: string, body: LocalReviewBody): Promise<LocalReview> {
    return this.#store.transaction((tx) =>
      addReview(tx, merchantId, body, this.#clock.now(merchantId), this.#reviewPoints),
    );
  }

  /**
   * Runs `query` until it has a result or `waitMs` is over (then `TimedOut`): it looks again on each
   * event of the merchant, and every quarter second. Without `waitMs`, runs it once.
   */
  async waitFor<T extends { results: readonly unknown[] }>(
    merchantId: string,
    waitMs: number | undefined,
    signal: AbortSignal,
    query: () => Promise<T>,
  ): Promise<T> {
    const started = performance.now();
    for (;;) {
      const result = await query();
      if (waitMs === undefined || result.results.length > 0) return result;
      const left = waitMs - (performance.now() - started);
      if (left <= 0) throw new TimedOut(`Nothing matched within ${formatDuration(waitMs)}.`);
      await this.#events.next(
        merchantId,
        AbortSignal.any([signal, AbortSignal.timeout(Math.ceil(Math.min(left, WAIT_POLL_MS)))]),
      );
      if (signal.aborted) throw new TimedOut('The client stopped waiting.');
    }
  }

  /**
   * The merchant's events kept: the latest (`limit`), or, `after` an event, the next ones, a page at a
   * time (a list cut at its limit says where it goes on), so a reader that polls misses none.
   */
  async events(
    merchantId: string,
    query: { after?: number | undefined; limit?: number | undefined },
  ): Promise<Paged<ServiceEvent>> {
    if (query.after === undefined)
      return {
        results: await this.#events.recent(merchantId, 0, query.limit ?? DEFAULT_LIMIT),
        has_more: false,
      };
    const rows = upTo(
      await this.#events.following(merchantId, query.after, oneMore(query.limit)),
      query.limit,
    );
    return { ...rows, after: rows.results.at(-1)?.id };
  }

  /**
   * A merchant's faults in force, as the API shows them: its own (which it sets and clears), and those
   * set at start for everyone (`--faults`), with what each injected.
   */
  faultsState(faults: FaultPanel, merchantId: string): FaultsState {
    const own = faults.of(merchantId);
    const injected: Record<string, number> = { ...faults.everyone.injected };
    for (const [kind, count] of Object.entries(own.injected)) injected[kind] = (injected[kind] ?? 0) + count;
    return {
      spec: own.spec,
      rules: own.rules.map(ruleView),
      injected,
      ...(own.seed === undefined ? {} : { seed: own.seed }),
      everyone: {
        spec: faults.everyone.spec,
        rules: faults.everyone.rules.map(ruleView),
        ...(faults.everyone.seed === undefined ? {} : { seed: faults.everyone.seed }),
      },
    };
  }

  /** Puts a merchant's faults of `spec` in force; a spec that cannot be read is a 422 saying why. */
  async setFaults(faults: FaultPanel, merchantId: string, spec: string, seed?: number): Promise<FaultsState> {
    let rules: FaultRule[];
    try {
      rules = parseFaultSpec(spec);
    } catch (error) {
      if (!(error instanceof FaultSpecError)) throw error;
      throw new InvalidRequest([
        { type: 'value_error', loc: ['body', 'spec'], msg: `Value error, ${error.message}`, input: spec },
      ]);
    }
    await faults.set(merchantId, rules, seed);
    return this.faultsState(faults, merchantId);
  }

  /** Loads each seeded merchant's records when it has no data yet (a first start). */
  async seedEmpty(): Promise<void> {
    for (const merchant of this.#seed?.merchants ?? []) {
      if ((await this.#store.jobs.list(merchant.merchant_id, { limit: 1 })).length === 0) {
        await this.#load(merchant.merchant_id);
      } else await this.#matchesSeed(merchant);
    }
  }

  /**
   * Refuses to start on a merchant's data that the seed's records are not all in (another seed, or data
   * of its own): a test would run on something other than what the seed says.
   */
  async #matchesSeed(merchant: Seed['merchants'][number]): Promise<void> {
    const id = merchant.merchant_id;
    const missing: string[] = [];
    for (const product of merchant.products)
      if (!(await this.#store.products.get(id, product.id))) missing.push(`product ${product.id}`);
    for (const order of merchant.orders)
      if (!(await this.#store.orders.get(id, order.id))) missing.push(`order ${order.id}`);
    if (missing.length === 0) return;
    throw new SeedRefused(
      `the data of merchant ${id} does not match the seed: ${missing.length === 1 ? 'one of its records is' : `${missing.length} of its records are`} not there (${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''}); start on an empty data folder or database, or with --allow-reset and reset it (intake local reset)`,
    );
  }

  /** Removes the merchant's data and loads its part of the seed again (`--allow-reset` only). */
  async reset(merchantId: string): Promise<ResetResult> {
    if (!this.#allowReset) {
      throw new NotPermitted('The service was not started with --allow-reset: its data cannot be reset.');
    }
    await this.#store.transaction((tx) => tx.resetMerchant(merchantId));
    return { reset: true, seeded: await this.#load(merchantId) };
  }

  /**
   * Takes the merchant's seed as the service takes creates, all of it in one transaction (a record the
   * service refuses leaves nothing of the seed behind, and is named), then applies it at once.
   */
  async #load(merchantId: string): Promise<ResetResult['seeded']> {
    const seed = this.#seed?.merchants.find((merchant) => merchant.merchant_id === merchantId);
    if (!seed) return { products: 0, orders: 0, shipments: 0 };
    await this.#store.transaction(async (tx) => {
      const arrival = { merchantId, now: this.#clock.now(merchantId), delayFraction: 0 };
      const entry = async (where: string, take: () => Promise<unknown>) => {
        try {
          await take();
        } catch (error) {
          if (!(error instanceof ServiceError)) throw error;
          const issues = (error as { issues?: ValidationIssue[] }).issues;
          const why = issues ? describeIssues(issues).join('; ').trim() : error.message;
          throw new SeedRefused(`the seed of merchant ${merchantId} cannot be loaded: ${where}: ${why}`);
        }
      };
      for (const [index, product] of seed.products.entries())
        await entry(`products[${index}] (${product.id})`, () => acceptProduct(tx, arrival, product));
      for (const [index, order] of seed.orders.entries())
        await entry(`orders[${index}] (${order.id})`, () => acceptOrder(tx, arrival, order));
      for (const [index, shipment] of seed.shipments.entries()) {
        await entry(`shipments[${index}] (order ${shipment.order_id})`, () =>
          acceptShipment(tx, arrival, shipment.order_id, shipment),
        );
      }
    });
    await this.runQueue(merchantId);
    return { products: seed.products.length, orders: seed.orders.length, shipments: seed.shipments.length };
  }

  /** Moves a merchant's clock forward (no other merchant's), then runs what became due. */
  async advanceClock(merchantId: string, by: string): Promise<QueueRun> {
    const ms = parseDuration(by);
    if (ms === undefined) {
      throw new InvalidRequest([
        {
          type: 'value_error',
          loc: ['body', 'by'],
          msg: 'Value error, not a duration such as 36h or 7d',
          input: by,
        },
      ]);
    }
    try {
      await this.#clock.advance(merchantId, ms);
    } catch (error) {
      if (!(error instanceof ClockRefused)) throw error;
      throw new InvalidRequest([
        { type: 'value_error', loc: ['body', 'by'], msg: `Value error, ${error.message}`, input: by },
      ]);
    }
    return this.runQueue(merchantId, false);
  }

  /** Runs what is due now (everything queued for `merchantId`, when given) and says what happened. */
  async runQueue(merchantId?: string, all = true): Promise<QueueRun> {
    const sentBefore = this.#outbox.sent;
    const counts = await this.#worker.runDue(merchantId === undefined ? {} : { all, merchantId });
    return {
      now: new Date(this.#clock.now(merchantId)).toISOString(),
      applied: counts.applied,
      failed: counts.failed,
      sent: this.#outbox.sent - sentBefore,
    };
  }
}

/** A fault rule as the API shows it. */
function ruleView(rule: FaultRule) {
  return {
    kind: rule.kind,
    share: rule.share,
    ...(rule.retryAfterSeconds === undefined ? {} : { retry_after_seconds: rule.retryAfterSeconds }),
    ...(rule.latencyMs === undefined ? {} : { latency_ms: rule.latencyMs }),
    ...(rule.method === undefined ? {} : { method: rule.method }),
    ...(rule.path === undefined ? {} : { path: rule.path }),
    ...(rule.id === undefined ? {} : { id: rule.id }),
    ...(rule.next === undefined ? {} : { next: rule.next }),
  };
}

import type {
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
import type { Clock } from '../clock.js';
import { InvalidRequest } from '../errors.js';
import type { QueueWorker } from '../queue/worker.js';
import type { Store } from '../storage/store.js';

const DEFAULT_LIMIT = 1000;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

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

  constructor(options: {
    store: Store;
    clock: Clock;
    worker: QueueWorker;
    bot: BotSettings;
    outbox: Outbox;
    reviewPoints: ReviewPoints;
  }) {
    this.#store = options.store;
    this.#clock = options.clock;
    this.#worker = options.worker;
    this.#bot = options.bot;
    this.#outbox = options.outbox;
    this.#reviewPoints = options.reviewPoints;
  }

  #order(merchantId: string, orderId: string): LocalOrder | undefined {
    const store = this.#store;
    const order = store.orders.get(merchantId, orderId);
    if (!order) return undefined;
    return {
      id: order.id,
      state: order.applied_at === null ? 'queued' : 'applied',
      member_id: order.member_id,
      recipient_name: order.recipient_name,
      recipient_cellphone: order.recipient_cellphone,
      requested_at: new Date(order.requested_at).toISOString(),
      applied_at: iso(order.applied_at),
      items: store.orders.itemsOf(merchantId, order.id).map((item) => ({
        id: item.id,
        product_id: item.product_id,
        product_name: item.product_name,
        product_image_url: item.product_image_url,
        product_option: item.product_option ? (JSON.parse(item.product_option) as string[]) : [],
        shipment_id: item.shipment_id,
      })),
      shipments: store.shipments.byOrder(merchantId, order.id).map((shipment) => ({
        id: shipment.id,
        company_code: shipment.company_code,
        carrier_name: this.#bot.carriers.get(shipment.company_code)?.name ?? shipment.company_code,
        tracking_number: shipment.tracking_number,
        order_item_ids: store.shipments.itemIds(shipment.id),
        created_at: new Date(shipment.created_at).toISOString(),
      })),
    };
  }

  orders(merchantId: string, query: { id?: string | undefined; limit?: number | undefined }) {
    const ids =
      query.id !== undefined
        ? [query.id]
        : this.#store.orders.list(merchantId, query.limit ?? DEFAULT_LIMIT).map((order) => order.id);
    return {
      results: ids.map((id) => this.#order(merchantId, id)).filter((order) => order !== undefined),
    };
  }

  products(merchantId: string, query: { limit?: number | undefined }): { results: LocalProduct[] } {
    const rows = this.#store.products.list(merchantId, query.limit ?? DEFAULT_LIMIT);
    return {
      results: rows.map((product) => ({
        id: product.id,
        name: product.name,
        image_url: product.image_url,
        state: product.applied_at === null ? 'queued' : 'applied',
        refreshed_at: iso(product.refreshed_at),
      })),
    };
  }

  messages(merchantId: string, query: { order_id?: string | undefined; limit?: number | undefined }) {
    const rows = this.#store.messages.list(merchantId, {
      ...(query.order_id === undefined ? {} : { orderId: query.order_id }),
      limit: query.limit ?? DEFAULT_LIMIT,
    });
    return { results: rows.map((row) => messageView(this.#store, this.#bot, row)) };
  }

  jobs(
    merchantId: string,
    query: { state?: LocalJob['state'] | undefined; limit?: number | undefined },
  ): { results: LocalJob[] } {
    const rows = this.#store.jobs.list(merchantId, {
      ...(query.state === undefined ? {} : { state: query.state }),
      limit: query.limit ?? DEFAULT_LIMIT,
    });
    return {
      results: rows.map((job) => ({
        seq: job.seq,
        kind: job.kind,
        target_id: job.target_id,
        state: job.state,
        received_at: new Date(job.received_at).toISOString(),
        due_at: new Date(this.#worker.dueAt(job)).toISOString(),
        finished_at: iso(job.finished_at),
        reason: job.reason,
      })),
    };
  }

  reviews(merchantId: string, query: { limit?: number | undefined }): { results: LocalReview[] } {
    const rows = this.#store.reviews.list(merchantId, query.limit ?? DEFAULT_LIMIT);
    return {
      results: rows.map((review) => ({
        id: review.id,
        order_id: review.order_id,
        item_id: review.item_id,
        kind: review.kind,
        created_at: new Date(review.created_at).toISOString(),
        reward:
          review.reward_member_id === null
            ? null
            : {
                created_at: new Date(review.reward_created_at ?? review.created_at).toISOString(),
                member_id: review.reward_member_id,
                rewards: review.reward_points ?? 0,
                reason: review.reward_reason ?? '',
              },
      })),
    };
  }

  addReview(merchantId: string, body: LocalReviewBody): LocalReview {
    return this.#store.transaction(() =>
      addReview(this.#store, merchantId, body, this.#clock.now(), this.#reviewPoints),
    );
  }

  /** Moves the shared clock forward, then applies and sends what became due. */
  advanceClock(by: string): QueueRun {
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
    this.#clock.advance(ms);
    return this.runQueue();
  }

  /** Runs what is due now (everything pending for `merchantId`, when given) and says what happened. */
  runQueue(merchantId?: string): QueueRun {
    const sentBefore = this.#outbox.sent;
    const counts = this.#worker.runDue(merchantId === undefined ? {} : { all: true, merchantId });
    return {
      now: new Date(this.#clock.now()).toISOString(),
      applied: counts.applied,
      failed: counts.failed,
      sent: this.#outbox.sent - sentBefore,
    };
  }
}

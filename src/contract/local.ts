import { z } from 'zod';
import type { Answer, Endpoint } from './endpoints.js';
import { ErrorBody } from './responses.js';
import { id, requiredText, text } from './fields.js';
import { JOB_STATES, MESSAGE_KINDS, RECORD_KINDS, RECORD_STATES, REVIEW_KINDS } from './kinds.js';
import { Reward, timestamp } from './rewards.js';

/**
 * The local service's own operations under `/local/` (not part of the real service): inspection of what
 * is stored, the bot's outbox, simulated reviews, the simulated clock and the queue. Same Basic auth;
 * everything but the clock is scoped to the calling merchant.
 */

const isoTime = timestamp;
const limit = () =>
  z
    .string()
    .regex(/^\d+$/)
    .transform(Number)
    .refine((value) => value >= 1 && value <= 10_000, {
      message: 'Value error, limit must be from 1 to 10000',
    })
    .optional();

export const LocalShipment = z
  .object({
    id: z.number().int(),
    company_code: z.string(),
    carrier_name: z.string(),
    tracking_number: z.string(),
    order_item_ids: z.array(z.string()),
    created_at: isoTime(),
  })
  .meta({ id: 'LocalShipment' });
export type LocalShipment = z.infer<typeof LocalShipment>;

export const LocalOrder = z
  .object({
    id: z.string(),
    state: z.enum(RECORD_STATES),
    member_id: z.string().nullable(),
    recipient_name: z.string(),
    recipient_cellphone: z.string(),
    requested_at: isoTime(),
    applied_at: isoTime().nullable(),
    items: z.array(
      z.object({
        id: z.string(),
        product_id: z.string(),
        product_name: z.string(),
        product_image_url: z.string(),
        product_option: z.array(z.string()),
        /** The item's latest shipment, if any. */
        shipment_id: z.number().int().nullable(),
      }),
    ),
    shipments: z.array(LocalShipment),
  })
  .meta({ id: 'LocalOrder' });
export type LocalOrder = z.infer<typeof LocalOrder>;

export const LocalProduct = z
  .object({
    id: z.string(),
    name: z.string(),
    image_url: z.string(),
    state: z.enum(RECORD_STATES),
    refreshed_at: isoTime().nullable(),
  })
  .meta({ id: 'LocalProduct' });
export type LocalProduct = z.infer<typeof LocalProduct>;

/** A message of the bot, as the buyer reads it (rendered when sent; a preview while scheduled). */
export const BotMessage = z
  .object({
    id: z.number().int(),
    order_id: z.string(),
    kind: z.enum(MESSAGE_KINDS),
    status: z.enum(['scheduled', 'sent']),
    due_at: isoTime(),
    sent_at: isoTime().nullable(),
    to: z.object({ name: z.string(), cellphone: z.string() }),
    text: z.string(),
    items: z.array(
      z.object({
        item_id: z.string(),
        product_id: z.string(),
        product_name: z.string(),
        image_url: z.string(),
        options: z.array(z.string()),
      }),
    ),
    carrier: z.object({ code: z.string(), name: z.string() }).nullable(),
    tracking_number: z.string().nullable(),
  })
  .meta({ id: 'BotMessage' });
export type BotMessage = z.infer<typeof BotMessage>;

export const LocalJob = z
  .object({
    seq: z.number().int(),
    kind: z.enum(RECORD_KINDS),
    target_id: z.string(),
    state: z.enum(JOB_STATES),
    received_at: isoTime(),
    due_at: isoTime(),
    finished_at: isoTime().nullable(),
    reason: z.string().nullable(),
  })
  .meta({ id: 'LocalJob' });
export type LocalJob = z.infer<typeof LocalJob>;

export const LocalReviewBody = z
  .object({
    order_id: id(),
    item_id: id(),
    kind: z.enum(REVIEW_KINDS),
  })
  .meta({
    id: 'LocalReviewBody',
    examples: [{ order_id: 'ORD-20261122-0001', item_id: 'ORD-20261122-0001-1', kind: 'photo' }],
  });
export type LocalReviewBody = z.infer<typeof LocalReviewBody>;

export const LocalReview = z
  .object({
    id: z.number().int(),
    order_id: z.string(),
    item_id: z.string(),
    kind: z.enum(REVIEW_KINDS),
    created_at: isoTime(),
    reward: Reward.nullable(),
  })
  .meta({ id: 'LocalReview' });
export type LocalReview = z.infer<typeof LocalReview>;

export const ClockAdvanceBody = z
  .object({ by: requiredText().meta({ examples: ['7d', '36h'] }) })
  .meta({ id: 'ClockAdvanceBody', examples: [{ by: '7d' }] });

/** What the clock and the queue did: the time now, creates applied or failed, messages sent. */
export const QueueRun = z
  .object({ now: isoTime(), applied: z.number().int(), failed: z.number().int(), sent: z.number().int() })
  .meta({ id: 'QueueRun' });
export type QueueRun = z.infer<typeof QueueRun>;

export const LocalMerchantBody = z
  .object({
    merchant_id: id(),
    access_key_id: id().optional(),
    secret_access_key: requiredText().optional(),
    thanks_delay_days: z.number().int().min(0).max(365).optional(),
  })
  .meta({ id: 'LocalMerchantBody', examples: [{ merchant_id: 'shop-b', thanks_delay_days: 5 }] });
export type LocalMerchantBody = z.infer<typeof LocalMerchantBody>;

export const LocalMerchant = z
  .object({
    merchant_id: z.string(),
    access_key_id: z.string(),
    secret_access_key: z.string().optional(),
    thanks_delay_days: z.number().int(),
  })
  .meta({ id: 'LocalMerchant' });
export type LocalMerchant = z.infer<typeof LocalMerchant>;

const results = <T extends z.ZodType>(item: T, name: string) =>
  z.object({ results: z.array(item) }).meta({ id: name });

export const LocalOrderList = results(LocalOrder, 'LocalOrderList');
export const LocalProductList = results(LocalProduct, 'LocalProductList');
export const BotMessageList = results(BotMessage, 'BotMessageList');
export const LocalJobList = results(LocalJob, 'LocalJobList');
export const LocalReviewList = results(LocalReview, 'LocalReviewList');

/** How long a list may wait for its first match: `500ms`, `30s`, `2m` (at most 5 minutes). */
export const WAIT_MAX_MS = 5 * 60_000;
const wait = () =>
  z
    .string()
    .regex(/^\d+(\.\d+)?(ms|s|m)?$/, { message: 'Value error, wait is a duration such as 500ms, 30s or 2m' })
    .transform((text) => {
      const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text) as RegExpExecArray;
      const unit = match[2] === 'ms' ? 1 : match[2] === 'm' ? 60_000 : 1000;
      return Math.round(Number(match[1]) * unit);
    })
    .refine((ms) => ms <= WAIT_MAX_MS, { message: 'Value error, wait is at most 5m' })
    .optional()
    .meta({
      description:
        'Answer as soon as at least one result matches, waiting at most this long (408 if none does by then).',
    });

export const LocalOrdersQuery = z
  .object({ id: text().optional(), limit: limit(), wait: wait() })
  .meta({ id: 'LocalOrdersQuery' });
export const LocalMessagesQuery = z
  .object({
    order_id: text().optional(),
    status: z.enum(['scheduled', 'sent']).optional(),
    kind: z.enum(MESSAGE_KINDS).optional(),
    limit: limit(),
    wait: wait(),
  })
  .meta({ id: 'LocalMessagesQuery' });
export const LocalJobsQuery = z
  .object({
    state: z.enum(JOB_STATES).optional(),
    target_id: text().optional(),
    limit: limit(),
    wait: wait(),
  })
  .meta({ id: 'LocalJobsQuery' });
export const LocalEventsQuery = z
  .object({
    after: z.string().regex(/^\d+$/).transform(Number).optional().meta({
      description: 'Only events after this id (as Last-Event-ID does for the stream).',
    }),
    limit: limit(),
  })
  .meta({ id: 'LocalEventsQuery' });

/** One thing that happened to the merchant's data, as the event stream tells it. */
export const ServiceEvent = z
  .object({
    id: z.number().int(),
    type: z.enum(['accepted', 'refused', 'applied', 'failed', 'message', 'reward', 'fault']),
    at: isoTime(),
  })
  .catchall(z.unknown())
  .meta({
    id: 'ServiceEvent',
    examples: [
      {
        id: 7,
        type: 'accepted',
        at: '2026-11-22T09:00:00.000Z',
        kind: 'order',
        target_id: 'ORD-1',
        queued: true,
      },
    ],
  });
export type ServiceEventBody = z.infer<typeof ServiceEvent>;
export const ServiceEventList = results(ServiceEvent, 'ServiceEventList');

export const FaultRuleBody = z
  .object({
    kind: z.enum(['500', '503', '429', 'latency', 'stall', 'drop-before-commit', 'drop-after-commit']),
    share: z.number().min(0).max(1),
    retry_after_seconds: z.number().int().optional(),
    latency_ms: z.object({ min: z.number().int(), max: z.number().int() }).optional(),
    method: z.string().optional(),
    path: z.string().optional(),
  })
  .meta({ id: 'FaultRule' });

export const FaultsBody = z
  .object({
    spec: text()
      .max(2000)
      .meta({ examples: ['503:10%,drop-after-commit:5%'] }),
  })
  .meta({ id: 'FaultsBody', examples: [{ spec: '503:10%,drop-after-commit:5%' }] });

export const FaultsState = z
  .object({
    /** The merchant's own faults. */
    spec: z.string(),
    rules: z.array(FaultRuleBody),
    /** What every fault in force on this merchant's requests injected, by kind. */
    injected: z.record(z.string(), z.number().int()),
    /** The faults set at start for every merchant (`intake serve --faults`). */
    everyone: z.object({ spec: z.string(), rules: z.array(FaultRuleBody) }),
  })
  .meta({ id: 'FaultsState' });
export type FaultsState = z.infer<typeof FaultsState>;

export const ResetResult = z
  .object({
    reset: z.literal(true),
    seeded: z.object({ products: z.number().int(), orders: z.number().int(), shipments: z.number().int() }),
  })
  .meta({ id: 'ResetResult' });
export type ResetResult = z.infer<typeof ResetResult>;

export const Readiness = z
  .object({ ready: z.boolean(), database: z.string(), detail: z.string().optional() })
  .meta({ id: 'Readiness' });
export type Readiness = z.infer<typeof Readiness>;
export const LimitQuery = z.object({ limit: limit() }).meta({ id: 'LimitQuery' });

const local = <E extends Omit<Endpoint, 'tag' | 'auth'>>(endpoint: E) => ({
  ...endpoint,
  tag: 'Local' as const,
  auth: 'required' as const,
});
const ok = (description: string, schema: z.ZodType): Answer => ({ description, schema });
const timedOut: Answer = { description: 'Nothing matched within `wait`.', schema: ErrorBody };

/** The `/local/` operations. */
export const LOCAL_ENDPOINTS = {
  listOrders: local({
    method: 'GET',
    path: '/local/orders',
    summary: 'Stored orders, queued or applied, with items and shipments',
    query: LocalOrdersQuery,
    answers: { 200: ok('Orders in arrival order.', LocalOrderList), 408: timedOut },
  }),
  listProducts: local({
    method: 'GET',
    path: '/local/products',
    summary: 'Stored products, as the bot shows them',
    query: LimitQuery,
    answers: { 200: ok('Products.', LocalProductList) },
  }),
  listMessages: local({
    method: 'GET',
    path: '/local/messages',
    summary: "The bot's outbox: messages sent and scheduled",
    query: LocalMessagesQuery,
    answers: { 200: ok('Messages by due time.', BotMessageList), 408: timedOut },
  }),
  listJobs: local({
    method: 'GET',
    path: '/local/jobs',
    summary: 'Accepted creates: queued, applied, or failed with the reason',
    query: LocalJobsQuery,
    answers: { 200: ok('Creates in arrival order.', LocalJobList), 408: timedOut },
  }),
  listReviews: local({
    method: 'GET',
    path: '/local/reviews',
    summary: "Buyers' reviews and the rewards they earned",
    query: LimitQuery,
    answers: { 200: ok('Reviews.', LocalReviewList) },
  }),
  addReview: local({
    method: 'POST',
    path: '/local/reviews',
    summary: "Simulate a buyer's review of an order item (a member's review earns a reward)",
    body: LocalReviewBody,
    answers: {
      201: ok('The review, and its reward if any.', LocalReview),
      404: { description: 'No such order, or no such item in it.', schema: ErrorBody },
      409: { description: 'The order is still queued, or the item was reviewed already.', schema: ErrorBody },
    },
  }),
  advanceClock: local({
    method: 'POST',
    path: '/local/clock/advance',
    summary: 'Move the simulated clock forward; what became due is applied and sent',
    body: ClockAdvanceBody,
    answers: { 200: ok('What happened.', QueueRun) },
  }),
  applyQueue: local({
    method: 'POST',
    path: '/local/queue/apply',
    summary: "Apply this merchant's queued creates now, whatever their delay",
    answers: { 200: ok('What happened.', QueueRun) },
  }),
  addMerchant: local({
    method: 'POST',
    path: '/local/merchants',
    summary: "Add a merchant with its own credentials and data (only the service's first merchant may)",
    body: LocalMerchantBody,
    answers: {
      201: ok('The merchant; the secret only when it was generated.', LocalMerchant),
      403: { description: "The caller is not the service's first merchant.", schema: ErrorBody },
      409: { description: 'The merchant id or the access key id is already in use.', schema: ErrorBody },
    },
  }),
  listEvents: local({
    method: 'GET',
    path: '/local/events',
    summary:
      "What happened to this merchant's data: creates accepted, refused, applied or failed, messages sent, " +
      'rewards earned, faults injected. With `Accept: text/event-stream`, a live stream of them ' +
      '(server-sent events; `Last-Event-ID` resumes).',
    query: LocalEventsQuery,
    answers: { 200: ok('The events kept (the last thousand), oldest first.', ServiceEventList) },
  }),
  getFaults: local({
    method: 'GET',
    path: '/local/faults',
    summary: "The faults in force on the service's own operations, and how many each injected",
    answers: { 200: ok('The faults.', FaultsState) },
  }),
  setFaults: local({
    method: 'PUT',
    path: '/local/faults',
    summary:
      'Inject faults into a share of requests to the service (/api/): 500, 503 or 429 with Retry-After, ' +
      'a delay, a stall, a connection dropped before or after the request is committed',
    body: FaultsBody,
    answers: { 200: ok('The faults now in force.', FaultsState) },
  }),
  clearFaults: local({
    method: 'DELETE',
    path: '/local/faults',
    summary: 'Stop injecting faults',
    answers: { 200: ok('No faults in force.', FaultsState) },
  }),
  reset: local({
    method: 'POST',
    path: '/local/reset',
    summary:
      "Remove this merchant's data (orders, products, shipments, queue, messages, reviews, rewards) and load " +
      'its part of the seed again; only when the service was started with --allow-reset',
    answers: {
      200: ok('Reset, and what the seed loaded.', ResetResult),
      403: { description: 'The service was not started with --allow-reset.', schema: ErrorBody },
    },
  }),
  ready: {
    method: 'GET',
    path: '/local/ready',
    summary: 'Readiness: whether the database answers (for load balancers and orchestrators); no credentials',
    tag: 'Local',
    auth: 'none',
    answers: {
      200: ok('Ready.', Readiness),
      503: ok('Not ready: the database does not answer.', Readiness),
    },
  },
} as const satisfies Record<string, Endpoint>;

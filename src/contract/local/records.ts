import { z } from 'zod';
import { id, requiredText } from '../fields.js';
import { JOB_STATES, MESSAGE_KINDS, RECORD_KINDS, RECORD_STATES, REVIEW_KINDS } from '../kinds.js';
import { Reward } from '../rewards.js';
import { isoTime, limit, limitedResults, wait, wholeNumber } from './queries.js';
import { text } from '../fields.js';

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

/**
 * An access key id a merchant can be given: an id without a colon, since HTTP Basic authentication ends
 * the user part at the first colon (a key with one could never sign in).
 */
const accessKeyId = () =>
  id().refine((value) => !value.includes(':'), {
    message: "Value error, an access key id cannot contain ':' (Basic authentication ends it there)",
    params: { type: 'value_error' },
  });

export const LocalMerchantBody = z
  .object({
    merchant_id: id(),
    access_key_id: accessKeyId().optional(),
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

export const LocalOrderList = limitedResults(LocalOrder, 'LocalOrderList');
export const LocalProductList = limitedResults(LocalProduct, 'LocalProductList');
export const BotMessageList = limitedResults(BotMessage, 'BotMessageList');
export const LocalJobList = limitedResults(LocalJob, 'LocalJobList');
export const LocalReviewList = limitedResults(LocalReview, 'LocalReviewList');

/** Where a list cut at its `limit` goes on: what its `Link: <…>; rel="next"` header gives. */
const AFTER =
  'Only those stored after this position: the `after` of the `Link` header (`rel="next"`) of the page before.';
const after = () => wholeNumber().optional().meta({ description: AFTER });
/** The same, for a list ordered by a number then a key: `number:key`, as `pattern` allows. */
const position = (pattern: RegExp) =>
  z.string().max(1_000).regex(pattern).optional().meta({ description: AFTER });

export const LocalOrdersQuery = z
  .object({ id: text().optional(), after: after(), limit: limit(), wait: wait() })
  .meta({ id: 'LocalOrdersQuery' });
export const LocalMessagesQuery = z
  .object({
    order_id: text().optional(),
    status: z.enum(['scheduled', 'sent']).optional(),
    kind: z.enum(MESSAGE_KINDS).optional(),
    after: position(/^\d{1,15}:\d{1,15}$/),
    limit: limit(),
    wait: wait(),
  })
  .meta({ id: 'LocalMessagesQuery' });
export const LocalJobsQuery = z
  .object({
    state: z.enum(JOB_STATES).optional(),
    target_id: text().optional(),
    after: after(),
    limit: limit(),
    wait: wait(),
  })
  .meta({ id: 'LocalJobsQuery' });

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
export const LocalProductsQuery = z
  .object({ after: position(/^\d{1,15}:/), limit: limit() })
  .meta({ id: 'LocalProductsQuery' });
export const LocalReviewsQuery = z
  .object({ after: after(), limit: limit() })
  .meta({ id: 'LocalReviewsQuery' });

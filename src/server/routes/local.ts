import {
  ClockAdvanceBody,
  LOCAL_ENDPOINTS,
  LimitQuery,
  LocalJobsQuery,
  LocalMerchantBody,
  LocalMessagesQuery,
  LocalOrdersQuery,
  LocalReviewBody,
  type LocalJob,
  type LocalOrder,
  type LocalProduct,
  type LocalReview,
  type QueueRun,
} from '../../contract/index.js';
import { parseDuration } from '../../util/duration.js';
import { messageView } from '../bot/messages.js';
import { addReview } from '../bot/reviews.js';
import type { ServiceContext } from '../context.js';
import { readBody, readQuery } from '../http/body.js';
import { conflict, unprocessable } from '../http/errors.js';
import type { Route } from '../http/routing.js';

const DEFAULT_LIMIT = 1000;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function orderView(service: ServiceContext, merchantId: string, orderId: string): LocalOrder | undefined {
  const { store, carriers } = service;
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
      carrier_name: carriers.get(shipment.company_code)?.name ?? shipment.company_code,
      tracking_number: shipment.tracking_number,
      order_item_ids: store.shipments.itemIds(shipment.id),
      created_at: new Date(shipment.created_at).toISOString(),
    })),
  };
}

/** Runs what is due now (everything pending for `merchantId`, when given) and says what happened. */
function runQueue(service: ServiceContext, merchantId?: string): QueueRun {
  const sentBefore = service.outbox.sent;
  const counts = service.worker.runDue(merchantId === undefined ? {} : { all: true, merchantId });
  return {
    now: new Date(service.clock.now()).toISOString(),
    applied: counts.applied,
    failed: counts.failed,
    sent: service.outbox.sent - sentBefore,
  };
}

/** The `/local/` inspection and control routes, each scoped to the calling merchant (the clock is shared). */
export function localRoutes(service: ServiceContext): Route[] {
  const { store } = service;
  return [
    {
      endpoint: LOCAL_ENDPOINTS.listOrders,
      handler: async (request) => {
        const query = readQuery(LocalOrdersQuery, request.query);
        const merchantId = request.merchant.id;
        const ids =
          query.id !== undefined
            ? [query.id]
            : store.orders.list(merchantId, query.limit ?? DEFAULT_LIMIT).map((order) => order.id);
        return {
          results: ids.map((id) => orderView(service, merchantId, id)).filter((order) => order !== undefined),
        };
      },
    },
    {
      endpoint: LOCAL_ENDPOINTS.listProducts,
      handler: async (request) => {
        const { limit } = readQuery(LimitQuery, request.query);
        const results: LocalProduct[] = store.products
          .list(request.merchant.id, limit ?? DEFAULT_LIMIT)
          .map((product) => ({
            id: product.id,
            name: product.name,
            image_url: product.image_url,
            state: product.applied_at === null ? 'queued' : 'applied',
            refreshed_at: iso(product.refreshed_at),
          }));
        return { results };
      },
    },
    {
      endpoint: LOCAL_ENDPOINTS.listMessages,
      handler: async (request) => {
        const query = readQuery(LocalMessagesQuery, request.query);
        const rows = store.messages.list(request.merchant.id, {
          ...(query.order_id === undefined ? {} : { orderId: query.order_id }),
          limit: query.limit ?? DEFAULT_LIMIT,
        });
        return { results: rows.map((row) => messageView(store, service.bot, row)) };
      },
    },
    {
      endpoint: LOCAL_ENDPOINTS.listJobs,
      handler: async (request) => {
        const query = readQuery(LocalJobsQuery, request.query);
        const rows = store.jobs.list(request.merchant.id, {
          ...(query.state === undefined ? {} : { state: query.state }),
          limit: query.limit ?? DEFAULT_LIMIT,
        });
        const results: LocalJob[] = rows.map((job) => ({
          seq: job.seq,
          kind: job.kind,
          target_id: job.target_id,
          state: job.state,
          received_at: new Date(job.received_at).toISOString(),
          due_at: new Date(service.worker.dueAt(job)).toISOString(),
          finished_at: iso(job.finished_at),
          reason: job.reason,
        }));
        return { results };
      },
    },
    {
      endpoint: LOCAL_ENDPOINTS.listReviews,
      handler: async (request) => {
        const { limit } = readQuery(LimitQuery, request.query);
        const results: LocalReview[] = store.reviews
          .list(request.merchant.id, limit ?? DEFAULT_LIMIT)
          .map((review) => ({
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
          }));
        return { results };
      },
    },
    {
      endpoint: LOCAL_ENDPOINTS.addReview,
      handler: async (request, reply) => {
        const body = readBody(LocalReviewBody, request.body);
        const review = store.transaction(() =>
          addReview(store, request.merchant.id, body, service.clock.now(), service.reviewPoints),
        );
        return reply.code(201).send(review);
      },
    },
    {
      endpoint: LOCAL_ENDPOINTS.advanceClock,
      handler: async (request) => {
        const { by } = readBody(ClockAdvanceBody, request.body);
        const ms = parseDuration(by);
        if (ms === undefined) {
          throw unprocessable([
            {
              type: 'value_error',
              loc: ['body', 'by'],
              msg: 'Value error, not a duration such as 36h or 7d',
              input: by,
            },
          ]);
        }
        service.clock.advance(ms);
        return runQueue(service);
      },
    },
    {
      endpoint: LOCAL_ENDPOINTS.applyQueue,
      handler: async (request) => runQueue(service, request.merchant.id),
    },
    {
      endpoint: LOCAL_ENDPOINTS.addMerchant,
      handler: async (request, reply) => {
        const body = readBody(LocalMerchantBody, request.body);
        if (service.merchants.byId(body.merchant_id))
          throw conflict(`Merchant '${body.merchant_id}' already exists.`);
        const merchant = service.merchants.provision(
          {
            merchantId: body.merchant_id,
            accessKeyId: body.access_key_id,
            secretAccessKey: body.secret_access_key,
            thanksDelayDays: body.thanks_delay_days,
          },
          service.clock.now(),
        );
        const row = service.merchants.byId(merchant.merchantId);
        return reply.code(201).send({
          merchant_id: merchant.merchantId,
          access_key_id: merchant.accessKeyId,
          ...(merchant.secretAccessKey ? { secret_access_key: merchant.secretAccessKey } : {}),
          thanks_delay_days: row?.thanks_delay_days ?? 0,
        });
      },
    },
  ];
}

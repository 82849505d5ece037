import type { Service } from '../service.js';
import type { SomeHandlers } from './types.js';

type LocalName =
  | 'listOrders'
  | 'listProducts'
  | 'listMessages'
  | 'listJobs'
  | 'listReviews'
  | 'addReview'
  | 'advanceClock'
  | 'applyQueue'
  | 'addMerchant';

export function localHandlers(service: Service): SomeHandlers<LocalName> {
  const { local, merchants } = service;
  return {
    listOrders: async (request) => local.orders(request.merchant.id, request.query),
    listProducts: async (request) => local.products(request.merchant.id, request.query),
    listMessages: async (request) => local.messages(request.merchant.id, request.query),
    listJobs: async (request) => local.jobs(request.merchant.id, request.query),
    listReviews: async (request) => local.reviews(request.merchant.id, request.query),
    addReview: async (request, reply) =>
      reply.code(201).send(local.addReview(request.merchant.id, request.body)),
    advanceClock: async (request) => local.advanceClock(request.body.by),
    applyQueue: async (request) => local.runQueue(request.merchant.id),
    addMerchant: async (request, reply) => {
      const { body } = request;
      const merchant = merchants.add(
        request.merchant,
        {
          merchantId: body.merchant_id,
          accessKeyId: body.access_key_id,
          secretAccessKey: body.secret_access_key,
          thanksDelayDays: body.thanks_delay_days,
        },
        service.now(),
      );
      return reply.code(201).send({
        merchant_id: merchant.merchantId,
        access_key_id: merchant.accessKeyId,
        ...(merchant.secretAccessKey ? { secret_access_key: merchant.secretAccessKey } : {}),
        thanks_delay_days: merchant.thanksDelayDays,
      });
    },
  };
}

import { OrderCreateBody, OrderPatchBody, QUEUED_MESSAGES, SERVICE_ENDPOINTS } from '../../contract/index.js';
import type { ServiceContext } from '../context.js';
import { readBody } from '../http/body.js';
import type { Route } from '../http/routing.js';
import { acceptOrder, patchOrder } from '../ingest/accept.js';
import { accepted } from './accepted.js';

export function orderRoutes(service: ServiceContext): Route[] {
  return [
    {
      endpoint: SERVICE_ENDPOINTS.createOrder,
      handler: async (request, reply) => {
        const order = readBody(OrderCreateBody, request.body);
        await accepted(service, request.merchant.id, (arrival) => acceptOrder(service.store, arrival, order));
        return reply.code(202).send({ message: QUEUED_MESSAGES.order });
      },
    },
    {
      endpoint: SERVICE_ENDPOINTS.patchOrder,
      handler: async (request, reply) => {
        const { id } = request.params as { id: string };
        const patch = readBody(OrderPatchBody, request.body);
        patchOrder(service.store, request.merchant.id, id, patch);
        return reply.code(204).send();
      },
    },
  ];
}

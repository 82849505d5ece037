import { QUEUED_MESSAGES, SERVICE_ENDPOINTS, orderIdMismatch } from '../../contract/index.js';
import type { ServiceContext } from '../context.js';
import { readBody } from '../http/body.js';
import { unprocessable } from '../http/errors.js';
import type { Route } from '../http/routing.js';
import { acceptShipment } from '../ingest/accept.js';
import { accepted } from './accepted.js';

export function shipmentRoutes(service: ServiceContext): Route[] {
  return [
    {
      endpoint: SERVICE_ENDPOINTS.createShipment,
      handler: async (request, reply) => {
        const { id } = request.params as { id: string };
        const shipment = readBody(service.shipmentSchema, request.body);
        const mismatch = orderIdMismatch(shipment, id);
        if (mismatch) throw unprocessable([mismatch]);
        await accepted(service, request.merchant.id, (arrival) =>
          acceptShipment(service.store, arrival, id, shipment),
        );
        return reply.code(202).send({ message: QUEUED_MESSAGES.shipment });
      },
    },
    {
      endpoint: SERVICE_ENDPOINTS.shipmentQueueStatus,
      handler: async (request) => ({
        origin_mall_id: request.merchant.id,
        count: service.store.jobs.countPending(request.merchant.id, 'shipment'),
      }),
    },
  ];
}

import { QUEUED_MESSAGES } from '../../contract/index.js';
import type { Service } from '../service.js';
import type { SomeHandlers } from './types.js';

export const shipmentHandlers = (
  service: Service,
): SomeHandlers<'createShipment' | 'shipmentQueueStatus'> => ({
  createShipment: async (request, reply) => {
    await service.writes.createShipment(request.merchant.id, request.params.id as string, request.body);
    return reply.code(202).send({ message: QUEUED_MESSAGES.shipment });
  },
  shipmentQueueStatus: async (request) => ({
    origin_mall_id: request.merchant.id,
    count: await service.countQueuedShipments(request.merchant.id),
  }),
});

import { QUEUED_MESSAGES } from '../../contract/index.js';
import type { Service } from '../service.js';
import type { SomeHandlers } from './types.js';

export const orderHandlers = (service: Service): SomeHandlers<'createOrder' | 'patchOrder'> => ({
  createOrder: async (request, reply) => {
    await service.writes.createOrder(request.merchant.id, request.body);
    return reply.code(202).send({ message: QUEUED_MESSAGES.order });
  },
  patchOrder: async (request, reply) => {
    await service.writes.patchOrder(request.merchant.id, request.params.id as string, request.body);
    return reply.code(204).send();
  },
});

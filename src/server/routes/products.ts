import { QUEUED_MESSAGES } from '../../contract/index.js';
import type { Service } from '../service.js';
import type { SomeHandlers } from './types.js';

export const productHandlers = (service: Service): SomeHandlers<'createProduct' | 'patchProduct'> => ({
  createProduct: async (request, reply) => {
    await service.writes.createProduct(request.merchant.id, request.body);
    return reply.code(202).send({ message: QUEUED_MESSAGES.product });
  },
  patchProduct: async (request, reply) => {
    await service.writes.patchProduct(request.merchant.id, request.params.id as string, request.body);
    return reply.code(204).send();
  },
});

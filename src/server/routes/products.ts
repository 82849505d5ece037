import {
  ProductCreateBody,
  ProductPatchBody,
  QUEUED_MESSAGES,
  SERVICE_ENDPOINTS,
} from '../../contract/index.js';
import type { ServiceContext } from '../context.js';
import { readBody } from '../http/body.js';
import type { Route } from '../http/routing.js';
import { acceptProduct, patchProduct } from '../ingest/accept.js';
import { accepted } from './accepted.js';

export function productRoutes(service: ServiceContext): Route[] {
  return [
    {
      endpoint: SERVICE_ENDPOINTS.createProduct,
      handler: async (request, reply) => {
        const product = readBody(ProductCreateBody, request.body);
        await accepted(service, request.merchant.id, (arrival) =>
          acceptProduct(service.store, arrival, product),
        );
        return reply.code(202).send({ message: QUEUED_MESSAGES.product });
      },
    },
    {
      endpoint: SERVICE_ENDPOINTS.patchProduct,
      handler: async (request, reply) => {
        const { id } = request.params as { id: string };
        const patch = readBody(ProductPatchBody, request.body);
        patchProduct(service.store, request.merchant.id, id, patch, service.clock.now());
        return reply.code(204).send();
      },
    },
  ];
}

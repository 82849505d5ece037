import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The kind of record a create's route makes (a 202 of it is an acceptance). */
const CREATES: Record<string, string> = {
  '/api/v1/orders/': 'order',
  '/api/v1/products/': 'product',
  '/api/v1/orders/:id/shipments/': 'shipment',
};

/**
 * Counts every answer by method, route and status, and times each create accepted; answers
 * `GET /metrics` in the Prometheus text format (no credentials, as health).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const { service } = app;
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      service.metrics.request(request.method, route, reply.statusCode);
      const kind = CREATES[route];
      if (kind !== undefined && request.method === 'POST' && reply.statusCode === 202)
        service.metrics.accepted(kind, reply.elapsedTime / 1000);
      done();
    });
    app.get('/metrics', async (_request, reply) => {
      const { contentType, body } = await service.metrics.text();
      return reply.header('cache-control', 'no-store').type(contentType).send(body);
    });
  },
  { name: 'intake-metrics', dependencies: ['intake-service'] },
);

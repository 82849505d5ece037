import Fastify, { type FastifyInstance } from 'fastify';
import { createServiceContext, type ServiceContext, type ServiceOptions } from './context.js';
import { BODY_LIMIT_BYTES, acceptRawBodies } from './http/body.js';
import { installCommonAnswers, type RequestLog } from './http/hooks.js';
import { registerRoutes } from './http/routing.js';
import { registerDocs } from './routes/docs.js';
import { localRoutes } from './routes/local.js';
import { orderRoutes } from './routes/orders.js';
import { productRoutes } from './routes/products.js';
import { rewardRoutes } from './routes/rewards.js';
import { shipmentRoutes } from './routes/shipments.js';
import { utilityRoutes } from './routes/utilities.js';

declare module 'fastify' {
  interface FastifyInstance {
    intake: ServiceContext;
  }
}

export interface BuildServerOptions extends ServiceOptions {
  /** Where the one-line-per-request log goes; default nowhere. */
  requestLog?: RequestLog;
  /** Serve `/openapi.json` and `/docs` (default true). */
  docs?: boolean;
}

/**
 * Builds the local service without listening: tests call `inject` or `listen({ port: 0 })`, and
 * `intake serve` listens on its port. Closing the app stops the worker and closes the database.
 */
export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const service = createServiceContext(options);
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT_BYTES,
    exposeHeadRoutes: false,
    routerOptions: { maxParamLength: 4096 },
  });
  app.decorate('intake', service);
  app.decorateRequest('merchant', null as never);
  acceptRawBodies(app);
  installCommonAnswers(app, options.requestLog ?? (() => {}), service.onError);
  registerRoutes(
    app,
    [
      ...orderRoutes(service),
      ...shipmentRoutes(service),
      ...productRoutes(service),
      ...rewardRoutes(service),
      ...utilityRoutes(service),
      ...localRoutes(service),
    ],
    service.merchants,
  );
  if (options.docs !== false) await registerDocs(app);
  app.addHook('onClose', async () => {
    service.worker.stop();
    service.store.close();
  });
  if (options.startWorker !== false) service.worker.start();
  return app;
}

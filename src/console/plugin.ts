import type { FastifyInstance } from 'fastify';
import type { Service } from '../server/service.js';
import { assetRoutes } from '../web/assets.js';
import { consoleRoutes } from './routes.js';

/**
 * The console of `intake serve` under `/console` (its own context: forms, cookies, pages, errors), so
 * that nothing of it touches the service's own paths or answers. Registered with the prefix `/console`.
 */
export async function consolePlugin(app: FastifyInstance, options: { service: Service }): Promise<void> {
  await app.register(import('@fastify/cookie'));
  await app.register(import('@fastify/formbody'));
  await app.register(assetRoutes, { at: '/assets' });
  await app.register(consoleRoutes, { service: options.service });
}

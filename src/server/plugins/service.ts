import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Service, type ServiceOptions } from '../service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The service behind the routes: merchants, writes, queue, bot, local operations. */
    service: Service;
  }
}

/**
 * Opens the service (its database and worker) for the app and closes it with the app. Every answer
 * carries the service's own time in `Date`, so that a client working with a simulated clock can tell.
 */
export const servicePlugin = fp(
  async (app: FastifyInstance, options: ServiceOptions) => {
    const service = await Service.open(options);
    try {
      // The seed is loaded before the service answers anything (all of it, or nothing and a clear error).
      await service.local.seedEmpty();
    } catch (error) {
      await service.close().catch(() => {});
      throw error;
    }
    app.decorate('service', service);
    // The header changes once a second (of the service's clock), so its text is made once a second.
    let second = Number.NaN;
    let date = '';
    app.addHook('onSend', (_request, reply, payload, done) => {
      const now = Math.floor(service.now() / 1000);
      if (now !== second) {
        second = now;
        date = new Date(now * 1000).toUTCString();
      }
      reply.header('date', date);
      done(null, payload);
    });
    app.addHook('onReady', async () => service.start());
    // Streams of events end first: the server waits for open connections before it closes.
    app.addHook('preClose', async () => service.events.close().catch(() => {}));
    app.addHook('onClose', async () => service.close());
  },
  { name: 'intake-service' },
);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Writes one line per request: method, path, status and milliseconds (never a header, so never a secret). */
export type RequestLog = (line: string) => void;

export const requestLogPlugin = fp(
  async (app: FastifyInstance, options: { log: RequestLog }) => {
    app.addHook('onResponse', (request, reply, done) => {
      options.log(`${request.method} ${request.url} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms`);
      done();
    });
  },
  { name: 'intake-request-log' },
);

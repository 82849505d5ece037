import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FAULT_HEADER } from './faults.js';
import { journalRequest, kept } from './journal-entry.js';

/**
 * Writes every answered request of a merchant to the service's API (`/api/`) in its journal
 * (`journalRequest`). The requests a fault dropped or held unanswered are written by the faults plugin.
 */
export const journalPlugin = fp(
  async (app: FastifyInstance) => {
    const { service } = app;
    app.decorateRequest('rawBody', null);
    app.decorateRequest('answerBody', null);
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (request.url.startsWith('/api/') && (typeof payload === 'string' || Buffer.isBuffer(payload)))
        request.answerBody = kept(payload);
      done(null, payload);
    });
    app.addHook('onResponse', (request, reply, done) => {
      // A request whose answer a fault dropped was written by the faults plugin, answer and all.
      if (request.intakeFault?.kind === 'drop-after-commit') return done();
      journalRequest(service, request, {
        status: reply.statusCode,
        fault: (reply.getHeader(FAULT_HEADER) as string | undefined) ?? request.intakeFault?.kind ?? null,
        elapsedMs: reply.elapsedTime,
        responseBody: request.answerBody,
      });
      done();
    });
  },
  { name: 'intake-journal', dependencies: ['intake-service'] },
);

import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FaultDecision } from '../faults/board.js';
import type { RequestLog } from './request-log.js';
import { isMarketplacePath } from '../marketplaces/paths.js';
import { NO_ANSWER } from '../../contract/local/journal-status.js';
import { journalRequest, kept, recordOf } from './journal-entry.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The fault this request was chosen for, when it acts on the answer (a delay, a drop after commit). */
    intakeFault: FaultDecision | null;
  }
}

/** The header on every answer a fault made or changed, naming it. */
export const FAULT_HEADER = 'x-intake-fault';

const STATUS_TEXT: Record<string, string> = {
  '500': 'Internal Server Error (injected by intake serve)',
  '503': 'Service Unavailable (injected by intake serve)',
  '429': 'Too Many Requests (injected by intake serve)',
};

/**
 * Injects the faults in force (`service.faults`) into requests to the service's own operations: an
 * error status (with Retry-After for 429 and 503), a latency added before the answer, a stall (never answered),
 * a connection dropped before the request is read, or after it was handled and committed (the answer
 * never arrives: the case that makes a careless client send twice). Each one is logged, told to the
 * merchant the request names as a `fault` event, and named in the `x-intake-fault` header of any answer.
 */
export const faultsPlugin = fp(
  async (app: FastifyInstance, options: { log?: RequestLog }) => {
    // Long because the plugin's hooks (before the body, after it, on send, on the response) hand one
    // request's fault from one to the next.
    const { service } = app;
    const stalled = new Set<Socket>();
    app.decorateRequest('intakeFault', null);

    const note = (request: FastifyRequest, merchantId: string | undefined, decision: FaultDecision) => {
      const path = request.url.split('?')[0] as string;
      options.log?.(`${request.method} ${request.url} fault ${decision.kind}`);
      service.metrics.fault(decision.kind);
      if (merchantId)
        service.events.emit(merchantId, 'fault', { fault: decision.kind, method: request.method, path });
    };

    /** A request a fault dropped or held, in the journal: no answer was sent. */
    const unanswered = (request: FastifyRequest, reply: FastifyReply, kind: string) =>
      journalRequest(service, request, {
        status: NO_ANSWER,
        fault: kind,
        elapsedMs: reply.elapsedTime,
        responseBody: null,
      });

    /** Does what a fault says to a request: an answer in its place, a drop, or (later) a delay or a lost answer. */
    const act = (
      request: FastifyRequest,
      reply: FastifyReply,
      merchantId: string | undefined,
      decision: FaultDecision,
    ) => {
      note(request, merchantId, decision);
      const { rule, kind } = decision;
      switch (kind) {
        case '500':
        case '503':
        case '429':
          return reply
            .code(Number(kind))
            .header(FAULT_HEADER, kind)
            .headers(kind === '500' ? {} : { 'retry-after': String(rule.retryAfterSeconds ?? 1) })
            .type('application/json; charset=utf-8')
            .send(JSON.stringify({ detail: STATUS_TEXT[kind] }));
        case 'drop-before-commit':
          reply.hijack();
          request.raw.socket.destroy();
          unanswered(request, reply, kind);
          return reply;
        case 'stall': {
          // Never answered, never handled: held until the client gives up (or the service closes).
          reply.hijack();
          const socket = request.raw.socket;
          stalled.add(socket);
          // Its body read and let go, so that the client's giving up (closing its end) is seen, and
          // the connection then closed: the HTTP server leaves a hijacked one half open.
          request.raw.resume();
          socket.once('end', () => socket.destroy());
          socket.once('close', () => {
            stalled.delete(socket);
            unanswered(request, reply, kind);
          });
          return reply;
        }
        default:
          request.intakeFault = decision;
          return undefined;
      }
    };

    app.addHook('onRequest', async (request, reply) => {
      // The marketplace fakes have faults of their own (`/local/marketplaces/…/settings`).
      if (isMarketplacePath(request.url)) return undefined;
      // The merchant the request names (not yet checked: a fault it gets is its own request's).
      const merchantId = service.merchants.named(request.headers.authorization)?.id;
      const path = request.url.split('?')[0] as string;
      const decision = await service.faults.decide(merchantId, { method: request.method, path });
      return decision ? act(request, reply, merchantId, decision) : undefined;
    });

    // Rules about one record (`@ORD-1`) are decided once its id is known: in the path, or in the body read.
    app.addHook('preHandler', async (request, reply) => {
      if (request.intakeFault || !request.url.startsWith('/api/')) return undefined;
      const merchantId = (request.merchant as typeof request.merchant | null)?.id;
      if (!service.faults.waitsForRecords(merchantId)) return undefined;
      const id = recordOf(request);
      if (id === undefined) return undefined;
      const path = request.url.split('?')[0] as string;
      const decision = await service.faults.decide(merchantId, { method: request.method, path, id });
      return decision ? act(request, reply, merchantId, decision) : undefined;
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const decision = request.intakeFault;
      if (!decision) return payload;
      if (decision.kind === 'latency') {
        await sleep(decision.delayMs ?? 0);
        reply.header(FAULT_HEADER, 'latency');
      } else if (decision.kind === 'drop-after-commit') {
        // The work is done and committed (a 202 is only sent after its commit): the answer is lost.
        // The journal keeps it as it would have gone (no response follows to write it there).
        journalRequest(service, request, {
          status: reply.statusCode,
          fault: decision.kind,
          elapsedMs: reply.elapsedTime,
          responseBody: typeof payload === 'string' || Buffer.isBuffer(payload) ? kept(payload) : null,
        });
        request.raw.socket.destroy();
      }
      return payload;
    });

    app.addHook('preClose', async () => {
      for (const socket of stalled) socket.destroy();
    });
  },
  { name: 'intake-faults', dependencies: ['intake-service'] },
);

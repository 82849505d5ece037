import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

/** Writes one line per request: method, path, status and milliseconds (never a header, so never a secret). */
export type RequestLog = (line: string) => void;

function serializeDetail(detail: unknown): string {
  try {
    return JSON.stringify({ detail });
  } catch {
    // An input nested too deeply to serialize: answer without the inputs rather than fail.
    const issues = Array.isArray(detail) ? detail.map(({ input: _input, ...rest }) => rest) : detail;
    return JSON.stringify({ detail: issues });
  }
}

/**
 * The answers every route shares: errors as `{"detail": ...}`, 404 for unknown paths, 413 for large
 * bodies, a 500 without internals for anything unexpected, and the request log.
 */
export function installCommonAnswers(
  app: FastifyInstance,
  log: RequestLog,
  onUnexpected: (error: unknown) => void,
) {
  app.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ detail: 'Not Found' }));

  app.setErrorHandler(async (error: FastifyError | HttpError, _request, reply) => {
    reply.type('application/json; charset=utf-8');
    if (error instanceof HttpError) {
      return reply.code(error.status).headers(error.headers).send(serializeDetail(error.detail));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send(serializeDetail('Request body too large.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send(serializeDetail(error.message));
    onUnexpected(error);
    return reply.code(500).send(serializeDetail('Internal Server Error'));
  });

  app.addHook('onResponse', async (request, reply) => {
    log(`${request.method} ${request.url} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms`);
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { FAULT_HEADER, recordOf } from './faults.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as it arrived (a request to the API), for the journal. */
    rawBody: Buffer | null;
    /** The answer's body as sent, for the journal. */
    answerBody: string | null;
  }
}

/** The most of a body the journal keeps; the rest is cut, saying so. */
export const JOURNAL_BODY_BYTES = 64 * 1024;

/**
 * The journal's copy of a body: as text, cut at `JOURNAL_BODY_BYTES`. A NUL (which PostgreSQL's text
 * cannot hold) is written as `\u0000`, as JSON would.
 */
function kept(body: Buffer | string | null): string | null {
  if (body === null) return null;
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const text =
    bytes.length <= JOURNAL_BODY_BYTES
      ? bytes.toString('utf8')
      : `${bytes.subarray(0, JOURNAL_BODY_BYTES).toString('utf8')}… (${bytes.length} bytes, cut)`;
  return noNul(text);
}

/** A text PostgreSQL can hold: a NUL written as `\u0000`. */
const noNulOrNull = (text: string | undefined) => (text === undefined ? null : noNul(text));

const noNul = (text: string) => (text.includes('\u0000') ? text.replaceAll('\u0000', '\\u0000') : text);

/** The request's headers as the journal keeps them: the secret of `Authorization` never. */
function redacted(request: FastifyRequest, accessKeyId: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  if (headers.authorization !== undefined) headers.authorization = `Basic ${accessKeyId ?? '…'}:[redacted]`;
  return headers;
}

/**
 * Writes every answered request of a merchant to the service's API (`/api/`) in its journal: method,
 * path, status, headers with the secret redacted, bodies, the fault injected, the time taken. A request
 * whose credentials were refused names no merchant, and is kept nowhere.
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
      const path = request.url.split('?')[0] as string;
      if (!path.startsWith('/api/')) return done();
      const fault =
        (reply.getHeader(FAULT_HEADER) as string | undefined) ?? request.intakeFault?.kind ?? null;
      // A fault answers before the credentials are checked: its request is the merchant's it names.
      const merchant =
        (request.merchant as typeof request.merchant | null) ??
        (fault ? service.merchants.named(request.headers.authorization) : undefined);
      if (!merchant) return done();
      service.journal.record({
        merchant_id: merchant.id,
        request_id: request.id,
        at: service.now(merchant.id) - Math.round(reply.elapsedTime),
        method: request.method,
        path,
        status: reply.statusCode,
        target_id: noNulOrNull(recordOf(request)),
        fault,
        duration_ms: Math.round(reply.elapsedTime * 100) / 100,
        request_headers: JSON.stringify(redacted(request, merchant.access_key_id)),
        request_body: kept(request.rawBody),
        response_body: request.answerBody,
      });
      done();
    });
  },
  { name: 'intake-journal', dependencies: ['intake-service'] },
);

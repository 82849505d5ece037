import type { FastifyRequest } from 'fastify';
import type { Service } from '../service.js';

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
export function kept(body: Buffer | string | null): string | null {
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

/** The record a request is about: the path's id (an order's, a product's), else the body's `id`. */
export function recordOf(request: FastifyRequest): string | undefined {
  const fromPath = (request.params as { id?: unknown } | undefined)?.id;
  if (typeof fromPath === 'string' && fromPath !== '') return fromPath;
  const fromBody = (request.body as { id?: unknown } | null | undefined)?.id;
  return typeof fromBody === 'string' ? fromBody : undefined;
}

/** How a request ended, for its journal entry. */
export interface Ending {
  /** The answer's status (`NO_ANSWER` of the contract when none was sent). */
  status: number;
  fault: string | null;
  /** How long it took, in milliseconds. */
  elapsedMs: number;
  responseBody: string | null;
}

/**
 * Writes a request of a merchant to the service's API in its journal: method, path, status, headers
 * with the secret redacted, bodies, the fault injected, the time taken. A request whose credentials were
 * refused names no merchant, and is kept nowhere; one a fault met before its credentials were checked is
 * the merchant's it names.
 */
export function journalRequest(service: Service, request: FastifyRequest, ending: Ending): void {
  const path = request.url.split('?')[0] as string;
  if (!path.startsWith('/api/')) return;
  const merchant =
    (request.merchant as typeof request.merchant | null) ??
    (ending.fault ? service.merchants.named(request.headers.authorization) : undefined);
  if (!merchant) return;
  service.journal.record({
    merchant_id: merchant.id,
    request_id: request.id,
    at: service.now(merchant.id) - Math.round(ending.elapsedMs),
    method: request.method,
    path,
    status: ending.status,
    target_id: noNulOrNull(recordOf(request)),
    fault: ending.fault,
    duration_ms: Math.round(ending.elapsedMs * 100) / 100,
    request_headers: JSON.stringify(redacted(request, merchant.access_key_id)),
    request_body: kept(request.rawBody),
    response_body: ending.responseBody,
  });
}

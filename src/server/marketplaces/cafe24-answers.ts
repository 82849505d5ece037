import type { FastifyReply, FastifyRequest } from 'fastify';
import { kstIso } from '../../marketplaces/connector.js';
import type { FakeDoc } from './model.js';

export type Answer = { status: number; body: unknown; headers?: Record<string, string> };

export const apiError = (status: number, message: string): Answer => ({
  status,
  body: { error: { code: status, message, more_info: {} } },
});
export const oauthError = (status: number, error: string, description: string): Answer => ({
  status,
  body: { error, error_description: description },
});

/** Cafe24's timestamps: KST, no offset (`2026-11-25T14:00:00.000`). */
export const cafe24Stamp = (at: number) => kstIso(at).slice(0, 23);

export function send(reply: FastifyReply, answer: Answer): FastifyReply {
  return reply
    .code(answer.status)
    .headers(answer.headers ?? {})
    .type('application/json')
    .send(JSON.stringify(answer.body));
}

/**
 * What one Admin API endpoint of Cafe24's answers once the request was let in (a live token, the bucket):
 * given the merchant's data, real time (the caller's clock: the lines' times are on it, see `FakeBook`) and
 * the request.
 */
export type Cafe24Handler = (doc: FakeDoc, now: number, request: FastifyRequest) => Answer;

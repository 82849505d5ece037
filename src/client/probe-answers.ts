// What the one-shot checks answer, read without the schemas (whose library costs a command more time
// than the check itself). Each reader accepts what the contract's schema accepts and nothing else; a test
// holds them to it (test/client/probe.test.ts).
import { isPlainObject } from '../util/plain-object.js';

/** `GET /api/v1/health/`: the service is up. */
export interface Health {
  status: 'available';
}

/** `GET /api/v1/users/client-keys/`: whether the credentials may use the API, and why. */
export interface CredentialCheck {
  is_valid: boolean;
  reason: string;
}

/** `GET /api/v1/shipments/status/`: the merchant's shipment creates not applied yet. */
export interface QueueStatus {
  origin_mall_id: string;
  count: number;
}

/** Reads an answer, or says what is wrong with it. */
export type Reader<T> = (body: unknown) => { ok: true; value: T } | { ok: false; problem: string };

export const readHealth: Reader<Health> = (body) =>
  isPlainObject(body) && body.status === 'available'
    ? { ok: true, value: { status: 'available' } }
    : { ok: false, problem: 'status is not "available"' };

export const readCredentialCheck: Reader<CredentialCheck> = (body) =>
  isPlainObject(body) && typeof body.is_valid === 'boolean' && typeof body.reason === 'string'
    ? { ok: true, value: { is_valid: body.is_valid, reason: body.reason } }
    : { ok: false, problem: 'is_valid and reason are not a boolean and a text' };

/** `count` as an integer, or (the spec leaves its JSON type open) a text of digits. */
export const readQueueStatus: Reader<QueueStatus> = (body) => {
  if (!isPlainObject(body) || typeof body.origin_mall_id !== 'string')
    return { ok: false, problem: 'origin_mall_id is not a text' };
  const count = body.count;
  if (typeof count === 'number' && Number.isInteger(count))
    return { ok: true, value: { origin_mall_id: body.origin_mall_id, count } };
  if (typeof count === 'string' && /^\d+$/.test(count))
    return { ok: true, value: { origin_mall_id: body.origin_mall_id, count: Number(count) } };
  return { ok: false, problem: 'count is not a whole number' };
};

import { z } from 'zod';
import { AUTH_DETAILS } from './auth.js';
import { ValidationIssue } from './validation.js';

/** The 202 texts, by what was queued. */
export const QUEUED_MESSAGES = {
  order: 'Order creation request has been queued.',
  shipment: 'Shipment creation request has been queued.',
  product: 'Product creation request has been queued.',
} as const;
export type QueuedKind = keyof typeof QUEUED_MESSAGES;

/** Texts of answers that are always worded the same. */
export const DETAILS = {
  notFound: 'Not Found',
  methodNotAllowed: 'Method Not Allowed',
  bodyTooLarge: 'Request body too large.',
  reversedRange: 'start_date is later than end_date.',
  internal: 'Internal Server Error',
  unavailable: 'Service Unavailable',
} as const;

/** 202 answer of every create, as a client reads it: the spec only says `message` is a string. */
export const QueuedResponse = z
  .object({ message: z.string() })
  .meta({ id: 'QueuedResponse', examples: [{ message: QUEUED_MESSAGES.order }] });
export type QueuedResponse = z.infer<typeof QueuedResponse>;

const queued = (kind: QueuedKind, id: string) =>
  z.object({ message: z.literal(QUEUED_MESSAGES[kind]) }).meta({ id });

/** 202 answers of `intake serve`, one fixed text each. */
export const QUEUED_ANSWERS = {
  order: queued('order', 'OrderQueued'),
  shipment: queued('shipment', 'ShipmentQueued'),
  product: queued('product', 'ProductQueued'),
} as const;

/** Answer of `GET /api/v1/users/client-keys/`: always 200, the flag tells. */
export const CredentialCheckResult = z.object({ is_valid: z.boolean(), reason: z.string() }).meta({
  id: 'CredentialCheckResult',
  examples: [{ is_valid: true, reason: 'The credentials are valid and may use the API.' }],
});
export type CredentialCheckResult = z.infer<typeof CredentialCheckResult>;

/** Answer of `GET /api/v1/health/`. */
export const HealthResult = z
  .object({ status: z.literal('available') })
  .meta({ id: 'HealthResult', examples: [{ status: 'available' }] });
export type HealthResult = z.infer<typeof HealthResult>;

/** Answer of `GET /api/v1/shipments/status/`: this service sends `count` as an integer. */
export const ShipmentQueueStatus = z
  .object({ origin_mall_id: z.string(), count: z.number().int().min(0) })
  .meta({ id: 'ShipmentQueueStatus', examples: [{ origin_mall_id: 'mall-1', count: 3 }] });
export type ShipmentQueueStatus = z.infer<typeof ShipmentQueueStatus>;

/** The same as a client reads it: the spec leaves the JSON type of `count` open, so a numeric string is taken too. */
export const ShipmentQueueStatusReceived = ShipmentQueueStatus.extend({
  count: z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(Number),
});

/** Body of 400, 401, 403, 404, 405, 409 and 413 answers. */
export const ErrorBody = z
  .object({ detail: z.string() })
  .meta({ id: 'ErrorBody', examples: [{ detail: 'Order item ORD-1-1 already exists in order ORD-1.' }] });
export type ErrorBody = z.infer<typeof ErrorBody>;

const fixedDetail = (id: string, texts: readonly [string, ...string[]]) =>
  z.object({ detail: z.enum(texts) }).meta({ id });

/** 401: one of the four texts of the spec. */
export const UnauthorizedBody = fixedDetail(
  'UnauthorizedBody',
  Object.values(AUTH_DETAILS) as [string, ...string[]],
);
export const NotFoundBody = ErrorBody.meta({
  id: 'NotFoundBody',
  examples: [{ detail: DETAILS.notFound }, { detail: "Order 'ORD-1' not found." }],
});
export const BodyTooLargeBody = fixedDetail('BodyTooLargeBody', [DETAILS.bodyTooLarge]);
export const ReversedRangeBody = fixedDetail('ReversedRangeBody', [DETAILS.reversedRange]);
export const InternalErrorBody = fixedDetail('InternalErrorBody', [DETAILS.internal]);
export const UnavailableBody = fixedDetail('UnavailableBody', [DETAILS.unavailable]);

/** Body of every 422 answer. */
export const ValidationErrorBody = z
  .object({ detail: z.array(ValidationIssue).min(1) })
  .meta({ id: 'ValidationErrorBody' });
export type ValidationErrorBody = z.infer<typeof ValidationErrorBody>;

import { z } from 'zod';

/** 202 answer of every create. */
export const QueuedResponse = z
  .object({ message: z.string() })
  .meta({ id: 'QueuedResponse', examples: [{ message: 'Order creation request has been queued.' }] });
export type QueuedResponse = z.infer<typeof QueuedResponse>;

/** The 202 texts, by what was queued. */
export const QUEUED_MESSAGES = {
  order: 'Order creation request has been queued.',
  shipment: 'Shipment creation request has been queued.',
  product: 'Product creation request has been queued.',
} as const;

/** Answer of `GET /api/v1/users/client-keys/`: always 200, the flag tells. */
export const CredentialCheckResult = z.object({ is_valid: z.boolean(), reason: z.string() }).meta({
  id: 'CredentialCheckResult',
  examples: [{ is_valid: true, reason: 'The credentials may use the API.' }],
});
export type CredentialCheckResult = z.infer<typeof CredentialCheckResult>;

/** Answer of `GET /api/v1/health/`. */
export const HealthResult = z
  .object({ status: z.literal('available') })
  .meta({ id: 'HealthResult', examples: [{ status: 'available' }] });
export type HealthResult = z.infer<typeof HealthResult>;

/** Answer of `GET /api/v1/shipments/status/`: this service sends `count` as an integer. */
export const ShipmentQueueStatus = z
  .object({ origin_mall_id: z.string(), count: z.number().int() })
  .meta({ id: 'ShipmentQueueStatus', examples: [{ origin_mall_id: 'mall-1', count: 3 }] });
export type ShipmentQueueStatus = z.infer<typeof ShipmentQueueStatus>;

/** The same as a client reads it: the spec leaves the JSON type of `count` open, so a numeric string is taken too. */
export const ShipmentQueueStatusReceived = ShipmentQueueStatus.extend({
  count: z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(Number),
});

/** Body of 400, 401, 404, 405, 409 and 413 answers. */
export const ErrorBody = z
  .object({ detail: z.string() })
  .meta({ id: 'ErrorBody', examples: [{ detail: 'Authorization header required.' }] });
export type ErrorBody = z.infer<typeof ErrorBody>;

import type { z } from 'zod';
import { OrderCreateBody, OrderPatchBody } from './order.js';
import { ProductCreateBody, ProductPatchBody } from './product.js';
import { CredentialCheckResult, HealthResult, QueuedResponse, ShipmentQueueStatus } from './responses.js';
import { RewardsListResponse, RewardsQuery } from './rewards.js';
import { ShipmentCreateBody } from './shipment.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** One operation of an HTTP interface, described once for the server, the client and the OpenAPI document. */
export interface Endpoint {
  method: HttpMethod;
  /** Path template with `{name}` parameters, slashes exactly as served. */
  path: string;
  summary: string;
  tag: string;
  /**
   * `required`: a bad `Authorization` header gives 401. `checked`: the header is read but never refused
   * (the credential check). `none`: the header is ignored (health).
   */
  auth: 'required' | 'checked' | 'none';
  body?: z.ZodType;
  query?: z.ZodType;
  success: { status: number; description: string; schema?: z.ZodType };
  /** Error statuses beyond 401 (implied by `auth: 'required'`) that the operation can answer. */
  errors: readonly number[];
}

/** The nine operations of the service. */
export const SERVICE_ENDPOINTS = {
  createOrder: {
    method: 'POST',
    path: '/api/v1/orders/',
    summary: 'Create an order (queued, applied later)',
    tag: 'Orders',
    auth: 'required',
    body: OrderCreateBody,
    success: { status: 202, description: 'The creation request was queued.', schema: QueuedResponse },
    errors: [409, 413, 422],
  },
  patchOrder: {
    method: 'PATCH',
    path: '/api/v1/orders/{id}',
    summary: 'Update the recipient of an order',
    tag: 'Orders',
    auth: 'required',
    body: OrderPatchBody,
    success: { status: 204, description: 'Updated.' },
    errors: [404, 413, 422],
  },
  createShipment: {
    method: 'POST',
    path: '/api/v1/orders/{id}/shipments/',
    summary: 'Create a shipment for items of an order (queued, applied later)',
    tag: 'Shipments',
    auth: 'required',
    body: ShipmentCreateBody,
    success: { status: 202, description: 'The creation request was queued.', schema: QueuedResponse },
    errors: [404, 413, 422],
  },
  createProduct: {
    method: 'POST',
    path: '/api/v1/products/',
    summary: 'Create a product (queued, applied later)',
    tag: 'Products',
    auth: 'required',
    body: ProductCreateBody,
    success: { status: 202, description: 'The creation request was queued.', schema: QueuedResponse },
    errors: [409, 413, 422],
  },
  patchProduct: {
    method: 'PATCH',
    path: '/api/v1/products/{id}/',
    summary: 'Update the name or image of a product',
    tag: 'Products',
    auth: 'required',
    body: ProductPatchBody,
    success: { status: 204, description: 'Updated.' },
    errors: [404, 413, 422],
  },
  listRewards: {
    method: 'GET',
    path: '/api/v1/rewards/',
    summary: 'List rewards earned by reviews, by UTC day range (both ends included)',
    tag: 'Rewards',
    auth: 'required',
    query: RewardsQuery,
    success: { status: 200, description: 'Rewards, oldest first.', schema: RewardsListResponse },
    errors: [400, 422],
  },
  checkCredentials: {
    method: 'GET',
    path: '/api/v1/users/client-keys/',
    summary: 'Check credentials (always 200; the flag tells)',
    tag: 'Utilities',
    auth: 'checked',
    success: { status: 200, description: 'The check result.', schema: CredentialCheckResult },
    errors: [],
  },
  health: {
    method: 'GET',
    path: '/api/v1/health/',
    summary: 'Health check (no credentials needed)',
    tag: 'Utilities',
    auth: 'none',
    success: { status: 200, description: 'The service is up.', schema: HealthResult },
    errors: [],
  },
  shipmentQueueStatus: {
    method: 'GET',
    path: '/api/v1/shipments/status/',
    summary: 'Count shipment creations not yet applied',
    tag: 'Shipments',
    auth: 'required',
    success: { status: 200, description: 'The count.', schema: ShipmentQueueStatus },
    errors: [],
  },
} as const satisfies Record<string, Endpoint>;

/** Fills `{name}` parameters of a path template, encoding each value. */
export function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

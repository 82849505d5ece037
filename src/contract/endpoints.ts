import { CREDENTIAL_CHECK_PATH, HEALTH_PATH, SHIPMENT_QUEUE_PATH } from './paths.js';
import { z } from 'zod';
import { AUTH_DETAILS } from './auth.js';
import { BUILT_IN_CARRIERS, type Carrier } from './carriers.js';
import { ID_MAX_LENGTH, id } from './fields.js';
import { OrderCreateBody, OrderPatchBody } from './order.js';
import { ProductCreateBody, ProductPatchBody } from './product.js';
import {
  BodyTooLargeBody,
  CredentialCheckResult,
  ErrorBody,
  HealthResult,
  InternalErrorBody,
  UnavailableBody,
  NotFoundBody,
  QUEUED_ANSWERS,
  ReversedRangeBody,
  ShipmentQueueStatus,
  UnauthorizedBody,
  ValidationErrorBody,
} from './responses.js';
import { RewardsListResponse, RewardsQuery } from './rewards.js';
import { shipmentCreateBody } from './shipment.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** One answer an operation can give: what it means, its body and the headers that matter. */
export interface Answer {
  description: string;
  schema?: z.ZodType;
  /** Response headers worth documenting, by name, with what they hold. */
  headers?: Record<string, string>;
}

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
  /** The answers of this operation of its own: its success, and errors only it gives. */
  answers: Readonly<Record<number, Answer>>;
}

const queued = (kind: keyof typeof QUEUED_ANSWERS): Answer => ({
  description: 'The creation request was stored and queued; it is applied a little later.',
  schema: QUEUED_ANSWERS[kind],
});
const updated: Answer = { description: 'Updated at once; no body.' };
const conflict = (what: string): Answer => ({
  description: `${what} (applied or still queued).`,
  schema: ErrorBody,
});
const notFound = (what: string): Answer => ({ description: what, schema: NotFoundBody });

/**
 * The nine operations of the service, for a set of carriers (the shipment body accepts exactly their
 * codes). `intake serve` builds it from its configured carriers; the client uses the built-in ones.
 */
export function serviceEndpoints(carriers: readonly Carrier[]) {
  // Long because it is the table of the nine operations, one entry each: data, not logic.
  return {
    createOrder: {
      method: 'POST',
      path: '/api/v1/orders/',
      summary: 'Create an order (queued, applied later)',
      tag: 'Orders',
      auth: 'required',
      body: OrderCreateBody,
      answers: {
        202: queued('order'),
        409: conflict('The order id, or an item id, is already known'),
      },
    },
    patchOrder: {
      method: 'PATCH',
      path: '/api/v1/orders/{id}',
      summary: 'Update the recipient of an order',
      tag: 'Orders',
      auth: 'required',
      body: OrderPatchBody,
      answers: { 204: updated, 404: notFound('No order has this id.') },
    },
    createShipment: {
      method: 'POST',
      path: '/api/v1/orders/{id}/shipments/',
      summary:
        'Create a shipment for items of an order (queued, applied later). Sending the same shipment again ' +
        'is answered 202 and changes nothing.',
      tag: 'Shipments',
      auth: 'required',
      body: shipmentCreateBody(carriers),
      answers: { 202: queued('shipment'), 404: notFound('No order has this id.') },
    },
    createProduct: {
      method: 'POST',
      path: '/api/v1/products/',
      summary: 'Create a product (queued, applied later)',
      tag: 'Products',
      auth: 'required',
      body: ProductCreateBody,
      answers: { 202: queued('product'), 409: conflict('The product id is already known') },
    },
    patchProduct: {
      method: 'PATCH',
      path: '/api/v1/products/{id}/',
      summary: 'Update the name or image of a product',
      tag: 'Products',
      auth: 'required',
      body: ProductPatchBody,
      answers: { 204: updated, 404: notFound('No product has this id.') },
    },
    listRewards: {
      method: 'GET',
      path: '/api/v1/rewards/',
      summary: 'List rewards earned by reviews, by UTC day range (both ends included)',
      tag: 'Rewards',
      auth: 'required',
      query: RewardsQuery,
      answers: {
        200: { description: 'Rewards, oldest first.', schema: RewardsListResponse },
        400: { description: 'start_date is later than end_date.', schema: ReversedRangeBody },
      },
    },
    checkCredentials: {
      method: 'GET',
      path: CREDENTIAL_CHECK_PATH,
      summary: 'Check credentials (always 200; the flag tells)',
      tag: 'Utilities',
      auth: 'checked',
      answers: { 200: { description: 'The check result.', schema: CredentialCheckResult } },
    },
    health: {
      method: 'GET',
      path: HEALTH_PATH,
      summary: 'Health check (no credentials needed)',
      tag: 'Utilities',
      auth: 'none',
      answers: { 200: { description: 'The service is up.', schema: HealthResult } },
    },
    shipmentQueueStatus: {
      method: 'GET',
      path: SHIPMENT_QUEUE_PATH,
      summary: 'Count shipment creations not yet applied',
      tag: 'Shipments',
      auth: 'required',
      answers: { 200: { description: 'The count.', schema: ShipmentQueueStatus } },
    },
  } as const satisfies Record<string, Endpoint>;
}

/** The nine operations with the built-in carriers, as the client knows them. */
export const SERVICE_ENDPOINTS = serviceEndpoints(BUILT_IN_CARRIERS);

/** The `{name}` parameters of a path template. */
export function pathParameters(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
}

/** The schema of a path's parameters: every one is an id. */
export function pathSchema(template: string): z.ZodType | undefined {
  const names = pathParameters(template);
  return names.length === 0 ? undefined : z.object(Object.fromEntries(names.map((name) => [name, id()])));
}

/** Where the path parameters say more than any id can be, the path is not a path of the service. */
export const PATH_PARAMETER_MAX_LENGTH = ID_MAX_LENGTH;

/**
 * Every answer an operation can give: its own, and those that follow from its shape, declared here once.
 * A protected operation can answer 401; one with a body 413 and 422; one with a query 422; one with a
 * path id 404 (an unknown id, or one longer than any id can be); and any operation 500. Answers to other
 * requests (another method on the path: 405; the other slash form of the path: 307; an unknown path:
 * 404) are not this operation's: the document says them once, in its description.
 */
export function answersOf(endpoint: Endpoint): Record<number, Answer> {
  const answers: Record<number, Answer> = { ...endpoint.answers };
  if (endpoint.auth === 'required') {
    answers[401] = {
      description: `The Authorization header is missing or refused; detail is one of: ${Object.values(AUTH_DETAILS).join(' ')}`,
      schema: UnauthorizedBody,
      headers: { 'WWW-Authenticate': 'Basic' },
    };
  }
  if (endpoint.body) {
    answers[413] = { description: 'The body is over 1 MiB.', schema: BodyTooLargeBody };
  }
  if (endpoint.body || endpoint.query) {
    answers[422] = {
      description:
        'The body (read as JSON whatever its Content-Type) or the query does not match the contract.',
      schema: ValidationErrorBody,
    };
  }
  if (pathParameters(endpoint.path).length > 0) {
    answers[404] ??= {
      description: 'No such id, or a path id longer than any id.',
      schema: NotFoundBody,
    };
  }
  answers[500] = { description: 'Something failed inside the service.', schema: InternalErrorBody };
  answers[503] = {
    description:
      "The service's database did not answer; nothing was changed. Try again after Retry-After seconds.",
    schema: UnavailableBody,
    headers: { 'Retry-After': 'Seconds to wait before trying again.' },
  };
  return answers;
}

/** Fills `{name}` parameters of a path template, encoding each value. */
export function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

import type { z } from 'zod';
import {
  CredentialCheckResult,
  HealthResult,
  QueuedResponse,
  RewardsListResponse,
  SERVICE_ENDPOINTS,
  ShipmentQueueStatusReceived,
  type ShipmentQueueStatus,
  fillPath,
  type Endpoint,
  type OrderCreateBody,
  type OrderPatchBody,
  type ProductCreateBody,
  type ProductPatchBody,
  type RewardsQuery,
  type ShipmentCreateBody,
} from '../contract/index.js';
import {
  BotMessageList,
  LOCAL_ENDPOINTS,
  LocalJobList,
  LocalMerchant,
  LocalOrderList,
  LocalProductList,
  LocalReview,
  LocalReviewList,
  QueueRun,
  FaultsState,
  ResetResult,
  ServiceEventList,
  type LocalMerchantBody,
  type LocalReviewBody,
  JournalCount,
  JournalList,
} from '../contract/local/index.js';
import { FAKE_ENDPOINTS, FakeCode, FakeState } from '../contract/marketplace-fakes.js';
import { UnexpectedResponseError } from './errors.js';
import type { HttpClient, HttpResult } from './http.js';
import type { RetryPolicy } from './retry.js';

/**
 * The answer to a create: 202 (queued) or 409 (the id is already known). A 409 with `uncertain` set
 * follows an attempt whose answer was lost, so it is most likely this very create, registered earlier.
 */
export interface CreateResult {
  status: 202 | 409;
  message: string;
  attempts: number;
  uncertain: boolean;
}

/** Which requests of the journal: a method, a path as sent, an answer's status, a record's id. */
export type JournalFilter = {
  method?: string;
  path?: string;
  status?: number;
  id?: string;
};

/** The `after` of a list's `Link: <…>; rel="next"` header, when it links a next page. */
function nextAfter(link: string | string[] | undefined): string | undefined {
  const target = /<([^>]+)>;\s*rel="next"/.exec(Array.isArray(link) ? link.join(', ') : (link ?? ''))?.[1];
  return target === undefined
    ? undefined
    : (new URL(target, 'http://service.invalid').searchParams.get('after') ?? undefined);
}

/** Typed calls of the service's nine operations, over one HTTP client. */
export class ApiClient {
  readonly http: HttpClient;
  /** How creates and corrections are retried, when not as the client's other requests (an upload's patience). */
  readonly #writeRetry: RetryPolicy | undefined;

  constructor(http: HttpClient, options: { writeRetry?: RetryPolicy } = {}) {
    this.http = http;
    this.#writeRetry = options.writeRetry;
  }

  #parse<S extends z.ZodType>(schema: S, result: HttpResult, path: string): z.output<S> {
    const parsed = schema.safeParse(result.body);
    if (!parsed.success)
      throw new UnexpectedResponseError(
        this.http.baseUrl + path,
        parsed.error.issues[0]?.message ?? 'invalid body',
      );
    return parsed.data;
  }

  async #call(
    endpoint: Endpoint,
    options: {
      params?: Record<string, string>;
      body?: unknown;
      /** The body as JSON already made, sent as it is. */
      raw?: string;
      query?: Record<string, string>;
      accept?: number[];
      timeoutMs?: number;
    } = {},
  ) {
    const path = fillPath(endpoint.path, options.params);
    const writes = endpoint.method === 'POST' || endpoint.method === 'PATCH';
    const retry = writes ? this.#writeRetry : undefined;
    const result = await this.http.send(endpoint.method, path, { ...options, ...(retry ? { retry } : {}) });
    return { result, path };
  }

  /** `how.raw`: the body as JSON already made, sent as it is. */
  async #create(
    endpoint: Endpoint,
    body: unknown,
    how: { params?: Record<string, string>; raw?: string | undefined } = {},
  ): Promise<CreateResult> {
    const { params, raw } = how;
    const { result, path } = await this.#call(endpoint, {
      ...(raw === undefined ? { body } : { raw }),
      accept: [409],
      ...(params ? { params } : {}),
    });
    const message =
      result.status === 409
        ? String((result.body as { detail?: unknown } | undefined)?.detail ?? 'already exists')
        : this.#parse(QueuedResponse, result, path).message;
    return {
      status: result.status as 202 | 409,
      message,
      attempts: result.attempts,
      uncertain: result.uncertain,
    };
  }

  /** Creates an order; `json` is the order as JSON, when the caller has made it already. */
  createOrder(order: OrderCreateBody, json?: string): Promise<CreateResult> {
    return this.#create(SERVICE_ENDPOINTS.createOrder, order, { raw: json });
  }

  async patchOrder(id: string, patch: OrderPatchBody): Promise<void> {
    await this.#call(SERVICE_ENDPOINTS.patchOrder, { params: { id }, body: patch });
  }

  createShipment(orderId: string, shipment: ShipmentCreateBody): Promise<CreateResult> {
    return this.#create(SERVICE_ENDPOINTS.createShipment, shipment, { params: { id: orderId } });
  }

  /** Creates a product; `json` is the product as JSON, when the caller has made it already. */
  createProduct(product: ProductCreateBody, json?: string): Promise<CreateResult> {
    return this.#create(SERVICE_ENDPOINTS.createProduct, product, { raw: json });
  }

  async patchProduct(id: string, patch: ProductPatchBody): Promise<void> {
    await this.#call(SERVICE_ENDPOINTS.patchProduct, { params: { id }, body: patch });
  }

  async listRewards(query: RewardsQuery): Promise<RewardsListResponse> {
    const { result, path } = await this.#call(SERVICE_ENDPOINTS.listRewards, { query });
    return this.#parse(RewardsListResponse, result, path);
  }

  async checkCredentials(): Promise<CredentialCheckResult> {
    const { result, path } = await this.#call(SERVICE_ENDPOINTS.checkCredentials);
    return this.#parse(CredentialCheckResult, result, path);
  }

  async health(): Promise<HealthResult> {
    const { result, path } = await this.#call(SERVICE_ENDPOINTS.health);
    return this.#parse(HealthResult, result, path);
  }

  /**
   * The service's time, as its `Date` header says (asking the health check if nothing was asked yet), or
   * undefined when it does not say.
   */
  async serviceNow(): Promise<number | undefined> {
    if (this.http.serviceNow() === undefined) await this.health();
    return this.http.serviceNow();
  }

  async shipmentQueueStatus(): Promise<ShipmentQueueStatus> {
    const { result, path } = await this.#call(SERVICE_ENDPOINTS.shipmentQueueStatus);
    return this.#parse(ShipmentQueueStatusReceived, result, path);
  }

  /** The `/local/` operations of `intake serve`. A `wait` (ms) answers once something matches. */
  readonly local = {
    // Each list a page at a time: `after` is where the page before ended (its `next`).
    orders: async (query: { id?: string; after?: number; limit?: number; wait?: number } = {}) =>
      this.#page(LOCAL_ENDPOINTS.listOrders, LocalOrderList, query),
    products: async (query: { after?: string; limit?: number } = {}) =>
      this.#page(LOCAL_ENDPOINTS.listProducts, LocalProductList, query),
    messages: async (
      query: {
        order_id?: string;
        status?: string;
        kind?: string;
        after?: string;
        limit?: number;
        wait?: number;
      } = {},
    ) => this.#page(LOCAL_ENDPOINTS.listMessages, BotMessageList, query),
    jobs: async (
      query: { state?: string; target_id?: string; after?: number; limit?: number; wait?: number } = {},
    ) => this.#page(LOCAL_ENDPOINTS.listJobs, LocalJobList, query),
    /** The latest events kept, or (`after` an event) the next ones, a page at a time. */
    events: async (query: { after?: number; limit?: number } = {}) =>
      this.#page(LOCAL_ENDPOINTS.listEvents, ServiceEventList, query),
    /** The request journal, newest first (`before` pages back; `after`, oldest first, follows it). */
    requests: async (query: JournalFilter & { before?: number; after?: number; limit?: number } = {}) =>
      this.#get(LOCAL_ENDPOINTS.listRequests, JournalList, query),
    countRequests: async (query: JournalFilter = {}) =>
      this.#get(LOCAL_ENDPOINTS.countRequests, JournalCount, query),
    faults: async () => this.#get(LOCAL_ENDPOINTS.getFaults, FaultsState, {}),
    setFaults: async (spec: string, seed?: number) => {
      const body = seed === undefined ? { spec } : { spec, seed };
      const { result, path } = await this.#call(LOCAL_ENDPOINTS.setFaults, { body });
      return this.#parse(FaultsState, result, path);
    },
    clearFaults: async () => {
      const { result, path } = await this.#call(LOCAL_ENDPOINTS.clearFaults);
      return this.#parse(FaultsState, result, path);
    },
    reset: async () => this.#post(LOCAL_ENDPOINTS.reset, ResetResult, undefined),
    reviews: async (query: { after?: number; limit?: number } = {}) =>
      this.#page(LOCAL_ENDPOINTS.listReviews, LocalReviewList, query),
    addReview: async (body: LocalReviewBody) => this.#post(LOCAL_ENDPOINTS.addReview, LocalReview, body),
    advanceClock: async (by: string) => this.#post(LOCAL_ENDPOINTS.advanceClock, QueueRun, { by }),
    applyQueue: async () => this.#post(LOCAL_ENDPOINTS.applyQueue, QueueRun, undefined),
    addMerchant: async (body: LocalMerchantBody) =>
      this.#post(LOCAL_ENDPOINTS.addMerchant, LocalMerchant, body),
    /** The merchant's marketplace fakes (`/local/marketplaces/…`). */
    marketplace: {
      state: async (marketplace: string) => this.#fake(FAKE_ENDPOINTS.getMarketplace, { marketplace }),
      seed: async (marketplace: string, seed: unknown) =>
        this.#fake(FAKE_ENDPOINTS.seedMarketplace, { marketplace }, seed),
      set: async (marketplace: string, settings: unknown) =>
        this.#fake(FAKE_ENDPOINTS.setMarketplace, { marketplace }, settings),
      changeLine: async (marketplace: string, lineId: string, change: unknown) =>
        this.#fake(FAKE_ENDPOINTS.changeMarketplaceLine, { marketplace, line_id: lineId }, change),
      reset: async (marketplace: string) => this.#fake(FAKE_ENDPOINTS.resetMarketplace, { marketplace }),
      cafe24Code: async () => {
        const { result, path } = await this.#call(FAKE_ENDPOINTS.cafe24Code);
        return this.#parse(FakeCode, result, path);
      },
    },
  };

  async #fake(endpoint: Endpoint, params: Record<string, string>, body?: unknown) {
    const { result, path } = await this.#call(endpoint, { params, ...(body === undefined ? {} : { body }) });
    return this.#parse(FakeState, result, path);
  }

  async #ask(endpoint: Endpoint, query: Record<string, string | number | undefined>) {
    const { wait, ...rest } = query;
    const defined = Object.entries(rest).filter(([, value]) => value !== undefined);
    return this.#call(endpoint, {
      query: Object.fromEntries([
        ...defined.map(([key, value]) => [key, String(value)]),
        // The service waits for a match; the client waits for the service a little longer.
        ...(typeof wait === 'number' ? [['wait', `${wait}ms`]] : []),
      ]),
      ...(typeof wait === 'number' ? { timeoutMs: wait + 10_000 } : {}),
    });
  }

  async #get<S extends z.ZodType>(
    endpoint: Endpoint,
    schema: S,
    query: Record<string, string | number | undefined>,
  ) {
    const { result, path } = await this.#ask(endpoint, query);
    return this.#parse(schema, result, path);
  }

  /** A page of a local list, and where the next one starts (`next`: its link's `after`), when there is one. */
  async #page<S extends z.ZodType>(
    endpoint: Endpoint,
    schema: S,
    query: Record<string, string | number | undefined>,
  ): Promise<{ page: z.infer<S>; next: string | undefined }> {
    const { result, path } = await this.#ask(endpoint, query);
    return { page: this.#parse(schema, result, path), next: nextAfter(result.headers.link) };
  }

  async #post<S extends z.ZodType>(endpoint: Endpoint, schema: S, body: unknown) {
    const { result, path } = await this.#call(endpoint, body === undefined ? {} : { body });
    return this.#parse(schema, result, path);
  }

  /** Stops every request in flight; see `HttpClient.abort`. */
  abort(): Promise<void> {
    return this.http.abort();
  }

  close(): Promise<void> {
    return this.http.close();
  }
}

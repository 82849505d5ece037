import type { z } from 'zod';
import {
  kstIso,
  type Connector,
  type ProductFacts,
  type PulledLine,
  type PullWindow,
  type PushHooks,
  type PushLine,
  type PushOutcome,
} from '../connector.js';
import { MarketplaceError } from '../errors.js';
import { reachableNumber } from '../../input/phone.js';
import {
  answerJson,
  checked,
  formBody,
  queryString,
  Spacing,
  type MarketplaceAnswer,
  type Timing,
  type Transport,
} from '../http.js';
import {
  NaverChanges,
  NaverChannelProduct,
  NaverDispatchAnswer,
  NaverProductOrders,
  NaverToken,
  type NaverChange,
  type NaverProductOrderInfo,
} from './schema.js';
import { dispatchEntry, guard, stateOf } from './lines.js';
import { naverFailure, TRACE } from './failure.js';
import { naverSignature } from './sign.js';

export interface NaverCredentials {
  clientId: string;
  clientSecret: string;
}

/** Most product orders per detail query, and per dispatch (the reference's §2.3, §2.4). */
const QUERY_MAX = 300;
const DISPATCH_MAX = 30;
/** The longest change-feed window Naver takes. */
const WINDOW_MS = 24 * 3_600_000;
/** Tries for a call refused as busy (429, 5xx), waiting 1 s, 2 s, 4 s between. */
const BUSY_TRIES = 4;

/** Codes of a dispatch entry that mean it was done before: the line is there. */
const ALREADY = new Set(['105306']);
/** Codes worth one more try. */
const RETRYABLE = new Set(['9999']);

/**
 * Naver Commerce API (Smartstore): a token from a bcrypt signature, the change feed then the details for
 * a pull, the dispatch for a push (the reference's §2). Every answer is checked; its trace id is kept.
 */
export class NaverConnector implements Connector {
  readonly marketplace = 'naver' as const;
  readonly overlapMs = 30 * 60_000;
  readonly #base: string;
  readonly #credentials: NaverCredentials;
  readonly #transport: Transport;
  readonly #timing: Timing;
  readonly #spacing: Spacing;
  #token: { value: string; expiresAt: number } | undefined;

  constructor(options: {
    baseUrl: string;
    credentials: NaverCredentials;
    transport: Transport;
    timing: Timing;
  }) {
    this.#base = options.baseUrl.replace(/\/+$/, '');
    this.#credentials = options.credentials;
    this.#transport = options.transport;
    this.#timing = options.timing;
    // Until the answers' rate headers say otherwise: the fake's (and a cautious) 2 a second.
    this.#spacing = new Spacing(500, options.timing);
  }

  async check(): Promise<string> {
    await this.#tokenValue(true);
    return 'a token was issued';
  }

  async pull(window: PullWindow): Promise<PulledLine[]> {
    const changedAt = new Map<string, string>();
    for (let from = window.from.getTime(); from < window.to.getTime(); from += WINDOW_MS) {
      const to = Math.min(from + WINDOW_MS, window.to.getTime());
      for (const change of await this.#changes(from, to)) {
        const seen = changedAt.get(change.productOrderId);
        if (seen === undefined || seen < change.lastChangedDate)
          changedAt.set(change.productOrderId, change.lastChangedDate);
      }
    }
    const lines: PulledLine[] = [];
    const ids = [...changedAt.keys()];
    for (let start = 0; start < ids.length; start += QUERY_MAX) {
      for (const info of await this.#details(ids.slice(start, start + QUERY_MAX))) {
        lines.push(this.#line(info, changedAt.get(info.productOrder.productOrderId) ?? ''));
      }
    }
    return lines;
  }

  async product(productId: string): Promise<ProductFacts | undefined> {
    const answer = await this.#api(
      'GET',
      `/external/v2/products/channel-products/${encodeURIComponent(productId)}`,
      {
        allow404: true,
      },
    );
    if (answer.status === 404) return undefined;
    const product = this.#read(NaverChannelProduct, answer, 'the product lookup');
    return {
      name: product.originProduct.name,
      imageUrl: product.originProduct.images.representativeImage.url,
    };
  }

  async push(lines: readonly PushLine[], hooks: PushHooks): Promise<void> {
    for (let start = 0; start < lines.length; start += DISPATCH_MAX) {
      await this.#pushBatch(lines.slice(start, start + DISPATCH_MAX), hooks);
    }
  }

  async #pushBatch(batch: readonly PushLine[], hooks: PushHooks): Promise<void> {
    const outcomes: PushOutcome[] = [];
    const ready: { line: PushLine; entry: Record<string, string> }[] = [];
    const infos = new Map(
      (await this.#details(batch.map((line) => line.lineId))).map((info) => [
        info.productOrder.productOrderId,
        info,
      ]),
    );
    for (const line of batch) {
      const info = infos.get(line.lineId);
      const decided = guard(line, info);
      if (decided) {
        outcomes.push(decided);
        continue;
      }
      const entry = dispatchEntry(line, this.#timing.now());
      if ('refused' in entry) outcomes.push({ line, outcome: 'refused', message: entry.refused });
      else ready.push({ line, entry });
    }
    hooks.outcomes(outcomes);
    if (ready.length === 0) return;
    hooks.sending(ready.map(({ line }) => line));
    let answer: MarketplaceAnswer;
    try {
      answer = await this.#api('POST', '/external/v1/pay-order/seller/product-orders/dispatch', {
        json: { dispatchProductOrders: ready.map(({ entry }) => entry) },
        write: true,
      });
    } catch (error) {
      if (error instanceof MarketplaceError && (error.kind === 'busy' || error.kind === 'unreachable')) {
        // The write may have been applied: what the marketplace has now decides.
        hooks.outcomes(
          await this.#settleAfterDoubt(
            ready.map(({ line }) => line),
            error,
          ),
        );
        return;
      }
      throw error;
    }
    const trace = answer.headers[TRACE];
    const result = this.#read(NaverDispatchAnswer, answer, 'the dispatch').data;
    const succeeded = new Set(result.successProductOrderIds);
    const failed = new Map(result.failProductOrderInfos.map((info) => [info.productOrderId, info]));
    hooks.outcomes(
      ready.map(({ line }): PushOutcome => {
        const traced = trace ? { traceId: trace } : {};
        if (succeeded.has(line.lineId)) return { line, outcome: 'pushed', message: 'dispatched', ...traced };
        const failure = failed.get(line.lineId);
        if (!failure)
          return { line, outcome: 'failed', message: 'the answer does not name this line', ...traced };
        const message = `${failure.code} ${failure.message ?? ''}`.trim();
        if (ALREADY.has(failure.code))
          return { line, outcome: 'already_pushed', code: failure.code, message, ...traced };
        if (failure.code === '104442' || failure.code === '104443') {
          return {
            line,
            outcome: 'skipped',
            code: failure.code,
            message: `its status does not allow a dispatch now: ${message}`,
            ...traced,
          };
        }
        return {
          line,
          outcome: RETRYABLE.has(failure.code) ? 'failed' : 'refused',
          code: failure.code,
          message,
          ...traced,
        };
      }),
    );
  }

  /** After a write whose answer was lost: each line as the marketplace now has it. */
  async #settleAfterDoubt(lines: readonly PushLine[], error: MarketplaceError): Promise<PushOutcome[]> {
    let infos: Map<string, NaverProductOrderInfo>;
    try {
      infos = new Map(
        (await this.#details(lines.map((line) => line.lineId))).map((info) => [
          info.productOrder.productOrderId,
          info,
        ]),
      );
    } catch {
      return lines.map((line) => ({
        line,
        outcome: 'failed',
        message: `no answer to the dispatch (${error.message}); the next push asks again`,
      }));
    }
    return lines.map((line) => {
      const decided = guard(line, infos.get(line.lineId));
      return (
        decided ?? {
          line,
          outcome: 'failed',
          message: `the dispatch was not applied (${error.message}); the next push tries again`,
        }
      );
    });
  }

  #line(info: NaverProductOrderInfo, changedAt: string): PulledLine {
    const order = info.productOrder;
    const address = order.shippingAddress;
    const tracking = info.delivery?.trackingNumber
      ? { carrier: info.delivery.deliveryCompany ?? '', number: info.delivery.trackingNumber }
      : undefined;
    return {
      orderId: info.order.orderId,
      lineId: order.productOrderId,
      changedAt,
      recipientName: address?.name ?? info.order.ordererName ?? '',
      recipientPhone: reachableNumber([address?.tel1, address?.tel2]),
      productId: order.productId,
      productName: order.productName,
      ...(order.productOption ? { option: order.productOption } : {}),
      quantity: order.quantity,
      state: stateOf(info),
      stateText: order.claimStatus
        ? `${order.productOrderStatus}/${order.claimStatus}`
        : order.productOrderStatus,
      ...(tracking ? { tracking } : {}),
    };
  }

  async #changes(from: number, to: number): Promise<NaverChange[]> {
    const found: NaverChange[] = [];
    let query: Record<string, string> = { lastChangedFrom: kstIso(from), lastChangedTo: kstIso(to) };
    for (let page = 0; page < 10_000; page++) {
      const answer = await this.#api(
        'GET',
        '/external/v1/pay-order/seller/product-orders/last-changed-statuses',
        { query },
      );
      const data = this.#read(NaverChanges, answer, 'the change feed').data;
      if (!data) break;
      found.push(...data.lastChangeStatuses);
      if (!data.more) break;
      query = { ...query, lastChangedFrom: data.more.moreFrom, moreSequence: data.more.moreSequence };
    }
    return found;
  }

  async #details(ids: readonly string[]): Promise<NaverProductOrderInfo[]> {
    if (ids.length === 0) return [];
    const answer = await this.#api('POST', '/external/v1/pay-order/seller/product-orders/query', {
      json: { productOrderIds: ids, quantityClaimCompatibility: true },
    });
    return this.#read(NaverProductOrders, answer, 'the product order query').data;
  }

  #read<T>(schema: z.ZodType<T>, answer: MarketplaceAnswer, what: string): T {
    return checked('naver', schema, answerJson(answer.text), what, answer.headers[TRACE]);
  }

  async #tokenValue(fresh = false): Promise<string> {
    const now = this.#timing.now();
    if (!fresh && this.#token && this.#token.expiresAt - now > 60_000) return this.#token.value;
    const timestamp = now;
    let sign: string;
    try {
      sign = naverSignature(this.#credentials.clientId, this.#credentials.clientSecret, timestamp);
    } catch {
      throw new MarketplaceError(
        'naver',
        'auth',
        'the application secret is not one Naver issues (it looks like $2a$10$ and 22 characters)',
        {
          hints: [
            'Copy the secret again from the Naver Commerce API Center, then: intake marketplace login naver',
          ],
        },
      );
    }
    const answer = await this.#send({
      method: 'POST',
      path: '/external/v1/oauth2/token',
      body: formBody({
        client_id: this.#credentials.clientId,
        timestamp: String(timestamp),
        grant_type: 'client_credentials',
        client_secret_sign: sign,
        type: 'SELF',
      }),
      contentType: 'application/x-www-form-urlencoded',
    });
    if (answer.status !== 200) throw naverFailure(answer, 'the token request');
    const token = this.#read(NaverToken, answer, 'the token request');
    this.#token = { value: token.access_token, expiresAt: now + token.expires_in * 1000 };
    return token.access_token;
  }

  /** A call of the API with the token: a refused token is renewed once; busy answers are waited out. */
  async #api(
    method: 'GET' | 'POST',
    path: string,
    options: { query?: Record<string, string>; json?: unknown; write?: boolean; allow404?: boolean } = {},
  ): Promise<MarketplaceAnswer> {
    let renewed = false;
    for (let attempt = 1; ; attempt++) {
      const answer = await this.#send({
        method,
        path,
        ...(options.query ? { query: queryString(options.query) } : {}),
        ...(options.json === undefined
          ? {}
          : { body: JSON.stringify(options.json), contentType: 'application/json' }),
        token: await this.#tokenValue(),
      });
      if (answer.status >= 200 && answer.status < 300) return answer;
      if (answer.status === 404 && options.allow404) return answer;
      const error = naverFailure(answer, `${method} ${path}`);
      if (error.code === 'GW.AUTHN' && !renewed) {
        renewed = true;
        this.#token = undefined;
        continue;
      }
      // A write is not repeated blindly: the caller asks what became of it.
      if (error.kind === 'busy' && attempt < BUSY_TRIES && !(options.write && answer.status >= 500)) {
        await this.#timing.sleep(1000 * 2 ** (attempt - 1));
        continue;
      }
      throw error;
    }
  }

  async #send(call: {
    method: 'GET' | 'POST';
    path: string;
    query?: string;
    body?: string;
    contentType?: string;
    token?: string;
  }): Promise<MarketplaceAnswer> {
    await this.#spacing.wait();
    const answer = await this.#transport.send({
      method: call.method,
      url: `${this.#base}${call.path}${call.query ? `?${call.query}` : ''}`,
      headers: {
        accept: 'application/json',
        ...(call.contentType ? { 'content-type': call.contentType } : {}),
        ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
      },
      ...(call.body === undefined ? {} : { body: call.body }),
    });
    this.#pace(answer);
    return answer;
  }

  /** Keeps within the bucket the answers describe: at its last request, waits for it to refill. */
  #pace(answer: MarketplaceAnswer): void {
    const rate = Number(answer.headers['gncp-gw-ratelimit-replenish-rate']);
    const remaining = Number(answer.headers['gncp-gw-ratelimit-remaining']);
    if (rate > 0 && Number.isFinite(remaining) && remaining <= 1) this.#spacing.holdFor(1000 / rate);
  }
}

import type { z } from 'zod';
import { carrierNameKey, carrierRow, trackingProblem } from '../crosswalk.js';
import {
  kstDate,
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
import { cafe24Basic, cafe24Time, tokenRefusal, type Cafe24Credentials } from './oauth.js';

export type { Cafe24Credentials } from './oauth.js';
import { guard, stateOf } from './lines.js';
import {
  Cafe24Carriers,
  Cafe24Error,
  Cafe24OneOrder,
  Cafe24Orders,
  Cafe24Product,
  Cafe24ShipmentAnswer,
  Cafe24TokenAnswer,
  type Cafe24Order,
} from './schema.js';

/** The API version Intake is written against (`X-Cafe24-Api-Version`). */
export const CAFE24_API_VERSION = '2025-06-01';
const WINDOW_DAYS = 90;
const DAY_MS = 86_400_000;
const PAGE = 500;
const MAX_OFFSET = 15_000;
/** Cafe24's bucket (usually 40 deep) drains 2 a second: past three quarters used, each call waits for room. */
const BUCKET_SOFT_SHARE = 0.75;

/**
 * Cafe24 Admin API: OAuth tokens refreshed (and the new refresh token kept before it is used), orders by
 * date with offset pages for a pull, and for a push the order read again and one shipment per order with
 * the mall's own carrier code (the reference's §4).
 */
export class Cafe24Connector implements Connector {
  readonly marketplace = 'cafe24' as const;
  readonly overlapMs = 2 * DAY_MS;
  readonly #mallUrl: string;
  #credentials: Cafe24Credentials;
  readonly #save: (credentials: Cafe24Credentials) => Promise<void>;
  readonly #transport: Transport;
  readonly #timing: Timing;
  readonly #spacing: Spacing;
  readonly #skipPlaces: ReadonlySet<string>;
  #carriers: Map<string, string> | undefined;

  constructor(options: {
    mallUrl: string;
    credentials: Cafe24Credentials;
    save: (credentials: Cafe24Credentials) => Promise<void>;
    transport: Transport;
    timing: Timing;
    /** Orders Cafe24 took in from these channels (`shopn`, `coupang`), when they are pulled directly. */
    skipPlaces?: readonly string[];
  }) {
    this.#mallUrl = options.mallUrl;
    this.#credentials = options.credentials;
    this.#save = options.save;
    this.#transport = options.transport;
    this.#timing = options.timing;
    this.#spacing = new Spacing(0, options.timing);
    this.#skipPlaces = new Set(options.skipPlaces ?? []);
  }

  async check(): Promise<string> {
    await this.#api('GET', '/api/v2/admin/carriers');
    return 'the token works';
  }

  async pull(window: PullWindow): Promise<PulledLine[]> {
    const lines: PulledLine[] = [];
    for (let from = window.from.getTime(); from <= window.to.getTime(); from += WINDOW_DAYS * DAY_MS) {
      const to = Math.min(from + (WINDOW_DAYS - 1) * DAY_MS, window.to.getTime());
      for (let offset = 0; ; offset += PAGE) {
        if (offset > MAX_OFFSET) {
          throw new MarketplaceError(
            'cafe24',
            'refused',
            `over ${MAX_OFFSET} orders between ${kstDate(from)} and ${kstDate(to)}: Cafe24 pages no further`,
            {
              hints: ['Pull a shorter span with --since.'],
            },
          );
        }
        const answer = await this.#api('GET', '/api/v2/admin/orders', {
          query: {
            start_date: kstDate(from),
            end_date: kstDate(to),
            date_type: 'order_date',
            embed: 'items,receivers',
            limit: PAGE,
            offset,
          },
        });
        const orders = this.#read(Cafe24Orders, answer, 'the order list').orders;
        for (const order of orders) {
          if (order.order_place_id && this.#skipPlaces.has(order.order_place_id)) continue;
          lines.push(...this.#lines(order));
        }
        if (orders.length < PAGE) break;
      }
    }
    return lines;
  }

  async product(productNo: string): Promise<ProductFacts | undefined> {
    const answer = await this.#api('GET', `/api/v2/admin/products/${encodeURIComponent(productNo)}`, {
      allow404: true,
    });
    if (answer.status === 404) return undefined;
    const product = this.#read(Cafe24Product, answer, 'the product lookup').product;
    return {
      name: product.product_name,
      ...(product.detail_image ? { imageUrl: product.detail_image } : {}),
    };
  }

  async push(lines: readonly PushLine[], hooks: PushHooks): Promise<void> {
    const orders = new Map<string, PushLine[]>();
    for (const line of lines) orders.set(line.orderId, [...(orders.get(line.orderId) ?? []), line]);
    for (const [orderId, orderLines] of orders) {
      // One shipment per tracking number of the order.
      const byNumber = new Map<string, PushLine[]>();
      for (const line of orderLines) {
        const key = `${line.companyCode} ${line.trackingNumber}`;
        byNumber.set(key, [...(byNumber.get(key) ?? []), line]);
      }
      for (const group of byNumber.values()) await this.#pushShipment(orderId, group, hooks);
    }
  }

  async #pushShipment(orderId: string, lines: PushLine[], hooks: PushHooks): Promise<void> {
    const order = await this.#order(orderId);
    const items = new Map((order?.items ?? []).map((item) => [item.order_item_code, item]));
    const ready: PushLine[] = [];
    const outcomes: PushOutcome[] = [];
    for (const line of lines) {
      const decided = guard(line, items.get(line.lineId));
      if (decided) outcomes.push(decided);
      else ready.push(line);
    }
    hooks.outcomes(outcomes);
    if (ready.length === 0) return;
    const first = ready[0] as PushLine;
    const code = await this.#carrierCode(first);
    if ('refused' in code)
      return hooks.outcomes(ready.map((line) => ({ line, outcome: 'refused', message: code.refused })));
    hooks.sending(ready);
    try {
      const answer = await this.#api(
        'POST',
        `/api/v2/admin/orders/${encodeURIComponent(orderId)}/shipments`,
        {
          json: {
            shop_no: 1,
            request: {
              tracking_no: first.trackingNumber,
              shipping_company_code: code.code,
              status: 'shipping',
              order_item_code: ready.map((line) => line.lineId),
            },
          },
          write: true,
        },
      );
      this.#read(Cafe24ShipmentAnswer, answer, 'the shipment');
      hooks.outcomes(ready.map((line) => ({ line, outcome: 'pushed', message: 'shipment created' })));
    } catch (error) {
      if (!(error instanceof MarketplaceError)) throw error;
      if (error.kind === 'busy' || error.kind === 'unreachable') {
        const now = await this.#order(orderId).catch(() => undefined);
        const after = new Map((now?.items ?? []).map((item) => [item.order_item_code, item]));
        return hooks.outcomes(
          ready.map(
            (line) =>
              guard(line, after.get(line.lineId)) ?? {
                line,
                outcome: 'failed',
                message: `no answer (${error.message}); the next push asks again`,
              },
          ),
        );
      }
      if (error.kind === 'refused') {
        return hooks.outcomes(
          ready.map((line) => ({
            line,
            outcome: 'refused',
            ...(error.code ? { code: error.code } : {}),
            message: error.message,
          })),
        );
      }
      throw error;
    }
  }

  /** The mall's code for a carrier, found by the crosswalk's Korean name among the mall's carriers. */
  async #carrierCode(line: PushLine): Promise<{ code: string } | { refused: string }> {
    if (line.companyCode === 'self') return { refused: 'a delivery of your own has no Cafe24 shipment here' };
    const carrier = carrierRow(line.companyCode);
    if (!carrier) return { refused: `carrier ${line.companyCode} is not in the crosswalk` };
    const problem = trackingProblem(carrier.rule, line.trackingNumber);
    if (problem) return { refused: `tracking number ${line.trackingNumber} ${problem}` };
    if (line.trackingNumber.length > 40)
      return { refused: 'a Cafe24 tracking number has at most 40 characters' };
    if (!this.#carriers) {
      const answer = await this.#api('GET', '/api/v2/admin/carriers');
      const list = this.#read(Cafe24Carriers, answer, 'the carrier list').carriers;
      this.#carriers = new Map(
        list.map((entry) => [carrierNameKey(entry.shipping_carrier), entry.shipping_carrier_code]),
      );
    }
    const code = this.#carriers.get(carrierNameKey(carrier.koreanName));
    if (code) return { code };
    return {
      refused: `the mall has no carrier named ${carrier.koreanName} (it has: ${[...this.#carriers.keys()].join(', ') || 'none'})`,
    };
  }

  async #order(orderId: string): Promise<Cafe24Order | undefined> {
    const answer = await this.#api('GET', `/api/v2/admin/orders/${encodeURIComponent(orderId)}`, {
      query: { embed: 'items' },
      allow404: true,
    });
    if (answer.status === 404) return undefined;
    return this.#read(Cafe24OneOrder, answer, 'the order').order;
  }

  #lines(order: Cafe24Order): PulledLine[] {
    const receiver = order.receivers?.[0];
    const when = order.payment_date ?? order.order_date ?? '';
    // A time the mall writes oddly is kept as it came (it is only shown), never a crash.
    const at = when ? cafe24Time(when) : Number.NaN;
    const changedAt = Number.isFinite(at) ? new Date(at).toISOString() : when;
    return (order.items ?? []).map((item) => ({
      orderId: order.order_id,
      lineId: item.order_item_code,
      changedAt,
      recipientName: receiver?.name ?? '',
      recipientPhone: reachableNumber([receiver?.cellphone, receiver?.phone]),
      productId: item.product_no,
      productName: item.product_name,
      ...(item.option_value ? { option: item.option_value } : {}),
      quantity: item.quantity,
      state: stateOf(item),
      stateText: item.order_status,
      ...(item.tracking_no
        ? { tracking: { carrier: item.shipping_company_code ?? '', number: item.tracking_no } }
        : {}),
    }));
  }

  #read<T>(schema: z.ZodType<T>, answer: MarketplaceAnswer, what: string): T {
    return checked('cafe24', schema, answerJson(answer.text), what);
  }

  /** An access token with some minutes left, refreshed (and the new pair saved first) when not. */
  async #accessToken(force = false): Promise<string> {
    const now = this.#timing.now();
    const current = this.#credentials;
    if (!force && current.accessToken && (current.accessExpiresAt ?? 0) - now > 5 * 60_000)
      return current.accessToken;
    if (current.refreshExpiresAt !== undefined && current.refreshExpiresAt <= now) {
      throw new MarketplaceError('cafe24', 'auth', 'the refresh token has expired (they last 14 days)', {
        hints: ['Sign in to the mall again: intake marketplace login cafe24'],
      });
    }
    await this.#spacing.wait();
    const answer = await this.#transport.send({
      method: 'POST',
      url: `${this.#mallUrl}/api/v2/oauth/token`,
      headers: {
        authorization: cafe24Basic(current.clientId, current.clientSecret),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: formBody({ grant_type: 'refresh_token', refresh_token: current.refreshToken }),
    });
    if (answer.status !== 200)
      throw tokenRefusal(answer, 'the token refresh', [
        'Sign in to the mall again: intake marketplace login cafe24',
      ]);
    const token = this.#read(Cafe24TokenAnswer, answer, 'the token refresh');
    this.#credentials = {
      ...current,
      accessToken: token.access_token,
      accessExpiresAt: cafe24Time(token.expires_at),
      refreshToken: token.refresh_token,
      refreshExpiresAt: cafe24Time(token.refresh_token_expires_at),
    };
    // The old refresh token is spent: the new one is kept before anything else is done.
    await this.#save(this.#credentials);
    return token.access_token;
  }

  async #api(
    method: 'GET' | 'POST',
    path: string,
    options: {
      query?: Record<string, string | number>;
      json?: unknown;
      write?: boolean;
      allow404?: boolean;
    } = {},
  ): Promise<MarketplaceAnswer> {
    let refreshed = false;
    const query = options.query ? queryString(options.query) : '';
    for (let attempt = 1; ; attempt++) {
      const token = await this.#accessToken();
      await this.#spacing.wait();
      const answer = await this.#transport.send({
        method,
        url: `${this.#mallUrl}${path}${query ? `?${query}` : ''}`,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'x-cafe24-api-version': CAFE24_API_VERSION,
        },
        ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
      });
      this.#pace(answer);
      if (answer.status >= 200 && answer.status < 300) return answer;
      if (answer.status === 404 && options.allow404) return answer;
      const error = this.#failure(answer, `${method} ${path}`);
      if (answer.status === 401 && !refreshed) {
        refreshed = true;
        await this.#accessToken(true);
        continue;
      }
      if (error.kind === 'busy' && attempt < 4 && !(options.write && answer.status >= 500)) {
        await this.#timing.sleep(answer.status === 429 ? 2000 * attempt : 1000 * attempt);
        continue;
      }
      throw error;
    }
  }

  /**
   * Keeps the mall's bucket from filling: past three quarters of it (30 of Cafe24's usual 40), waits half a
   * second (one drip of its 2 a second) per call over. The size is the one the header gives.
   */
  #pace(answer: MarketplaceAnswer): void {
    const [used, size] = (/^(\d+)\/(\d+)$/.exec(answer.headers['x-api-call-limit']?.trim() ?? '') ?? [])
      .slice(1)
      .map(Number);
    if (used === undefined || size === undefined || !(size > 0)) return;
    const soft = Math.floor(size * BUCKET_SOFT_SHARE);
    if (used >= soft) this.#spacing.holdFor((used - soft + 1) * 500);
  }

  #failure(answer: MarketplaceAnswer, what: string): MarketplaceError {
    const parsed = Cafe24Error.safeParse(answerJson(answer.text));
    const message = parsed.success
      ? (parsed.data.error.message ?? `HTTP ${answer.status}`)
      : `HTTP ${answer.status}`;
    const extra = { status: answer.status, code: String(answer.status) };
    if (answer.status === 401)
      return new MarketplaceError('cafe24', 'auth', `${what} was refused: ${message}`, {
        ...extra,
        hints: ['Sign in to the mall again: intake marketplace login cafe24'],
      });
    if (answer.status === 403) {
      return new MarketplaceError(
        'cafe24',
        'auth',
        `${what} was refused (${message}): the app lacks a permission, or was removed from the mall`,
        {
          ...extra,
          hints: [
            'Sign in to the mall again, granting orders, products and shipping: intake marketplace login cafe24',
          ],
        },
      );
    }
    if (answer.status === 429 || answer.status >= 500)
      return new MarketplaceError('cafe24', 'busy', `${what}: ${message}`, extra);
    return new MarketplaceError('cafe24', 'refused', `${what} was refused: ${message}`, extra);
  }
}

import type { z } from 'zod';
import { carrierRow, trackingProblem } from '../crosswalk.js';
import {
  kstDate,
  type Connector,
  type LineState,
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
  queryString,
  Spacing,
  type MarketplaceAnswer,
  type Timing,
  type Transport,
} from '../http.js';
import {
  COUPANG_OPEN,
  COUPANG_SHIPPED,
  CoupangError,
  CoupangOneSheet,
  CoupangOrderSheets,
  CoupangResultList,
  CoupangSellerProduct,
  type CoupangOrderSheet,
} from './schema.js';
import { coupangFailure } from './failure.js';
import { coupangAuthorization, coupangSignedDate } from './sign.js';

export interface CoupangCredentials {
  vendorId: string;
  accessKey: string;
  secretKey: string;
}

/** The longest by-day window of the order list, and the statuses a pull lists. */
const WINDOW_DAYS = 31;
const DAY_MS = 86_400_000;
const PULL_STATUSES = ['ACCEPT', 'INSTRUCT', 'DEPARTURE', 'DELIVERING'];
/** Coupang blocks callers that go past about 10 a second: Intake goes at 5 (the reference's §3.2). */
const SPACING_MS = 200;
/** After a 429, one wait before the single retry; a second 429 is taken as the block it starts. */
const BUSY_WAIT_MS = 5_000;
const CANCEL_CODES = /^ORDER_DELIVERY_/;

const lineIdOf = (box: string, vendorItemId: string) => `${box}:${vendorItemId}`;
const boxOf = (lineId: string) => lineId.split(':')[0] as string;

/** A box's items that are cancelled, in part or in whole, or waiting for a cancel. */
const cancelled = (sheet: CoupangOrderSheet) =>
  sheet.orderItems.some(
    (item) => item.canceled === true || (item.cancelCount ?? 0) + (item.holdCountForCancel ?? 0) > 0,
  );

/**
 * Coupang Wing Open API: every request signed with HMAC (no tokens), order sheets by day for a pull, and
 * for a push each box read again, acknowledged if new, read once more (the buyer may change the address
 * until then), then its invoice uploaded (the reference's §3).
 */
export class CoupangConnector implements Connector {
  readonly marketplace = 'coupang' as const;
  /** New orders show in the list about 10 minutes after payment: each pull looks a day back again. */
  readonly overlapMs = DAY_MS;
  readonly #base: string;
  readonly #credentials: CoupangCredentials;
  readonly #transport: Transport;
  readonly #timing: Timing;
  readonly #spacing: Spacing;

  constructor(options: {
    baseUrl: string;
    credentials: CoupangCredentials;
    transport: Transport;
    timing: Timing;
  }) {
    this.#base = options.baseUrl.replace(/\/+$/, '');
    this.#credentials = options.credentials;
    this.#transport = options.transport;
    this.#timing = options.timing;
    this.#spacing = new Spacing(SPACING_MS, options.timing);
  }

  get #vendorPath(): string {
    return `/v2/providers/openapi/apis/api/v4/vendors/${encodeURIComponent(this.#credentials.vendorId)}`;
  }

  async check(): Promise<string> {
    const today = kstDate(this.#timing.now());
    await this.#call('GET', `${this.#vendorPath}/ordersheets`, {
      query: { createdAtFrom: today, createdAtTo: today, maxPerPage: 1, status: 'ACCEPT' },
    });
    return 'a signed request was answered';
  }

  async pull(window: PullWindow): Promise<PulledLine[]> {
    const lines = new Map<string, PulledLine>();
    for (let from = window.from.getTime(); from <= window.to.getTime(); from += WINDOW_DAYS * DAY_MS) {
      const to = Math.min(from + (WINDOW_DAYS - 1) * DAY_MS, window.to.getTime());
      for (const status of PULL_STATUSES) {
        let nextToken = '';
        for (let page = 0; page < 100_000; page++) {
          const answer = await this.#call('GET', `${this.#vendorPath}/ordersheets`, {
            query: {
              createdAtFrom: kstDate(from),
              createdAtTo: kstDate(to),
              maxPerPage: 50,
              ...(nextToken ? { nextToken } : {}),
              status,
            },
          });
          const list = this.#read(CoupangOrderSheets, answer, 'the order sheet list');
          for (const sheet of list.data) for (const line of this.#lines(sheet)) lines.set(line.lineId, line);
          if (list.nextToken === '' || list.nextToken === nextToken) break;
          nextToken = list.nextToken;
        }
      }
    }
    return [...lines.values()];
  }

  async product(ref: string): Promise<ProductFacts | undefined> {
    const [sellerProductId, vendorItemId] = ref.split(':');
    const answer = await this.#call(
      'GET',
      `/v2/providers/seller_api/apis/api/v1/marketplace/seller-products/${encodeURIComponent(sellerProductId ?? '')}`,
      { allow404: true },
    );
    if (answer.status === 404) return undefined;
    const product = this.#read(CoupangSellerProduct, answer, 'the product lookup').data;
    const item = product.items.find((entry) => entry.vendorItemId === vendorItemId) ?? product.items[0];
    const image = item?.images?.find((entry) => entry.imageType === 'REPRESENTATION') ?? item?.images?.[0];
    // cdnPath is a path on Coupang's CDN whose host is not documented: only a whole URL is used.
    const url = [image?.cdnPath, image?.vendorPath].find((path) => path && /^https?:\/\//i.test(path));
    const name = item?.itemName ?? product.sellerProductName;
    if (!name) return undefined;
    return { name, ...(url ? { imageUrl: url } : {}) };
  }

  async push(lines: readonly PushLine[], hooks: PushHooks): Promise<void> {
    const boxes = new Map<string, PushLine[]>();
    for (const line of lines) boxes.set(boxOf(line.lineId), [...(boxes.get(boxOf(line.lineId)) ?? []), line]);
    for (const [box, boxLines] of boxes) await this.#pushBox(box, boxLines, hooks);
  }

  async #pushBox(box: string, lines: PushLine[], hooks: PushHooks): Promise<void> {
    const all = (outcome: Omit<PushOutcome, 'line'>) =>
      hooks.outcomes(lines.map((line) => ({ line, ...outcome })));
    let sheet = await this.#box(box);
    if (!sheet)
      return all({
        outcome: 'refused',
        code: 'NOT_FOUND_SHIPMENT_BOX',
        message: 'Coupang does not know this shipment box',
      });
    const decided = this.#guard(sheet, lines);
    if (decided) return all(decided);
    if (sheet.status === 'ACCEPT') {
      await this.#acknowledge(box);
      sheet = await this.#box(box);
      if (!sheet)
        return all({ outcome: 'failed', message: 'the box could not be read after it was acknowledged' });
      const after = this.#guard(sheet, lines);
      if (after) return all(after);
    }
    const problem = this.#invoiceProblem(sheet, lines);
    if (problem) return all({ outcome: 'refused', message: problem });
    const first = lines[0] as PushLine;
    const code = carrierRow(first.companyCode)?.codes.coupang as string;
    hooks.sending(lines);
    let answer: MarketplaceAnswer;
    try {
      answer = await this.#call('POST', `${this.#vendorPath}/orders/invoices`, {
        json: {
          vendorId: this.#credentials.vendorId,
          orderSheetInvoiceApplyDtos: sheet.orderItems.map((item) => ({
            shipmentBoxId: sheet?.shipmentBoxId,
            orderId: sheet?.orderId,
            vendorItemId: item.vendorItemId,
            deliveryCompanyCode: code,
            invoiceNumber: first.trackingNumber,
            splitShipping: false,
            preSplitShipped: false,
            estimatedShippingDate: '',
          })),
        },
        write: true,
      });
    } catch (error) {
      if (error instanceof MarketplaceError && (error.kind === 'busy' || error.kind === 'unreachable')) {
        const now = await this.#box(box).catch(() => undefined);
        const settled = now ? this.#guard(now, lines) : undefined;
        return all(
          settled ?? {
            outcome: 'failed',
            message: `no answer to the invoice upload (${error.message}); the next push asks again`,
          },
        );
      }
      throw error;
    }
    const result = this.#read(CoupangResultList, answer, 'the invoice upload').data;
    const entry = result.responseList.find((item) => item.shipmentBoxId === box);
    if (!entry) return all({ outcome: 'failed', message: 'the answer does not name this box' });
    if (entry.succeed) return all({ outcome: 'pushed', message: 'invoice uploaded' });
    const message = `${entry.resultCode} ${entry.resultMessage ?? ''}`.trim();
    if (CANCEL_CODES.test(entry.resultCode))
      return all({ outcome: 'skipped', code: entry.resultCode, message: `cancelled since: ${message}` });
    return all({ outcome: entry.retryRequired ? 'failed' : 'refused', code: entry.resultCode, message });
  }

  /** Decided before any write: cancelled, or shipped already (by us, or with another number). */
  #guard(sheet: CoupangOrderSheet, lines: readonly PushLine[]): Omit<PushOutcome, 'line'> | undefined {
    if (cancelled(sheet))
      return {
        outcome: 'skipped',
        code: 'CANCELED',
        message: 'an item of the box is cancelled or waiting for a cancel: not shipped',
      };
    if (COUPANG_SHIPPED.has(sheet.status)) {
      const number = sheet.invoiceNumber ?? '';
      if (number !== '' && number === lines[0]?.trackingNumber)
        return { outcome: 'already_pushed', message: 'Coupang has this invoice already' };
      return {
        outcome: 'refused',
        message: `the box is ${sheet.status} with another invoice number (${number || 'none'})`,
      };
    }
    if (!COUPANG_OPEN.has(sheet.status))
      return { outcome: 'skipped', code: sheet.status, message: `the box is ${sheet.status}: not shipped` };
    return undefined;
  }

  #invoiceProblem(sheet: CoupangOrderSheet, lines: readonly PushLine[]): string | undefined {
    const numbers = new Set(lines.map((line) => `${line.companyCode} ${line.trackingNumber}`));
    if (numbers.size > 1)
      return 'the items of one box carry different tracking numbers; a box ships under one';
    const named = new Set(lines.map((line) => line.lineId));
    const missing = sheet.orderItems.filter(
      (item) => !named.has(lineIdOf(sheet.shipmentBoxId, item.vendorItemId)),
    );
    if (missing.length > 0)
      return `the box's items ship together, and ${missing.length} of them have no tracking number here`;
    const first = lines[0] as PushLine;
    if (first.companyCode === 'self')
      return 'a delivery of your own has no Coupang invoice here (DIRECT needs its own number)';
    const carrier = carrierRow(first.companyCode);
    if (!carrier?.codes.coupang)
      return `carrier ${first.companyCode} has no Coupang code (see intake carriers)`;
    const problem = trackingProblem(carrier.rule, first.trackingNumber);
    return problem ? `tracking number ${first.trackingNumber} ${problem}` : undefined;
  }

  async #acknowledge(box: string): Promise<void> {
    const answer = await this.#call('PUT', `${this.#vendorPath}/ordersheets/acknowledgement`, {
      json: { vendorId: this.#credentials.vendorId, shipmentBoxIds: [box] },
      write: true,
    });
    this.#read(CoupangResultList, answer, 'the acknowledgement');
  }

  async #box(box: string): Promise<CoupangOrderSheet | undefined> {
    const answer = await this.#call('GET', `${this.#vendorPath}/ordersheets/${encodeURIComponent(box)}`, {
      allow404: true,
      notFoundIsBox: true,
    });
    if (answer.status === 404) return undefined;
    return this.#read(CoupangOneSheet, answer, 'the shipment box').data;
  }

  #lines(sheet: CoupangOrderSheet): PulledLine[] {
    const boxState: LineState = COUPANG_SHIPPED.has(sheet.status)
      ? 'shipped'
      : COUPANG_OPEN.has(sheet.status)
        ? 'open'
        : 'claimed';
    // orderedAt and paidAt carry no offset: KST.
    const changedAt =
      sheet.paidAt || sheet.orderedAt ? `${(sheet.paidAt || sheet.orderedAt) as string}+09:00` : '';
    return sheet.orderItems.map((item) => {
      const itemCancelled =
        item.canceled === true || (item.cancelCount ?? 0) + (item.holdCountForCancel ?? 0) > 0;
      return {
        orderId: sheet.orderId,
        lineId: lineIdOf(sheet.shipmentBoxId, item.vendorItemId),
        changedAt,
        recipientName: sheet.receiver.name,
        recipientPhone: reachableNumber([sheet.receiver.receiverNumber, sheet.receiver.safeNumber]),
        productId: item.vendorItemId,
        ...(item.sellerProductId ? { productRef: `${item.sellerProductId}:${item.vendorItemId}` } : {}),
        productName: item.vendorItemName,
        ...(item.sellerProductItemName ? { option: item.sellerProductItemName } : {}),
        quantity: item.shippingCount - (item.cancelCount ?? 0),
        state: itemCancelled ? 'cancelled' : boxState,
        stateText: itemCancelled ? `${sheet.status}/CANCELED` : sheet.status,
        ...(sheet.invoiceNumber
          ? { tracking: { carrier: sheet.deliveryCompanyName ?? '', number: sheet.invoiceNumber } }
          : {}),
      };
    });
  }

  #read<T>(schema: z.ZodType<T>, answer: MarketplaceAnswer, what: string): T {
    const body = answerJson(answer.text) as { transactionId?: string } | undefined;
    return checked('coupang', schema, body, what, body?.transactionId);
  }

  /** A signed call; a 429 is waited out once, and anything that risks a block stops the run. */
  async #call(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: {
      query?: Record<string, string | number>;
      json?: unknown;
      write?: boolean;
      allow404?: boolean;
      notFoundIsBox?: boolean;
    } = {},
  ): Promise<MarketplaceAnswer> {
    const query = options.query ? queryString(options.query) : '';
    for (let attempt = 1; ; attempt++) {
      await this.#spacing.wait();
      const signedDate = coupangSignedDate(new Date(this.#timing.now()));
      const answer = await this.#transport.send({
        method,
        url: `${this.#base}${path}${query ? `?${query}` : ''}`,
        headers: {
          authorization: coupangAuthorization(this.#credentials, signedDate, method, path, query),
          'content-type': 'application/json;charset=UTF-8',
          'x-requested-by': this.#credentials.vendorId,
          'x-extended-timeout': '90000',
        },
        ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
      });
      if (answer.status >= 200 && answer.status < 300) return answer;
      if (answer.status === 404 && options.allow404 && this.#isBusinessNotFound(answer)) return answer;
      const error = coupangFailure(answer, `${method} ${path}`);
      if (answer.status === 429 && attempt === 1) {
        this.#spacing.holdFor(BUSY_WAIT_MS);
        continue;
      }
      if (answer.status === 429) {
        throw new MarketplaceError(
          'coupang',
          'blocked',
          'Coupang refused again after a pause (429): it blocks callers that keep going; stopped',
          {
            ...(error.traceId ? { traceId: error.traceId } : {}),
            code: '429',
            status: 429,
            hints: [
              'Wait some minutes before the next run; never run several pulls or pushes of one vendor at once.',
            ],
          },
        );
      }
      if (error.kind === 'busy' && !options.write && attempt < 3) {
        await this.#timing.sleep(1000 * attempt);
        continue;
      }
      throw error;
    }
  }

  /** A 404 with Coupang's JSON body about the thing asked for (a box), not the gateway's about a path. */
  #isBusinessNotFound(answer: MarketplaceAnswer): boolean {
    const body = CoupangError.safeParse(answerJson(answer.text));
    return body.success && body.data.message !== undefined && !/vendor/i.test(body.data.message);
  }
}

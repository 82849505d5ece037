import {
  FAKE_MARKETPLACES,
  type FakeLineChange,
  type FakeSeed,
  type FakeSettings,
  type ValidationIssue,
} from '../../contract/index.js';
import { CODE_MS } from '../marketplaces/cafe24-oauth.js';
import { coupangId } from '../marketplaces/coupang-sheets.js';
import { tokenFor } from '../marketplaces/gate.js';
import { describeDoc, findLine, seedDoc, type FakeDoc, type FakeName } from '../marketplaces/model.js';
import { Conflict, InvalidRequest, NotFound } from '../errors.js';
import type { Service } from '../service.js';
import type { SomeHandlers } from './types.js';

type FakeControl =
  | 'seedMarketplace'
  | 'getMarketplace'
  | 'setMarketplace'
  | 'changeMarketplaceLine'
  | 'resetMarketplace'
  | 'cafe24Code';

function marketplaceOf(params: unknown): FakeName {
  const name = (params as { marketplace?: string }).marketplace ?? '';
  if (!(FAKE_MARKETPLACES as readonly string[]).includes(name))
    throw new NotFound(`No marketplace ${name}: naver, coupang or cafe24.`);
  return name as FakeName;
}

/**
 * Coupang boxes seeded without an id get one of 18 digits (past 2^53, as real ones are since 2024); a
 * line's id is then what Intake calls it, `{shipmentBoxId}:{vendorItemId}`.
 */
function giveBoxIds(doc: FakeDoc): void {
  let next = 642538970006400000n + BigInt(doc.orders.length);
  for (const order of doc.orders) {
    if (!order.boxId) {
      while (doc.orders.some((other) => other.boxId === String(next))) next += 1n;
      order.boxId = String(next);
      next += 1n;
    }
    for (const line of order.lines) line.lineId = `${order.boxId}:${line.productId}`;
  }
}

/**
 * Coupang's ids are numbers (read without losing digits): a seed's order, box and product ids must be
 * digits as a number is written (no leading zero: the API would answer `007` as 7).
 */
function coupangIdIssues(seed: FakeSeed): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const digits = (value: string | undefined, loc: string[]) => {
    if (value === undefined || coupangId(value) === value) return;
    issues.push({
      type: 'value_error',
      loc: ['body', ...loc],
      msg: "Value error, Coupang's ids are numbers: digits only, without a leading zero",
      input: value,
    });
  };
  seed.orders.forEach((order, index) => {
    digits(order.order_id, ['orders', String(index), 'order_id']);
    digits(order.box_id, ['orders', String(index), 'box_id']);
    order.lines.forEach((line, at) => {
      const loc = ['orders', String(index), 'lines', String(at)];
      digits(line.product_id, [...loc, 'product_id']);
      digits(line.seller_product_id, [...loc, 'seller_product_id']);
    });
  });
  seed.products.forEach((product, index) =>
    digits(product.product_id, ['products', String(index), 'product_id']),
  );
  return issues;
}

function applySettings(doc: FakeDoc, settings: FakeSettings, now: number): void {
  if (settings.credentials) doc.credentials = { ...doc.credentials, ...settings.credentials };
  if (settings.allowlist !== undefined) doc.allowlist = settings.allowlist;
  if (settings.caller_ip) doc.callerIp = settings.caller_ip;
  if (settings.rate) {
    doc.rate = { perSecond: settings.rate.per_second, burst: settings.rate.burst };
    doc.buckets = {};
  }
  const faults = settings.faults;
  if (!faults) return;
  for (const key of ['storm', 'timeout_after_write', 'maintenance', 'access_denied'] as const) {
    const value = faults[key];
    if (value !== undefined) doc.faults[key] = value;
  }
  if (faults.fail_lines) doc.faults.fail_lines = { ...doc.faults.fail_lines, ...faults.fail_lines };
  if (faults.drop_feed) doc.faults.drop_feed = faults.drop_feed;
  if (faults.duplicate_pages !== undefined) doc.faults.duplicate_pages = faults.duplicate_pages;
  if (faults.block_minutes !== undefined)
    doc.blockedUntil = faults.block_minutes > 0 ? now + faults.block_minutes * 60_000 : 0;
}

function changeLine(
  doc: FakeDoc,
  marketplace: FakeName,
  lineId: string,
  change: FakeLineChange,
  now: number,
): void {
  const found = findLine(doc, lineId);
  if (!found) throw new NotFound(`No line ${lineId} in this ${marketplace} fake.`);
  const { order, line } = found;
  if (change.status) line.status = change.status;
  if (change.claim !== undefined) line.claim = change.claim;
  if (change.recipient_phone) order.recipientPhone = change.recipient_phone;
  line.changedAt = now;
  doc.feed.push({
    orderId: order.orderId,
    lineId,
    type: change.claim ? 'CLAIM_REQUESTED' : change.status ? 'PAYED' : 'DELIVERY_ADDRESS_CHANGED',
    at: now,
  });
}

/** The control plane of the marketplace fakes (`/local/marketplaces/…`), each merchant's own. */
export function marketplaceFakeHandlers(service: Service): SomeHandlers<FakeControl> {
  const book = service.marketplaces;
  return {
    seedMarketplace: async (request) => {
      const marketplace = marketplaceOf(request.params);
      const issues = marketplace === 'coupang' ? coupangIdIssues(request.body) : [];
      if (issues.length > 0) throw new InvalidRequest(issues);
      return book.update(marketplace, request.merchant.id, (doc, _now, real) => {
        seedDoc(doc, marketplace, request.body, real);
        if (marketplace === 'coupang') giveBoxIds(doc);
        return describeDoc(marketplace, doc);
      });
    },
    getMarketplace: async (request) => {
      const marketplace = marketplaceOf(request.params);
      return describeDoc(marketplace, await book.read(marketplace, request.merchant.id));
    },
    setMarketplace: async (request) => {
      const marketplace = marketplaceOf(request.params);
      return book.update(marketplace, request.merchant.id, (doc, now) => {
        applySettings(doc, request.body, now);
        return describeDoc(marketplace, doc);
      });
    },
    changeMarketplaceLine: async (request) => {
      const marketplace = marketplaceOf(request.params);
      const lineId = (request.params as { line_id: string }).line_id;
      return book.update(marketplace, request.merchant.id, (doc, _now, real) => {
        changeLine(doc, marketplace, lineId, request.body, real);
        return describeDoc(marketplace, doc);
      });
    },
    resetMarketplace: async (request) => {
      const marketplace = marketplaceOf(request.params);
      await book.reset(marketplace, request.merchant.id);
      return describeDoc(marketplace, await book.read(marketplace, request.merchant.id));
    },
    cafe24Code: async (request) =>
      book.update('cafe24', request.merchant.id, (doc, now) => {
        const redirect = doc.credentials.redirect_uri;
        if (!doc.credentials.client_id || !redirect)
          throw new Conflict(
            'The fake mall has no app: set credentials client_id, client_secret, mall_id and redirect_uri first.',
          );
        const code = tokenFor('c24c', request.merchant.id);
        doc.tokens.push({ value: code, kind: 'code', expiresAt: now + CODE_MS });
        return { code, redirect_uri: redirect };
      }),
  };
}

import type { FakeFaults, FakeSeed } from '../../contract/index.js';

export type FakeName = 'naver' | 'coupang' | 'cafe24';

/** A line of an order in a fake, in the marketplace's own terms (its status words). */
export interface FakeLine {
  lineId: string;
  productId: string;
  productName: string;
  sellerProductId?: string;
  option?: string;
  quantity: number;
  price: number;
  status: string;
  claim: string | null;
  /** When the line last changed (real time, the callers' clock, ms). */
  changedAt: number;
  trackingNumber: string | null;
  carrierCode: string | null;
  /** How many writes gave it a tracking number (1 when pushed exactly once; older stores lack it). */
  written?: number;
}

export interface FakeOrder {
  orderId: string;
  /** Coupang's shipment box. */
  boxId?: string;
  orderedAt: number;
  recipientName: string;
  recipientPhone: string;
  /** The recipient's other number (`recipient_other_phone`). */
  otherPhone?: string;
  place?: string;
  lines: FakeLine[];
}

/** A change of a line, as Naver's change feed lists it. */
export interface FeedEntry {
  orderId: string;
  lineId: string;
  type: string;
  at: number;
}

/** A write the fake received, with what became of it. */
export interface FakeWrite {
  at: number;
  kind: string;
  lines: string[];
  result: string;
}

/** Everything one merchant's fake of one marketplace holds. */
export interface FakeDoc {
  credentials: Record<string, string>;
  allowlist: string[] | null;
  callerIp: string;
  rate: { perSecond: number; burst: number };
  /** Token buckets by key (API path template), on the merchant's clock. */
  buckets: Record<string, { tokens: number; at: number }>;
  faults: Required<Pick<FakeFaults, 'storm' | 'timeout_after_write' | 'maintenance' | 'access_denied'>> & {
    fail_lines: Record<string, string>;
    drop_feed: string[];
    duplicate_pages: boolean;
  };
  /** Coupang: blocked until this time; 404s counted toward a block. */
  blockedUntil: number;
  notFound: number;
  orders: FakeOrder[];
  products: { productId: string; name: string; imageUrl?: string }[];
  carriers: { carrierId: number; code: string; name: string }[];
  feed: FeedEntry[];
  /** Naver's token; Cafe24's codes and token pairs. */
  tokens: {
    value: string;
    kind: 'access' | 'refresh' | 'code';
    expiresAt: number;
    revoked?: boolean;
    pair?: string;
  }[];
  writes: FakeWrite[];
  requests: number;
  refused: Record<string, number>;
}

export function emptyDoc(marketplace: FakeName): FakeDoc {
  return {
    credentials: {},
    allowlist: null,
    callerIp: '127.0.0.1',
    // Naver's default bucket (2 a second, 4 deep); Coupang's 10 a second; Cafe24's 40 deep, 2 a second.
    rate:
      marketplace === 'naver'
        ? { perSecond: 2, burst: 4 }
        : marketplace === 'coupang'
          ? { perSecond: 10, burst: 10 }
          : { perSecond: 2, burst: 40 },
    buckets: {},
    faults: {
      storm: 0,
      timeout_after_write: 0,
      maintenance: 0,
      access_denied: 0,
      fail_lines: {},
      drop_feed: [],
      duplicate_pages: false,
    },
    blockedUntil: 0,
    notFound: 0,
    orders: [],
    products: [],
    carriers: [],
    feed: [],
    tokens: [],
    writes: [],
    requests: 0,
    refused: {},
  };
}

/** A new paid line's status on each marketplace. */
const NEW_STATUS: Record<FakeName, string> = { naver: 'PAYED', coupang: 'ACCEPT', cafe24: 'N10' };

/** Adds a seed's orders (replacing any of the same id), products and carriers to a fake. */
export function seedDoc(doc: FakeDoc, marketplace: FakeName, seed: FakeSeed, now: number): void {
  for (const product of seed.products) {
    doc.products = doc.products.filter((known) => known.productId !== product.product_id);
    doc.products.push({
      productId: product.product_id,
      name: product.name,
      ...(product.image_url ? { imageUrl: product.image_url } : {}),
    });
  }
  if (seed.carriers) {
    doc.carriers = seed.carriers.map((carrier) => ({
      carrierId: carrier.carrier_id,
      code: carrier.code,
      name: carrier.name,
    }));
  }
  for (const order of seed.orders) {
    const at = order.ordered_at ? Date.parse(order.ordered_at) : now;
    doc.orders = doc.orders.filter((known) => known.orderId !== order.order_id);
    doc.orders.push({
      orderId: order.order_id,
      ...(order.box_id ? { boxId: order.box_id } : {}),
      orderedAt: at,
      recipientName: order.recipient_name,
      recipientPhone: order.recipient_phone,
      ...(order.recipient_other_phone ? { otherPhone: order.recipient_other_phone } : {}),
      ...(order.place ? { place: order.place } : {}),
      lines: order.lines.map((line) => ({
        lineId: line.line_id,
        productId: line.product_id,
        productName: line.product_name,
        ...(line.seller_product_id ? { sellerProductId: line.seller_product_id } : {}),
        ...(line.option ? { option: line.option } : {}),
        quantity: line.quantity,
        price: line.price,
        status: line.status ?? NEW_STATUS[marketplace],
        claim: line.claim ?? null,
        changedAt: at,
        trackingNumber: null,
        carrierCode: null,
      })),
    });
    for (const line of order.lines) {
      doc.feed.push({
        orderId: order.order_id,
        lineId: line.line_id,
        type: line.claim ? 'CLAIM_REQUESTED' : 'PAYED',
        at,
      });
    }
  }
}

/** A line and its order, by the line's id. */
export function findLine(doc: FakeDoc, lineId: string): { order: FakeOrder; line: FakeLine } | undefined {
  for (const order of doc.orders) {
    const line = order.lines.find((candidate) => candidate.lineId === lineId);
    if (line) return { order, line };
  }
  return undefined;
}

/** The fake's state as the control plane shows it. */
export function describeDoc(marketplace: FakeName, doc: FakeDoc) {
  return {
    marketplace,
    lines: doc.orders.flatMap((order) =>
      order.lines.map((line) => ({
        order_id: order.orderId,
        ...(order.boxId ? { box_id: order.boxId } : {}),
        line_id: line.lineId,
        status: line.status,
        claim: line.claim,
        tracking_number: line.trackingNumber,
        carrier_code: line.carrierCode,
        written: line.written ?? 0,
      })),
    ),
    writes: doc.writes.slice(-200).map((write) => ({ ...write, at: new Date(write.at).toISOString() })),
    requests: doc.requests,
    refused: doc.refused,
    settings: {
      credentials: Object.fromEntries(
        Object.entries(doc.credentials).map(([key, value]) => [key, /secret/.test(key) ? '********' : value]),
      ),
      allowlist: doc.allowlist,
      caller_ip: doc.callerIp,
      rate: { per_second: doc.rate.perSecond, burst: doc.rate.burst },
      faults: doc.faults,
      blocked_until: doc.blockedUntil > 0 ? new Date(doc.blockedUntil).toISOString() : null,
    },
  };
}

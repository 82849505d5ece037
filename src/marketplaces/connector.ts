import type { Marketplace } from './names.js';

/** Where a marketplace's order line stands, as far as the service and a push are concerned. */
export type LineState =
  /** Paid and not yet sent out: goes to the service, and may be pushed. */
  | 'open'
  /** Sent out (a tracking number given, here or in the marketplace): goes to the service, nothing to push. */
  | 'shipped'
  /** Cancelled, or a cancel asked for: reported, never sent nor pushed. */
  | 'cancelled'
  /** A return or exchange under way: reported, not sent. */
  | 'claimed'
  /** Not paid yet: left for a later pull. */
  | 'waiting';

/** One order line of a marketplace, as every connector gives it. */
export interface PulledLine {
  orderId: string;
  /** The line's id: Naver's productOrderId, Coupang's `shipmentBoxId:vendorItemId`, Cafe24's order_item_code. */
  lineId: string;
  /** When the marketplace last changed it (ISO 8601). */
  changedAt: string;
  recipientName: string;
  recipientPhone: string;
  productId: string;
  /** What the connector's `product` takes to describe it, when that is not `productId`. */
  productRef?: string;
  productName: string;
  option?: string;
  quantity: number;
  state: LineState;
  /** The marketplace's own words for its state (`PAYED`, `ACCEPT`, `N10`, `CANCEL_REQUEST`). */
  stateText: string;
  /** The tracking number a shipped line already has there. */
  tracking?: { carrier: string; number: string };
}

/** The span of time a pull asks about. */
export interface PullWindow {
  from: Date;
  to: Date;
}

/** A tracking number to give a marketplace for one order line. */
export interface PushLine {
  orderId: string;
  lineId: string;
  /** The service's carrier code (`kr.cjlogistics`, or `self`). */
  companyCode: string;
  trackingNumber: string;
}

/**
 * What became of a line pushed: `pushed`, or it was there already (`already_pushed`, an earlier answer
 * lost); `skipped` when the marketplace says it may not be sent (cancelled, a claim); `refused` for what
 * must be fixed first (a carrier it does not know, a number already used); `failed` when nothing is known
 * (the next push asks the marketplace again).
 */
export type PushOutcomeKind = 'pushed' | 'already_pushed' | 'skipped' | 'refused' | 'failed';

export interface PushOutcome {
  line: PushLine;
  outcome: PushOutcomeKind;
  /** The marketplace's code for it (`104121`, `ORDER_DELIVERY_CANCELED`, `CANCEL_REQUEST`). */
  code?: string;
  message: string;
  traceId?: string;
}

/** A product as the marketplace's product API describes it. */
export interface ProductFacts {
  name: string;
  imageUrl?: string;
}

/** What a push is told as it goes, so that it can keep its ledger. */
export interface PushHooks {
  /** Just before the lines' write leaves (after the marketplace was asked where they stand). */
  sending(lines: readonly PushLine[]): void;
  /** Outcomes, as soon as they are known. */
  outcomes(outcomes: readonly PushOutcome[]): void;
}

/** One marketplace's API, as pull and push use it. */
export interface Connector {
  readonly marketplace: Marketplace;
  /** How far back each pull looks again before where the last one ended: what a late feed may still bring. */
  readonly overlapMs: number;
  /** The order lines changed within a window (any length: the connector splits it as its API needs). */
  pull(window: PullWindow): Promise<PulledLine[]>;
  /** A product's name and image (by a line's `productRef`, else its `productId`), or undefined if unknown. */
  product(ref: string): Promise<ProductFacts | undefined>;
  /** Gives tracking numbers, exactly once per line, asking where each line stands just before. */
  push(lines: readonly PushLine[], hooks: PushHooks): Promise<void>;
  /** Proves the credentials work (a token, a signed read); says what it did. */
  check(): Promise<string>;
}

/** KST, which all three marketplaces work in. */
const KST_MS = 9 * 3_600_000;

/** `2026-11-25T09:00:00.000+09:00`: an instant as Naver and Cafe24 take it. */
export function kstIso(at: Date | number): string {
  const shifted = new Date((typeof at === 'number' ? at : at.getTime()) + KST_MS);
  return `${shifted.toISOString().slice(0, 23)}+09:00`;
}

/** `2026-11-25`: the KST date of an instant. */
export function kstDate(at: Date | number): string {
  return kstIso(at).slice(0, 10);
}

/** A phone the messaging bot cannot reach: a 050x relay ("safe number") that hides the buyer's. */
export const isRelayPhone = (phone: string) => /^050\d/.test(phone.replace(/[^\d]/g, ''));

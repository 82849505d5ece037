import { randomUUID } from 'node:crypto';
import { LosslessNumber } from 'lossless-json';
import { carrierCrosswalk, trackingProblem } from '../../marketplaces/crosswalk.js';
import type { FakeDoc, FakeOrder } from './model.js';

/** What the Coupang fake answers: a status and a body (HTML for an Akamai refusal, or a redirect). */
export type Answer = { status: number; body: unknown; html?: boolean; location?: string };

export const error = (status: number, message: string): Answer => ({
  status,
  body: { code: 'ERROR', message, transactionId: randomUUID() },
});
export const ok = (data: unknown): Answer => ({ status: 200, body: { code: 200, message: 'OK', data } });

/** Ids as the real API writes them: JSON numbers, however many digits. */
export const big = (digits: string) => new LosslessNumber(digits);

/**
 * A Coupang id as the API reads one (a Long, sent as a number or as a string of digits): its digits as
 * the number is written (`"05"` is box 5: inferred, the API parses ids as numbers), or undefined when it
 * is not one.
 */
export function coupangId(value: unknown): string | undefined {
  const text = String(value);
  return /^\d{1,30}$/.test(text) ? BigInt(text).toString() : undefined;
}

export const boxStatus = (order: FakeOrder) => order.lines[0]?.status ?? 'ACCEPT';

export function orderSheet(order: FakeOrder) {
  const first = order.lines[0];
  const local = new Date(order.orderedAt + 9 * 3_600_000).toISOString().slice(0, 19);
  return {
    shipmentBoxId: big(order.boxId ?? '0'),
    orderId: big(order.orderId),
    orderedAt: local,
    paidAt: local,
    status: boxStatus(order),
    orderer: { name: order.recipientName, email: '', safeNumber: order.recipientPhone, ordererNumber: null },
    receiver: {
      name: order.recipientName,
      safeNumber: order.recipientPhone,
      receiverNumber: order.otherPhone ?? null,
      addr1: '서울특별시 중구 세종대로 110',
      addr2: '1층',
      postCode: '04524',
    },
    parcelPrintMessage: '',
    splitShipping: false,
    ableSplitShipping: false,
    shippingPrice: 0,
    orderItems: order.lines.map((line) => ({
      vendorItemId: big(line.productId),
      vendorItemName: line.productName,
      productId: big(line.sellerProductId ?? line.productId),
      sellerProductId: big(line.sellerProductId ?? line.productId),
      sellerProductName: line.productName,
      sellerProductItemName: line.option ?? '',
      shippingCount: line.quantity,
      salesPrice: line.price,
      orderPrice: line.price * line.quantity,
      cancelCount: line.claim ? line.quantity : 0,
      holdCountForCancel: 0,
      canceled: line.claim !== null,
      estimatedShippingDate: '',
      invoiceNumberUploadDate: '',
    })),
    deliveryCompanyName: first?.carrierCode ?? '',
    invoiceNumber: first?.trackingNumber ?? '',
    inTrasitDateTime: '',
    deliveredDate: '',
  };
}

/** `2026-01-01`, `2026-01-01+09:00`, or with `searchType=timeFrame` `2026-01-01T00:01(+09:00)`: the instant meant (KST). */
export function readDate(text: string | undefined, timeFrame: boolean): number | undefined {
  if (!text) return undefined;
  const bare = text.replace(/\+09:00$/, '');
  const pattern = timeFrame ? /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/ : /^\d{4}-\d{2}-\d{2}$/;
  if (!pattern.test(bare)) return undefined;
  const at = Date.parse(`${bare}${timeFrame ? ':00' : 'T00:00:00'}+09:00`);
  return Number.isNaN(at) ? undefined : at;
}

export const compareIds = (a: string, b: string) =>
  BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0;

/**
 * What an invoice upload does to one box, and says of it: a forced failure, a box not found, cancelled,
 * not yet acknowledged, an item left out, a number its carrier cannot have or one used for another
 * buyer; else the box departs with the number (the reference's §3.8 result codes).
 */
export function invoiceBox(
  doc: FakeDoc,
  box: string,
  items: readonly Record<string, unknown>[],
  now: number,
) {
  const result = (succeed: boolean, resultCode: string, resultMessage: string, retryRequired = false) => ({
    shipmentBoxId: big(box),
    succeed,
    resultCode,
    resultMessage,
    retryRequired,
  });
  const forced = doc.faults.fail_lines[box];
  if (forced) {
    delete doc.faults.fail_lines[box];
    return result(false, forced, 'forced failure', true);
  }
  const order = doc.orders.find((known) => known.boxId === box);
  if (!order) return result(false, 'NOT_FOUND_SHIPMENT_BOX', `shipmentBoxId (${box}) is not found.`);
  if (order.lines.some((line) => line.claim !== null))
    return result(false, 'ORDER_DELIVERY_CANCELED', '주문이 취소되었습니다.');
  if (boxStatus(order) !== 'INSTRUCT')
    return result(false, 'INVALID_STATUS', '배송진행상태가 유효하지 않습니다.');
  const named = new Set(items.map((item) => String(item.vendorItemId)));
  if (order.lines.some((line) => !named.has(line.productId)))
    return result(false, 'NOT_FOUND_VENDOR_ITEM', '묶음배송 상품이 누락되었습니다.');
  const number = String(items[0]?.invoiceNumber ?? '');
  const company = String(items[0]?.deliveryCompanyCode ?? '');
  const carrier = carrierCrosswalk().find((row) => row.codes.coupang === company);
  if (number === '' || (carrier && trackingProblem(carrier.rule, number)))
    return result(false, 'INVALID_INVOICE_NUMBER', '유효하지 않은 송장번호입니다.', true);
  const reused = doc.orders.find(
    (other) => other.boxId !== box && other.lines.some((line) => line.trackingNumber === number),
  );
  if (
    reused &&
    (reused.recipientName !== order.recipientName || reused.recipientPhone !== order.recipientPhone)
  ) {
    return result(false, 'NOT_ALLOW_INVOICE_NUMBER_RE_UPLOAD', '6개월 이내 사용된 송장번호입니다.');
  }
  for (const line of order.lines) {
    line.status = 'DEPARTURE';
    line.trackingNumber = number;
    line.carrierCode = company;
    line.changedAt = now;
    line.written = (line.written ?? 0) + 1;
  }
  return result(true, 'OK', 'request succeeded.');
}

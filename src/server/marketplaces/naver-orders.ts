import { kstIso } from '../../marketplaces/connector.js';
import { findLine, type FakeDoc, type FakeLine, type FakeOrder } from './model.js';
import { badInput, business, type GatewayHandler } from './naver-answers.js';

/** The change feed's window: a day at most. */
const WINDOW_MS = 24 * 3_600_000;
/** Most items of a page of the feed, and most ids of a detail query. */
export const PAGE_MAX = 300;

/** The product order as the detail query answers it. */
function productOrderInfo(order: FakeOrder, line: FakeLine) {
  return {
    order: {
      orderId: order.orderId,
      orderDate: kstIso(order.orderedAt),
      paymentDate: kstIso(order.orderedAt),
      ordererName: order.recipientName,
      ordererTel: order.recipientPhone,
    },
    productOrder: {
      productOrderId: line.lineId,
      productOrderStatus: line.status,
      claimType: line.claim
        ? line.claim.startsWith('RETURN')
          ? 'RETURN'
          : line.claim.startsWith('EXCHANGE')
            ? 'EXCHANGE'
            : 'CANCEL'
        : null,
      claimStatus: line.claim,
      placeOrderStatus: 'NOT_YET',
      productId: line.productId,
      productName: line.productName,
      productOption: line.option ?? null,
      quantity: line.quantity,
      unitPrice: line.price,
      totalPaymentAmount: line.price * line.quantity,
      shippingAddress: {
        name: order.recipientName,
        tel1: order.recipientPhone,
        tel2: order.otherPhone ?? '',
        addressType: 'DOMESTIC',
      },
    },
    ...(line.trackingNumber !== null || line.status === 'DELIVERING'
      ? {
          delivery: {
            deliveryCompany: line.carrierCode,
            trackingNumber: line.trackingNumber,
            deliveryMethod: line.carrierCode ? 'DELIVERY' : 'DIRECT_DELIVERY',
            deliveryStatus: 'DELIVERING',
            isWrongTrackingNumber: false,
          },
        }
      : {}),
  };
}

/** Each line's last change, in the feed's order: (time, productOrderId). */
function lastChanges(
  doc: FakeDoc,
): { entry: FakeDoc['feed'][number]; status: string; claim: string | null }[] {
  const last = new Map<string, FakeDoc['feed'][number]>();
  for (const entry of doc.feed) {
    const known = last.get(entry.lineId);
    if (!known || known.at <= entry.at) last.set(entry.lineId, entry);
  }
  return [...last.values()]
    .filter((entry) => !doc.faults.drop_feed.includes(entry.lineId))
    .sort((a, b) => a.at - b.at || (a.lineId < b.lineId ? -1 : a.lineId > b.lineId ? 1 : 0))
    .map((entry) => {
      const found = findLine(doc, entry.lineId);
      return { entry, status: found?.line.status ?? 'PAYED', claim: found?.line.claim ?? null };
    });
}

/** The change feed: each line's last change in a window of at most a day, a page at a time (`more`). */
export const lastChangedStatuses: GatewayHandler = (doc, _now, request, trace) => {
  const query = request.query as Record<string, string>;
  const from = Date.parse(query.lastChangedFrom ?? '');
  if (Number.isNaN(from))
    return badInput('lastChangedFrom', 'lastChangedFrom must be yyyy-MM-ddTHH:mm:ss.SSSXXX', trace);
  const to = query.lastChangedTo ? Date.parse(query.lastChangedTo) : from + WINDOW_MS;
  if (Number.isNaN(to))
    return badInput('lastChangedTo', 'lastChangedTo must be yyyy-MM-ddTHH:mm:ss.SSSXXX', trace);
  if (to - from > WINDOW_MS) return business(400, '104139', '조회 기간이 초과되었습니다.', trace);
  const limit = Math.min(PAGE_MAX, Number(query.limitCount) > 0 ? Number(query.limitCount) : PAGE_MAX);
  const sequence = query.moreSequence;
  const inWindow = lastChanges(doc).filter(
    ({ entry }) =>
      entry.at >= from &&
      entry.at <= to &&
      (sequence === undefined || entry.at > from || entry.lineId >= sequence),
  );
  const page = inWindow.slice(0, limit);
  // A duplicated page (a fault): the next page starts again at this page's last item.
  const next =
    doc.faults.duplicate_pages && page.length > 1 && inWindow.length > limit ? page.at(-1) : inWindow[limit];
  return {
    status: 200,
    body: {
      timestamp: kstIso(Date.now()),
      traceId: trace,
      data: {
        lastChangeStatuses: page.map(({ entry, status, claim }) => ({
          orderId: entry.orderId,
          productOrderId: entry.lineId,
          lastChangedType: entry.type,
          lastChangedDate: kstIso(entry.at),
          productOrderStatus: status,
          ...(claim ? { claimType: 'CANCEL', claimStatus: claim } : {}),
          receiverAddressChanged: false,
        })),
        ...(next ? { more: { moreFrom: kstIso(next.entry.at), moreSequence: next.entry.lineId } } : {}),
        count: page.length,
      },
    },
  };
};

/** The detail query: the product orders asked for by id, those that exist. */
export const queryProductOrders: GatewayHandler = (doc, _now, request, trace) => {
  const body = request.body as { productOrderIds?: unknown } | undefined;
  const ids = Array.isArray(body?.productOrderIds)
    ? (body.productOrderIds as unknown[]).map(String)
    : undefined;
  if (!ids || ids.length === 0) return badInput('productOrderIds', 'productOrderIds is required', trace);
  if (ids.length > PAGE_MAX) return badInput('productOrderIds', `at most ${PAGE_MAX} productOrderIds`, trace);
  const data = ids.flatMap((id) => {
    const found = findLine(doc, id);
    return found ? [productOrderInfo(found.order, found.line)] : [];
  });
  return { status: 200, body: { timestamp: kstIso(Date.now()), traceId: trace, data } };
};

/** A channel product: its name and representative image. */
export const channelProduct: GatewayHandler = (doc, _now, request, trace) => {
  const id = (request.params as { channelProductNo: string }).channelProductNo;
  const product = doc.products.find((known) => known.productId === id);
  if (!product) return business(404, 'NOT_FOUND', '상품이 존재하지 않습니다.', trace);
  return {
    status: 200,
    body: {
      originProduct: {
        name: product.name,
        images: { representativeImage: { url: product.imageUrl ?? '' }, optionalImages: [] },
      },
      smartstoreChannelProduct: { channelProductName: product.name },
    },
  };
};

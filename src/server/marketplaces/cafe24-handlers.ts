import { kstIso } from '../../marketplaces/connector.js';
import { CAFE24_OPEN, CAFE24_SHIPPED } from '../../marketplaces/cafe24/schema.js';
import { noteWrite, useFault } from './gate.js';
import { findLine, type FakeOrder } from './model.js';
import { apiError, type Cafe24Handler } from './cafe24-answers.js';
import { isPlainObject } from '../../util/plain-object.js';

const DAY_MS = 86_400_000;

/** An order as the Admin API shows it, with its items when they are embedded. */
function orderBody(order: FakeOrder, embedItems: boolean) {
  return {
    shop_no: 1,
    order_id: order.orderId,
    order_date: kstIso(order.orderedAt).replace('.000', ''),
    payment_date: kstIso(order.orderedAt).replace('.000', ''),
    paid: 'T',
    canceled: order.lines.every((line) => line.status.startsWith('C')) ? 'T' : 'F',
    order_place_id: order.place ?? 'cafe24',
    market_order_no: null,
    ...(embedItems
      ? {
          items: order.lines.map((line, index) => ({
            item_no: index + 1,
            order_item_code: line.lineId,
            product_no: Number(line.productId) || line.productId,
            product_name: line.productName,
            option_value: line.option ?? '',
            quantity: line.quantity,
            product_price: `${line.price}.00`,
            order_status: line.claim ?? line.status,
            tracking_no: line.trackingNumber,
            shipping_company_code: line.carrierCode,
            claim_type: null,
            claim_status: null,
          })),
        }
      : {}),
    receivers: [
      {
        name: order.recipientName,
        phone: order.otherPhone ?? '',
        cellphone: order.recipientPhone,
        virtual_phone_no: null,
        zipcode: '04524',
        address1: '서울특별시 중구 세종대로 110',
        address2: '1층',
        shipping_code: `D-${order.orderId}-00`,
      },
    ],
  };
}

/** Orders of a period (3 months at most), by order id, a page at a time by offset. */
export const listOrders: Cafe24Handler = (doc, _now, request) => {
  const query = request.query as Record<string, string>;
  const limit = query.limit === undefined ? 10 : Number(query.limit);
  const offset = query.offset === undefined ? 0 : Number(query.offset);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) return apiError(422, 'limit must be 1 to 1000');
  if (!Number.isInteger(offset) || offset < 0 || offset > 15_000)
    return apiError(422, 'offset must be 0 to 15000');
  const from = Date.parse(`${(query.start_date ?? '').slice(0, 10)}T00:00:00+09:00`);
  const to = Date.parse(`${(query.end_date ?? '').slice(0, 10)}T00:00:00+09:00`) + DAY_MS;
  if (Number.isNaN(from) || Number.isNaN(to))
    return apiError(422, 'start_date and end_date are required (YYYY-MM-DD)');
  if (to - from > 93 * DAY_MS || to <= from) return apiError(422, 'the search period is at most 3 months');
  const embedItems = (query.embed ?? '').split(',').includes('items');
  const orders = doc.orders
    .filter((order) => order.orderedAt >= from && order.orderedAt < to)
    .sort((a, b) => (a.orderId < b.orderId ? -1 : a.orderId > b.orderId ? 1 : 0));
  // Offset pages that repeat a row (a fault), as offset paging does when rows move between pages.
  const start = doc.faults.duplicate_pages && offset > 0 ? offset - 1 : offset;
  return {
    status: 200,
    body: { orders: orders.slice(start, start + limit).map((order) => orderBody(order, embedItems)) },
  };
};

/** One order. */
export const oneOrder: Cafe24Handler = (doc, _now, request) => {
  const id = (request.params as { orderId: string }).orderId;
  const order = doc.orders.find((known) => known.orderId === id);
  if (!order) return apiError(404, `order ${id} not found`);
  const embed = ((request.query as Record<string, string>).embed ?? '').split(',');
  return { status: 200, body: { order: orderBody(order, embed.includes('items')) } };
};

/**
 * A shipment of an order's items (all of them unless named) with the mall's own carrier code; the same
 * number again on shipped items is taken again, another is a 409.
 */
export const createShipment: Cafe24Handler = (doc, now, request) => {
  const id = (request.params as { orderId: string }).orderId;
  const order = doc.orders.find((known) => known.orderId === id);
  if (!order) return apiError(404, `order ${id} not found`);
  const given = (request.body as { request?: unknown } | null | undefined)?.request;
  if (!isPlainObject(given)) return apiError(422, 'request is required: an object');
  const body = given;
  const number = String(body?.tracking_no ?? '');
  const code = String(body?.shipping_company_code ?? '');
  const status = String(body?.status ?? '');
  if (number === '' || number.length > 40)
    return apiError(422, 'tracking_no is required, at most 40 characters');
  if (!doc.carriers.some((carrier) => carrier.code === code))
    return apiError(422, `shipping_company_code ${code} is not a carrier of this mall`);
  if (status !== 'standby' && status !== 'shipping')
    return apiError(422, 'status must be standby or shipping');
  const named = Array.isArray(body?.order_item_code)
    ? (body.order_item_code as unknown[]).map(String)
    : order.lines.map((line) => line.lineId);
  const lines = named.map((lineId) => findLine(doc, lineId)?.line);
  if (lines.some((line) => !line)) return apiError(422, 'an order_item_code is not an item of this order');
  const forced = named.map((lineId) => doc.faults.fail_lines[lineId]).find(Boolean);
  if (forced) {
    for (const lineId of named) delete doc.faults.fail_lines[lineId];
    return apiError(Number(forced) || 422, `forced failure (${forced})`);
  }
  for (const line of lines) {
    const state = line?.claim ?? line?.status ?? '';
    if (/^[CRE]/.test(state)) return apiError(422, `item ${line?.lineId} is ${state}: it cannot be shipped`);
    if (!CAFE24_OPEN.has(state) && !CAFE24_SHIPPED.has(state))
      return apiError(422, `item ${line?.lineId} is ${state}: it cannot be shipped`);
    if (CAFE24_SHIPPED.has(state) && line?.trackingNumber !== number)
      return apiError(409, `item ${line?.lineId} is shipped already`);
  }
  for (const line of lines) {
    if (!line) continue;
    line.status = status === 'shipping' ? 'N30' : 'N21';
    line.trackingNumber = number;
    line.carrierCode = code;
    line.changedAt = now;
    line.written = (line.written ?? 0) + 1;
  }
  noteWrite(doc, { at: now, kind: 'shipment', lines: named, result: `shipment ${number}` });
  if (useFault(doc, 'timeout_after_write')) return apiError(504, 'Gateway Timeout');
  return {
    status: 201,
    body: {
      shipments: [
        {
          shop_no: 1,
          shipping_code: `D-${id}-00`,
          order_id: id,
          status,
          tracking_no: number,
          shipping_company_code: code,
          order_item_code: named,
          carrier_id: doc.carriers.find((carrier) => carrier.code === code)?.carrierId,
        },
      ],
    },
  };
};

/** A product: its name and images. */
export const oneProduct: Cafe24Handler = (doc, _now, request) => {
  const id = (request.params as { productNo: string }).productNo;
  const product = doc.products.find((known) => known.productId === id);
  if (!product) return apiError(404, `product ${id} not found`);
  return {
    status: 200,
    body: {
      product: {
        shop_no: 1,
        product_no: Number(id) || id,
        product_name: product.name,
        detail_image: product.imageUrl ?? null,
        list_image: product.imageUrl ?? null,
      },
    },
  };
};

/** The mall's carriers, with its own codes. */
export const listCarriers: Cafe24Handler = (doc) => ({
  status: 200,
  body: {
    carriers: doc.carriers.map((carrier) => ({
      shop_no: 1,
      carrier_id: carrier.carrierId,
      shipping_carrier_code: carrier.code,
      shipping_carrier: carrier.name,
    })),
  },
});

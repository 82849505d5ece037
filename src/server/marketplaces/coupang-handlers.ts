import type { FastifyRequest } from 'fastify';
import { carrierCrosswalk } from '../../marketplaces/crosswalk.js';
import { noteWrite, useFault } from './gate.js';
import type { FakeDoc } from './model.js';
import {
  big,
  boxStatus,
  compareIds,
  coupangId,
  error,
  invoiceBox,
  ok,
  orderSheet,
  readDate,
  type Answer,
} from './coupang-sheets.js';
import { isPlainObject } from '../../util/plain-object.js';

const DAY_MS = 86_400_000;

/**
 * What one endpoint of Coupang's answers once the request was let in (signed, allowed, not throttled, its
 * vendor's): given the merchant's data, real time (the caller's clock: the lines' times are on it, see
 * `FakeBook`) and the request.
 */
export type CoupangHandler = (doc: FakeDoc, now: number, request: FastifyRequest) => Answer;

/**
 * Coupang's answer to a write of many boxes, each answered in `list`: 0 when every box succeeded, 99 when
 * none did, 1 when some did (`partial` then says so).
 */
function boxesAnswer(
  list: readonly { succeed: boolean }[],
  partial: string,
  first: Record<string, unknown> = {},
): Answer {
  const good = list.filter((entry) => entry.succeed).length;
  const code = good === list.length ? 0 : good === 0 ? 99 : 1;
  return {
    status: 200,
    body: {
      code: '200',
      message: 'OK',
      data: {
        ...first,
        responseCode: code,
        responseMessage: code === 0 ? 'SUCCESS' : partial,
        responseList: list,
      },
    },
  };
}

/** Order sheets of a status, by day (31 days at most) a page at a time with `nextToken`, or by minute (a day). */
export const orderSheets: CoupangHandler = (doc, _now, request) => {
  const query = request.query as Record<string, string>;
  if (query.nextToken && !/^\d{1,30}$/.test(query.nextToken))
    return error(400, 'nextToken must be the one a page gave');
  const timeFrame = query.searchType === 'timeFrame';
  const from = readDate(query.createdAtFrom, timeFrame);
  const to = readDate(query.createdAtTo, timeFrame);
  if (from === undefined || to === undefined)
    return error(400, 'createdAtFrom and createdAtTo must be dates (yyyy-MM-dd)');
  if (!query.status) return error(400, 'status is required');
  const end = timeFrame ? to + 60_000 : to + DAY_MS;
  if (to < from || end - from > (timeFrame ? DAY_MS : 31 * DAY_MS))
    return error(400, `the range must be within ${timeFrame ? '24 hours' : '31 days'}`);
  const boxes = doc.orders
    .filter(
      (order) =>
        order.boxId && order.orderedAt >= from && order.orderedAt < end && boxStatus(order) === query.status,
    )
    .sort((a, b) => compareIds(a.boxId as string, b.boxId as string));
  if (timeFrame) return { status: 200, body: { code: 200, message: 'OK', data: boxes.map(orderSheet) } };
  const size = Math.min(50, Math.max(1, Number(query.maxPerPage) || 50));
  const after = query.nextToken;
  const rest = after ? boxes.filter((order) => compareIds(order.boxId as string, after) > 0) : boxes;
  // A duplicated page (a fault): the next token points one box back, so that box comes again.
  const page = rest.slice(0, size);
  const more = rest.length > size;
  const last = doc.faults.duplicate_pages && page.length > 1 && more ? page.at(-2) : page.at(-1);
  return {
    status: 200,
    body: {
      code: 200,
      message: 'OK',
      data: page.map(orderSheet),
      nextToken: more && last ? (last.boxId as string) : '',
    },
  };
};

/** One box's order sheet. */
export const oneOrderSheet: CoupangHandler = (doc, _now, request) => {
  const box = (request.params as { shipmentBoxId: string }).shipmentBoxId;
  const order = doc.orders.find((known) => known.boxId === box);
  return order ? ok(orderSheet(order)) : error(404, `shipmentBoxId (${box}) is not found.`);
};

/** Acknowledgement: boxes accepted and not claimed go to INSTRUCT, each answered on its own. */
export const acknowledge: CoupangHandler = (doc, now, request) => {
  const given = (request.body as { shipmentBoxIds?: unknown } | null | undefined)?.shipmentBoxIds;
  const read = Array.isArray(given) ? given.map(coupangId) : [];
  if (read.length === 0 || read.length > 50) return error(400, 'shipmentBoxIds must hold 1 to 50 boxes');
  if (read.some((id) => id === undefined)) return error(400, 'shipmentBoxIds must be numbers');
  const ids = read as string[];
  const list = ids.map((id) => {
    const order = doc.orders.find((known) => known.boxId === id);
    if (!order)
      return {
        shipmentBoxId: big(id),
        succeed: false,
        resultCode: 'NOT_FOUND_SHIPMENT_BOX',
        retryRequired: true,
        resultMessage: `shipmentBoxId (${id}) is not found.`,
      };
    if (boxStatus(order) !== 'ACCEPT' || order.lines.some((line) => line.claim !== null)) {
      return {
        shipmentBoxId: big(id),
        succeed: false,
        resultCode: 'INVALID_STATUS',
        retryRequired: false,
        resultMessage: '배송상태를 변경할 수 없습니다. 주문내역을 확인해주세요.',
      };
    }
    for (const line of order.lines) {
      line.status = 'INSTRUCT';
      line.changedAt = now;
    }
    return {
      shipmentBoxId: big(id),
      succeed: true,
      resultCode: 'OK',
      retryRequired: false,
      resultMessage: 'request succeeded.',
    };
  });
  const good = list.filter((entry) => entry.succeed).length;
  noteWrite(doc, { at: now, kind: 'acknowledgement', lines: ids, result: `${good} acknowledged` });
  return boxesAnswer(list, 'apply instructStatus result - Partial errors.', {
    responseKey: big('7326489997410939972'),
  });
};

/** Invoices: each box's tracking numbers, answered box by box (an unknown carrier fails the whole request, as Coupang's does). */
export const uploadInvoices: CoupangHandler = (doc, now, request) => {
  const dtos = (request.body as { orderSheetInvoiceApplyDtos?: Record<string, unknown>[] } | undefined)
    ?.orderSheetInvoiceApplyDtos;
  if (!Array.isArray(dtos) || dtos.length === 0) return error(400, 'orderSheetInvoiceApplyDtos is required');
  if (!dtos.every(isPlainObject)) return error(400, 'orderSheetInvoiceApplyDtos must hold objects');
  if (dtos.some((dto) => coupangId(dto.shipmentBoxId) === undefined))
    return error(400, 'shipmentBoxId must be a number');
  const codes = new Set(carrierCrosswalk().flatMap((row) => (row.codes.coupang ? [row.codes.coupang] : [])));
  if (dtos.some((dto) => !codes.has(String(dto.deliveryCompanyCode))))
    return { status: 500, body: { code: 'ERROR', message: 'internal exception' } };
  const byBox = new Map<string, Record<string, unknown>[]>();
  for (const dto of dtos) {
    const box = coupangId(dto.shipmentBoxId) as string;
    byBox.set(box, [...(byBox.get(box) ?? []), dto]);
  }
  const list = [...byBox].map(([box, items]) => invoiceBox(doc, box, items, now));
  const good = list.filter((entry) => entry.succeed).length;
  noteWrite(doc, {
    at: now,
    kind: 'invoice',
    lines: [...byBox.keys()],
    result: `${good} uploaded, ${list.length - good} failed`,
  });
  if (useFault(doc, 'timeout_after_write')) return error(504, 'Gateway Timeout');
  return boxesAnswer(list, 'Partial errors.');
};

/** A seller product: its items, with their names and representative images. */
export const sellerProduct: CoupangHandler = (doc, _now, request) => {
  const id = (request.params as { sellerProductId: string }).sellerProductId;
  const lines = doc.orders
    .flatMap((order) => order.lines)
    .filter((line) => (line.sellerProductId ?? line.productId) === id);
  if (lines.length === 0) return error(404, `sellerProductId (${id}) is not found.`);
  const items = [...new Map(lines.map((line) => [line.productId, line])).values()].map((line) => {
    const product = doc.products.find((known) => known.productId === line.productId);
    return {
      vendorItemId: big(line.productId),
      itemName: product?.name ?? line.productName,
      images: product?.imageUrl
        ? [
            {
              imageOrder: 0,
              imageType: 'REPRESENTATION',
              cdnPath: `vendor_inventory/${line.productId}.jpg`,
              vendorPath: product.imageUrl,
            },
          ]
        : [],
    };
  });
  return ok({ sellerProductId: big(id), sellerProductName: lines[0]?.productName, items });
};

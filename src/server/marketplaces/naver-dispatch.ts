import { kstIso } from '../../marketplaces/connector.js';
import { serviceCarrierOf, trackingProblem } from '../../marketplaces/crosswalk.js';
import { NAVER_BLOCKING_CLAIMS } from '../../marketplaces/naver/schema.js';
import { noteWrite, useFault } from './gate.js';
import { findLine, type FakeDoc, type FakeLine, type FakeOrder } from './model.js';
import { business, gw, type GatewayHandler } from './naver-answers.js';
import { isPlainObject } from '../../util/plain-object.js';

/** Most product orders one dispatch may carry. */
const DISPATCH_MAX = 30;

/** A line refused, with Naver's code and words. */
type Refusal = [code: string, message: string];

/** What the dispatch does with one line: refuse it, find it already dispatched so, or dispatch it. */
type Decision = { refused: Refusal } | { already: true } | { dispatch: DispatchTo };

/** Where a line goes: a carrier and tracking number, or neither (delivered by the seller). */
interface DispatchTo {
  line: FakeLine;
  order: FakeOrder;
  company: string | null;
  number: string | null;
}

/** Why a carrier's tracking number cannot be taken for `order`, if it cannot. */
function trackingRefusal(doc: FakeDoc, order: FakeOrder, company: string | null, number: string | null) {
  if (!company) return ['104118', '택배사를 입력해 주세요.'] satisfies Refusal;
  const carrier = serviceCarrierOf('naver', company);
  if (!carrier) return ['104119', '유효하지 않은 택배사입니다.'] satisfies Refusal;
  if (!number) return ['104120', '송장번호를 입력해 주세요.'] satisfies Refusal;
  const reused = doc.orders.some(
    (other) =>
      other.orderId !== order.orderId && other.lines.some((known) => known.trackingNumber === number),
  );
  if (reused) return ['104121', '기사용 송장입니다.'] satisfies Refusal;
  if (trackingProblem(carrier.rule, number)) return ['104122', '유효하지 않은 송장입니다.'] satisfies Refusal;
  return undefined;
}

/** What to do with one entry of a dispatch (a forced failure, a fault, is used up here). */
function decide(doc: FakeDoc, id: string, entry: Record<string, unknown>): Decision {
  const forced = doc.faults.fail_lines[id];
  if (forced) {
    delete doc.faults.fail_lines[id];
    return { refused: [forced, 'forced failure'] };
  }
  const found = findLine(doc, id);
  if (!found) return { refused: ['100001', '상품주문을 찾을 수 없습니다.'] };
  const { line, order } = found;
  const method = String(entry.deliveryMethod ?? 'DELIVERY');
  const company = entry.deliveryCompanyCode === undefined ? null : String(entry.deliveryCompanyCode);
  const number = entry.trackingNumber === undefined ? null : String(entry.trackingNumber);
  if (line.status === 'DELIVERING' && line.carrierCode === company && line.trackingNumber === number) {
    return { already: true };
  }
  if (line.status !== 'PAYED' || (line.claim && NAVER_BLOCKING_CLAIMS.has(line.claim))) {
    return { refused: ['104442', '상품주문 상태를 확인해 주세요.'] };
  }
  if (method === 'DELIVERY') {
    const refused = trackingRefusal(doc, order, company, number);
    return refused ? { refused } : { dispatch: { line, order, company, number } };
  }
  if (method !== 'DIRECT_DELIVERY') return { refused: ['104116', '배송방법을 변경해야 합니다.'] };
  return { dispatch: { line, order, company: null, number: null } };
}

/** Marks a line dispatched, and tells the change feed. */
function dispatch(doc: FakeDoc, { line, order, company, number }: DispatchTo, now: number): void {
  line.status = 'DELIVERING';
  line.carrierCode = company;
  line.trackingNumber = number;
  line.changedAt = now;
  line.written = (line.written ?? 0) + 1;
  doc.feed.push({ orderId: order.orderId, lineId: line.lineId, type: 'DISPATCHED', at: now });
}

/**
 * The dispatch: each line answered on its own (dispatched, or failed with a code of the reference's);
 * a line already dispatched with the same carrier and number is a success that writes nothing.
 */
export const dispatchProductOrders: GatewayHandler = (doc, now, request, trace) => {
  const entries = (request.body as { dispatchProductOrders?: Record<string, unknown>[] } | undefined)
    ?.dispatchProductOrders;
  if (!Array.isArray(entries) || entries.length === 0)
    return business(400, '4000', 'dispatchProductOrders is required', trace);
  if (entries.length > DISPATCH_MAX)
    return business(400, '4000', `at most ${DISPATCH_MAX} product orders per request`, trace);
  if (!entries.every(isPlainObject))
    return business(400, '4000', 'dispatchProductOrders must hold product orders (objects)', trace);
  const seen = new Set<string>();
  const success: string[] = [];
  const fail: { productOrderId: string; code: string; message: string }[] = [];
  for (const entry of entries) {
    const id = String(entry.productOrderId ?? '');
    const decision: Decision = seen.has(id)
      ? { refused: ['104131', '요청에 중복된 상품주문번호가 있습니다.'] }
      : decide(doc, id, entry);
    seen.add(id);
    if ('refused' in decision) {
      const [code, message] = decision.refused;
      fail.push({ productOrderId: id, code, message });
      continue;
    }
    if ('dispatch' in decision) dispatch(doc, decision.dispatch, now);
    success.push(id);
  }
  noteWrite(doc, {
    at: now,
    kind: 'dispatch',
    lines: entries.map((entry) => String(entry.productOrderId ?? '')),
    result: `${success.length} dispatched, ${fail.length} failed`,
  });
  // The write is kept; its answer is lost on the way (a fault): the caller must read before retrying.
  if (useFault(doc, 'timeout_after_write')) return gw(504, 'GW.TIMEOUT.01', trace);
  return {
    status: 200,
    body: {
      timestamp: kstIso(Date.now()),
      traceId: trace,
      data: { successProductOrderIds: success, failProductOrderInfos: fail },
    },
  };
};

// What a Naver product order is for a pull and a push: its state, what is decided before a dispatch, and
// the dispatch entry itself.
import { kstIso, type LineState, type PushLine, type PushOutcome } from '../connector.js';
import { carrierRow, trackingProblem } from '../crosswalk.js';
import { NAVER_BLOCKING_CLAIMS, NAVER_OPEN, NAVER_SHIPPED, type NaverProductOrderInfo } from './schema.js';

/** Where a Naver product order stands, in the words every connector uses. */
export const stateOf = (info: NaverProductOrderInfo): LineState => {
  const { productOrderStatus: status, claimStatus } = info.productOrder;
  if (claimStatus && NAVER_BLOCKING_CLAIMS.has(claimStatus)) return 'cancelled';
  if (status.startsWith('CANCELED') || status === 'RETURNED' || status === 'EXCHANGED') return 'cancelled';
  if (status === 'PAYMENT_WAITING') return 'waiting';
  if (claimStatus && !claimStatus.endsWith('_REJECT') && !claimStatus.endsWith('_RELEASE')) return 'claimed';
  if (NAVER_SHIPPED.has(status)) return 'shipped';
  return NAVER_OPEN.has(status) ? 'open' : 'waiting';
};

/** Where a line stands before it is pushed: decided here (done, or not to send), or undefined to send. */
export function guard(line: PushLine, info: NaverProductOrderInfo | undefined): PushOutcome | undefined {
  if (!info)
    return { line, outcome: 'refused', code: '100001', message: 'Naver does not know this product order' };
  const order = info.productOrder;
  if (order.claimStatus && NAVER_BLOCKING_CLAIMS.has(order.claimStatus)) {
    return {
      line,
      outcome: 'skipped',
      code: order.claimStatus,
      message: `a cancel is under way (${order.claimStatus}): not dispatched`,
    };
  }
  if (NAVER_SHIPPED.has(order.productOrderStatus)) {
    const number = info.delivery?.trackingNumber ?? '';
    if (number === line.trackingNumber || (line.companyCode === 'self' && number === '')) {
      return { line, outcome: 'already_pushed', message: 'Naver has this dispatch already' };
    }
    return {
      line,
      outcome: 'refused',
      message: `already dispatched with another tracking number (${number || 'none'})`,
    };
  }
  if (!NAVER_OPEN.has(order.productOrderStatus)) {
    return {
      line,
      outcome: 'skipped',
      code: order.productOrderStatus,
      message: `its status is ${order.productOrderStatus}: not dispatched`,
    };
  }
  return undefined;
}

/** The dispatch entry of a line, or why it cannot be made. */
export function dispatchEntry(line: PushLine, now: number): Record<string, string> | { refused: string } {
  const dispatchDate = kstIso(now);
  if (line.companyCode === 'self') {
    return { productOrderId: line.lineId, deliveryMethod: 'DIRECT_DELIVERY', dispatchDate };
  }
  const carrier = carrierRow(line.companyCode);
  const code = carrier?.codes.naver;
  if (!carrier || !code)
    return { refused: `carrier ${line.companyCode} has no Naver code (see intake carriers)` };
  const problem = trackingProblem(carrier.rule, line.trackingNumber);
  if (problem) return { refused: `tracking number ${line.trackingNumber} ${problem}` };
  return {
    productOrderId: line.lineId,
    deliveryMethod: 'DELIVERY',
    deliveryCompanyCode: code,
    trackingNumber: line.trackingNumber,
    dispatchDate,
  };
}

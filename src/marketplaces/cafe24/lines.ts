// What a Cafe24 order item is for a pull and a push: its state, and what is decided before a write.
import type { LineState, PushLine, PushOutcome } from '../connector.js';
import { CAFE24_OPEN, CAFE24_SHIPPED, type Cafe24Item } from './schema.js';

/** Where a Cafe24 order item stands, in the words every connector uses. */
export const stateOf = (item: Cafe24Item): LineState => {
  const status = item.order_status;
  if (status.startsWith('C') || item.market_cancel_request === 'T') return 'cancelled';
  if (status.startsWith('R') || status.startsWith('E')) return 'claimed';
  if (status === 'N00') return 'waiting';
  if (CAFE24_SHIPPED.has(status)) return 'shipped';
  return CAFE24_OPEN.has(status) ? 'open' : 'waiting';
};

/** Decided before the write: not to send (a claim, not paid), or done already. */
export function guard(line: PushLine, item: Cafe24Item | undefined): PushOutcome | undefined {
  if (!item) return { line, outcome: 'refused', message: 'Cafe24 does not know this order item' };
  const state = stateOf(item);
  if (state === 'cancelled' || state === 'claimed')
    return {
      line,
      outcome: 'skipped',
      code: item.order_status,
      message: `the item is ${item.order_status} (a cancel, return or exchange): not shipped`,
    };
  if (state === 'shipped') {
    if (item.tracking_no === line.trackingNumber)
      return { line, outcome: 'already_pushed', message: 'Cafe24 has this shipment already' };
    return {
      line,
      outcome: 'refused',
      message: `already shipped with another tracking number (${item.tracking_no ?? 'none'})`,
    };
  }
  if (state === 'waiting')
    return {
      line,
      outcome: 'skipped',
      code: item.order_status,
      message: `the item is ${item.order_status} (not paid): not shipped`,
    };
  return undefined;
}

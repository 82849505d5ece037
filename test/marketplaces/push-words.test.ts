import { describe, expect, it } from 'vitest';
import { carrierRow, trackingProblem } from '../../src/marketplaces/crosswalk.js';
import { pushMessageIn } from '../../src/marketplaces/push-words.js';

/** Three Latin words or more in a row: an English sentence left on a Korean page. */
const english = (text: string) => text.match(/[A-Za-z][A-Za-z'’-]+(?: [A-Za-z][A-Za-z'’-]+){2,}/g) ?? [];

describe('a push’s reasons in Korean', () => {
  // Each reason the three connectors give for a line not simply pushed, as they word it.
  const cj = carrierRow('kr.cjlogistics')?.rule;
  const ups = carrierRow('us.ups')?.rule;
  const reasons = [
    `tracking number 12345 ${trackingProblem(cj, '12345') as string}`,
    `tracking number 6401234567AB ${trackingProblem(cj, '6401234567AB') as string}`,
    `tracking number 1Z6 ${trackingProblem(ups, '1Z6') as string}`,
    `tracking number 1 ${trackingProblem(carrierRow('de.dhl')?.rule, '1') as string}`,
    `tracking number 1 ${trackingProblem(carrierRow('kr.logen')?.rule, '1') as string}`,
    `tracking number 1 ${trackingProblem(carrierRow('kr.hdexp')?.rule, '1') as string}`,
    'carrier xx.post has no Naver code (see intake carriers)',
    'carrier xx.post has no Coupang code (see intake carriers)',
    'carrier xx.post is not in the crosswalk',
    'the mall has no carrier named CJ대한통운 (it has: none)',
    'the mall has no carrier named CJ대한통운 (it has: 한진택배, 롯데택배)',
    'a Cafe24 tracking number has at most 40 characters',
    'a delivery of your own has no Cafe24 shipment here',
    'a delivery of your own has no Coupang invoice here (DIRECT needs its own number)',
    'Naver does not know this product order',
    'Coupang does not know this shipment box',
    'Cafe24 does not know this order item',
    'Naver has this dispatch already',
    'Coupang has this invoice already',
    'a cancel is under way (CANCEL_REQUEST): not dispatched',
    'already dispatched with another tracking number (none)',
    'its status is PURCHASE_DECIDED: not dispatched',
    'its status does not allow a dispatch now: 104121 발송처리할 수 없는 상태입니다.',
    'the answer does not name this line',
    'the answer does not name this box',
    'the box could not be read after it was acknowledged',
    'cancelled since: ORDER_DELIVERY_CANCELED 취소된 주문입니다',
    'an item of the box is cancelled or waiting for a cancel: not shipped',
    'the box is DEPARTURE with another invoice number (640123456789)',
    'the box is FINAL_DELIVERY: not shipped',
    'the items of one box carry different tracking numbers; a box ships under one',
    "the box's items ship together, and 2 of them have no tracking number here",
    'the item is C40 (a cancel, return or exchange): not shipped',
    'no answer (ETIMEDOUT); the next push asks again',
    'no answer to the dispatch (ETIMEDOUT); the next push asks again',
    'no answer to the invoice upload (ETIMEDOUT); the next push asks again',
    'the dispatch was not applied (GW.TIMEOUT); the next push tries again',
  ];

  it.each(reasons)('%s', (reason) => {
    const ko = pushMessageIn('ko', reason);
    expect(ko).not.toBe(reason);
    expect(english(ko)).toEqual([]);
    expect(pushMessageIn('en', reason)).toBe(reason);
  });

  it('words a tracking number rule as Korean does, and keeps a marketplace’s own text', () => {
    expect(pushMessageIn('ko', `tracking number 12345 ${trackingProblem(cj, '12345') as string}`)).toBe(
      '송장번호 12345은(는) 5자입니다 (10 또는 12자리 숫자, 쿠팡 기준)',
    );
    expect(pushMessageIn('ko', '104122 유효하지 않은 송장입니다.')).toBe('104122 유효하지 않은 송장입니다.');
  });
});

import { describe, expect, it } from 'vitest';
import { naverSignature } from '../../src/marketplaces/naver/sign.js';
import { useService } from '../helpers/cli.js';
import { fakes, seedOrders, FAKE_CREDENTIALS } from '../helpers/marketplaces.js';
import type { TestService } from '../helpers/service.js';

const t = useService({ startWorker: false });

const DISPATCH = '/naver/external/v1/pay-order/seller/product-orders/dispatch';

/** A token of the Naver fake, asked for as the connector asks. */
async function naverToken(service: TestService): Promise<string> {
  const { client_id, client_secret } = FAKE_CREDENTIALS.naver;
  const timestamp = Date.now();
  const answer = await service.call('POST', '/naver/external/v1/oauth2/token', {
    raw: new URLSearchParams({
      client_id,
      timestamp: String(timestamp),
      client_secret_sign: naverSignature(client_id, client_secret, timestamp),
      grant_type: 'client_credentials',
      type: 'SELF',
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(answer.status, answer.text).toBe(200);
  return (answer.json as { access_token: string }).access_token;
}

interface DispatchAnswer {
  data: {
    successProductOrderIds: string[];
    failProductOrderInfos: { productOrderId: string; code: string; message: string }[];
  };
}

const line = (n: number) => `ND9${String(n).padStart(6, '0')}`;

describe('the Naver fake’s dispatch', () => {
  it('answers each line on its own, with the reference’s code for each refusal', async () => {
    const fake = fakes(t.service);
    await fake.reset('naver');
    await fake.setUp('naver');
    await fake.seed('naver', seedOrders('ND', 10));
    await fake.change('naver', line(3), { claim: 'CANCEL_REQUEST' });
    await fake.settings('naver', { faults: { fail_lines: { [line(2)]: '104121' } } });
    const authorization = `Bearer ${await naverToken(t.service)}`;
    const dispatch = async (entries: Record<string, unknown>[]) => {
      const answer = await t.service.call('POST', DISPATCH, {
        body: { dispatchProductOrders: entries },
        headers: { authorization },
      });
      expect(answer.status, answer.text).toBe(200);
      return (answer.json as DispatchAnswer).data;
    };
    const cj = (n: number, trackingNumber?: string) => ({
      productOrderId: line(n),
      deliveryMethod: 'DELIVERY',
      deliveryCompanyCode: 'CJGLS',
      ...(trackingNumber === undefined ? {} : { trackingNumber }),
    });

    const first = await dispatch([
      cj(1, '640123456781'),
      cj(1, '640123456781'),
      cj(2, '640123456782'),
      { productOrderId: 'ND-NOT-THERE', deliveryMethod: 'DELIVERY', deliveryCompanyCode: 'CJGLS' },
      cj(3, '640123456783'),
      { productOrderId: line(4), deliveryMethod: 'DELIVERY', trackingNumber: '640123456784' },
      { ...cj(5, '640123456785'), deliveryCompanyCode: 'NOT-A-CARRIER' },
      cj(6),
      { productOrderId: line(7), deliveryMethod: 'QUICK_SERVICE' },
      { productOrderId: line(8), deliveryMethod: 'DIRECT_DELIVERY' },
      cj(9, '640123456781'),
      cj(10, '12'),
    ]);
    expect(first.successProductOrderIds).toEqual([line(1), line(8)]);
    expect(first.failProductOrderInfos.map((failed) => [failed.productOrderId, failed.code])).toEqual([
      [line(1), '104131'],
      [line(2), '104121'],
      ['ND-NOT-THERE', '100001'],
      [line(3), '104442'],
      [line(4), '104118'],
      [line(5), '104119'],
      [line(6), '104120'],
      [line(7), '104116'],
      [line(9), '104121'],
      [line(10), '104122'],
    ]);
    expect(first.failProductOrderInfos[1]?.message).toBe('forced failure');

    // The same line again with the same carrier and number: a success that writes nothing; the forced
    // failure was used up, so the line refused by it goes through now.
    const second = await dispatch([cj(1, '640123456781'), cj(2, '640123456782')]);
    expect(second.successProductOrderIds).toEqual([line(1), line(2)]);
    const state = await fake.state('naver');
    const byId = new Map(state.lines.map((known) => [known.line_id, known]));
    expect(byId.get(line(1))).toMatchObject({
      status: 'DELIVERING',
      carrier_code: 'CJGLS',
      tracking_number: '640123456781',
      written: 1,
    });
    expect(byId.get(line(2))).toMatchObject({ status: 'DELIVERING', written: 1 });
    expect(byId.get(line(8))).toMatchObject({
      status: 'DELIVERING',
      carrier_code: null,
      tracking_number: null,
    });
    for (const refused of [3, 4, 5, 6, 7, 9, 10]) expect(byId.get(line(refused))?.status).toBe('PAYED');
  });
});

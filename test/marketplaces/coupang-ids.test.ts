import { afterAll, beforeAll, expect, it } from 'vitest';
import { prepareFakes, type FakeRequest } from '../helpers/fake-requests.js';
import { FAKE_CREDENTIALS, fakes } from '../helpers/marketplaces.js';
import { startService, type TestService } from '../helpers/service.js';
import type { Answer } from '../helpers/service.js';

let service: TestService;
let send: (request: FakeRequest) => Promise<Answer>;
beforeAll(async () => {
  service = await startService({ startWorker: false });
  send = await prepareFakes(service);
});
afterAll(() => service.close());

const VENDOR = `/v2/providers/openapi/apis/api/v4/vendors/${FAKE_CREDENTIALS.coupang.vendor_id}`;
const coupang = (method: string, path: string, body: unknown) =>
  send({ fake: 'coupang', to: { method, path: `${VENDOR}${path}`, body }, query: '' } as FakeRequest);

it('the Coupang fake reads a box id written with leading zeros as the number it is, never failing on it', async () => {
  // Found by the fakes' fuzz: "05" was taken for digits, then failed to be written back as a number (a 500).
  const acknowledged = await coupang('PUT', '/ordersheets/acknowledgement', {
    vendorId: FAKE_CREDENTIALS.coupang.vendor_id,
    shipmentBoxIds: ['05', '007'],
  });
  expect(acknowledged.status).toBe(200);
  expect(acknowledged.text).toContain('"shipmentBoxId":5,');
  expect(acknowledged.text).toContain('"shipmentBoxId":7,');
  const invoiced = await coupang('POST', '/orders/invoices', {
    vendorId: FAKE_CREDENTIALS.coupang.vendor_id,
    orderSheetInvoiceApplyDtos: [
      {
        shipmentBoxId: '0042',
        orderId: 1,
        vendorItemId: 1,
        deliveryCompanyCode: 'CJGLS',
        invoiceNumber: '640123456789',
        splitShipping: false,
        preSplitShipped: false,
        estimatedShippingDate: '',
      },
    ],
  });
  expect(invoiced.status).toBe(200);
  expect(invoiced.text).toContain('"shipmentBoxId":42,');
});

it('a Coupang seed refuses ids with a leading zero (the API would answer them as another number)', async () => {
  const answer = await service.call('POST', '/local/marketplaces/coupang/seed', {
    body: {
      orders: [
        {
          order_id: '0071',
          box_id: '007',
          recipient_name: '김',
          recipient_phone: '010-1234-5678',
          lines: [{ line_id: 'x', product_id: '01', product_name: '감귤' }],
        },
      ],
    },
  });
  expect(answer.status).toBe(422);
  const said = (answer.json as { detail: { loc: string[]; msg: string }[] }).detail;
  expect(said.map((issue) => issue.loc.slice(1).join('.'))).toEqual([
    'orders.0.order_id',
    'orders.0.box_id',
    'orders.0.lines.0.product_id',
  ]);
  expect(said[0]?.msg).toContain('without a leading zero');
  // Nothing seeded: the fake's orders are as they were.
  expect((await fakes(service).state('coupang')).lines.some((line) => line.line_id.startsWith('007'))).toBe(
    false,
  );
});

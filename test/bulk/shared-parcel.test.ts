import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { workspace } from '../helpers/files.js';

const t = useService();

const HEADER = 'order_id,order_item_id,company_code,tracking_number';

describe('one tracking number given to several orders', () => {
  it('is taken with a word on each later order (a column filled down), not on one order or on self delivery', async () => {
    const files = workspace();
    const csv = files.write(
      'shipments.csv',
      [
        HEADER,
        // Filled down: three orders, one parcel.
        'SP-1,SP-1-1,kr.cjlogistics,640123456789',
        'SP-2,SP-2-1,kr.cjlogistics,640123456789',
        'SP-3,SP-3-1,kr.cjlogistics,640123456789',
        // One order's two items in one parcel: one shipment.
        'SP-4,SP-4-1,kr.cjlogistics,640123456790',
        'SP-4,SP-4-2,kr.cjlogistics,640123456790',
        // Delivered in person: every such shipment says self.
        'SP-5,SP-5-1,self,self',
        'SP-6,SP-6-1,self,self',
        // The same number at another carrier is another parcel.
        'SP-7,SP-7-1,kr.hanjin,640123456789',
      ].join('\n'),
    );
    const dry = await cli(['shipment', 'create', csv, '--dry-run', '--json'], { env: t.env });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.summary()).toMatchObject({ records: 7, valid: 7, invalid: 0, warnings: 2 });
    for (const row of [3, 4]) {
      expect(dry.stderr).toContain(
        `row ${row}, tracking_number: is also the tracking number of another order, in row 2: orders share one only when they went in one parcel`,
      );
    }
    expect(dry.stderr).not.toMatch(/row (5|6|7|8|9), tracking_number/);

    const korean = await cli(['shipment', 'create', csv, '--dry-run'], {
      env: { ...t.env, LANG: 'ko_KR.UTF-8' },
    });
    expect(korean.stderr).toContain(
      '3행, tracking_number: 2행의 다른 주문과 운송장 번호가 같습니다. 한 상자에 함께 보낸 주문이 아니면 확인하세요',
    );
  });
});

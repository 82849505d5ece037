import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { workspace } from '../helpers/files.js';
import { ORDERS_HEADER, SHIPMENTS_HEADER } from '../helpers/samples.js';

const t = useService({ applyDelay: { minMs: 0, maxMs: 0 } });

const IMAGE = 'https://shop.example.com/p.jpg';

async function ordersOf(ids: string[]): Promise<void> {
  const files = workspace();
  const rows = ids.flatMap((id) => [
    `${id},김민지,010-2000-1000,${id}-1,P-1,감귤,${IMAGE}`,
    `${id},김민지,010-2000-1000,${id}-2,P-2,한라봉,${IMAGE}`,
  ]);
  const csv = files.write('orders.csv', [ORDERS_HEADER, ...rows].join('\n') + '\n');
  const sent = await cli(['order', 'create', csv], { env: t.env });
  expect(sent.code, sent.stderr).toBe(0);
  await t.service.local.apply();
}

describe('tracking numbers written in groups of digits', () => {
  it("are one number however a row spells it: an order's two rows make one shipment and one message", async () => {
    await ordersOf(['TRK-1']);
    const files = workspace();
    const csv = files.write(
      'dispatch.csv',
      [
        SHIPMENTS_HEADER,
        'TRK-1,TRK-1-1,CJ대한통운,6401-2345-6700',
        'TRK-1,TRK-1-2,CJ대한통운,640123456700',
      ].join('\n') + '\n',
    );
    const sent = await cli(['shipment', 'create', csv, '--json'], { env: t.env });
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.summary()).toMatchObject({ rows: 2, records: 1, accepted: 1 });
    await t.service.local.apply();
    const order = await t.service.local.order('TRK-1');
    expect(order?.shipments.map((shipment) => [shipment.tracking_number, shipment.order_item_ids])).toEqual([
      ['640123456700', ['TRK-1-1', 'TRK-1-2']],
    ]);
    const notices = (await t.service.local.messages('order_id=TRK-1')).filter((m) => m.kind === 'shipment');
    expect(notices).toHaveLength(1);
  });

  it('are sent as digits from flags too; a number with letters is sent as written', async () => {
    await ordersOf(['TRK-2']);
    const flags = (item: string, tracking: string) => [
      'shipment',
      'create',
      '--order',
      'TRK-2',
      '--items',
      item,
      '--company-code',
      'kr.epost',
      '--tracking-number',
      tracking,
    ];
    expect((await cli(flags('TRK-2-1', ' 6865 1234 5678 9 '), { env: t.env })).code).toBe(0);
    expect((await cli(flags('TRK-2-2', 'EB-123-456-789KR'), { env: t.env })).code).toBe(0);
    await t.service.local.apply();
    const order = await t.service.local.order('TRK-2');
    expect(order?.shipments.map((shipment) => shipment.tracking_number)).toEqual([
      '6865123456789',
      'EB-123-456-789KR',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { carrierBook } from '../../src/cli/carriers.js';
import { BUILT_IN_CARRIERS } from '../../src/contract/carrier-list.js';
import { cli } from '../helpers/cli.js';

describe('intake columns', () => {
  it('lists the layouts and the presets', async () => {
    const result = await cli(['columns', 'list', '--json']);
    expect(result.code).toBe(0);
    const names = (result.json() as { name: string; type: string; kind: string }[]).map(
      (row) => `${row.type}:${row.kind}:${row.name}`,
    );
    expect(names).toEqual([
      'layout:order:order',
      'layout:product:product',
      'layout:shipment:shipment',
      'preset:order:cafe24-orders',
      'preset:shipment:coupang-dispatch',
      'preset:order:coupang-orders',
      'preset:shipment:smartstore-dispatch',
      'preset:order:smartstore-orders',
    ]);
  });

  it('shows a preset as the --columns file it is, and a layout’s columns', async () => {
    const preset = await cli(['columns', 'show', 'smartstore-orders', '--json']);
    expect(preset.json()).toMatchObject({ $kind: 'order', order_id: '주문번호', item_id: '상품주문번호' });
    const table = await cli(['columns', 'show', 'smartstore-dispatch']);
    expect(table.stdout).toContain('company_code\t택배사');
    const layout = await cli(['columns', 'show', 'shipment', '--json']);
    expect(layout.json()).toContainEqual({
      name: 'order_id',
      required: false,
      description: 'the order (else found from the items, for orders sent from here)',
    });
    const unknown = await cli(['columns', 'show', 'gmarket']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('there is no layout or preset "gmarket"');
  });

  it('the create commands’ help lists the columns each layout needs and the presets', async () => {
    const help = await cli(['order', 'create', '--help']);
    expect(help.stdout).toContain('recipient_cellphone *');
    expect(help.stdout).toMatch(/product_image_url\s+an http\(s\) image URL \(else from --products/);
    expect(help.stdout).toContain('smartstore-orders');
    expect(help.stdout).not.toContain('smartstore-dispatch');
    const shipments = await cli(['shipment', 'create', '--help']);
    expect(shipments.stdout).toContain('smartstore-dispatch');
    expect(shipments.stdout).toContain('delivery_method');
  });
});

describe('carriers by name', () => {
  const book = carrierBook(BUILT_IN_CARRIERS, 'the built-in list');

  it.each([
    ['kr.cjlogistics', 'kr.cjlogistics'],
    ['CJ대한통운', 'kr.cjlogistics'],
    ['cj 대한통운', 'kr.cjlogistics'],
    ['CJ', 'kr.cjlogistics'],
    ['우체국택배', 'kr.epost'],
    ['우체국 택배', 'kr.epost'],
    ['롯데택배', 'kr.lotte'],
    ['현대택배', 'kr.lotte'],
    ['한진택배', 'kr.hanjin'],
    ['한진', 'kr.hanjin'],
    ['로젠택배', 'kr.logen'],
    ['직접전달', 'self'],
    ['FedEx', 'us.fedex'],
    ['kr.newcarrier', 'kr.newcarrier'],
  ])('%s is %s', (name, code) => {
    expect(book.resolve(name)).toEqual({ code });
  });

  it('an unknown name gets the closest carriers, and nothing far off', () => {
    expect(book.resolve('CJ대한퉁운')).toEqual({
      unknown: 'CJ대한퉁운',
      closest: expect.arrayContaining(['kr.cjlogistics (CJ대한통운)']),
    });
    expect(book.resolve('롯대택배')).toMatchObject({ closest: ['kr.lotte (롯데택배)'] });
    expect(book.resolve('zzzzzz')).toEqual({ unknown: 'zzzzzz', closest: [] });
  });

  it('a name only a service’s own list has is found too', () => {
    const own = carrierBook([{ code: 'kr.yellowcap', name: '옐로우캡' }], 'carriers.json');
    expect(own.resolve('옐로우캡 택배')).toEqual({ code: 'kr.yellowcap' });
    expect(own.resolve('CJ대한통운')).toEqual({ unknown: 'CJ대한통운', closest: [] });
  });
});

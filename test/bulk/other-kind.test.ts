import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { workspace } from '../helpers/files.js';

const t = useService();

/** The lines of an error, as the CLI printed them. */
const linesOf = (stderr: string) => stderr.trimEnd().split('\n');

describe('a file given to the command of another kind', () => {
  it('says first which command reads it: a dispatch sheet to order create, an orders file to shipment create', async () => {
    const files = workspace('smartstore-dispatch.xlsx', 'orders.csv');
    const dispatch = await cli(['order', 'create', files.path('smartstore-dispatch.xlsx'), '--dry-run'], {
      env: t.env,
    });
    expect(dispatch.code).toBe(2);
    expect(linesOf(dispatch.stderr).slice(0, 2)).toEqual([
      'error: sheet "발송처리" of smartstore-dispatch.xlsx lacks required column(s): order_id, recipient_name, recipient_cellphone, item_id, product_id',
      '  Its headers are those of shipments: use intake shipment create instead.',
    ]);
    const orders = await cli(['shipment', 'create', files.path('orders.csv'), '--dry-run'], { env: t.env });
    expect(orders.code).toBe(2);
    expect(linesOf(orders.stderr)[1]).toBe(
      '  Its headers are those of orders: use intake order create instead.',
    );
    // What the hint names does read it.
    const read = await cli(['shipment', 'create', files.path('smartstore-dispatch.xlsx'), '--dry-run'], {
      env: t.env,
    });
    expect(read.stderr).toContain('reading them with the preset smartstore-dispatch');
  });

  it('says nothing of another kind when the person named the columns, or of a catalog that must be products', async () => {
    const files = workspace('smartstore-dispatch.xlsx', 'orders.csv');
    const preset = await cli(
      [
        'order',
        'create',
        files.path('smartstore-dispatch.xlsx'),
        '--preset',
        'smartstore-orders',
        '--dry-run',
      ],
      { env: t.env },
    );
    expect(preset.code).toBe(2);
    expect(preset.stderr).toContain('lacks required column(s) (as the preset smartstore-orders reads it)');
    expect(preset.stderr).not.toContain('Its headers are those of');
    const catalog = await cli(
      ['order', 'create', files.path('orders.csv'), '--products', files.path('smartstore-dispatch.xlsx')],
      { env: t.env },
    );
    expect(catalog.code).toBe(2);
    expect(catalog.stderr).toContain('lacks required column(s): id, name or image_url');
    // A catalog's headers are not mapped: no --columns is offered for it.
    expect(catalog.stderr).toContain("Name the file's columns id, name, image_url in a header row.");
    expect(catalog.stderr).not.toContain('--columns');
    expect(catalog.stderr).not.toContain('Its headers are those of');
  });

  it('guesses an orders file’s product columns as products: product_id is the id, not item_id', async () => {
    const files = workspace('orders.csv');
    const refused = await cli(['product', 'create', files.path('orders.csv'), '--dry-run'], { env: t.env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('  Its headers are those of orders: use intake order create instead.\n');
    expect(refused.stderr).toContain(
      'Intake reads these headers as: --columns "id=product_id,name=product_name,image_url=product_image_url"',
    );
  });

  it('is said in Korean at a Korean terminal, the sheet and the header to map too', async () => {
    const files = workspace('smartstore-dispatch.xlsx');
    const ko = { ...t.env, LANG: 'ko_KR.UTF-8' };
    const dispatch = await cli(['order', 'create', files.path('smartstore-dispatch.xlsx'), '--dry-run'], {
      env: ko,
    });
    expect(dispatch.code).toBe(2);
    expect(linesOf(dispatch.stderr)).toEqual([
      '오류: smartstore-dispatch.xlsx의 "발송처리" 시트에 꼭 있어야 할 열이 없습니다: order_id, recipient_name, recipient_cellphone, item_id, product_id',
      '  이 머리글은 송장 파일의 것입니다: intake shipment create(으)로 올리세요.',
      '  찾은 머리글 (1행): 상품주문번호, 배송방법, 택배사, 송장번호',
      '  마켓 다운로드라면 --preset 이름을 붙이세요: cafe24-orders, coupang-orders, smartstore-orders (intake columns list)',
      '  직접 만든 머리글이면 열을 맞추세요: --columns "order_id=파일의 머리글,recipient_name=파일의 머리글,recipient_cellphone=파일의 머리글,…"',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { SMARTSTORE_37, SMARTSTORE_NOTICE, smartstoreLine } from '../helpers/downloads.js';
import { workspace } from '../helpers/files.js';
import { ORDERS_HEADER } from '../helpers/samples.js';
import fc from 'fast-check';
import { checkPhone, reachablePhone } from '../../src/input/phone.js';

const t = useService({ applyDelay: { minMs: 0, maxMs: 0 } });

const IMAGE = 'https://shop.example.com/p.jpg';
const CATALOG = [
  'id,name,image_url',
  ...['81001', '81002', '81003'].map((id) => `${id},감귤 ${id},${IMAGE}`),
];

const csvLine = (cells: readonly string[]) =>
  cells.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(',');

describe("a recipient's second number", () => {
  it.each([
    [['02-123-4567', '010-7054-8071'], 1],
    [['010-2222-3333', '02-555-6666'], 0],
    [['0504-1234-5678', '010-2222-3333'], 1],
    [['', '010-123-45'], 1],
    [['031-123-4567', '02-123-4567'], 0],
    [['010-123-45', '010-2222-3333'], 1],
    [['="02-123-4567"', '="010-7054-8071"'], 1],
    [['02-123-4567', '0082-10-7054-8071'], 1],
    [['02-123-4567', '+82 (0)10 7054 8071'], 1],
    [['02-123-4567', '０１０－７０５４－８０７１'], 1],
    [['', ''], -1],
    [[undefined, null], -1],
  ])('of %j the bot writes to number %i', (numbers, expected) => {
    expect(reachablePhone(numbers)).toBe(expected);
  });

  it('takes a number for a mobile exactly when the whole check does, however it is written', () => {
    const piece = fc.constantFrom(
      '0',
      '1',
      '2',
      '5',
      '6',
      '8',
      '9',
      '-',
      ' ',
      '.',
      '(',
      ')',
      '+',
      '82',
      '00',
      '010',
      '0505',
      '０',
      '－',
      '*',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (pieces) => {
        const number = pieces.join('');
        const verdict = checkPhone(number);
        const mobile = number.trim() !== '' && verdict.ok && verdict.warning === undefined;
        expect(reachablePhone([number, '010-1111-2222'])).toBe(mobile ? 0 : 1);
      }),
      { numRuns: 3000, seed: 20261203 },
    );
  });

  it('a Smartstore download: 수취인연락처2 is sent where only it is a mobile number, and named where it is wrong', async () => {
    const files = workspace();
    const line = (order: string, n: number, phone1: string, phone2: string) =>
      smartstoreLine(order, `${order}1`, n, n, { 수취인연락처1: phone1, 수취인연락처2: phone2 });
    const rows = [
      SMARTSTORE_NOTICE,
      SMARTSTORE_37,
      line('2026120310001', 1, '02-123-4567', '010-7054-8071'),
      line('2026120310002', 2, '010-2222-3333', '02-555-6666'),
      line('2026120310003', 3, '', '010-123-45'),
      line('2026120310004', 4, '031-123-4567', '02-123-4567'),
      // Two rows of one order: the first writes its landline first, the second only the mobile.
      line('2026120310005', 5, '02-777-8888', '010-5555-6666'),
      smartstoreLine('2026120310005', '20261203100052', 5, 6, {
        수취인연락처1: '010-5555-6666',
        수취인연락처2: '',
      }),
    ];
    const download = files.write('스마트스토어.csv', rows.map(csvLine).join('\n') + '\n');
    const catalog = files.write('catalog.csv', CATALOG.join('\n') + '\n');
    const sent = await cli(['order', 'create', download, '--products', catalog, '--json'], { env: t.env });
    expect(sent.code).toBe(4);
    expect(sent.summary()).toMatchObject({ records: 5, accepted: 4, invalid: 1, warnings: 1 });
    // Refused by the number it would have used, named by its own header.
    expect(sent.stderr).toContain('row 5, 수취인연락처2 ("010-123-45"): cannot be a phone number');
    // Both landlines: the first is sent, with the warning it had.
    expect(sent.stderr).toContain('row 6, 수취인연락처1 ("031-123-4567"): is a landline (031)');
    expect(sent.stderr).not.toContain('02-123-4567');
    await t.service.local.apply();
    const phone = async (id: string) => (await t.service.local.order(id))?.recipient_cellphone;
    expect(await phone('2026120310001')).toBe('010-7054-8071');
    expect(await phone('2026120310002')).toBe('010-2222-3333');
    expect(await phone('2026120310003')).toBeUndefined();
    expect(await phone('2026120310004')).toBe('031-123-4567');
    expect(await phone('2026120310005')).toBe('010-5555-6666');
    expect((await t.service.local.order('2026120310005'))?.items).toHaveLength(2);
  });

  it('our own layout takes it as recipient_other_phone, or by --columns', async () => {
    const files = workspace();
    const own = files.write(
      'orders.csv',
      [
        `${ORDERS_HEADER},recipient_other_phone`,
        `OP-1,김민지,02-123-4567,OP-1-1,P-1,감귤,${IMAGE},010-7054-8071`,
      ].join('\n') + '\n',
    );
    const dry = await cli(['order', 'create', own, '--dry-run', '--json'], { env: t.env });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.summary()).toMatchObject({ records: 1, warnings: 0 });
    expect(dry.records()[0]?.body).toMatchObject({ recipient_cellphone: '010-7054-8071' });
    const mapped = files.write(
      'mapped.csv',
      [
        '주문번호,받는분,집전화,휴대폰,품목번호,상품코드,상품명,이미지',
        `OP-2,김민지,02-123-4567,010-7054-8071,OP-2-1,P-1,감귤,${IMAGE}`,
      ].join('\n') + '\n',
    );
    const columns =
      'order_id=주문번호,recipient_name=받는분,recipient_cellphone=집전화,recipient_other_phone=휴대폰,item_id=품목번호,product_id=상품코드,product_name=상품명,product_image_url=이미지';
    const byFlag = await cli(['order', 'create', mapped, '--columns', columns, '--dry-run', '--json'], {
      env: t.env,
    });
    expect(byFlag.code, byFlag.stderr).toBe(0);
    expect(byFlag.records()[0]?.body).toMatchObject({ recipient_cellphone: '010-7054-8071' });
  });
});

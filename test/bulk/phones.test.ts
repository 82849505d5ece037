import { ORDERS_HEADER } from '../helpers/samples.js';
import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { workspace } from '../helpers/files.js';
import { cellNumber, checkPhone, phoneDigits } from '../../src/input/phone.js';
import { sayIn } from '../../src/bulk/said-words.js';

const t = useService({ applyDelay: { minMs: 0, maxMs: 0 } });

const IMAGE = 'https://shop.example.com/p.jpg';

describe('phones the bot can reach', () => {
  it.each([
    ['010-1234-5678', 'ok'],
    ['01012345678', 'ok'],
    ['+82 10-1234-5678', 'ok'],
    ['0082-10-1234-5678', 'ok'],
    ['+82 (0)10 1234 5678', 'ok'],
    ['011-123-4567', 'ok'],
    ['016-1234-5678', 'ok'],
    ['0503-1234-5678', 'phone_safe'],
    ['0504-123-4567', 'phone_safe'],
    ['070-1234-5678', 'phone_internet'],
    ['02-123-4567', 'phone_landline'],
    ['031-123-4567', 'phone_landline'],
    ['1588-1234', 'phone_business'],
    ['+1 415 555 0100', 'phone_abroad'],
    ['010-8570-424', 'phone_length'],
    ['010-123-456', 'phone_length'],
    ['0503-12-34', 'phone_length'],
    ['02-12-34', 'phone_length'],
    ['090-1234-5678', 'phone_prefix'],
    ['123-4567-8901', 'phone_prefix'],
    ['연락처없음', 'phone_no_digits'],
    ['-', 'phone_no_digits'],
    ['010-****-5678', 'phone_masked'],
    ['010-1234-****', 'phone_masked'],
    ['0101234****', 'phone_masked'],
    ['***-****-****', 'phone_masked'],
    ['010-12a4-5678', 'phone_characters'],
    ['010-1234-5678*', 'phone_characters'],
    ['010-12*4-5678', 'phone_characters'],
    ['tel:010-1234-5678', 'phone_characters'],
    ['+1 23', 'phone_length_abroad'],
    // Typed in a Korean input method's full-width mode, or with a dash an editor or web page chose.
    ['０１０－１２３４－５６７８', 'ok'],
    ['010-1234-567８', 'ok'],
    ['010‐1234‐5678', 'ok'],
    ['010–1234–5678', 'ok'],
    ['010−1234−5678', 'ok'],
    ['（０２）１２３－４５６７', 'phone_landline'],
    ['０１０－＊＊＊＊－５６７８', 'phone_masked'],
    ['０１０－１２３－４５６', 'phone_length'],
    // The vowel ㅡ typed for a dash in Hangul mode.
    ['010ㅡ1234ㅡ5678', 'ok'],
    ['02ㅡ123ㅡ4567', 'phone_landline'],
    ['010ㅡ1234ㅡ567', 'phone_length'],
  ])('%s: %s', (phone, expected) => {
    const verdict = checkPhone(phone);
    const code = verdict.ok ? (verdict.warning?.code ?? 'ok') : verdict.problem.code;
    expect(code).toBe(expected);
  });

  it('compares numbers by their digits, however they are written', () => {
    expect(phoneDigits('010-7054-8071')).toBe(phoneDigits('01070548071'));
    expect(phoneDigits('+82 10 7054 8071')).toBe('01070548071');
    expect(phoneDigits('(010) 7054.8071')).toBe('01070548071');
  });

  it.each([
    ['82-10-1234-5678', '+82-10-1234-5678'],
    ['821012345678', '+821012345678'],
    ['82 11 234 5678', '+82 11 234 5678'],
    ['821-234-5678', undefined],
    ['82-2-123-4567', undefined],
  ])('%s, a Korean number that lost its + (as Excel drops it), suggests %s', (cell, plus) => {
    const verdict = checkPhone(cell);
    expect(verdict.ok ? 'ok' : verdict.problem.code).toBe('phone_prefix');
    if (verdict.ok) return;
    expect(verdict.problem.values.plus).toBe(plus);
    if (plus) {
      expect(verdict.problem.message).toContain(`it needs its +: ${plus}?`);
      expect(
        sayIn('ko', verdict.problem.message, { code: 'phone_prefix', values: verdict.problem.values }),
      ).toBe(
        `한국 전화번호가 될 수 없습니다. 821(으)로 시작하는 번호는 없습니다 (국가 번호 82로 적은 번호라면 +가 있어야 합니다: ${plus}?)`,
      );
      // What it suggests is read as the mobile number it is.
      expect(checkPhone(plus)).toMatchObject({ ok: true, digits: `0${plus.replace(/\D/g, '').slice(2)}` });
    }
  });

  it.each([
    ['010-1234-5678 (집)', '010-1234-5678'],
    ['휴대폰: 010 1234 5678', '010 1234 5678'],
    ['tel:010-1234-5678', '010-1234-5678'],
    ['010-1234-5678 내선 12', '010-1234-5678'],
    // Nothing to suggest: no whole mobile number, or more than one run of digits to choose from.
    ['010-12a4-5678', undefined],
    ['02-123-4567 (회사)', undefined],
    ['010-1234-5678 / 집: 02-123-4567', undefined],
  ])('%s is refused, suggesting the number alone: %s', (cell, alone) => {
    const verdict = checkPhone(cell);
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(verdict.problem.code).toBe('phone_characters');
    expect(verdict.problem.values.number).toBe(alone);
    if (alone) expect(verdict.problem.message).toContain(`(the number alone: ${alone}?)`);
    expect(
      sayIn('ko', verdict.problem.message, { code: verdict.problem.code, values: verdict.problem.values }),
    ).toBe(
      `전화번호가 아닙니다. 숫자, 띄어쓰기, 하이픈(-)과 맨 앞의 +만 쓸 수 있습니다${alone ? ` (번호만: ${alone}?)` : ''}`,
    );
  });

  it.each([
    ['010-1234-5678 / 02-123-4567', '010-1234-5678', 2],
    ['02-123-4567, 010-2222-3333', '010-2222-3333', 2],
    ['02-123-4567;031-765-4321', '02-123-4567', 2],
    ['0505-123-4567 또는 010-3333-4444', '010-3333-4444', 2],
    ['010-1111-2222 | 010-3333-4444', '010-1111-2222', 2],
    ['０２－１２３－４５６７／０１０ㅡ２２２２ㅡ３３３３', '010-2222-3333', 2],
    // One number, whatever separates its groups, and what is not two whole numbers: the cell as it is.
    ['010/1234/5678', '010/1234/5678', 1],
    ['010-1234-5678', '010-1234-5678', 1],
    ['010-1234-5678, 내선 12', '010-1234-5678, 내선 12', 1],
    ['010-1234-5678/', '010-1234-5678/', 1],
  ])('a cell of %s gives the bot %s', (cell, sent, count) => {
    expect(cellNumber(cell)).toEqual({ text: sent, count });
  });

  it('of a cell holding two numbers the mobile is sent, with a warning; a dash typed as ㅡ is sent as -', async () => {
    const files = workspace();
    const csv = files.write(
      'orders.csv',
      [
        ORDERS_HEADER,
        `TW-1,김민지,"02-123-4567 / 010-7054-8071",TW-1-1,P-1,감귤,${IMAGE}`,
        // The same order's other row writes the mobile alone: the same number, one order.
        `TW-1,김민지,010-7054-8071,TW-1-2,P-2,한라봉,${IMAGE}`,
        `TW-2,박지훈,010ㅡ2222ㅡ3333,TW-2-1,P-1,감귤,${IMAGE}`,
      ].join('\n'),
    );
    const sent = await cli(['order', 'create', csv, '--json'], { env: { ...t.env, LANG: 'ko_KR.UTF-8' } });
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.summary()).toMatchObject({ records: 2, invalid: 0, warnings: 1 });
    expect(sent.stderr).toContain(
      '2행, recipient_cellphone ("02-123-4567 / 010-7054-8071"): 번호가 2개 적혀 있습니다. 봇은 010-7054-8071(으)로 연락합니다',
    );
    await t.service.local.apply();
    const first = await t.service.local.order('TW-1');
    expect(first?.recipient_cellphone).toBe('010-7054-8071');
    expect(first?.items.map((item) => item.id)).toEqual(['TW-1-1', 'TW-1-2']);
    expect((await t.service.local.order('TW-2'))?.recipient_cellphone).toBe('010-2222-3333');
  });

  it('a phone or tracking number typed in full-width digits or with another dash is sent as typed on a keyboard', async () => {
    const files = workspace();
    const csv = files.write(
      'orders.csv',
      [
        ORDERS_HEADER,
        `FW-1,김민지,０１０－７０５４－８０７１,FW-1-1,P-1,감귤,${IMAGE}`,
        `FW-1,김민지,010-7054-8071,FW-1-2,P-2,한라봉,${IMAGE}`,
        `FW-2,박지훈,010–2222–3333,FW-2-1,P-1,감귤,${IMAGE}`,
      ].join('\n'),
    );
    const sent = await cli(['order', 'create', csv, '--json'], { env: t.env });
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.summary()).toMatchObject({ records: 2, invalid: 0, warnings: 0 });
    await t.service.local.apply();
    const first = await t.service.local.order('FW-1');
    expect(first?.recipient_cellphone).toBe('010-7054-8071');
    expect(first?.items.map((item) => item.id)).toEqual(['FW-1-1', 'FW-1-2']);
    expect((await t.service.local.order('FW-2'))?.recipient_cellphone).toBe('010-2222-3333');
    // Their tracking numbers too, typed so: the carrier's look-up takes the digits.
    const shipments = files.write(
      'shipments.csv',
      [
        'order_id,order_item_id,company_code,tracking_number',
        'FW-1,FW-1-1,kr.cjlogistics,６４０１－２３４５－６７８９',
        'FW-2,FW-2-1,kr.cjlogistics,６４０１２３４５６７９０',
      ].join('\n'),
    );
    const shipped = await cli(['shipment', 'create', shipments, '--dry-run', '--json'], { env: t.env });
    expect(shipped.code, shipped.stderr).toBe(0);
    expect(
      shipped.records().map((line) => (line.body as { tracking_number?: string })?.tracking_number),
    ).toEqual(['640123456789', '640123456790']);
  });

  it('the CLI refuses a phone the bot cannot use, takes an unusual one with a warning, and sends no order in part', async () => {
    const files = workspace();
    const csv = files.write(
      'orders.csv',
      [
        ORDERS_HEADER,
        `PH-1,김민지,010-123-456,PH-1-1,P-1,감귤,${IMAGE}`,
        `PH-2,박지훈,연락처없음,PH-2-1,P-1,감귤,${IMAGE}`,
        `PH-3,이서연,0503-1234-5678,PH-3-1,P-1,감귤,${IMAGE}`,
        // One order, its rows writing one phone differently: one order, sent whole.
        `PH-4,최도윤,010-7054-8071,PH-4-1,P-1,감귤,${IMAGE}`,
        `PH-4, 최도윤 ,01070548071,PH-4-2,P-2,한라봉,${IMAGE}`,
        // One order whose rows name two phones: refused whole, both rows named with both values.
        `PH-5,정하은,010-8570-424,PH-5-1,P-1,감귤,${IMAGE}`,
        `PH-5,정하은,010-8570-4244,PH-5-2,P-2,한라봉,${IMAGE}`,
      ].join('\n'),
    );
    const dry = await cli(['order', 'create', csv, '--dry-run', '--json'], { env: t.env });
    expect(dry.code).toBe(4);
    expect(dry.summary()).toMatchObject({ records: 5, valid: 2, invalid: 3, warnings: 1 });
    expect(dry.stderr).toContain('row 2, recipient_cellphone ("010-123-456"): cannot be a phone number');
    expect(dry.stderr).toContain('row 3, recipient_cellphone ("연락처없음"): has no digits');
    expect(dry.stderr).toContain('row 4, recipient_cellphone ("0503-1234-5678"): is a relay "safe number"');
    for (const row of [7, 8]) {
      expect(dry.stderr).toContain(
        `row ${row}, recipient_cellphone ("${row === 7 ? '010-8570-424' : '010-8570-4244'}"): must be the same in every row of this order, and is not: row 7 "010-8570-424", row 8 "010-8570-4244"`,
      );
    }
    const sent = await cli(['order', 'create', csv, '--json'], { env: t.env });
    expect(sent.code).toBe(4);
    await t.service.local.apply();
    expect(await t.service.local.order('PH-1')).toBeUndefined();
    expect(await t.service.local.order('PH-5')).toBeUndefined();
    expect((await t.service.local.order('PH-4'))?.items.map((item) => item.id)).toEqual(['PH-4-1', 'PH-4-2']);
    expect((await t.service.local.order('PH-3'))?.recipient_cellphone).toBe('0503-1234-5678');
  });

  it('speaks Korean in a Korean terminal, and English elsewhere', async () => {
    const files = workspace();
    const csv = files.write(
      'orders.csv',
      `${ORDERS_HEADER}\nKO-1,김민지,010-123-456,KO-1-1,P-1,감귤,${IMAGE}\n`,
    );
    const korean = await cli(['order', 'create', csv, '--dry-run'], {
      env: { ...t.env, LANG: 'ko_KR.UTF-8' },
    });
    expect(korean.stderr).toContain(
      '2행, recipient_cellphone ("010-123-456"): 전화번호가 될 수 없습니다. 010(으)로 시작하는 번호는 11자리인데 이 번호는 9자리입니다',
    );
    expect(korean.stderr).toContain('시험 실행: 아무것도 보내지 않았습니다.');
    const english = await cli(['order', 'create', csv, '--dry-run'], {
      env: { ...t.env, LANG: 'en_US.UTF-8' },
    });
    expect(english.stderr).toContain('Dry run: nothing was sent.');
  });

  it('a long list of rows to look at says how many more, not as problems: they are valid, and --verbose lists them', async () => {
    const files = workspace();
    const rows = Array.from(
      { length: 25 },
      (_, n) => `SAFE-${n},김민지,0504-1000-${String(1000 + n)},SAFE-${n}-1,P-1,감귤,${IMAGE}`,
    );
    const csv = files.write('orders.csv', [ORDERS_HEADER, ...rows].join('\n'));
    const said = async (lang: string, ...flags: string[]) =>
      (await cli(['order', 'create', csv, '--dry-run', ...flags], { env: { ...t.env, LANG: lang } })).stderr;
    const english = await said('en_US.UTF-8');
    expect(english).toContain('25 valid rows have something to look at (taken all the same):');
    expect(english).toContain('  … and 5 more rows (--verbose lists them all)');
    expect(english).not.toContain('with problems');
    expect(await said('ko_KR.UTF-8')).toContain('  … 외 행 5개 (모두 보려면 --verbose)');
    const all = await said('en_US.UTF-8', '--verbose');
    expect(all).toContain('row 26, recipient_cellphone ("0504-1000-1024"): is a relay "safe number"');
    expect(all).not.toContain('more rows');
  });
});

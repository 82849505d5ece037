import { existsSync, truncateSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { cli, useService } from '../helpers/cli.js';
import { csvCells, SHOP_JOINED_COLUMNS, workspace } from '../helpers/files.js';

const t = useService();

const order = (id: string) => t.service.local.order(id);
const jobCount = async () => (await t.service.local.jobs()).length;
const summaryOf = (result: { summary: () => Record<string, unknown> }) => result.summary();

describe('orders CSV', () => {
  it('groups adjacent and scattered rows into one order each (UTF-8 with BOM, CRLF)', async () => {
    const files = workspace('orders.csv');
    const result = await cli(['order', 'create', files.path('orders.csv'), '--json'], { env: t.env });
    expect(result.code).toBe(0);
    expect(summaryOf(result)).toMatchObject({
      rows: 11,
      records: 7,
      accepted: 7,
      invalid: 0,
      encoding: 'UTF-8',
    });
    const items = (await order('ORD-20261122-0001'))?.items ?? [];
    expect(items.map((item) => [item.id, item.product_id, item.product_option])).toEqual([
      ['ORD-20261122-0001-1', 'P-1001', ['5kg', '선물 포장']],
      ['ORD-20261122-0001-2', 'P-1002', []],
      ['ORD-20261122-0001-3', 'P-1006', ['특대과']],
    ]);
    expect(await order('ORD-20261122-0001')).toMatchObject({
      member_id: 'M-1001',
      recipient_name: '김민지',
    });
    expect(await order('ORD-20261122-0003')).toMatchObject({
      member_id: null,
      recipient_name: '박지훈',
    });
  });

  it('reads a CP949 file with Korean headers through --columns', async () => {
    const files = workspace('orders-cp949.csv', 'columns-ko.json');
    const result = await cli(
      [
        'order',
        'create',
        files.path('orders-cp949.csv'),
        '--columns',
        files.path('columns-ko.json'),
        '--json',
      ],
      { env: t.env },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('is not UTF-8; reading it as CP949');
    expect(summaryOf(result)).toMatchObject({ records: 3, accepted: 3, encoding: 'CP949 (EUC-KR)' });
    expect(await order('ORD-20261123-0001')).toMatchObject({
      recipient_name: '윤서연',
      recipient_cellphone: '010-1111-2222',
    });
    expect((await order('ORD-20261123-0001'))?.items[1]).toMatchObject({
      product_name: '영광 굴비 10미',
      product_option: ['10미', '부세'],
    });
  });

  it('reads a file that begins with a UTF-16 or UTF-32 byte-order mark, in either byte order', async () => {
    const files = workspace('orders.csv');
    const text = files.read('orders.csv').replace(/^\uFEFF/, '');
    for (const [encoding, label] of [
      ['utf16le', 'UTF-16LE'],
      ['utf32le', 'UTF-32LE'],
      ['utf32be', 'UTF-32BE'],
    ] as const) {
      const path = files.write(`orders-${encoding}.csv`, iconv.encode(`\uFEFF${text}`, encoding));
      const result = await cli(['order', 'create', path, '--dry-run', '--json'], { env: t.env });
      expect(result.code, encoding).toBe(0);
      expect(summaryOf(result), encoding).toMatchObject({
        rows: 11,
        records: 7,
        invalid: 0,
        encoding: label,
      });
    }
  });

  it('takes --columns inline, a semicolon delimiter, and names missing columns', async () => {
    const files = workspace();
    const text =
      '주문번호;수령인;연락처;품목;상품;상품명;이미지\nK-1;김하나;010-1000-2000;K-1-1;P-1001;감귤;https://x.example.com/a.png\n';
    const path = files.write('semicolon.csv', text);
    const mapping =
      'order_id=주문번호,recipient_name=수령인,recipient_cellphone=연락처,item_id=품목,product_id=상품,product_name=상품명,product_image_url=이미지';
    const ok = await cli(['order', 'create', path, '--columns', mapping, '--json'], { env: t.env });
    expect(ok.code).toBe(0);
    expect(summaryOf(ok)).toMatchObject({ accepted: 1 });
    const missing = await cli(['order', 'create', path], { env: t.env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('lacks required column(s): order_id, recipient_name');
    expect(missing.stderr).toContain('Headers found (row 1): 주문번호, 수령인');
  });

  it('a --columns file that is not there, or not JSON, is said in words (exit 2)', async () => {
    const files = workspace('orders.csv');
    const absent = files.path('absent.json');
    const gone = await cli(['order', 'create', files.path('orders.csv'), '--columns', absent], {
      env: t.env,
    });
    expect(gone.code).toBe(2);
    expect(gone.stderr).toBe(`error: cannot read --columns file ${absent}: no such file\n`);
    const broken = files.write('broken.json', '{"order_id": ');
    const bad = await cli(['order', 'create', files.path('orders.csv'), '--columns', broken], { env: t.env });
    expect(bad.code).toBe(2);
    expect(bad.stderr.startsWith(`error: --columns file ${broken} is not JSON: `)).toBe(true);
  });

  it('a file of its own headers: the error offers Intake’s guess as --columns, and the guess sends the file', async () => {
    const files = workspace();
    // A shop's own headers, as orders-cp949.csv has them, with orders of this test's own.
    const path = files.write(
      'own-headers.csv',
      [
        '주문번호,회원번호,수령인,수령인 연락처,주문상품번호,상품번호,상품명,상품 이미지,옵션',
        ...[1, 2, 3].map(
          (n) =>
            `OWN-${n},M-${n},김하나,010-1000-200${n},OWN-${n}-1,P-1001,감귤,https://x.example.com/a.png,5kg`,
        ),
      ].join('\n'),
    );
    const refused = await cli(['order', 'create', path, '--dry-run'], { env: t.env });
    expect(refused.code).toBe(2);
    const offered = /Intake reads these headers as: --columns "([^"]+)"/.exec(refused.stderr)?.[1];
    expect(offered).toContain('recipient_cellphone=수령인 연락처');
    expect(refused.stderr).toContain(`intake columns save NAME --kind order --columns "${offered}"`);
    const sent = await cli(['order', 'create', path, '--columns', offered as string, '--json'], {
      env: t.env,
    });
    expect(sent.code).toBe(0);
    expect(summaryOf(sent)).toMatchObject({ records: 3, accepted: 3 });
    // A header it cannot guess: the missing columns to map, of the file's own kind.
    const products = files.write(
      'products-own.csv',
      'ID,Name,Visual\nP-1,감귤,https://x.example.com/a.png\n',
    );
    const unguessed = await cli(['product', 'create', products], { env: t.env });
    expect(unguessed.code).toBe(2);
    expect(unguessed.stderr).toContain('Or map your own headers with --columns "image_url=YOUR HEADER"');
  });

  it('a file of its own headers with no line id: the error offers a --columns JSON whose line id joins two columns, and it sends the file', async () => {
    const files = workspace();
    const path = files.write(
      'no-line-id.csv',
      [
        '주문ID,받는분,휴대폰,상품코드,상품이름,이미지',
        'NL-1,김하나,010-1000-2001,P-1,감귤,https://x.example.com/a.png',
        'NL-1,김하나,010-1000-2001,P-2,한라봉,https://x.example.com/b.png',
        'NL-2,박둘,010-1000-2002,P-1,감귤,https://x.example.com/a.png',
      ].join('\n'),
    );
    const refused = await cli(['order', 'create', path, '--dry-run'], { env: t.env });
    expect(refused.code).toBe(2);
    const offered =
      /its id can be the order's and the product's joined, with a --columns JSON file \(intake ui proposes it\): (.+)$/m.exec(
        refused.stderr,
      )?.[1];
    expect(JSON.parse(offered ?? '{}')).toMatchObject({
      order_id: '주문ID',
      item_id: ['주문ID', '상품코드'],
    });
    const ko = await cli(['order', 'create', path, '--dry-run'], { env: { ...t.env, LANG: 'ko_KR.UTF-8' } });
    expect(ko.stderr).toContain(
      `주문 품목 번호 열이 없습니다. 주문번호와 상품 번호를 이어 만들 수 있으니 이 내용을 --columns JSON 파일로 주세요 (intake ui도 이렇게 제안합니다): ${offered}`,
    );
    const sent = await cli(
      ['order', 'create', path, '--columns', files.write('columns.json', offered ?? ''), '--json'],
      {
        env: t.env,
      },
    );
    expect(sent.code).toBe(0);
    expect(summaryOf(sent)).toMatchObject({ records: 2, accepted: 2 });
    await t.service.local.apply();
    expect((await t.service.local.order('NL-1'))?.items.map((line) => line.id)).toEqual([
      'NL-1-P-1',
      'NL-1-P-2',
    ]);
  });

  it('joined line ids: the same product again in an order is a line of its own (-2), adjacent or apart; a row repeated exactly is skipped', async () => {
    const files = workspace();
    const row = (order: string, name: string, product: string, option: string) =>
      `${order},${name},010-1000-2001,${product},티셔츠,https://x.example.com/t.png,${option}`;
    const path = files.write(
      'same-product.csv',
      [
        '주문ID,받는분,휴대폰,상품코드,상품이름,이미지,옵션',
        row('SP-1', '김하나', 'P-1', 'S'),
        row('SP-1', '김하나', 'P-1', 'M'),
        row('SP-1', '김하나', 'P-1', 'S'),
        row('SP-1', '김하나', 'P-2', ''),
        row('SP-1', '김하나', 'P-1', 'L'),
        row('SP-2', '박둘', 'P-1', 'S'),
        row('SP-3', '최셋', 'P-1', 'S'),
        row('SP-2', '박둘', 'P-1', 'M'),
      ].join('\n'),
    );
    const columns = files.write('columns.json', SHOP_JOINED_COLUMNS);
    const sent = await cli(['order', 'create', path, '--columns', columns, '--json'], { env: t.env });
    expect(sent.code).toBe(0);
    expect(summaryOf(sent)).toMatchObject({ records: 3, accepted: 3, invalid: 0 });
    await t.service.local.apply();
    const lines = (id: string) =>
      order(id).then((found) => found?.items.map((line) => [line.id, line.product_option?.join('')]));
    expect(await lines('SP-1')).toEqual([
      ['SP-1-P-1', 'S'],
      ['SP-1-P-1-2', 'M'],
      ['SP-1-P-2', ''],
      ['SP-1-P-1-3', 'L'],
    ]);
    expect(await lines('SP-3')).toEqual([['SP-3-P-1', 'S']]);
    // Rows of one order apart in the file are told apart the same way.
    expect(await lines('SP-2')).toEqual([
      ['SP-2-P-1', 'S'],
      ['SP-2-P-1-2', 'M'],
    ]);

    // The shop's dispatch sheet, its rows in the same order, makes the same line ids.
    const dispatch = files.write(
      'dispatch.csv',
      [
        '주문ID,상품코드,옵션,택배사,송장번호',
        'SP-1,P-1,S,CJ대한통운,123456789012',
        'SP-1,P-1,M,CJ대한통운,123456789012',
        'SP-1,P-2,,CJ대한통운,123456789012',
        'SP-1,P-1,L,CJ대한통운,123456789012',
      ].join('\n'),
    );
    const shipmentColumns = files.write(
      'shipment-columns.json',
      JSON.stringify({
        order_item_id: ['주문ID', '상품코드'],
        company_code: '택배사',
        tracking_number: '송장번호',
      }),
    );
    const shipped = await cli(['shipment', 'create', dispatch, '--columns', shipmentColumns, '--json'], {
      env: t.env,
    });
    expect(shipped.code).toBe(0);
    await t.service.local.apply();
    expect((await order('SP-1'))?.shipments?.map((shipment) => shipment.order_item_ids)).toEqual([
      ['SP-1-P-1', 'SP-1-P-1-2', 'SP-1-P-2', 'SP-1-P-1-3'],
    ]);
  });

  it('reports every bad row with row, column, value and reason, sends the valid orders, and writes the rejects', async () => {
    const files = workspace('orders-with-errors.csv');
    const result = await cli(['order', 'create', files.path('orders-with-errors.csv'), '--json'], {
      env: t.env,
    });
    expect(result.code).toBe(4);
    expect(summaryOf(result)).toMatchObject({ rows: 11, records: 9, accepted: 2, invalid: 7 });
    for (const line of [
      'row 4, order_id ("1.01E+10"): looks like a number Excel wrote in scientific notation',
      'row 5, recipient_cellphone ("1012345678"): looks like a Korean mobile number that lost its leading 0',
      '1 product has no name here or in the product list: P-1099 (row 6)',
      'row 7, product_image_url ("img/p-1006.jpg"): Input should be a valid URL',
      'row 9, recipient_name ("조은비"): must be the same in every row of this order, and is not: row 8 "조은우", row 9 "조은비"',
      'row 11, item_id ("ERR-01-1"): item id ERR-01-1 is also used by another order (row 2)',
    ]) {
      expect(result.stderr).toContain(line);
    }
    expect(await order('ERR-08')).toBeDefined();
    expect(await order('ERR-09')).toBeDefined();
    expect(await order('ERR-01')).toBeUndefined();

    const rejects = csvCells(files.read('orders-with-errors.rejects.csv'));
    expect(rejects[0]).toEqual([
      'order_id',
      'member_id',
      'recipient_name',
      'recipient_cellphone',
      'item_id',
      'product_id',
      'product_name',
      'product_image_url',
      'product_option',
      'error',
    ]);
    expect(rejects).toHaveLength(1 + 9);
    expect(rejects.find((row) => row[0] === 'ERR-03')?.[9]).toContain('lost its leading 0');
  });

  it('the fixed rejects file uploads cleanly', async () => {
    const files = workspace('orders-with-errors.csv');
    await cli(['order', 'create', files.path('orders-with-errors.csv'), '-q'], {
      env: t.env,
    });
    const fixed = files
      .read('orders-with-errors.rejects.csv')
      .replaceAll('1.01E+10', 'ERR-02')
      .replace(',1012345678,', ',010-1234-5678,')
      .replace('ERR-04-1,P-1099,,', 'ERR-04-1,P-1005,안동 간고등어 2손,')
      .replace('img/p-1006.jpg', 'https://shop.example.com/img/p-1006.jpg')
      .replace(',조은비,', ',조은우,')
      .replace('ERR-07,M-3007,류가온,010-4343-6565,ERR-01-1', 'ERR-07,M-3007,류가온,010-4343-6565,ERR-07-1');
    const path = files.write('orders-with-errors.rejects.csv', fixed);
    const result = await cli(['order', 'create', path, '--json'], { env: t.env });
    expect(result.code).toBe(0);
    expect(summaryOf(result)).toMatchObject({ records: 7, accepted: 7, invalid: 0, rejects_file: null });
    expect((await order('ERR-01'))?.items).toHaveLength(2);
    expect(existsSync(files.path('orders-with-errors.rejects.rejects.csv'))).toBe(false);
  });
});

describe('products and shipments', () => {
  it('products CSV: a repeated row is skipped, the others sent', async () => {
    const files = workspace('products.csv');
    const result = await cli(['product', 'create', files.path('products.csv'), '--json'], { env: t.env });
    expect(result.code).toBe(0);
    const summary = summaryOf(result);
    expect(summary).toMatchObject({ rows: 11, records: 10, invalid: 0, duplicates_skipped: 1 });
    // Products named by the orders above are known already: the 409s count as already registered.
    expect(Number(summary.accepted) + Number(summary.already_registered)).toBe(10);
    expect(summary.already_registered).toBeGreaterThan(0);
    expect(result.stderr).toContain('1 repeated row skipped');
  });

  it('products from a JSON array and shipments from NDJSON', async () => {
    const files = workspace('products.json', 'shipments.ndjson');
    const products = await cli(['product', 'create', files.path('products.json'), '--json'], { env: t.env });
    expect(summaryOf(products)).toMatchObject({ format: 'json', records: 3 });
    expect(products.code).toBe(0);
    const shipments = await cli(['shipment', 'create', files.path('shipments.ndjson'), '--json'], {
      env: t.env,
    });
    expect(shipments.code).toBe(0);
    expect(summaryOf(shipments)).toMatchObject({ format: 'ndjson', lines: 1, accepted: 1 });
  });

  it('shipments CSV: rows with the same order, carrier and tracking number make one shipment', async () => {
    const files = workspace('shipments.csv');
    const result = await cli(['shipment', 'create', files.path('shipments.csv'), '--json'], { env: t.env });
    expect(result.code).toBe(0);
    expect(summaryOf(result)).toMatchObject({ rows: 10, records: 7, accepted: 7 });
    await t.service.local.apply();
    const shipments = (await order('ORD-20261122-0001'))?.shipments ?? [];
    expect(shipments.map((shipment) => [shipment.company_code, shipment.order_item_ids])).toEqual([
      ['kr.cjlogistics', ['ORD-20261122-0001-1', 'ORD-20261122-0001-2']],
      ['kr.epost', ['ORD-20261122-0001-3']],
    ]);
  });

  it('a shipment the service refuses is rejected and in the rejects file; a changed one is not', async () => {
    const files = workspace();
    const path = files.write(
      'late.csv',
      'order_id,order_item_ids,company_code,tracking_number\nNO-SUCH-ORDER,X-1|X-2,kr.epost,1111\nORD-20261122-0007,ORD-20261122-0007-1,kr.epost,2222\n',
    );
    const result = await cli(['shipment', 'create', path, '--json'], { env: t.env });
    expect(result.code).toBe(4);
    // ORD-20261122-0007-1 was shipped by an earlier test with another carrier: changed, not sent.
    expect(summaryOf(result)).toMatchObject({ accepted: 0, changed: 1, rejected: 1 });
    const rejects = csvCells(files.read('late.rejects.csv'));
    expect(rejects).toHaveLength(2);
    expect(rejects[1]).toEqual([
      'NO-SUCH-ORDER',
      'X-1|X-2',
      'kr.epost',
      '1111',
      "Order 'NO-SUCH-ORDER' not found.",
    ]);
  });
});

describe('what the service did not take, named in the summary', () => {
  const shipments = (count: number) =>
    'order_id,order_item_ids,company_code,tracking_number\n' +
    Array.from({ length: count }, (_, n) => `NONE-${n + 1},NONE-${n + 1}-1,kr.epost,${1000 + n}\n`).join('');

  it('each refusal with its rows and the service’s answer, the first ten, then how many more', async () => {
    const files = workspace();
    const path = files.write('unknown.csv', shipments(12));
    const result = await cli(['shipment', 'create', path], { env: t.env });
    expect(result.code).toBe(4);
    const lines = result.stderr.split('\n');
    const first = lines.indexOf('The service did not take 12 shipments:');
    expect(first).toBeGreaterThan(-1);
    expect(lines.slice(first + 1, first + 12)).toEqual([
      ...Array.from(
        { length: 10 },
        (_, n) =>
          `  row ${n + 2}, NONE-${n + 1} kr.epost ${1000 + n} (rejected, HTTP 404): Order 'NONE-${n + 1}' not found.`,
      ),
      '  … and 2 more: --report FILE lists each',
    ]);
    // With a report, the rest are found there.
    const report = files.path('report.csv');
    const again = await cli(['shipment', 'create', path, '--report', report], { env: t.env });
    expect(again.stderr).toContain(`  … and 2 more, each in ${report}`);
  });

  it('in Korean on a Korean terminal, with the service’s answer in Korean where Intake has words for it', async () => {
    const files = workspace();
    const path = files.write('unknown-ko.csv', shipments(1));
    const result = await cli(['shipment', 'create', path], { env: { ...t.env, LANG: 'ko_KR.UTF-8' } });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain(
      '서비스가 받지 않은 송장 1건:\n  2행, NONE-1 kr.epost 1000 (거부됨, HTTP 404): 주문 NONE-1을(를) 찾을 수 없습니다\n',
    );
    // The rows to fix say why in the same words, under the page's word for it.
    expect(csvCells(files.read('unknown-ko.rejects.csv')).map((row) => row.at(-1))).toEqual([
      '사유',
      '서비스가 받지 않았습니다 (HTTP 404): 주문 NONE-1을(를) 찾을 수 없습니다',
    ]);
    // Sent again as it is, that column is one the upload does not send: the row is read and sent.
    const again = await cli(['shipment', 'create', files.path('unknown-ko.rejects.csv'), '--json'], {
      env: { ...t.env, LANG: 'ko_KR.UTF-8' },
    });
    expect(again.code).toBe(4);
    expect(again.summary()).toMatchObject({ records: 1, rejected: 1 });
    // Cut again, the rows to fix carry this run's reason alone, not the last run's as well.
    const recut = csvCells(files.read('unknown-ko.rejects-2.csv'));
    expect(recut.map((row) => row.length)).toEqual([5, 5]);
    expect(recut.map((row) => row.at(-1))).toEqual([
      '사유',
      '서비스가 받지 않았습니다 (HTTP 404): 주문 NONE-1을(를) 찾을 수 없습니다',
    ]);
  });

  it('the other steps a Korean terminal is told are in Korean too', async () => {
    const ko = { env: { ...t.env, LANG: 'ko_KR.UTF-8' } };
    const single = await cli(
      [
        'shipment',
        'create',
        '--order',
        'NONE-K',
        '--items',
        'NONE-K-1',
        '--company-code',
        'kr.epost',
        '--tracking-number',
        '1',
      ],
      ko,
    );
    expect(single.code).toBe(4);
    expect(single.stderr).toContain('거부됨: 주문 NONE-K을(를) 찾을 수 없습니다 (HTTP 404)\n');
    const files = workspace('orders-with-errors.csv');
    const held = await cli(['order', 'create', files.path('orders-with-errors.csv'), '--all-or-nothing'], ko);
    expect(held.code).toBe(4);
    expect(held.stderr).toContain('--all-or-nothing: 잘못된 주문 7건이 있어 아무것도 보내지 않습니다.\n');
    expect(held.stderr).toContain(
      '아무것도 보내지 않았습니다 (--all-or-nothing). orders-with-errors.csv의 잘못된 행을 고친 뒤 ' +
        `(각 행과 사유는 ${files.path('orders-with-errors.rejects.csv')}에 있습니다) 같은 명령을 다시 실행하세요.\n`,
    );
    // Each row's reason in Korean: its own problems, or its order's.
    const reasons = csvCells(files.read('orders-with-errors.rejects.csv')).map(
      (row) => `${row[4]}: ${row.at(-1)}`,
    );
    expect(reasons).toContain('ERR-01-1: 품목 ERR-01-1은(는) 주문 ERR-07(11행)에도 있습니다');
    expect(reasons).toContain(
      'ERR-01-2: 이 주문의 다른 행에 문제가 있습니다: 품목 ERR-01-1은(는) 주문 ERR-07(11행)에도 있습니다',
    );
    expect(reasons).toContain(
      'ERR-03-1: recipient_cellphone ("1012345678"): 맨 앞의 0이 빠진 휴대폰 번호로 보입니다 (01012345678?). 엑셀에서 이 열의 서식을 텍스트로 지정하고 다시 내보내세요',
    );
    const header =
      'order_id,recipient_name,recipient_cellphone,item_id,product_id,product_name,product_image_url\n';
    const first = files.write(
      'ko.csv',
      `${header}KO-C1,김민지,010-1234-5678,KO-C1-1,P-1,감귤,https://example.com/p.png\n`,
    );
    expect((await cli(['order', 'create', first], ko)).code).toBe(0);
    const changed = files.write(
      'ko-2.csv',
      `${header}KO-C1,김민수,010-1234-5678,KO-C1-1,P-1,감귤,https://example.com/p.png\n`,
    );
    const again = await cli(['order', 'create', changed], ko);
    expect(again.code).toBe(4);
    expect(again.stderr).toContain(
      '주문 1건이 서비스가 이전에 받은 것과 다릅니다: KO-C1 (recipient_name).\n' +
        'recipient_name을(를) PATCH로 보내려면 같은 명령에 --update를 붙여 다시 실행하세요.\n',
    );
  });

  it('a single record from the flags that is invalid is said in Korean, each flag with its problem', async () => {
    const result = await cli(['shipment', 'create', '--order', 'KO-F1'], {
      env: { ...t.env, LANG: 'ko_KR.UTF-8' },
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain(
      '옵션으로 준 송장이 올바르지 않아 아무것도 보내지 않았습니다:\n' +
        '  --items: 값이 없습니다\n  --company-code: 값이 없습니다\n  --tracking-number: 값이 없습니다\n',
    );
    expect(result.stderr).toContain('오류: 위의 문제로 보내지 않았습니다.\n');
    expect(result.stderr).not.toMatch(/is missing/);
  });

  it('a single record’s line is in Korean for people at a Korean terminal, as it is in a pipe', async () => {
    const files = workspace();
    const env = { ...t.env, LANG: 'ko_KR.UTF-8', NO_COLOR: '1' };
    const cells = (stdout: string) =>
      stdout
        .split('\n')
        .filter((line) => line.startsWith('│'))
        .map((line) =>
          line
            .split('│')
            .slice(1, -1)
            .map((cell) => cell.trim()),
        );
    const one = files.write(
      'one.json',
      JSON.stringify({
        id: 'KO-S1',
        recipient_name: '김민지',
        recipient_cellphone: '010-1234-5678',
        items: [
          { id: 'KO-S1-1', product: { id: 'P-1', name: '감귤', image_url: 'https://example.com/p.png' } },
        ],
      }),
    );
    const taken = await cli(['order', 'create', one], { env, tty: true });
    expect(taken.code).toBe(0);
    expect(cells(taken.stdout)).toEqual([
      ['번호', '결과', '상태', '내용'],
      ['KO-S1', '접수됨', '202', '주문 등록 요청이 접수되었습니다 (곧 반영됩니다)'],
    ]);
    const flags = [
      '--order',
      'NONE-T',
      '--items',
      'NONE-T-1',
      '--company-code',
      'kr.epost',
      '--tracking-number',
      '1',
    ];
    const refused = await cli(['shipment', 'create', ...flags], { env, tty: true });
    expect(refused.code).toBe(4);
    expect(cells(refused.stdout)[1]).toEqual([
      'NONE-T kr.epost 1',
      '거부됨',
      '404',
      '주문 NONE-T을(를) 찾을 수 없습니다',
    ]);
    const piped = await cli(['shipment', 'create', ...flags], { env });
    expect(piped.stdout).toBe("NONE-T kr.epost 1\trejected\t404\tOrder 'NONE-T' not found.\n");
  });

  it('what stops an upload is said in Korean at a Korean terminal; --json keeps the English for scripts', async () => {
    const files = workspace();
    const ko = { ...t.env, LANG: 'ko_KR.UTF-8' };
    const absent = files.path('없는 파일.csv');
    const gone = await cli(['order', 'create', absent], { env: ko });
    expect(gone.code).toBe(2);
    expect(gone.stderr).toBe(`오류: ${absent}을(를) 읽을 수 없습니다: 그런 파일이 없습니다\n`);
    const headers = files.write('headers.csv', 'a,b\n1,2\n');
    const unknown = await cli(['order', 'create', headers], { env: ko });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      '오류: headers.csv에 꼭 있어야 할 열이 없습니다: order_id, recipient_name, recipient_cellphone, item_id, product_id\n' +
        '  찾은 머리글 (1행): a, b\n' +
        '  마켓 다운로드라면 --preset 이름을 붙이세요: cafe24-orders, coupang-orders, smartstore-orders (intake columns list)\n',
    );
    const orders = files.write(
      'orders.csv',
      'order_id,recipient_name,recipient_cellphone,item_id,product_id,product_name,product_image_url\n' +
        'KO-E1,김민지,010-1234-5678,KO-E1-1,P-1,감귤,https://example.com/p.png\n',
    );
    const refused = await cli(['order', 'create', orders], {
      env: { ...ko, INTAKE_SECRET_ACCESS_KEY: 'not-the-secret' },
    });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('오류: 비밀 키가 맞지 않습니다 (HTTP 401)\n  보낸 인증 정보: 환경 변수');
    expect(refused.stderr).toContain(
      '이어서 보내려면 같은 명령을 다시 실행하세요. 이미 보낸 주문은 다시 보내지 않습니다.',
    );
    const away = await cli(['order', 'create', orders, '--timeout', '1s'], {
      env: { ...ko, INTAKE_BASE_URL: 'http://127.0.0.1:1' },
    });
    expect(away.code).toBe(5);
    expect(away.stderr).toMatch(
      /오류: http:\/\/127\.0\.0\.1:1에 연결할 수 없습니다: 연결이 거부되었습니다 \(서비스가 실행 중인지 확인하세요\) \([\d.]+초 동안 4번 시도\) \(서비스 주소: INTAKE_BASE_URL에서 가져옴\)\n/,
    );
    // A script reading JSON gets the same error in English, whatever the locale.
    const json = await cli(['order', 'create', absent, '--json'], { env: ko });
    expect(json.stdout.trim().split('\n').at(-1)).toContain(
      `"message":"cannot read ${absent}: no such file"`,
    );
  });

  it('the count table is in Korean for people at a Korean terminal, and English tokens for a script', async () => {
    const files = workspace();
    const header =
      'order_id,recipient_name,recipient_cellphone,item_id,product_id,product_name,product_image_url\n';
    const path = files.write(
      'counts.csv',
      `${header}KO-T1,김민지,010-1234-5678,KO-T1-1,P-1,감귤,https://example.com/p.png\n` +
        `KO-T2,김민수,1012345678,KO-T2-1,P-1,감귤,https://example.com/p.png\n`,
    );
    const env = { ...t.env, LANG: 'ko_KR.UTF-8', NO_COLOR: '1' };
    const person = await cli(['order', 'create', path], { env, tty: true });
    expect(person.code).toBe(4);
    const lines = person.stdout.split('\n').map((line) => line.replace(/[│┌┐└┘├┤┬┴┼─]/g, ' ').trim());
    expect(lines.map((line) => line.split(/\s{2,}/).join('|'))).toEqual(
      expect.arrayContaining([
        '결과|주문',
        '접수됨|1',
        '이미 등록됨|0',
        '오류|1',
        '서비스가 거부함|0',
        '실패|0',
      ]),
    );
    // Piped, the same run prints what a script matches on, whatever the locale; a re-run sends nothing again.
    const piped = await cli(['order', 'create', path], { env, tty: false });
    expect(piped.stdout).toBe(
      'accepted\t0\nalready registered\t1\ninvalid\t1\nrejected by the service\t0\nfailed\t0\n',
    );
  });

  it('a record that got no definite answer, with what went wrong and the step to take, in either language', async () => {
    await t.service.call('PUT', '/local/faults', { body: { spec: 'POST @NT-2=500:next=2' } });
    try {
      const files = workspace();
      const header =
        'order_id,recipient_name,recipient_cellphone,item_id,product_id,product_name,product_image_url\n';
      const row = (id: string) => `${id},김민지,010-1234-5678,${id}-1,P-1,감귤,https://example.com/p.png\n`;
      const path = files.write('failing.csv', header + row('NT-1') + row('NT-2'));
      const result = await cli(['order', 'create', path], { env: t.env });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        'The service did not take 1 order:\n  row 3, NT-2 (failed, HTTP 500): the service failed after 1 attempt (HTTP 500): Internal Server Error (injected by intake serve)\n',
      );
      const korean = await cli(['order', 'create', path], { env: { ...t.env, LANG: 'ko_KR.UTF-8' } });
      expect(korean.code).toBe(1);
      expect(korean.stderr).toContain(
        '서비스가 받지 않은 주문 1건:\n  3행, NT-2 (실패, HTTP 500): 서비스 오류 (HTTP 500): Internal Server Error (injected by intake serve), 1번 시도\n' +
          '주문 1건은 서비스의 확실한 응답을 받지 못했습니다. 같은 명령을 다시 실행하세요. 서비스에 없는 것만 보냅니다.\n',
      );
    } finally {
      await t.service.call('DELETE', '/local/faults');
    }
  });
});

describe('options', () => {
  it('--dry-run checks and sends nothing', async () => {
    const files = workspace('orders-with-errors.csv');
    const before = await jobCount();
    const result = await cli(
      ['order', 'create', files.path('orders-with-errors.csv'), '--dry-run', '--json'],
      { env: t.env },
    );
    expect(result.code).toBe(4);
    expect(summaryOf(result)).toMatchObject({ valid: 2, invalid: 7, accepted: 0, dry_run: true });
    expect(result.stderr).toContain('Dry run: nothing was sent.');
    expect(await jobCount()).toBe(before);
  });

  it('--all-or-nothing sends nothing when a record is invalid', async () => {
    const files = workspace('orders-with-errors.csv');
    const before = await jobCount();
    const result = await cli(
      ['order', 'create', files.path('orders-with-errors.csv'), '--all-or-nothing', '--json'],
      { env: t.env },
    );
    expect(result.code).toBe(4);
    expect(summaryOf(result)).toMatchObject({ accepted: 0, invalid: 7, not_sent: 2 });
    expect(await jobCount()).toBe(before);
    // The way on is the whole file again, not its rejects (which hold only the invalid rows).
    expect(result.stderr).toContain(
      'Nothing was sent (--all-or-nothing). Fix the invalid rows in orders-with-errors.csv (each is in',
    );
    expect(result.stderr).toContain('then run the same command again.');
    expect(result.stderr).not.toContain('After fixing them');
  });

  it('--report writes one line per record, as CSV or JSON', async () => {
    const files = workspace('orders-with-errors.csv');
    await cli(
      [
        'order',
        'create',
        files.path('orders-with-errors.csv'),
        '--report',
        files.path('report.csv'),
        '--dry-run',
      ],
      { env: t.env },
    );
    const csv = csvCells(files.read('report.csv'));
    expect(csv[0]).toEqual(['rows', 'id', 'outcome', 'status', 'message']);
    expect(csv).toContainEqual(['5', 'ERR-03', 'invalid', '', expect.stringContaining('lost its leading 0')]);
    expect(csv).toContainEqual(['10', 'ERR-08', 'valid', '', expect.any(String)]);
    await cli(
      [
        'order',
        'create',
        files.path('orders-with-errors.csv'),
        '--report',
        files.path('report.json'),
        '--dry-run',
      ],
      { env: t.env },
    );
    const json = JSON.parse(files.read('report.json')) as { rows: number[]; id: string; outcome: string }[];
    expect(json).toHaveLength(9);
    expect(json.find((line) => line.id === 'ERR-06')).toMatchObject({ rows: [8, 9], outcome: 'invalid' });
  });

  it('a file over 2 GB is refused at once with its size, before anything is read', async () => {
    const files = workspace();
    const path = files.write('huge.csv', '');
    // Sparse: takes no room on the disk.
    truncateSync(path, 2 * 1024 ** 3 + 300 * 1024 ** 2);
    const jobs = await jobCount();
    const result = await cli(['order', 'create', path, '--dry-run'], { env: t.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('huge.csv is 2.3 GB; at most 2 GB is read');
    expect(await jobCount()).toBe(jobs);
  });

  it('reads standard input', async () => {
    const files = workspace();
    const text = 'id,name,image_url\nP-STDIN-1,표준 입력,https://x.example.com/s.png\n';
    const result = await cli(['product', 'create', '-', '--format', 'csv', '--json'], {
      env: t.env,
      stdin: text,
    });
    expect(result.code).toBe(0);
    expect(summaryOf(result)).toMatchObject({
      input: 'stdin',
      accepted: 1,
      ledger_file: expect.stringMatching(/ledger\.db$/),
    });
    expect(files.dir).toBeDefined();
  });

  it('a file in another encoding than --encoding says so per row', async () => {
    const files = workspace();
    const path = files.write(
      'ko.csv',
      iconv.encode('id,name,image_url\nP-KO-1,감귤,https://x.example.com/a.png\n', 'cp949'),
    );
    const result = await cli(['product', 'create', path, '--encoding', 'utf-8', '--dry-run'], { env: t.env });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('has characters that are not UTF-8');
    const detected = await cli(['product', 'create', path, '--dry-run', '--json'], { env: t.env });
    expect(summaryOf(detected)).toMatchObject({ encoding: 'CP949 (EUC-KR)', valid: 1 });
  });

  it('reads TSV, and a quoted cell may span lines without shifting row numbers', async () => {
    const files = workspace();
    const tsv = files.write(
      'products.tsv',
      'id\tname\timage_url\nP-T1\t"두 줄\n이름"\thttps://x.example.com/1.png\nP-T2\t\thttps://x.example.com/2.png\n',
    );
    const result = await cli(['product', 'create', tsv, '--dry-run'], { env: t.env });
    expect(result.stderr).toContain('row 3, name: is empty');
  });
});

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, serviceEnv } from '../helpers/cli.js';
import { sampleOrder, sampleProduct } from '../helpers/samples.js';
import { startService, type TestService } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';
import { FIXTURES } from '../helpers/files.js';

let service: TestService;
let env: Record<string, string>;
const dir = tempDir('intake-create-');
const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return path;
};
/** `intake shipment create` from flags. */
const ship = (
  order: string,
  items: string,
  companyCode: string,
  trackingNumber: string,
  ...more: string[]
) => [
  'shipment',
  'create',
  '--order',
  order,
  '--items',
  items,
  '--company-code',
  companyCode,
  '--tracking-number',
  trackingNumber,
  ...more,
];
const jobCount = async () => (await service.local.jobs()).length;

beforeAll(async () => {
  service = await startService();
  env = serviceEnv(service);
});
afterAll(() => service.close());

describe('intake order create', () => {
  it('sends one order from a JSON file', async () => {
    const result = await cli(['order', 'create', file('order.json', sampleOrder('ORD-C1')), '--json'], {
      env,
    });
    expect(result.code).toBe(0);
    // One record gives the lines a file of one record gives: the record, then the summary.
    expect(result.records()).toEqual([
      {
        type: 'record',
        rows: [1],
        id: 'ORD-C1',
        outcome: 'accepted',
        status: 202,
        message: 'Order creation request has been queued.',
      },
    ]);
    expect(result.summary()).toMatchObject({ records: 1, accepted: 1 });
    expect(await service.local.order('ORD-C1')).toBeDefined();
  });

  it('reads standard input with -', async () => {
    const result = await cli(['order', 'create', '-', '-o', 'csv'], {
      env,
      stdin: JSON.stringify(sampleOrder('ORD-C2')),
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      'id,outcome,status,message\nORD-C2,accepted,202,Order creation request has been queued.\n',
    );
  });

  it('never sends an invalid order: exit 4 as in a file, one readable line per problem', async () => {
    const before = await jobCount();
    const bad = sampleOrder('ORD-C3', { recipient_cellphone: '' });
    (bad.items[0] as { product: Record<string, unknown> }).product.image_url = 'img/p.png';
    delete (bad.items[1] as Record<string, unknown>).id;
    const result = await cli(['order', 'create', file('bad.json', bad)], { env });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('the order from bad.json is invalid; nothing was sent:');
    expect(result.stderr).toContain('  recipient_cellphone: is empty');
    expect(result.stderr).toContain(
      'items[0].product.image_url ("img/p.png"): Input should be a valid URL, relative URL without a base',
    );
    expect(result.stderr).toContain('items[1].id: is missing');
    expect(await jobCount()).toBe(before);
  });

  it('says where a file is not JSON', async () => {
    const result = await cli(['order', 'create', file('broken.json', '{\n  "id": "A",\n  "items": ]\n}')], {
      env,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('broken.json is not valid JSON: Expecting value at line 3, column 12');
  });

  it.each([
    ['null', 'null'],
    ['42', 'number'],
    ['"A"', 'string'],
    ['true', 'boolean'],
  ])('a .json file holding one plain value (%s) says what it holds', async (text, kind) => {
    const result = await cli(['order', 'create', file('plain.json', text)], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`error: plain.json holds a JSON ${kind}, not an object or a list of them\n`);
    const notJson = await cli(['order', 'create', file('words.json', 'orders')], { env });
    expect(notJson.stderr).toContain('words.json is not JSON: it starts with "orders"');
  });

  it('standard input or a file of no extension holding null, a number or true says so (what jq prints for no match)', async () => {
    for (const text of ['null\n', '42', 'true']) {
      const piped = await cli(['order', 'create', '-'], { env, stdin: text });
      expect(piped.code).toBe(2);
      expect(piped.stderr).toMatch(/^error: stdin holds a JSON (null|number|boolean), not an object/);
    }
    const bare = await cli(['order', 'create', file('orders', 'null')], { env });
    expect(bare.stderr).toBe('error: orders holds a JSON null, not an object or a list of them\n');
    // A lone quoted word is a CSV's header, as before: said to lack the columns an order needs.
    const header = await cli(['order', 'create', file('header', '"order_id"')], { env });
    expect(header.stderr).toContain('error: header lacks required column(s): recipient_name');
  });

  it('a missing file is a usage error', async () => {
    const result = await cli(['order', 'create', join(dir, 'nope.json')], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no such file');
  });

  it('the same order sent twice is already registered, as in a file; an item of another order is rejected', async () => {
    const path = file('dup.json', sampleOrder('ORD-C4'));
    expect((await cli(['order', 'create', path], { env })).code).toBe(0);
    const again = await cli(['order', 'create', path, '--json'], { env });
    expect(again.code).toBe(0);
    expect(again.records()[0]).toMatchObject({ id: 'ORD-C4', outcome: 'already_registered' });
    // Sent by another machine (no ledger here): the service's 409 names the order itself.
    const elsewhere = await cli(['order', 'create', path, '--json'], {
      env: { ...env, INTAKE_DATA_DIR: tempDir('intake-data-') },
    });
    expect(elsewhere.code).toBe(0);
    expect(elsewhere.records()[0]).toMatchObject({ outcome: 'already_registered', status: 409 });

    const thief = sampleOrder('ORD-C4B');
    (thief.items[0] as { id: string }).id = 'ORD-C4-1';
    const rejected = await cli(['order', 'create', file('thief.json', thief)], { env });
    expect(rejected.code).toBe(4);
    expect(rejected.stderr).toContain("rejected: Order item 'ORD-C4-1' already exists");
    expect(rejected.stderr).toContain('(HTTP 409)');
  });

  it('--dry-run checks and sends nothing', async () => {
    const before = await jobCount();
    const result = await cli(['order', 'create', file('dry.json', sampleOrder('ORD-C5')), '--dry-run'], {
      env,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('ORD-C5\tvalid');
    expect(result.stderr).toContain('Dry run: nothing was sent.');
    expect(await jobCount()).toBe(before);
  });
  it('--dry-run of many records counts what the check tells, never what only sending would', async () => {
    const result = await cli(['order', 'create', `${FIXTURES}/orders.csv`, '--dry-run'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toEqual(['valid\t7', 'invalid\t0']);
  });
});

describe('intake product create', () => {
  it('sends a product from flags', async () => {
    const result = await cli(
      [
        'product',
        'create',
        '--id',
        'P-C1',
        '--name',
        '제주 감귤',
        '--image-url',
        'https://shop.example.com/c1.jpg',
        '--json',
      ],
      { env },
    );
    expect(result.code).toBe(0);
    expect(result.records()[0]).toMatchObject({ id: 'P-C1', outcome: 'accepted', status: 202 });
  });

  it('sends a product from a file', async () => {
    const result = await cli(['product', 'create', file('product.json', sampleProduct('P-C2'))], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('P-C2');
  });

  it('checks flags against the contract', async () => {
    const result = await cli(
      ['product', 'create', '--id', 'P-C3', '--image-url', 'https://x.example.com/a.png'],
      { env },
    );
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('the product from the flags is invalid; nothing was sent:');
    expect(result.stderr).toContain('--name: is missing');
    // The problems are said once, with the flags that gave them: the last line does not repeat them.
    expect(result.stderr).toContain('invalid: not sent, for the problems above.\n');
    expect(result.stderr.match(/is missing/g)).toHaveLength(1);
    // A script reads them from the record's line.
    expect(result.stdout).toContain('name: is missing');
  });

  it('refuses a file and flags together', async () => {
    const result = await cli(['product', 'create', 'x.json', '--id', 'P-C9'], { env });
    expect(result.code).toBe(2);
  });
});

describe('intake shipment create', () => {
  beforeAll(async () => {
    await cli(['order', 'create', file('ship-order.json', sampleOrder('ORD-S1'))], { env });
    await cli(['order', 'create', file('ship-order-2.json', sampleOrder('ORD-S2'))], { env });
  });

  it('sends a shipment from flags', async () => {
    const result = await cli(
      ship('ORD-S1', 'ORD-S1-1, ORD-S1-2', 'kr.cjlogistics', '640123456789', '--json'),
      { env },
    );
    expect(result.code).toBe(0);
    expect(result.records()[0]).toMatchObject({
      id: 'ORD-S1 kr.cjlogistics 640123456789',
      outcome: 'accepted',
    });
    expect((await service.call('GET', '/api/v1/shipments/status/')).json).toMatchObject({ count: 1 });
  });

  it('a shipment from a JSON object that changes a shipped item’s carrier is changed, and sent only with --update', async () => {
    const body = {
      order_id: 'ORD-S1',
      order_item_ids: ['ORD-S1-2'],
      company_code: 'self',
      tracking_number: 'self',
    };
    const jobs = await jobCount();
    const result = await cli(['shipment', 'create', file('shipment.json', body), '--json'], { env });
    expect(result.code).toBe(4);
    expect(result.records()[0]).toMatchObject({ outcome: 'changed', status: null });
    expect(String(result.records()[0]?.message)).toContain(
      'company_code and tracking_number differ from the shipment the service took earlier for ORD-S1-2 (kr.cjlogistics 640123456789)',
    );
    expect(result.stderr).toContain('Run the same command again with --update to send them');
    expect(await jobCount()).toBe(jobs);

    const updated = await cli(['shipment', 'create', file('shipment.json', body), '--update', '--json'], {
      env,
    });
    expect(updated.code).toBe(0);
    expect(updated.summary()).toMatchObject({ updated: 1, changed: 0, notified_again: 1 });
    expect(updated.stderr).toContain('its buyer is notified again');
    expect(await jobCount()).toBe(jobs + 1);
  });

  it('says the warning of an unlisted code and a changed shipment in Korean at a Korean terminal', async () => {
    const ko = { ...env, LANG: 'ko_KR.UTF-8' };
    const unlisted = await cli(ship('ORD-S2', 'ORD-S2-1', 'kr.nowhere', '1'), { env: ko });
    expect(unlisted.stderr).toContain(
      '경고: company_code "kr.nowhere"은(는) 기본 목록 (명세의 코드 26개)에 없지만, 이 코드의 송장도 그대로 보냅니다\n',
    );
    // ORD-S1-1 went with CJ대한통운 640123456789 above.
    const changed = await cli(ship('ORD-S1', 'ORD-S1-1', 'kr.epost', '6865123456789'), { env: ko });
    expect(changed.code).toBe(4);
    expect(changed.stderr).toContain(
      '내용 다름: 서비스가 이전에 받은 것과 company_code, tracking_number이(가) 다릅니다.\n',
    );
    expect(changed.stderr).not.toMatch(/differ from|run again/);
  });

  it('sends a well-formed carrier code it does not know, with a warning, and says what the service answers', async () => {
    const result = await cli(ship('ORD-S2', 'ORD-S2-1', 'kr.nowhere', '1'), { env });
    expect(result.stderr).toContain(
      'warning: company_code "kr.nowhere" is not in the built-in list (the spec\'s 26 codes); sending such shipments anyway',
    );
    expect(result.code).toBe(4);
    expect(result.stderr).toContain("rejected: company_code: Input should be 'self', 'kr.chunilps'");
  });

  it.each([
    [
      'not a code',
      '1',
      '--company-code ("not a code"): is not a carrier in the built-in list (the spec\'s 26 codes)',
    ],
    [
      'a name with a typo',
      '1',
      '--company-code ("CJ대한퉁운"): is not a carrier in the built-in list (the spec\'s 26 codes); closest: kr.cjlogistics (CJ대한통운)',
    ],
    ['self', '1', '--tracking-number ("1"): Value error, tracking_number must be \'self\''],
    // An empty carrier is said to be empty, as any other field: not that it is no carrier code.
    ['', '1', '--company-code: is empty\n'],
  ])('checks the carrier rules before sending (%s %s)', async (companyCode, trackingNumber, message) => {
    const code = companyCode === 'a name with a typo' ? 'CJ대한퉁운' : companyCode;
    const result = await cli(ship('ORD-S1', 'ORD-S1-1', code, trackingNumber), { env });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('nothing was sent');
    expect(result.stderr).toContain(message);
  });

  it('a shipment of an unknown order: exit 4 with the service’s detail', async () => {
    const result = await cli(ship('ORD-NONE', 'X-1', 'kr.epost', '1'), { env });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain("rejected: Order 'ORD-NONE' not found. (HTTP 404)");
  });

  it('an item of another order: exit 4 with the 422 as readable lines', async () => {
    const result = await cli(ship('ORD-S2', 'ORD-S2-2,ORD-C1-1', 'kr.epost', '1'), { env });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain(
      "rejected: order_item_ids[1]: Value error, 'ORD-C1-1' is not an item of order 'ORD-S2' (HTTP 422)",
    );
  });

  it('says a 422 of items of another order in Korean at a Korean terminal, each issue', async () => {
    const ko = { ...env, LANG: 'ko_KR.UTF-8' };
    const result = await cli(ship('ORD-S2', 'ORD-C1-1,ORD-S2-2,ORD-NONE-9', 'kr.epost', '1'), { env: ko });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain(
      '거부됨: order_item_ids[0]: 품목 ORD-C1-1은(는) 주문 ORD-S2의 품목이 아닙니다; ' +
        'order_item_ids[2]: 품목 ORD-NONE-9은(는) 주문 ORD-S2의 품목이 아닙니다 (HTTP 422)',
    );
    expect(result.stderr).not.toContain('Value error');
  });
});

describe('patches', () => {
  it('intake order patch changes the recipient', async () => {
    await cli(['order', 'create', file('patch-order.json', sampleOrder('ORD-P1'))], { env });
    const result = await cli(
      [
        'order',
        'patch',
        'ORD-P1',
        '--recipient-name',
        '최유나',
        '--recipient-cellphone',
        '010-7777-8888',
        '--json',
      ],
      { env },
    );
    expect(result.code).toBe(0);
    expect(result.json()).toEqual({
      id: 'ORD-P1',
      outcome: 'updated',
      status: 204,
      message: 'Order recipient updated.',
    });
    expect(await service.local.order('ORD-P1')).toMatchObject({
      recipient_name: '최유나',
    });
  });

  it('intake order patch needs both fields', async () => {
    const result = await cli(['order', 'patch', 'ORD-P1', '--recipient-name', '최유나'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--recipient-cellphone: Field required');
  });

  it('intake product patch changes the name', async () => {
    await cli(['product', 'create', file('patch-product.json', sampleProduct('P-P1'))], { env });
    const result = await cli(['product', 'patch', 'P-P1', '--name', '새 상품명'], { env });
    expect(result.code).toBe(0);
    expect((await service.local.product('P-P1'))?.name).toBe('새 상품명');
  });

  const recipient = ['--recipient-name', '최유나', '--recipient-cellphone', '010-7777-8888'];
  it.each([
    ['order', 'empty', '', recipient, 'empty'],
    ['order', 'blank', '  ', recipient, 'empty'],
    ['product', 'empty', '', ['--name', 'x'], 'empty'],
    ['product', 'too long', 'P'.repeat(256), ['--name', 'x'], '256 characters long'],
  ])(
    'intake %s patch with an id no record has (%s): exit 2, nothing sent',
    async (noun, _, id, flags, why) => {
      const before = await service.call('GET', '/local/requests/count?method=PATCH');
      const result = await cli([noun, 'patch', id, ...flags], { env });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`the ${noun} id is ${why}`);
      expect((await service.call('GET', '/local/requests/count?method=PATCH')).json).toEqual(before.json);
    },
  );

  it('intake product patch needs a field, and an unknown product is exit 4', async () => {
    expect((await cli(['product', 'patch', 'P-P1'], { env })).code).toBe(2);
    const unknown = await cli(['product', 'patch', 'P-NONE', '--name', 'x'], { env });
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toContain("Product 'P-NONE' not found. (HTTP 404)");
  });
});

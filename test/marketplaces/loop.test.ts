import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cafe24Basic } from '../../src/marketplaces/cafe24/oauth.js';
import { cli, jsonLines, useService } from '../helpers/cli.js';
import { fakes, marketplaceEnv, seedOrders, FAKE_CREDENTIALS } from '../helpers/marketplaces.js';
import { tempDir } from '../helpers/temp.js';

const t = useService({ startWorker: false });

/** A profile of its own (config and data folders) pointed at the test service and its fakes. */
function profile(): Record<string, string> {
  return {
    ...t.env,
    ...marketplaceEnv(t.service),
    INTAKE_CONFIG_DIR: tempDir('intake-config-'),
    INTAKE_DATA_DIR: tempDir('intake-data-'),
  };
}

/** What the service shows of a product (the image the bot sends). */
const imageOf = async (id: string) =>
  (await t.service.local.products()).find((product) => product.id === id)?.image_url;

/** The statuses of `intake marketplace status --json` (before any error line). */
const statuses = (stdout: string) => {
  const text = stdout.replace(/\n\{"type":"error".*\n?$/, '');
  if (!text.trim().startsWith('[')) throw new Error(`not a status list: ${stdout.slice(0, 300)}`);
  return JSON.parse(text) as { marketplace: string; state: string; warnings: string[] }[];
};

const ship = (env: Record<string, string>, order: string, items: string[], number: string) =>
  cli(
    [
      'shipment',
      'create',
      '--order',
      order,
      '--items',
      items.join(','),
      '--company-code',
      'kr.cjlogistics',
      '--tracking-number',
      number,
    ],
    { env },
  );

describe('Naver Smartstore: pull, ship, push, against the fake', () => {
  it('a pull sends paid orders once, reports relay phones and cancels, and fills the catalog from the product API', async () => {
    const fake = fakes(t.service);
    await fake.reset('naver');
    await fake.setUp('naver');
    await fake.seed('naver', {
      orders: [
        {
          order_id: 'N-ORDER-1',
          recipient_name: '김민지',
          recipient_phone: '010-1234-5678',
          lines: [
            {
              line_id: 'N-LINE-11',
              product_id: '9001',
              product_name: '제주 감귤 5kg',
              option: '5kg',
              quantity: 1,
              price: 19_900,
            },
            {
              line_id: 'N-LINE-12',
              product_id: '9002',
              product_name: '한라봉 3kg',
              quantity: 1,
              price: 29_900,
            },
          ],
        },
        {
          order_id: 'N-ORDER-2',
          recipient_name: '이서준',
          recipient_phone: '0504-123-4567',
          lines: [
            {
              line_id: 'N-LINE-21',
              product_id: '9001',
              product_name: '제주 감귤 5kg',
              quantity: 1,
              price: 19_900,
            },
          ],
        },
        {
          order_id: 'N-ORDER-3',
          recipient_name: '박지훈',
          recipient_phone: '010-2222-3333',
          lines: [
            {
              line_id: 'N-LINE-31',
              product_id: '9002',
              product_name: '한라봉 3kg',
              claim: 'CANCEL_REQUEST',
              quantity: 1,
              price: 29_900,
            },
          ],
        },
      ],
      products: [
        { product_id: '9001', name: '제주 감귤 5kg', image_url: 'https://shop.example.com/img/9001.jpg' },
        { product_id: '9002', name: '한라봉 3kg', image_url: 'https://shop.example.com/img/9002.jpg' },
      ],
    });
    const env = profile();
    const pulled = await cli(['pull', 'naver', '--json'], { env });
    expect(pulled.code, pulled.stderr).toBe(0);
    const lines = jsonLines(pulled.stdout);
    expect(lines.filter((line) => line.outcome === 'not_sent')).toEqual([
      expect.objectContaining({ order_id: 'N-ORDER-2', reason: 'relay_phone', lines: ['N-LINE-21'] }),
      expect.objectContaining({ order_id: 'N-ORDER-3', reason: 'cancelled', lines: ['N-LINE-31'] }),
    ]);
    expect(pulled.summary()).toMatchObject({ records: 1, accepted: 1 });
    const stored = (await t.service.local.orders()).find((order) => order.id === 'N-ORDER-1');
    expect(stored?.items.map((item) => [item.id, item.product_id])).toEqual([
      ['N-LINE-11', '9001'],
      ['N-LINE-12', '9002'],
    ]);
    expect(await imageOf('9001')).toBe('https://shop.example.com/img/9001.jpg');
    const catalog = await cli(['catalog', 'list', '--json'], { env });
    expect(catalog.stdout).toMatch(/"source": "naver"/);
    // The next pull looks back over the last one: the same order is not sent again.
    const again = await cli(['pull', 'naver', '--json'], { env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.summary()).toMatchObject({ accepted: 0 });
    expect((await t.service.local.orders()).filter((order) => order.id === 'N-ORDER-1')).toHaveLength(1);

    // Shipped through the service, then pushed: once, whatever is run again.
    expect((await ship(env, 'N-ORDER-1', ['N-LINE-11', 'N-LINE-12'], '640123456789')).code).toBe(0);
    const pushed = await cli(['push', 'naver', '--json'], { env });
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(pushed.summary()).toMatchObject({ pushed: 2, failed: 0 });
    const repeat = await cli(['push', 'naver', '--json'], { env });
    expect(repeat.code).toBe(0);
    expect(repeat.summary()).toMatchObject({ lines: 0 });
    const state = await fake.state('naver');
    expect(state.writes.filter((write) => write.kind === 'dispatch').flatMap((write) => write.lines)).toEqual(
      ['N-LINE-11', 'N-LINE-12'],
    );
    expect(state.lines.find((line) => line.line_id === 'N-LINE-11')).toMatchObject({
      status: 'DELIVERING',
      tracking_number: '640123456789',
      carrier_code: 'CJGLS',
    });
  });

  it('a catalog edit after a pull reaches the orders pulled after it; those read again are as they were sent', async () => {
    const fake = fakes(t.service);
    await fake.reset('naver');
    await fake.setUp('naver');
    const order = (id: string, line: string, phone = '010-1234-5678') => ({
      order_id: id,
      recipient_name: '김민지',
      recipient_phone: phone,
      lines: [{ line_id: line, product_id: '9101', product_name: '감귤', quantity: 1, price: 19_900 }],
    });
    await fake.seed('naver', {
      // N-CAT-9's phone is short: the check keeps it back, and it is never sent.
      orders: [order('N-CAT-1', 'N-CAT-11'), order('N-CAT-9', 'N-CAT-91', '010-1234')],
      products: [
        { product_id: '9101', name: '제주 감귤 5kg', image_url: 'https://shop.example.com/old.jpg' },
      ],
    });
    const env = profile();
    const first = await cli(['pull', 'naver', '--json'], { env });
    expect(first.summary()).toMatchObject({ accepted: 1, invalid: 1 });
    // The image was wrong: the shop mends it in the catalog, then pulls again (which reads N-CAT-1 again).
    const mended = await cli(['catalog', 'set', '9101', '--image-url', 'https://shop.example.com/new.jpg'], {
      env,
    });
    expect(mended.code, mended.stderr).toBe(0);
    await fake.seed('naver', { orders: [order('N-CAT-2', 'N-CAT-21')], products: [] });
    const again = await cli(['pull', 'naver', '--json'], { env });
    expect(again.summary()).toMatchObject({
      records: 3,
      accepted: 1,
      already_registered: 1,
      changed: 0,
      invalid: 1,
    });
    const images = (await t.service.local.orders())
      .filter((stored) => stored.id.startsWith('N-CAT-'))
      .map((stored) => [stored.id, stored.items[0]?.product_image_url]);
    expect(images.sort()).toEqual([
      ['N-CAT-1', 'https://shop.example.com/old.jpg'],
      ['N-CAT-2', 'https://shop.example.com/new.jpg'],
    ]);
    // The order never sent takes the catalog as it is now, as the rows to fix show it.
    const pulls = join(env.INTAKE_DATA_DIR as string, 'pulls');
    const latest = readdirSync(pulls)
      .filter((name) => name.endsWith('.ndjson') && !name.includes('.rejects'))
      .sort()
      .at(-1) as string;
    const unsent = readFileSync(join(pulls, latest), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; items: { product: { image_url: string } }[] })
      .find((planned) => planned.id === 'N-CAT-9');
    expect(unsent?.items[0]?.product.image_url).toBe('https://shop.example.com/new.jpg');
  });

  it('on a Korean terminal a pull and a push say what they did in Korean; the JSON lines stay English', async () => {
    const fake = fakes(t.service);
    await fake.reset('naver');
    await fake.setUp('naver');
    const order = (n: number, phone: string) => ({
      order_id: `N-KO-${n}`,
      recipient_name: '김민지',
      recipient_phone: phone,
      lines: [{ line_id: `N-KO-${n}1`, product_id: '9201', product_name: '감귤', quantity: 1, price: 9_900 }],
    });
    await fake.seed('naver', {
      orders: [order(1, '010-1234-5678'), order(2, '0504-123-4567')],
      products: [
        { product_id: '9201', name: '제주 감귤 5kg', image_url: 'https://shop.example.com/9201.jpg' },
      ],
    });
    const env = { ...profile(), LANG: 'ko_KR.UTF-8' };
    const pulled = await cli(['pull', 'naver'], { env });
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(pulled.stderr).toContain('네이버 스마트스토어에서 ');
    expect(pulled.stderr).toContain('주문 상품 2건을 찾았습니다: 보낼 주문 1건, 보내지 않는 주문 상품 1건.');
    expect(pulled.stderr).toContain(
      '주문 N-KO-2: 1건을 보내지 않습니다 (안심번호라 메시지를 보낼 수 없음: 0504-123-4567)',
    );
    expect((await ship(env, 'N-KO-1', ['N-KO-11'], '12345')).code).toBe(0);
    const pushed = await cli(['push', 'naver'], { env });
    expect(pushed.code).toBe(4);
    expect(pushed.stderr).toContain('네이버 스마트스토어에 송장번호 1건을 보냅니다…');
    expect(pushed.stderr).toContain(
      '주문 N-KO-1, 주문 상품 N-KO-11: 거부됨: 송장번호 12345은(는) 5자입니다 (10 또는 12자리 숫자, 쿠팡 기준)',
    );
    const again = await cli(['push', 'naver', '--json'], { env });
    expect(again.stderr).toContain('네이버 스마트스토어에 보낼 송장번호가 없습니다.');
    expect(again.stderr).toContain('나머지는 송장번호를 먼저 올린 뒤(intake shipment create FILE) 보내세요.');
    const json = await cli(['pull', 'naver', '--json', '--dry-run'], { env });
    expect(json.stdout).toContain('"reason":"relay_phone","detail":"0504-123-4567 is a relay number');
  });

  it('a cancel that arrives between pull and push is skipped, never dispatched; a forced 104121 is refused alone', async () => {
    const fake = fakes(t.service);
    await fake.reset('naver');
    await fake.setUp('naver');
    await fake.seed('naver', seedOrders('NC', 3));
    const env = profile();
    expect((await cli(['pull', 'naver'], { env })).code).toBe(0);
    for (const n of [1, 2, 3]) {
      const id = String(n).padStart(6, '0');
      expect((await ship(env, `NC${id}`, [`NC9${id}`], `64012345678${n}`)).code).toBe(0);
    }
    await fake.change('naver', 'NC9000001', { claim: 'CANCEL_REQUEST' });
    await fake.settings('naver', { faults: { fail_lines: { NC9000002: '104121' } } });
    const pushed = await cli(['push', 'naver', '--json'], { env });
    expect(pushed.code).toBe(4);
    const outcomes = Object.fromEntries(
      jsonLines(pushed.stdout)
        .filter((line) => line.line_id)
        .map((line) => [line.line_id, [line.outcome, line.code]]),
    );
    expect(outcomes).toEqual({
      NC9000001: ['skipped', 'CANCEL_REQUEST'],
      NC9000002: ['refused', '104121'],
      NC9000003: ['pushed', undefined],
    });
    const state = await fake.state('naver');
    expect(state.lines.find((line) => line.line_id === 'NC9000001')?.status).toBe('PAYED');
    expect(state.lines.find((line) => line.line_id === 'NC9000003')?.status).toBe('DELIVERING');
    // A refused line is not tried again with the same number.
    expect((await cli(['push', 'naver', '--json'], { env })).summary()).toMatchObject({ lines: 0 });
  });

  it('a push given a file sends its valid rows, pushes them, and ends with exit 4 when rows were left out', async () => {
    const fake = fakes(t.service);
    await fake.reset('naver');
    await fake.setUp('naver');
    await fake.seed('naver', seedOrders('NF', 2));
    const env = profile();
    expect((await cli(['pull', 'naver'], { env })).code).toBe(0);
    const dir = tempDir('intake-push-');
    const file = join(dir, 'dispatch.csv');
    writeFileSync(
      file,
      'order_id,order_item_id,company_code,tracking_number\n' +
        'NF000001,NF9000001,kr.cjlogistics,640000000011\n' +
        'NF000002,NF9000002,no-such-carrier,640000000012\n',
    );
    const pushed = await cli(['push', 'naver', file, '--json'], { env });
    expect(pushed.code, pushed.stderr).toBe(4);
    expect(pushed.stderr).toContain('dispatch.rejects.csv');
    expect(jsonLines(pushed.stdout).at(-1)).toMatchObject({ marketplace: 'naver', pushed: 1, failed: 0 });
    const state = await fake.state('naver');
    expect(state.lines.find((line) => line.line_id === 'NF9000001')?.status).toBe('DELIVERING');
    expect(state.lines.find((line) => line.line_id === 'NF9000002')?.status).toBe('PAYED');
    // Nothing left to push, but the file's row is still left out: the re-run says so again.
    expect((await cli(['push', 'naver', file, '--json'], { env })).code).toBe(4);
  });

  it('a dispatch whose answer is lost (applied, then a gateway time-out) is found done by reading the lines again', async () => {
    const fake = fakes(t.service);
    await fake.reset('naver');
    await fake.setUp('naver');
    await fake.seed('naver', seedOrders('NT', 2));
    const env = profile();
    expect((await cli(['pull', 'naver'], { env })).code).toBe(0);
    expect((await ship(env, 'NT000001', ['NT9000001'], '640000000001')).code).toBe(0);
    expect((await ship(env, 'NT000002', ['NT9000002'], '640000000002')).code).toBe(0);
    await fake.settings('naver', { faults: { timeout_after_write: 1 } });
    const pushed = await cli(['push', 'naver', '--json'], { env });
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(pushed.summary()).toMatchObject({ already_pushed: 2, failed: 0 });
    const writes = (await fake.state('naver')).writes.filter((write) => write.kind === 'dispatch');
    expect(writes).toHaveLength(1);
  });

  it('an IP the application does not allow stops the run with exit 6 and Naver’s code', async () => {
    const fake = fakes(t.service);
    await fake.reset('naver');
    await fake.setUp('naver', { allowlist: ['203.0.113.10'], caller_ip: '198.51.100.7' });
    await fake.seed('naver', seedOrders('NI', 1));
    const env = profile();
    const refused = await cli(['pull', 'naver', '--json'], { env });
    expect(refused.code).toBe(6);
    expect(refused.stderr).toContain("this computer's IP address is not allowed");
    const error = jsonLines(refused.stdout).at(-1);
    expect(error).toMatchObject({
      type: 'error',
      exit_code: 6,
      code: 'GW.IP_NOT_ALLOWED',
      marketplace: { kind: 'blocked', status: 403 },
    });
    expect(String((error?.marketplace as { trace_id?: string }).trace_id)).toMatch(/^[0-9a-f]{32}$/);
    const status = await cli(['marketplace', 'status', '--json'], { env });
    expect(status.code).toBe(6);
    expect(statuses(status.stdout).find((entry) => entry.marketplace === 'naver')?.state).toBe('blocked');
    // At a Korean terminal: the page's sentence with Naver's code and ids, then Intake's own words.
    const ko = { ...env, LANG: 'ko_KR.UTF-8', NO_COLOR: '1' };
    const pulled = await cli(['pull', 'naver'], { env: ko });
    expect(pulled.code).toBe(6);
    expect(pulled.stderr).toMatch(
      /^오류: 네이버 스마트스토어에서 이 컴퓨터의 접근을 거부했습니다 \(허용되지 않은 IP 또는 일시 차단\)\. 차단이 길어지지 않도록 바로 멈췄습니다\. \(코드 GW\.IP_NOT_ALLOWED, HTTP 403, 요청 ID [0-9a-f]{32}\)\n {2}자세한 내용: Naver Smartstore: this computer's IP address is not allowed/m,
    );
    // Its status: the table's cells for people in Korean, the warnings too; JSON as it was.
    const shown = await cli(['marketplace', 'status'], { env: ko, tty: true });
    expect(shown.code).toBe(6);
    expect(shown.stdout).toMatch(/│ 네이버 스마트스토어 +│ 환경 변수 +│ .+│ +│ 접근 거부 +│/);
    expect(shown.stderr).toContain(
      '경고: 네이버 스마트스토어에서 이 컴퓨터의 접근을 거부했습니다 (허용되지 않은 IP 또는 일시 차단). 차단이 길어지지 않도록 바로 멈췄습니다. (코드 GW.IP_NOT_ALLOWED)\n  자세한 내용: ',
    );
    expect(shown.stderr).toContain(
      '경고: 쿠팡: 키를 발급한 날짜를 모릅니다 (intake marketplace login coupang --key-issued 날짜)\n',
    );
    const json = await cli(['marketplace', 'status', '--json'], { env: ko });
    expect(statuses(json.stdout).find((entry) => entry.marketplace === 'coupang')).toMatchObject({
      warnings: [
        'when the keys were issued is not known (intake marketplace login coupang --key-issued DATE)',
      ],
    });
  });

  it('a wrong application secret is refused by the token endpoint as the real one does: exit 3', async () => {
    const fake = fakes(t.service);
    await fake.reset('naver');
    await fake.setUp('naver');
    const env = { ...profile(), INTAKE_NAVER_CLIENT_SECRET: '$2a$04$zzzzzzzzzzzzzzzzzzzzzu' };
    const refused = await cli(['pull', 'naver'], { env });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('client_secret_sign');
  });
});

describe('Coupang: pull, acknowledge, push, against the fake', () => {
  it('boxes of 18-digit ids keep every digit; a push acknowledges, reads the box again, uploads once', async () => {
    const fake = fakes(t.service);
    await fake.reset('coupang');
    await fake.setUp('coupang');
    const seeded = await fake.seed('coupang', {
      orders: [
        {
          order_id: '32000009546234',
          recipient_name: '신*희',
          recipient_phone: '010-3333-4444',
          lines: [
            { line_id: 'a', product_id: '3242596358', product_name: '감귤 5kg', quantity: 1, price: 19_900 },
            { line_id: 'b', product_id: '3242596359', product_name: '감귤 10kg', quantity: 1, price: 29_900 },
          ],
        },
        {
          order_id: '32000009546235',
          recipient_name: '김*수',
          recipient_phone: '0502-344-6681',
          lines: [
            { line_id: 'c', product_id: '3242596358', product_name: '감귤 5kg', quantity: 1, price: 19_900 },
          ],
        },
      ],
      products: [
        { product_id: '3242596358', name: '감귤 5kg', image_url: 'https://shop.example.com/c1.jpg' },
        { product_id: '3242596359', name: '감귤 10kg', image_url: 'https://shop.example.com/c2.jpg' },
      ],
    });
    const box = String(seeded.lines[0]?.box_id);
    expect(BigInt(box) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    const env = profile();
    const pulled = await cli(['pull', 'coupang', '--json'], { env });
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(pulled.summary()).toMatchObject({ accepted: 1 });
    const order = (await t.service.local.orders()).find((stored) => stored.id === '32000009546234');
    expect(order?.items.map((item) => item.id)).toEqual([`${box}:3242596358`, `${box}:3242596359`]);
    expect(await imageOf('3242596358')).toBe('https://shop.example.com/c1.jpg');
    expect(
      (await ship(env, '32000009546234', [`${box}:3242596358`, `${box}:3242596359`], '640123456790')).code,
    ).toBe(0);
    const pushed = await cli(['push', 'coupang', '--json'], { env });
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(pushed.summary()).toMatchObject({ pushed: 2 });
    const state = await fake.state('coupang');
    expect(state.writes.map((write) => write.kind)).toEqual(['acknowledgement', 'invoice']);
    expect(
      state.lines.filter((line) => line.tracking_number === '640123456790').map((line) => line.status),
    ).toEqual(['DEPARTURE', 'DEPARTURE']);
    expect((await cli(['push', 'coupang', '--json'], { env })).summary()).toMatchObject({ lines: 0 });
  });

  it('a vendor blocked after repeated errors stops at once with exit 6', async () => {
    const fake = fakes(t.service);
    await fake.reset('coupang');
    await fake.setUp('coupang', { faults: { block_minutes: 10 } });
    const refused = await cli(['pull', 'coupang', '--json'], { env: profile() });
    expect(refused.code).toBe(6);
    expect(jsonLines(refused.stdout).at(-1)).toMatchObject({ code: '302', marketplace: { kind: 'blocked' } });
    expect((await fake.state('coupang')).requests).toBe(1);
  });
});

describe('Cafe24: sign in, pull, push, against the fake', () => {
  it('a consent code becomes tokens; an expired access token is refreshed and the spent refresh token refused', async () => {
    const fake = fakes(t.service);
    await fake.reset('cafe24');
    await fake.setUp('cafe24');
    await fake.seed('cafe24', {
      ...seedOrders('20261125-00000', 2),
      carriers: [
        { carrier_id: 1, code: '0006', name: 'CJ 대한통운' },
        { carrier_id: 2, code: '0019', name: '롯데택배' },
      ],
    });
    const env = profile();
    const code = await fake.cafe24Code();
    const login = await cli(
      [
        'marketplace',
        'login',
        'cafe24',
        '--mall-id',
        FAKE_CREDENTIALS.cafe24.mall_id,
        '--client-id',
        FAKE_CREDENTIALS.cafe24.client_id,
        '--redirect-uri',
        FAKE_CREDENTIALS.cafe24.redirect_uri,
        '--code',
        code,
        '--secret-stdin',
      ],
      { env, stdin: FAKE_CREDENTIALS.cafe24.client_secret },
    );
    expect(login.code, login.stderr).toBe(0);
    // The code was spent.
    const again = await cli(
      [
        'marketplace',
        'login',
        'cafe24',
        '--mall-id',
        FAKE_CREDENTIALS.cafe24.mall_id,
        '--client-id',
        FAKE_CREDENTIALS.cafe24.client_id,
        '--redirect-uri',
        FAKE_CREDENTIALS.cafe24.redirect_uri,
        '--code',
        code,
        '--secret-stdin',
      ],
      {
        env: { ...env, INTAKE_CONFIG_DIR: tempDir('intake-config-') },
        stdin: FAKE_CREDENTIALS.cafe24.client_secret,
      },
    );
    expect(again.code).toBe(3);
    expect(again.stderr).toContain('invalid_grant');

    const pulled = await cli(['pull', 'cafe24', '--json'], { env });
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(pulled.summary()).toMatchObject({ accepted: 2 });
    expect((await ship(env, '20261125-00000000001', ['20261125-000009000001'], '640123456791')).code).toBe(0);

    // Three hours later (the merchant's clock): the access token has expired.
    await t.service.call('POST', '/local/clock/advance', { body: { by: '3h' } });
    const stateBefore = await fake.state('cafe24');
    const kept = () => {
      const config = JSON.parse(
        readFileSync(join(env.INTAKE_CONFIG_DIR as string, 'config.json'), 'utf8'),
      ) as {
        profiles: Record<string, { marketplace_credentials: string }>;
      };
      return (
        JSON.parse(config.profiles.default?.marketplace_credentials ?? '{}') as {
          cafe24: { refreshToken: string };
        }
      ).cafe24;
    };
    const spent = kept().refreshToken;
    const pushed = await cli(['push', 'cafe24', '--json'], { env });
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(pushed.summary()).toMatchObject({ pushed: 1 });
    expect((await fake.state('cafe24')).refused['401']).toBe((stateBefore.refused['401'] ?? 0) + 1);
    // The refresh token was rotated: the new one is kept, the old one is refused.
    expect(kept().refreshToken).not.toBe(spent);
    const reuse = await fetch(
      `${t.service.baseUrl}/cafe24/${FAKE_CREDENTIALS.cafe24.mall_id}/api/v2/oauth/token`,
      {
        method: 'POST',
        headers: {
          authorization: cafe24Basic(
            FAKE_CREDENTIALS.cafe24.client_id,
            FAKE_CREDENTIALS.cafe24.client_secret,
          ),
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: `grant_type=refresh_token&refresh_token=${encodeURIComponent(spent)}`,
      },
    );
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({ error: 'invalid_grant' });
    const status = await cli(['marketplace', 'status', '--json'], { env });
    const cafe24 = statuses(status.stdout).find((entry) => entry.marketplace === 'cafe24');
    expect(cafe24?.state).toBe('ok');
  });
});

// Last in this file: it moves the merchant's clock forward, for good.
describe('the fakes, once the merchant’s clock is moved forward (intake local advance)', () => {
  it('still take a request signed with the caller’s clock, and the orders seeded since are pulled', async () => {
    const fake = fakes(t.service);
    for (const name of ['naver', 'coupang'] as const) {
      await fake.reset(name);
      await fake.setUp(name);
    }
    // Three days on, as a developer moves it to see the thanks messages: Naver's token request and
    // Coupang's signature carry this computer's time, which the fakes had taken for two days stale.
    await t.service.call('POST', '/local/clock/advance', { body: { by: '3d' } });
    await fake.seed('naver', seedOrders('2026112700', 2));
    await fake.seed('coupang', seedOrders('2026112800', 1));
    const env = profile();
    for (const [name, accepted] of [
      ['naver', 2],
      ['coupang', 1],
    ] as const) {
      const pulled = await cli(['pull', name, '--json'], { env });
      expect(pulled.code, `${name}: ${pulled.stderr}`).toBe(0);
      expect(pulled.summary()).toMatchObject({ accepted });
    }
  });
});

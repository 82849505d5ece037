import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, serviceEnv } from '../helpers/cli.js';
import { workspace } from '../helpers/files.js';
import { startService, type TestService } from '../helpers/service.js';

let service: TestService;
let env: Record<string, string>;
beforeAll(async () => {
  service = await startService({ startWorker: false, thanksDelayDays: 3 });
  env = serviceEnv(service);
  const files = workspace('products.csv', 'orders.csv', 'shipments.csv');
  for (const [noun, file] of [
    ['product', 'products.csv'],
    ['order', 'orders.csv'],
    ['shipment', 'shipments.csv'],
  ]) {
    expect((await cli([noun as string, 'create', files.path(file as string), '-q'], { env })).code).toBe(0);
  }
});
afterAll(() => service.close());

describe('intake local', () => {
  it('jobs lists the queued creates, and apply applies them', async () => {
    const pending = await cli(['local', 'jobs', '--state', 'queued', '--json'], { env });
    expect((pending.json() as { results: unknown[] }).results).toHaveLength(10 + 7 + 7);
    const applied = await cli(['local', 'apply', '--json'], { env });
    expect(applied.json()).toMatchObject({ applied: 24, failed: 0, sent: 6 });
    const table = await cli(['local', 'jobs', '--state', 'applied', '--limit', '3'], {
      env: { ...env, NO_COLOR: '1' },
      tty: true,
    });
    expect(table.stdout).toMatch(/seq\s+│ kind\s+│ target/);
    // Uploads send concurrently, so which products arrived first is not fixed.
    expect(table.stdout).toMatch(/product\s+│ P-10\d\d/);
    // A list cut at its limit says so, and how to see the rest; one that holds everything says nothing.
    const said =
      /^Showing 3; there are more: the next ones with --after (\d+), all at once with --limit up to 10,000, or narrow the list \(--state, --target\)\.$/m.exec(
        table.stderr,
      );
    expect(said, table.stderr).not.toBeNull();
    // The next page starts where that one ended, and pages so read are the whole list, each once.
    const seqs: number[] = [];
    for (let after: string | undefined = '0'; after !== undefined;) {
      const page = await cli(
        ['local', 'jobs', '--state', 'applied', '--limit', '10', '--after', after, '--json'],
        {
          env,
        },
      );
      const results = (page.json() as { results: { seq: number }[] }).results;
      seqs.push(...results.map((job) => job.seq));
      after = /--after (\d+),/.exec(page.stderr)?.[1];
      expect(seqs.length).toBeLessThanOrEqual(24);
    }
    expect(seqs).toHaveLength(24);
    expect(new Set(seqs).size).toBe(24);
    const second = await cli(
      ['local', 'jobs', '--state', 'applied', '--limit', '3', '--after', said?.[1] as string],
      {
        env,
        tty: true,
      },
    );
    expect(second.code).toBe(0);
    expect(second.stdout).not.toContain(`│ ${said?.[1]} `);
    const cut = await cli(['local', 'jobs', '--state', 'applied', '--limit', '23', '--json'], { env });
    expect(cut.json()).toMatchObject({ has_more: true });
    const whole = await cli(['local', 'jobs', '--state', 'applied', '--limit', '24', '--json'], { env });
    expect(whole.json()).toMatchObject({ has_more: false });
    expect((whole.json() as { results: unknown[] }).results).toHaveLength(24);
    expect(whole.stderr).not.toContain('there are more');
  });

  it('orders and products show what is stored', async () => {
    const orders = await cli(['local', 'orders', '--id', 'ORD-20261122-0001', '--json'], { env });
    const [order] = (
      orders.json() as {
        results: { state: string; items: unknown[]; shipments: { carrier_name: string }[] }[];
      }
    ).results;
    expect(order).toMatchObject({ state: 'applied' });
    expect(order?.items).toHaveLength(3);
    expect(order?.shipments.map((shipment) => shipment.carrier_name)).toEqual(['CJ대한통운', '우체국 택배']);
    const csv = await cli(['local', 'products', '-o', 'csv'], { env });
    expect(csv.stdout.split('\n')[0]).toBe('id,name,image_url,state,refreshed_at');
    expect(csv.stdout).toContain('P-1003,유기농 현미 10kg,https://shop.example.com/img/p-1003.jpg,applied,');
  });

  it('messages shows each message as the buyer reads it', async () => {
    const result = await cli(['local', 'messages', '--order', 'ORD-20261122-0001', '--no-color'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('ORD-20261122-0001 · 발송 안내 (shipment) · sent');
    expect(result.stdout).toContain('To: 김민지 (010-1234-5678)');
    expect(result.stdout).toContain('CJ대한통운 운송장번호 640123456789');
    expect(result.stdout).toContain(
      '  · 제주 감귤 5kg (5kg, 선물 포장)  https://shop.example.com/img/p-1001.jpg',
    );
    expect(result.stdout).toContain('리뷰 요청 (review request) · due');
    const json = await cli(['local', 'messages', '--json'], { env });
    expect((json.json() as { results: { kind: string }[] }).results.map((message) => message.kind)).toContain(
      'thanks',
    );
    // At a Korean terminal the card's own words are Korean; the JSON is the same whatever the locale.
    const korean = { ...env, LANG: 'ko_KR.UTF-8' };
    const ko = await cli(['local', 'messages', '--order', 'ORD-20261122-0001', '--no-color'], {
      env: korean,
    });
    expect(ko.stdout).toMatch(/ORD-20261122-0001 · 발송 안내 · \d{4}-\d\d-\d\d \d\d:\d\d UTC 보냄/);
    expect(ko.stdout).toContain('받는 사람: 김민지 (010-1234-5678)');
    expect(ko.stdout).toMatch(/리뷰 요청 · [\d-]+ [\d:]+ UTC 보낼 예정/);
    expect((await cli(['local', 'messages', '--json'], { env: korean })).stdout).toBe(json.stdout);
    const none = await cli(['local', 'messages', '--order', 'NO-SUCH-ORDER'], { env: korean });
    expect(none.stderr).toBe('아직 메시지가 없습니다. 송장이 처리되면 봇이 보냅니다.\n');
  });

  it('messages page by the position where the page before ended (--after), each once', async () => {
    const whole = await cli(['local', 'messages', '--json'], { env });
    const all = (whole.json() as { results: { id: number }[] }).results.map((message) => message.id);
    expect(all.length).toBeGreaterThan(2);
    const ids: number[] = [];
    let after: string | undefined;
    do {
      const page = await cli(
        ['local', 'messages', '--limit', '2', '--json', ...(after ? ['--after', after] : [])],
        {
          env,
        },
      );
      expect(page.code, page.stderr).toBe(0);
      ids.push(...(page.json() as { results: { id: number }[] }).results.map((message) => message.id));
      after = /--after (\d+:\d+),/.exec(page.stderr)?.[1];
    } while (after !== undefined && ids.length <= all.length);
    expect(ids).toEqual(all);
    const odd = await cli(['local', 'messages', '--after', '12'], { env });
    expect(odd.code).toBe(2);
    expect(odd.stderr).toBe(
      'error: --after "12" is not a position of this list (NUMBER:NUMBER, as said where the page before was cut)\n',
    );
  });

  it('advance moves the clock: the thanks of the self delivery and the review requests are sent', async () => {
    const result = await cli(['local', 'advance', '3d', '--json'], { env });
    expect(result.code).toBe(0);
    expect(result.json()).toMatchObject({ applied: 0, failed: 0, sent: 7 });
    // A typo is the command line's: a usage error, and the service is not asked.
    const bad = await cli(['local', 'advance', 'soon'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"soon" is not a duration such as 36h, 7d or 1h30m');
    const service = await cli(['api', 'POST', '/local/clock/advance', '-f', 'by=soon'], { env });
    expect(service.code).toBe(4);
    expect(service.stdout).toContain('not a duration such as 36h or 7d');
  });

  it('review adds a review; a member earns a reward that rewards list shows', async () => {
    const review = await cli(
      ['local', 'review', 'ORD-20261122-0002', 'ORD-20261122-0002-1', '--kind', 'video', '--json'],
      { env },
    );
    expect(review.code).toBe(0);
    const body = review.json() as { reward: { member_id: string; rewards: number; created_at: string } };
    expect(body.reward).toMatchObject({ member_id: 'M-1002', rewards: 1000 });
    const day = body.reward.created_at.slice(0, 10);
    const rewards = await cli(['rewards', 'list', '--from', day, '--to', day, '--json'], { env });
    expect((rewards.json() as { results: unknown[] }).results).toEqual([body.reward]);
    const guest = await cli(['local', 'review', 'ORD-20261122-0003', 'ORD-20261122-0003-1'], { env });
    expect(guest.stdout).toContain('(guest: no reward)');
    const twice = await cli(['local', 'review', 'ORD-20261122-0003', 'ORD-20261122-0003-1'], { env });
    expect(twice.code).toBe(4);
    expect(twice.stderr).toContain('was already reviewed');
    const list = await cli(['local', 'reviews', '--json'], { env });
    expect((list.json() as { results: unknown[] }).results).toHaveLength(2);
    // Each review is an event, the guest's too; the member's is followed by its reward.
    const events = await cli(['local', 'events', '--json'], { env });
    type Told = { type: string; item_id?: string; kind?: string; points?: number };
    const told = (events.json() as { results: Told[] }).results
      .filter((event) => event.type === 'review' || event.type === 'reward')
      .map(({ type, item_id, kind, points }) => ({
        type,
        item_id,
        ...(kind ? { kind } : {}),
        ...(points ? { points } : {}),
      }));
    expect(told).toEqual([
      { type: 'review', item_id: 'ORD-20261122-0002-1', kind: 'video' },
      { type: 'reward', item_id: 'ORD-20261122-0002-1', points: 1000 },
      { type: 'review', item_id: 'ORD-20261122-0003-1', kind: 'text' },
    ]);
    const human = await cli(['local', 'events'], { env });
    expect(human.stdout).toMatch(/review\s+text review of ORD-20261122-0003-1 \(ORD-20261122-0003\)/);
  });

  it('merchants add creates a merchant whose credentials work and who sees nothing of the first', async () => {
    const added = await cli(['local', 'merchants', 'add', 'shop-c', '--thanks-delay-days', '5', '--json'], {
      env,
    });
    expect(added.code).toBe(0);
    const merchant = added.json() as { access_key_id: string; secret_access_key: string };
    expect(added.stderr).toContain('shown only this once');
    const asC = {
      ...env,
      INTAKE_ACCESS_KEY_ID: merchant.access_key_id,
      INTAKE_SECRET_ACCESS_KEY: merchant.secret_access_key,
    };
    expect((await cli(['keys', 'check'], { env: asC })).code).toBe(0);
    expect((await cli(['local', 'orders', '--json'], { env: asC })).json()).toEqual({
      results: [],
      has_more: false,
    });
    const withSecret = await cli(
      ['local', 'merchants', 'add', 'shop-d', '--access-key-id', 'AKSHOPD', '--secret-stdin', '--json'],
      {
        env,
        stdin: 'shop-d-secret\n',
      },
    );
    expect(withSecret.json()).toEqual({
      merchant_id: 'shop-d',
      access_key_id: 'AKSHOPD',
      thanks_delay_days: 3,
    });
    expect(
      (
        await cli(['keys', 'check'], {
          env: { ...env, INTAKE_ACCESS_KEY_ID: 'AKSHOPD', INTAKE_SECRET_ACCESS_KEY: 'shop-d-secret' },
        })
      ).code,
    ).toBe(0);
    // A key with a colon could never sign in (Basic authentication ends the key there): refused.
    const colon = await cli(['local', 'merchants', 'add', 'shop-e', '--access-key-id', 'AK:E'], { env });
    expect(colon.code).toBe(4);
    expect(colon.stderr).toContain("access_key_id: Value error, an access key id cannot contain ':'");
    expect((await cli(['local', 'merchants', 'add', 'shop-e', '--json'], { env })).code).toBe(0);
  });

  it('says what it tells a person in Korean at a Korean terminal', async () => {
    const ko = { ...env, LANG: 'ko_KR.UTF-8', NO_COLOR: '1' };
    const shop = await cli(['local', 'merchants', 'add', 'shop-ko', '--json'], { env: ko });
    expect(shop.stderr).toContain('비밀 키는 이번 한 번만 보여 줍니다. intake login으로 저장하세요');
    const asShop = shop.json() as { access_key_id: string; secret_access_key: string };
    const own = {
      ...ko,
      INTAKE_ACCESS_KEY_ID: asShop.access_key_id,
      INTAKE_SECRET_ACCESS_KEY: asShop.secret_access_key,
    };
    expect((await cli(['local', 'events'], { env: own, tty: true })).stderr).toContain(
      '아직 이벤트가 없습니다.',
    );
    // No faults: said alone, without a table of headers over nothing.
    const noFaults = await cli(['local', 'faults', 'show'], { env: own, tty: true });
    expect(noFaults.stderr).toContain('걸려 있는 장애가 없습니다.');
    expect(noFaults.stdout).toBe('');
    expect((await cli(['local', 'requests', '--before', '1'], { env: own, tty: true })).stderr).toContain(
      '그보다 앞선 요청이 없습니다.',
    );
    // What the local commands refuse before asking the service, in Korean too.
    const refusals: [string[], string][] = [
      [['local', 'marketplace', 'seed', 'naver'], 'FILE이나 --sample N 중 하나를 주세요'],
      [['local', 'marketplace', 'set', 'naver'], '바꿀 설정이 없습니다. FILE이나 옵션을 주세요'],
      [
        ['local', 'marketplace', 'line', 'naver', 'L1'],
        '바꿀 것이 없습니다. --cancel, --claim, --status, --phone 중 하나를 주세요',
      ],
      [['local', 'advance', '3x'], '"3x"은(는) 36h, 7d, 1h30m 같은 기간이 아닙니다'],
      [['local', 'events', '--since', 'now'], '--since와 --secret은 --forward-to와 함께 씁니다'],
      [
        ['local', 'events', '--forward-to', 'http://127.0.0.1:9/hook', '--since', '1h'],
        '--since의 값은 이벤트 번호(정수)나 now여야 합니다. "1h"은(는) 쓸 수 없습니다',
      ],
      [['local', 'jobs', '--wait', '10m'], '--wait "10m"은(는) 서비스가 기다리는 시간(5m)보다 깁니다'],
      [
        ['local', 'faults', 'set', '999:10%'],
        '"999:10%": "999"은(는) 장애 종류가 아닙니다. 장애 종류: 500, 503, 429,',
      ],
      [
        ['local', 'faults', 'set', '503:next=0'],
        '"503:next=0": "next=0"은(는) next=2 모양(1 이상의 횟수)이 아닙니다',
      ],
    ];
    for (const [args, said] of refusals) {
      const refused = await cli(args, { env: ko });
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.stderr, args.join(' ')).toContain(`오류: ${said}`);
    }
    const cut = await cli(['local', 'jobs', '--limit', '2'], { env: ko, tty: true });
    expect(cut.stderr).toMatch(
      /^2건을 보여 줍니다\. 더 있습니다: 다음 것은 --after \d+, 한 번에 보려면 --limit \(최대 10,000\), 또는 목록을 좁히세요 \(--state, --target\)\.$/m,
    );
  });
});

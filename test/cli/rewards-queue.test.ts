import { DEFAULT_RETRY } from '../../src/client/retry.js';
import { startFaultProxy } from '../helpers/fault-proxy.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, serviceEnv } from '../helpers/cli.js';
import { sampleOrder } from '../helpers/samples.js';
import { startService, type TestService } from '../helpers/service.js';

let service: TestService;
let env: Record<string, string>;
let rewardsService: TestService;
let rewardsEnv: Record<string, string>;

/**
 * Rewards made the way buyers make them: a member's order, applied, then a review at an exact time of
 * a pinned clock (text 100, photo 500, video 1000 points).
 */
async function reviewAt(
  target: TestService,
  clock: { now: number },
  iso: string,
  member: string,
  kind: string,
) {
  const id = `ORD-${member}-${iso}`;
  await target.call('POST', '/api/v1/orders/', { body: sampleOrder(id, { member_id: member }) });
  await target.local.apply();
  clock.now = Date.parse(iso);
  const review = await target.call('POST', '/local/reviews', {
    body: { order_id: id, item_id: `${id}-1`, kind },
  });
  expect(review.status).toBe(201);
}

beforeAll(async () => {
  service = await startService({ applyDelay: { minMs: 300, maxMs: 300 } });
  env = serviceEnv(service);
  const clock = { now: Date.parse('2026-11-20T12:00:00.000Z') };
  rewardsService = await startService({ realNow: () => clock.now, startWorker: false });
  rewardsEnv = serviceEnv(rewardsService);
  for (const [created, member, kind] of [
    ['2026-11-20T23:59:59.999Z', 'M-1', 'text'],
    ['2026-11-21T00:00:00.000Z', 'M-2', 'photo'],
    ['2026-11-21T09:30:00.250Z', 'M-1', 'video'],
    ['2026-11-22T00:00:00.000Z', 'M-3', 'text'],
  ] as const) {
    await reviewAt(rewardsService, clock, created, member, kind);
  }
});
afterAll(async () => {
  await service.close();
  await rewardsService.close();
});

const REASON = {
  text: '텍스트 리뷰 적립 · 제주 감귤 5kg',
  photo: '포토 리뷰 적립 · 제주 감귤 5kg',
  video: '동영상 리뷰 적립 · 제주 감귤 5kg',
};

describe('intake rewards list', () => {
  it('lists a day range in every format', async () => {
    const json = await cli(
      ['rewards', 'list', '--start-date', '2026-11-21', '--end-date', '2026-11-21', '--json'],
      { env: rewardsEnv },
    );
    expect(json.code).toBe(0);
    expect(json.json()).toEqual({
      results: [
        { created_at: '2026-11-21T00:00:00.000Z', member_id: 'M-2', rewards: 500, reason: REASON.photo },
        { created_at: '2026-11-21T09:30:00.250Z', member_id: 'M-1', rewards: 1000, reason: REASON.video },
      ],
    });
    const csv = await cli(['rewards', 'list', '--from', '2026-11-20', '--to', '2026-11-22', '-o', 'csv'], {
      env: rewardsEnv,
    });
    expect(csv.stdout.split('\n')).toEqual([
      'created_at,member_id,rewards,reason',
      `2026-11-20T23:59:59.999Z,M-1,100,${REASON.text}`,
      `2026-11-21T00:00:00.000Z,M-2,500,${REASON.photo}`,
      `2026-11-21T09:30:00.250Z,M-1,1000,${REASON.video}`,
      `2026-11-22T00:00:00.000Z,M-3,100,${REASON.text}`,
      '',
    ]);
    const table = await cli(['rewards', 'list', '--from', '2026-11-22', '--to', '2026-11-22'], {
      env: { ...rewardsEnv, NO_COLOR: '1' },
      tty: true,
    });
    expect(table.stdout).toMatch(/created_at\s+│ member_id │ rewards │ reason/);
    expect(table.stdout).toContain('M-3');
    const none = await cli(['rewards', 'list', '--from', '2026-10-01', '--to', '2026-10-02'], {
      env: { ...rewardsEnv, LANG: 'ko_KR.UTF-8' },
    });
    expect(none.stderr).toBe('2026-10-01부터 2026-10-02까지 적립금이 없습니다.\n');
  });

  it('defaults to today (UTC)', async () => {
    const result = await cli(['rewards', 'list', '--json'], {
      env: rewardsEnv,
      now: () => new Date('2026-11-22T15:00:00Z'),
    });
    expect((result.json() as { results: unknown[] }).results).toHaveLength(1);
  });

  it.each([
    [
      ['--start-date', '2026-11-31'],
      '--start-date: Input should be a valid date or datetime, day value is outside expected range',
    ],
    // The flag as the person typed it, the value cut to a line.
    [['--to', 'tomorrow'], '--to: Input should be a valid date or datetime'],
    [['--from', '9'.repeat(300)], `("${'9'.repeat(40)}… (300 characters)")`],
    [['--from', '2026-11-22', '--to', '2026-11-01'], '--from 2026-11-22 is later than --to 2026-11-01'],
    [
      ['--start-date', '2026-11-22', '--end-date', '2026-11-01'],
      '--start-date 2026-11-22 is later than --end-date 2026-11-01',
    ],
    [
      ['--from', '2026-11-01', '--start-date', '2026-11-02'],
      '--start-date and --from are the same date; give one of them',
    ],
  ])('checks the dates before asking (%j)', async (flags, message) => {
    const result = await cli(['rewards', 'list', ...flags], {
      env: { ...env, INTAKE_BASE_URL: 'http://127.0.0.1:1' },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });
});

describe('intake queue status', () => {
  it('counts pending shipment creations, and --wait polls until none are left', async () => {
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-Q') });
    await service.call('POST', '/api/v1/orders/ORD-Q/shipments/', {
      body: { order_item_ids: ['ORD-Q-1'], company_code: 'kr.hanjin', tracking_number: '9' },
    });
    const now = await cli(['queue', 'status', '--json'], { env });
    expect(now.json()).toEqual({ origin_mall_id: 'mall-1', count: 1 });
    const waited = await cli(['queue', 'status', '--wait', '--interval', '100ms', '--json'], { env });
    expect(waited.code).toBe(0);
    expect(waited.json()).toEqual({ origin_mall_id: 'mall-1', count: 0 });
    expect(waited.stderr).toContain('1 shipment creation queued');
  });

  it('--max-wait gives up with exit 1', async () => {
    await rewardsService.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-Q2') });
    try {
      await rewardsService.call('POST', '/api/v1/orders/ORD-Q2/shipments/', {
        body: { order_item_ids: ['ORD-Q2-1'], company_code: 'kr.hanjin', tracking_number: '9' },
      });
      const result = await cli(['queue', 'status', '--wait', '--interval', '50ms', '--max-wait', '300ms'], {
        env: rewardsEnv,
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('1 shipment creation still queued after');
      // At a Korean terminal, what it waits for and why it gave up are said in Korean.
      const ko = await cli(['queue', 'status', '--wait', '--interval', '50ms', '--max-wait', '300ms'], {
        env: { ...rewardsEnv, LANG: 'ko_KR.UTF-8' },
      });
      expect(ko.code).toBe(1);
      expect(ko.stderr).toContain('적용을 기다리는 송장 등록 1건…\n');
      expect(ko.stderr).toContain('오류: 300ms 동안 기다렸지만 송장 등록 1건이 아직 적용되지 않았습니다\n');
    } finally {
      await rewardsService.local.apply();
    }
  });

  it('--max-wait bounds the retries too: a service answering 503 with a long Retry-After gives up in time', async () => {
    const proxy = await startFaultProxy(rewardsService.baseUrl, [], {
      fault: () => ({ status: 503, retryAfter: '30' }),
    });
    try {
      // Retry-After says 30 s, and four tries would take two minutes: the answer comes once --max-wait is up.
      const result = await cli(['queue', 'status', '--wait', '--max-wait', '1s'], {
        env: { ...rewardsEnv, INTAKE_BASE_URL: proxy.url },
        retry: DEFAULT_RETRY,
      });
      expect(proxy.seen).toBe(1);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('HTTP 503');
    } finally {
      await proxy.close();
    }
  });

  it('rejects a bad interval', async () => {
    const result = await cli(['queue', 'status', '--wait', '--interval', 'often'], { env });
    expect(result.code).toBe(2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, serviceEnv } from '../helpers/cli.js';
import { sampleOrder } from '../helpers/samples.js';
import { startService, type TestService } from '../helpers/service.js';

let service: TestService;
let env: Record<string, string>;
beforeAll(async () => {
  service = await startService({ applyDelay: { minMs: 300, maxMs: 300 } });
  env = serviceEnv(service);
  const at = (iso: string) => Date.parse(iso);
  for (const [created, member, points, reason] of [
    ['2026-11-20T23:59:59.999Z', 'M-1', 100, '텍스트 리뷰'],
    ['2026-11-21T00:00:00.000Z', 'M-2', 500, '사진 리뷰'],
    ['2026-11-21T09:30:00.250Z', 'M-1', 1000, '동영상 리뷰'],
    ['2026-11-22T00:00:00.000Z', 'M-3', 100, '텍스트 리뷰'],
  ] as const) {
    service.app.intake.store.rewards.insert({
      merchant_id: 'mall-1',
      member_id: member,
      rewards: points,
      reason,
      created_at: at(created),
      review_id: null,
    });
  }
});
afterAll(() => service.close());

describe('intake rewards list', () => {
  it('lists a day range in every format', async () => {
    const json = await cli(
      ['rewards', 'list', '--start-date', '2026-11-21', '--end-date', '2026-11-21', '--json'],
      { env },
    );
    expect(json.code).toBe(0);
    expect(json.json()).toEqual({
      results: [
        { created_at: '2026-11-21T00:00:00.000Z', member_id: 'M-2', rewards: 500, reason: '사진 리뷰' },
        { created_at: '2026-11-21T09:30:00.250Z', member_id: 'M-1', rewards: 1000, reason: '동영상 리뷰' },
      ],
    });
    const csv = await cli(['rewards', 'list', '--from', '2026-11-20', '--to', '2026-11-22', '-o', 'csv'], {
      env,
    });
    expect(csv.stdout.split('\n')).toEqual([
      'created_at,member_id,rewards,reason',
      '2026-11-20T23:59:59.999Z,M-1,100,텍스트 리뷰',
      '2026-11-21T00:00:00.000Z,M-2,500,사진 리뷰',
      '2026-11-21T09:30:00.250Z,M-1,1000,동영상 리뷰',
      '2026-11-22T00:00:00.000Z,M-3,100,텍스트 리뷰',
      '',
    ]);
    const table = await cli(['rewards', 'list', '--from', '2026-11-22', '--to', '2026-11-22'], { env });
    expect(table.stdout).toMatch(/created_at\s+│ member_id │ rewards │ reason/);
    expect(table.stdout).toContain('M-3');
  });

  it('defaults to today (UTC)', async () => {
    const result = await cli(['rewards', 'list', '--json'], {
      env,
      now: () => new Date('2026-11-22T15:00:00Z'),
    });
    expect((result.json() as { results: unknown[] }).results).toHaveLength(1);
  });

  it.each([
    [
      ['--from', '2026-11-31'],
      '--start-date: Input should be a valid date or datetime, day value is outside expected range',
    ],
    [['--to', 'tomorrow'], '--end-date: Input should be a valid date or datetime'],
    [
      ['--from', '2026-11-22', '--to', '2026-11-01'],
      '--start-date 2026-11-22 is later than --end-date 2026-11-01',
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
    expect(waited.stderr).toContain('1 shipment creation(s) pending');
  });

  it('--timeout gives up with exit 1', async () => {
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-Q2') });
    service.app.intake.worker.stop();
    try {
      await service.call('POST', '/api/v1/orders/ORD-Q2/shipments/', {
        body: { order_item_ids: ['ORD-Q2-1'], company_code: 'kr.hanjin', tracking_number: '9' },
      });
      const result = await cli(['queue', 'status', '--wait', '--interval', '50ms', '--timeout', '300ms'], {
        env,
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('1 shipment creation(s) still pending after');
    } finally {
      service.app.intake.worker.start();
    }
  });

  it('rejects a bad interval', async () => {
    const result = await cli(['queue', 'status', '--wait', '--interval', 'often'], { env });
    expect(result.code).toBe(2);
  });
});

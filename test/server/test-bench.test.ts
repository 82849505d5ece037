import { TEST_ENGINE } from '../helpers/engines.js';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InterruptHub } from '../../src/cli/interrupts.js';
import { MemoryEvents } from '../../src/server/events/memory.js';
import { PATIENT_RETRY_FAST, cli, jsonLines, serviceEnv } from '../helpers/cli.js';
import { seededRandom } from '../helpers/fault-proxy.js';
import { workspace } from '../helpers/files.js';
import { ordersCsv, sampleOrder } from '../helpers/samples.js';
import { startService, type TestService } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';
import { patience } from '../helpers/patience.js';

/** A GET of the service's health that never retries, and what came of it: a status, or a dropped connection. */
async function hit(service: TestService): Promise<{ status: number; fault: string | undefined } | 'dropped'> {
  try {
    const answer = await request(`${service.baseUrl}/api/v1/health/`, { method: 'GET', reset: true });
    await answer.body.text();
    const fault = answer.headers['x-intake-fault'];
    return { status: answer.statusCode, fault: typeof fault === 'string' ? fault : undefined };
  } catch {
    return 'dropped';
  }
}

describe('faults on demand', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService({ faults: '503:10%,drop-after-commit:5%', faultRandom: seededRandom(7) });
  });
  afterAll(() => service.close());

  it('hit requests at the rates asked (within 3 standard deviations over 2,000 requests), each marked', async () => {
    const counts = { ok: 0, '503': 0, dropped: 0, other: 0 };
    for (let i = 0; i < 2000; i++) {
      const result = await hit(service);
      if (result === 'dropped') counts.dropped += 1;
      else if (result.status === 503) {
        expect(result.fault).toBe('503');
        counts['503'] += 1;
      } else if (result.status === 200 && result.fault === undefined) counts.ok += 1;
      else counts.other += 1;
    }
    // Binomial: 10 % of 2,000 is 200 ± 40 (3σ); 5 % is 100 ± 29.
    expect(Math.abs(counts['503'] - 200)).toBeLessThanOrEqual(40);
    expect(Math.abs(counts.dropped - 100)).toBeLessThanOrEqual(29);
    expect(counts.other).toBe(0);
    expect(counts.ok + counts['503'] + counts.dropped).toBe(2000);
    const shown = await service.call('GET', '/local/faults');
    expect(shown.json).toMatchObject({
      spec: '',
      everyone: { spec: '503:10%,drop-after-commit:5%' },
      injected: { '503': counts['503'], 'drop-after-commit': counts.dropped },
    });
  });

  it('an upload through them stores every record exactly once', async () => {
    const files = workspace();
    const path = files.write('orders.csv', ordersCsv('FLT', 150));
    // Retried as the real command retries (many attempts): with the tests' 4 quick ones, a record meeting
    // a fault four times in a row (15 % of requests fault) would fail by chance.
    const result = await cli(['order', 'create', path, '--json'], {
      env: serviceEnv(service),
      patientRetry: PATIENT_RETRY_FAST,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.summary()).toMatchObject({ failed: 0, not_sent: 0, invalid: 0, rejected: 0 });
    const jobs = (await service.local.jobs()).filter((job) => job.target_id.startsWith('FLT-'));
    expect(jobs).toHaveLength(150);
    expect(new Set(jobs.map((job) => job.target_id)).size).toBe(150);
    const faults = (await service.call('GET', '/local/faults')).json as { injected: Record<string, number> };
    expect(faults.injected['drop-after-commit']).toBeGreaterThan(0);
  });

  it('are set, shown and cleared from the CLI; a spec that cannot be read is a usage error', async () => {
    const quiet = await startService({});
    try {
      const env = serviceEnv(quiet);
      const set = await cli(
        ['local', 'faults', 'set', 'GET /api/v1/rewards/=429:100%:retry-after=7s', '--json'],
        { env },
      );
      expect(set.code, set.stderr).toBe(0);
      expect(set.json()).toMatchObject({
        spec: 'GET /api/v1/rewards/=429:100%:retry-after=7s',
        rules: [{ kind: '429', share: 1, method: 'GET', path: '/api/v1/rewards/', retry_after_seconds: 7 }],
      });
      const limited = await quiet.http('GET', '/api/v1/rewards/?start_date=2026-11-01&end_date=2026-11-02');
      expect(limited.status).toBe(429);
      expect(limited.headers['retry-after']).toBe('7');
      expect(limited.headers['x-intake-fault']).toBe('429');
      // Other paths are not touched, nor the local ones.
      expect((await quiet.http('GET', '/api/v1/users/client-keys/')).status).toBe(200);
      const bad = await cli(['local', 'faults', 'set', '418:10%'], { env });
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('"418" is not a fault');
      // A slip in a path would match nothing: refused, by the CLI and by the service.
      const nowhere = await cli(['local', 'faults', 'set', 'GET /api/v1/reward/=503'], { env });
      expect(nowhere.code).toBe(2);
      expect(nowhere.stderr).toContain('matches no operation of the service');
      const refused = await quiet.call('PUT', '/local/faults', {
        body: { spec: 'DELETE /api/v1/orders/=503' },
      });
      expect(refused.status).toBe(422);
      // A path parameter stands for any one segment.
      expect((await cli(['local', 'faults', 'set', 'PATCH /api/v1/orders/*=503:1%'], { env })).code).toBe(0);
      // A share and a count together, about one record, with a seed: each shown.
      const seeded = await cli(['local', 'faults', 'set', 'POST @ORD-7=503:50%:next=2', '--seed', '9'], {
        env,
      });
      expect(seeded.code, seeded.stderr).toBe(0);
      const shown = await cli(['local', 'faults', 'show'], { env });
      expect(shown.stdout).toContain('this merchant\tPOST @ORD-7\t503\t50%, the next 2\tRetry-After: 1\t0');
      expect(shown.stderr).toContain("This merchant's faults are drawn from seed 9.");
      const cleared = await cli(['local', 'faults', 'clear', '--json'], { env });
      expect(cleared.json()).toMatchObject({ spec: '', rules: [] });
      expect(
        (await quiet.http('GET', '/api/v1/rewards/?start_date=2026-11-01&end_date=2026-11-02')).status,
      ).toBe(200);
    } finally {
      await quiet.close();
    }
  });
});

describe('events and waits', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService({ applyDelay: { minMs: 300, maxMs: 300 } });
  });
  afterAll(() => service.close());

  it('intake local events --follow --json prints the accepted, applied and message events of a run in order', async () => {
    const hub = new InterruptHub();
    let out = '';
    const seen = () =>
      jsonLines(out).map((event) => `${String(event.type)} ${String(event.kind ?? '')}`.trim());
    const following = cli(['local', 'events', '--follow', '--json'], {
      env: serviceEnv(service),
      interrupts: hub,
      onStdout: (text) => (out += text),
    });
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('EVT-1') });
    await service.call('POST', '/api/v1/orders/EVT-1/shipments/', {
      body: { order_item_ids: ['EVT-1-1'], company_code: 'kr.cjlogistics', tracking_number: '640000000777' },
    });
    // Refused: the same order again.
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('EVT-1') });
    await expect.poll(seen, { timeout: patience(10_000) }).toContain('message shipment');
    hub.interrupt();
    // Following ends only when stopped: an interruption, as `tail -f` ends.
    expect((await following).code).toBe(130);
    // The refusal comes after both accepts; whether the queue applied before it depends on how long the
    // requests took (the apply delay runs on the wall clock), so its place among the applies is not asserted.
    const order = seen();
    expect(order.filter((event) => event !== 'refused')).toEqual([
      'accepted order',
      'accepted shipment',
      'applied order',
      'applied shipment',
      'message shipment',
    ]);
    expect(order.indexOf('refused')).toBeGreaterThan(order.indexOf('accepted shipment'));
    const events = jsonLines(out);
    expect(events.map((event) => event.id)).toEqual(
      [...events.map((event) => event.id)].sort((a, b) => Number(a) - Number(b)),
    );
    expect(events.find((event) => event.type === 'refused')).toMatchObject({
      status: 409,
      path: '/api/v1/orders/',
    });
    expect(events.find((event) => event.type === 'message')).toMatchObject({
      order_id: 'EVT-1',
      to: { cellphone: '010-1234-5678' },
    });
  });

  it('a wait answers once what it waits for is there (not at the end of its time), and 408 when nothing matches in time', async () => {
    let heard = () => {};
    const told = new Promise<void>((resolve) => (heard = resolve));
    const stop = service.app.service.events.listen('mall-1', (event) => {
      if (event.type === 'applied' && event.target_id === 'WAIT-1') heard();
    });
    // Five minutes (the longest a wait may be), far longer than the test takes: it answers because the job
    // was applied (seen on its event, or on its quarter-second look at the store, whichever comes first:
    // under load the event may be told to listeners after the look found the job), or not at all.
    const waiting = service.http('GET', '/local/jobs?target_id=WAIT-1&state=applied&wait=5m');
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('WAIT-1') });
    const answer = await waiting;
    expect(answer.status).toBe(200);
    expect((answer.json as { results: unknown[] }).results).toEqual([
      expect.objectContaining({ target_id: 'WAIT-1', state: 'applied' }),
    ]);
    // The event that tells of it reaches listeners too.
    await told;
    stop();

    const started = performance.now();
    const none = await service.http('GET', '/local/messages?order_id=NOBODY&wait=300ms');
    expect(none.status).toBe(408);
    expect(none.json).toEqual({ detail: 'Nothing matched within 300ms.' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('intake local messages --wait returns the message once it is sent; exit 1 after the wait', async () => {
    const env = serviceEnv(service);
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('WAIT-2') });
    await service.call('POST', '/api/v1/orders/WAIT-2/shipments/', {
      body: { order_item_ids: ['WAIT-2-1'], company_code: 'kr.cjlogistics', tracking_number: '640000000778' },
    });
    const sent = await cli(
      [
        'local',
        'messages',
        '--order',
        'WAIT-2',
        '--kind',
        'shipment',
        '--status',
        'sent',
        '--wait',
        '10s',
        '--json',
      ],
      { env },
    );
    expect(sent.code, sent.stderr).toBe(0);
    expect((sent.json() as { results: { kind: string }[] }).results[0]).toMatchObject({ kind: 'shipment' });
    const never = await cli(
      ['local', 'messages', '--order', 'WAIT-2', '--kind', 'thanks', '--wait', '200ms'],
      {
        env,
      },
    );
    expect(never.code).toBe(1);
    expect(never.stderr).toContain('Nothing matched within 200ms');
    expect((await cli(['local', 'jobs', '--wait', '6m'], { env })).code).toBe(2);
  });
});

describe('a known state: seed and reset', () => {
  const seed = {
    merchants: [
      {
        merchant_id: 'mall-1',
        products: [{ id: 'SEED-P', name: '씨앗 상품', image_url: 'https://cdn.example.com/seed.png' }],
        orders: [sampleOrder('SEED-1')],
        shipments: [
          {
            order_id: 'SEED-1',
            order_item_ids: ['SEED-1-1'],
            company_code: 'kr.cjlogistics',
            tracking_number: '640000000999',
          },
        ],
      },
    ],
  };

  it('a first start loads the seed, applied; reset removes everything else and loads it again', async () => {
    const service = await startService({ seed, allowReset: true });
    try {
      expect(await service.local.order('SEED-1')).toMatchObject({
        state: 'applied',
        shipments: [{ tracking_number: '640000000999' }],
      });
      await service.call('POST', '/api/v1/orders/', { body: sampleOrder('AFTER-1') });
      const reset = await cli(['local', 'reset', '--json'], { env: serviceEnv(service) });
      expect(reset.code, reset.stderr).toBe(0);
      expect(reset.json()).toEqual({ reset: true, seeded: { products: 1, orders: 1, shipments: 1 } });
      expect(await service.local.order('AFTER-1')).toBeUndefined();
      expect((await service.local.orders()).map((order) => order.id)).toEqual(['SEED-1']);
      expect((await service.local.jobs()).length).toBe(3);
    } finally {
      await service.close();
    }
  });

  it('without --allow-reset, reset is refused and nothing is removed', async () => {
    const service = await startService({ seed });
    try {
      const refused = await service.call('POST', '/local/reset');
      expect(refused.status).toBe(403);
      expect(refused.json).toEqual({
        detail: 'The service was not started with --allow-reset: its data cannot be reset.',
      });
      expect(await service.local.order('SEED-1')).toBeDefined();
      const ready = await service.http('GET', '/local/ready', { headers: { authorization: '' } });
      expect(ready.json).toEqual({ ready: true, database: TEST_ENGINE });
    } finally {
      await service.close();
    }
  });
});

describe('a seed is loaded whole or not at all', () => {
  const bad = {
    merchants: [
      {
        merchant_id: 'mall-1',
        products: [{ id: 'HALF-P', name: '상품', image_url: 'https://cdn.example.com/half.png' }],
        orders: [sampleOrder('HALF-1'), sampleOrder('HALF-2')],
        // Its item is of no order: the service refuses it.
        shipments: [
          { order_id: 'HALF-1', order_item_ids: ['NOPE'], company_code: 'kr.epost', tracking_number: '1' },
        ],
      },
    ],
  };

  it('a record the service refuses leaves nothing of the seed behind, and is named', async () => {
    const dataDir = tempDir('intake-serve-');
    await expect(startService({ seed: bad, dataDir })).rejects.toThrow(
      /the seed of merchant mall-1 cannot be loaded: shipments\[0\] \(order HALF-1\): /,
    );
    // Started again without the seed: nothing of it was stored.
    const service = await startService({ dataDir });
    try {
      expect(await service.local.orders()).toEqual([]);
      expect(await service.local.products()).toEqual([]);
    } finally {
      await service.close();
    }
  });

  it('a start on data the seed is not in is refused, saying the way out', async () => {
    const dataDir = tempDir('intake-serve-');
    const first = await startService({ dataDir });
    await first.call('POST', '/api/v1/orders/', { body: sampleOrder('OWN-1') });
    await first.close();
    const seed = {
      merchants: [{ merchant_id: 'mall-1', products: [], orders: [sampleOrder('SEED-X')], shipments: [] }],
    };
    await expect(startService({ seed: seed as never, dataDir })).rejects.toThrow(
      /does not match the seed: one of its records is not there \(order SEED-X\); start on an empty data folder or database, or with --allow-reset/,
    );
  });

  it('a key the seed does not know is refused before anything starts', async () => {
    const files = workspace();
    const path = files.write(
      'seed.json',
      JSON.stringify({ merchants: [{ merchant_id: 'mall-1', prodcts: [] }] }),
    );
    const result = await cli(['serve', '--seed', path, '--port', '0', '--data', tempDir('intake-serve-')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('is not a seed file');
    expect(result.stderr).toContain('prodcts');
  });
});

describe('the events kept for a late reader', () => {
  it('are the last thousand of each merchant, in order, however many came', async () => {
    const hub = new MemoryEvents(() => Date.UTC(2026, 10, 23));
    for (let i = 0; i < 2500; i++) hub.emit(i % 5 === 0 ? 'other' : 'mall', 'applied', { job: i });
    const kept = await hub.recent('mall');
    expect(kept).toHaveLength(1000);
    expect(kept.map((event) => event.job)).toEqual(
      Array.from({ length: 2500 }, (_, i) => i)
        .filter((i) => i % 5 !== 0)
        .slice(-1000),
    );
    expect(await hub.recent('mall', kept[899]?.id, 1000)).toHaveLength(100);
    expect(await hub.recent('other')).toHaveLength(500);
    expect(kept[0]?.at).toBe('2026-11-23T00:00:00.000Z');
  });
});

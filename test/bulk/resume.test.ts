import { describe, expect, it } from 'vitest';
import { InterruptHub } from '../../src/cli/interrupts.js';
import { PATIENT_RETRY } from '../../src/client/retry.js';
import { closedPortUrl } from '../helpers/net.js';
import { cli, jsonLines, useService } from '../helpers/cli.js';
import { startFaultProxy } from '../helpers/fault-proxy.js';
import { workspace } from '../helpers/files.js';
import { ordersCsv, shipmentsCsv } from '../helpers/samples.js';

const t = useService();

const jobsFor = async (prefix: string, kind: string) =>
  (await t.service.local.jobs()).filter((job) => job.kind === kind && job.target_id.startsWith(`${prefix}-`));

/** Every record of the prefix was accepted exactly once. */
async function expectExactlyOnce(prefix: string, kind: string, count: number) {
  const jobs = await jobsFor(prefix, kind);
  expect(jobs).toHaveLength(count);
  // Each test shipment belongs to its own order, so one job per order is one per shipment.
  expect(new Set(jobs.map((job) => job.target_id)).size).toBe(count);
}

describe('re-running an upload', () => {
  it('a finished upload run again sends nothing new and exits 0', async () => {
    const files = workspace();
    const orders = files.write('orders.csv', ordersCsv('RR', 10));
    const shipments = files.write('shipments.csv', shipmentsCsv('RR', 10));
    expect((await cli(['order', 'create', orders], { env: t.env })).code).toBe(0);
    expect((await cli(['shipment', 'create', shipments], { env: t.env })).code).toBe(0);

    const again = await cli(['shipment', 'create', shipments, '--json'], { env: t.env });
    expect(again.code).toBe(0);
    expect(again.summary()).toMatchObject({ accepted: 0, already_registered: 10 });
    expect(again.stderr).toContain('10 shipments already registered by an earlier run');
    const ordersAgain = await cli(['order', 'create', orders, '--no-resume', '--json'], { env: t.env });
    expect(ordersAgain.code).toBe(0);
    expect(ordersAgain.summary()).toMatchObject({ accepted: 0, already_registered: 10 });
    await expectExactlyOnce('RR', 'order', 10);
    await expectExactlyOnce('RR', 'shipment', 10);
  });
});

describe('interruption', () => {
  it('Ctrl-C stops reading, lets requests in flight finish, and the re-run completes every record once', async () => {
    const files = workspace();
    const orders = files.write('orders.csv', ordersCsv('INT', 40));
    const shipments = files.write('shipments.csv', shipmentsCsv('INT', 40));
    for (const [kind, path] of [
      ['order', orders],
      ['shipment', shipments],
    ] as const) {
      const hub = new InterruptHub();
      const proxy = await startFaultProxy(t.service.baseUrl, [], {
        onRequest: (count) => count === 8 && hub.interrupt(),
        delayMs: 20,
      });
      try {
        const first = await cli([kind, 'create', path, '--concurrency', '3', '--json'], {
          env: { ...t.env, INTAKE_BASE_URL: proxy.url },
          interrupts: hub,
        });
        expect(first.code).toBe(130);
        const summary = first.summary() as Record<string, number | boolean>;
        expect(summary.interrupted).toBe(true);
        expect(summary.accepted).toBeGreaterThanOrEqual(8);
        expect(summary.accepted).toBeLessThan(40);
        expect(summary.not_sent).toBe(40 - Number(summary.accepted));
        expect(first.stderr).toContain('Stopping: finishing');
        expect(first.stderr).toContain('To continue, run the same command again');
        // After a clean stop nothing is in flight: records read ahead and not sent are not marked.
        const ledger = await cli(['ledger', 'list', '--kind', kind, '--limit', '1000', '--json'], {
          env: { ...t.env, INTAKE_BASE_URL: proxy.url },
        });
        const entries = ledger.json() as { state: string }[];
        expect(entries.filter((entry) => entry.state === 'sending')).toEqual([]);
        expect(entries).toHaveLength(Number(summary.accepted));
        // The journal belongs to a service address: the re-run goes the same way.
        const rerun = await cli([kind, 'create', path, '--json'], {
          env: { ...t.env, INTAKE_BASE_URL: proxy.url },
        });
        expect(rerun.code).toBe(0);
        expect(rerun.summary()).toMatchObject({ invalid: 0, rejected: 0, failed: 0, not_sent: 0 });
        expect(rerun.stderr).toContain('already registered by an earlier run');
        // The ledger's history has both runs: the stopped one, then the one that finished.
        const history = await cli(['ledger', 'history', '--json'], {
          env: { ...t.env, INTAKE_BASE_URL: proxy.url },
        });
        const runs = (
          history.json() as { kind: string; state: string; path: string; summary: Record<string, unknown> }[]
        ).filter((run) => run.kind === kind);
        expect(runs.slice(0, 2).map((run) => run.state)).toEqual(['finished', 'stopped']);
        expect(runs[0]?.path).toBe(path);
        expect(runs[1]?.summary).toMatchObject({ interrupted: true, accepted: summary.accepted });
      } finally {
        await proxy.close();
      }
      await expectExactlyOnce('INT', kind, 40);
    }
  });

  it('a second Ctrl-C aborts requests in flight; the re-run still stores every record once', async () => {
    const files = workspace();
    const orders = files.write('orders.csv', ordersCsv('ABT', 20));
    const hub = new InterruptHub();
    const proxy = await startFaultProxy(t.service.baseUrl, [], {
      delayMs: 300,
      onRequest: (count) => {
        if (count === 4) {
          hub.interrupt();
          setTimeout(() => hub.interrupt(), 50);
        }
      },
    });
    try {
      // At a Korean terminal, what the two Ctrl-C say is in Korean (the English is the test above's).
      const first = await cli(['order', 'create', orders, '--concurrency', '4', '--json'], {
        env: { ...t.env, LANG: 'ko_KR.UTF-8', INTAKE_BASE_URL: proxy.url },
        interrupts: hub,
      });
      expect(first.code).toBe(130);
      expect(first.stderr).toMatch(
        /멈추는 중: 보내는 중인 요청 \d+건을 마칩니다\. Ctrl-C를 한 번 더 누르면 끊습니다\./,
      );
      expect(first.stderr).toContain('보내는 중인 요청을 끊습니다.');
      expect(Number(first.summary().not_sent)).toBeGreaterThan(0);
    } finally {
      await proxy.close();
    }
    const rerun = await cli(['order', 'create', orders, '--json'], { env: t.env });
    expect(rerun.code).toBe(0);
    await expectExactlyOnce('ABT', 'order', 20);
  });

  it('a service that goes away mid-upload ends with exit 5, and the re-run completes', async () => {
    const files = workspace();
    const orders = files.write('orders.csv', ordersCsv('GONE', 20));
    let closeProxy: () => Promise<void> = async () => {};
    const proxy = await startFaultProxy(t.service.baseUrl, [], {
      onRequest: (count) => count === 6 && void closeProxy(),
    });
    closeProxy = () => proxy.close();
    const first = await cli(['order', 'create', orders, '--concurrency', '2', '--json'], {
      env: { ...t.env, INTAKE_BASE_URL: proxy.url },
    });
    expect(first.code).toBe(5);
    expect(first.stderr).toContain('cannot reach');
    expect(first.stderr).toContain('To continue, run the same command again');
    const rerun = await cli(['order', 'create', orders, '--json'], { env: t.env });
    expect(rerun.code).toBe(0);
    await expectExactlyOnce('GONE', 'order', 20);
  });

  it('a service that is not there at all is said within each record’s first four attempts, not after a minute', async () => {
    const files = workspace();
    const orders = files.write('orders.csv', ordersCsv('NONE', 5));
    const result = await cli(['order', 'create', orders, '--concurrency', '2', '--verbose', '--json'], {
      env: { ...t.env, INTAKE_BASE_URL: await closedPortUrl() },
      // The real upload's policy (64 attempts over a minute once the service has answered), quicker waits.
      patientRetry: { ...PATIENT_RETRY, baseDelayMs: 5, maxDelayMs: 20 },
    });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('connection refused (is the service running?)');
    expect(result.stderr).toContain('[attempt 4]');
    expect(result.stderr).not.toContain('[attempt 5]');
    expect(result.stderr).toMatch(/retry 2\/4 in/);
    const lines = jsonLines(result.stdout);
    const summary = lines.find((line) => line.type === 'summary') ?? {};
    expect(summary).toMatchObject({ accepted: 0 });
    expect(Number(summary.failed)).toBeGreaterThan(0);
    // No rate for records that never reached the service ("Done in 3.0s (2 orders/s)" said otherwise).
    expect(summary.records_per_second).toBe(0);
    expect(result.stderr).not.toMatch(/orders\/s/);
    expect(lines.at(-1)).toMatchObject({ type: 'error', exit_code: 5, code: 'NETWORK_ERROR' });
  });

  it('once the service has answered, a record rides out its going away for more than four attempts', async () => {
    const files = workspace();
    const orders = files.write('orders.csv', ordersCsv('BACK', 6));
    // Two records go through, then ten connections in a row are dropped unanswered, then all pass.
    const proxy = await startFaultProxy(t.service.baseUrl, [
      'pass',
      'pass',
      ...Array.from({ length: 10 }, () => 'drop-before' as const),
    ]);
    try {
      const result = await cli(['order', 'create', orders, '--concurrency', '1', '--json'], {
        env: { ...t.env, INTAKE_BASE_URL: proxy.url },
        patientRetry: { ...PATIENT_RETRY, baseDelayMs: 5, maxDelayMs: 20 },
      });
      expect(result.code).toBe(0);
      expect(result.summary()).toMatchObject({ accepted: 6, failed: 0, retries: 10 });
      expect(proxy.faults['drop-before']).toBe(10);
    } finally {
      await proxy.close();
    }
    await expectExactlyOnce('BACK', 'order', 6);
  });

  it('refused credentials stop the upload with exit 3', async () => {
    const files = workspace();
    const orders = files.write('orders.csv', ordersCsv('AUTH', 3));
    const result = await cli(['order', 'create', orders], {
      env: { ...t.env, INTAKE_SECRET_ACCESS_KEY: 'wrong' },
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('Secret access key was invalid.');
    // The secret came from the environment: intake login would not help, and a re-run is safe.
    expect(result.stderr).toContain(
      'Set INTAKE_ACCESS_KEY_ID and INTAKE_SECRET_ACCESS_KEY to the right pair',
    );
    expect(result.stderr).toContain('then run the same command again');
    expect(result.stderr).not.toContain('intake login');
    expect(await jobsFor('AUTH', 'order')).toHaveLength(0);
  });
});

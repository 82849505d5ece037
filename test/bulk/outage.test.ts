import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { PATIENT_RETRY } from '../../src/client/retry.js';
import { InterruptHub } from '../../src/cli/interrupts.js';
import { cli, serviceEnv } from '../helpers/cli.js';
import { workspace } from '../helpers/files.js';
import { ordersCsv } from '../helpers/samples.js';
import { startService, type TestService } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';

async function until(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(50);
  }
}

const ordersOf = async (service: TestService, prefix: string) =>
  (await service.local.jobs()).filter(
    (job) => job.kind === 'order' && job.target_id.startsWith(`${prefix}-`),
  );

describe('an upload rides out a service that goes away for a while', () => {
  it('a service stopped for 20 s in the middle of an upload: the same run finishes, every order once', async () => {
    const dataDir = tempDir('intake-serve-');
    let service = await startService({ dataDir });
    const port = Number(new URL(service.baseUrl).port);
    const env = serviceEnv(service);
    const files = workspace();
    const input = files.write('orders.csv', ordersCsv('OUT', 150));
    const upload = cli(['order', 'create', input, '--rate', '25', '--json'], {
      env,
      patientRetry: PATIENT_RETRY,
    });
    await until(async () => (await ordersOf(service, 'OUT')).length >= 20);
    await service.close();
    const stoppedAt = Date.now();
    await sleep(20_000);
    service = await startService({ dataDir, port });
    const result = await upload;
    expect(Date.now() - stoppedAt).toBeGreaterThan(20_000);
    expect(result.code).toBe(0);
    expect(result.summary()).toMatchObject({ records: 150, accepted: 150, failed: 0, not_sent: 0 });
    expect(Number(result.summary().retries)).toBeGreaterThan(0);
    const jobs = await ordersOf(service, 'OUT');
    expect(jobs).toHaveLength(150);
    expect(new Set(jobs.map((job) => job.target_id)).size).toBe(150);
    await service.close();
  });

  it('Ctrl-C while records wait to be retried stops at once; the next run sends them', async () => {
    const dataDir = tempDir('intake-serve-');
    let service = await startService({ dataDir });
    const port = Number(new URL(service.baseUrl).port);
    const env = serviceEnv(service);
    const files = workspace();
    const input = files.write('orders.csv', ordersCsv('STOP', 60));
    const interrupts = new InterruptHub();
    const upload = cli(['order', 'create', input, '--rate', '30'], {
      env,
      interrupts,
      patientRetry: PATIENT_RETRY,
    });
    await until(async () => (await ordersOf(service, 'STOP')).length >= 10);
    await service.close();
    await sleep(1_500);
    // The records waiting to be retried (for up to a minute) give up at once: the run ends with 130.
    interrupts.interrupt('SIGINT');
    const first = await upload;
    expect(first.code).toBe(130);
    expect(first.stderr).toContain('To continue, run the same command again');

    service = await startService({ dataDir, port });
    const again = await cli(['order', 'create', input, '--json'], { env });
    expect(again.code).toBe(0);
    const jobs = await ordersOf(service, 'STOP');
    expect(new Set(jobs.map((job) => job.target_id)).size).toBe(60);
    expect(jobs).toHaveLength(60);
    await service.close();
  });
});

import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { startFaultProxy } from '../helpers/fault-proxy.js';
import { workspace } from '../helpers/files.js';
import { expectStoredOnce, killedRun, uploadFiles, uploadThroughFaults } from '../helpers/upload-faults.js';

const t = useService({ startWorker: false });

describe('through a network that loses about 10 % of requests and answers', () => {
  it('300 orders and 300 shipments are each stored once, and no buyer is messaged twice', async () => {
    const files = workspace();
    const { orders, shipments } = uploadFiles('NET', 300);
    const paths = {
      orders: files.write('orders.csv', orders),
      shipments: files.write('shipments.csv', shipments),
    };
    const seed = 8_20261122;
    const orderRuns = await uploadThroughFaults(
      t.service,
      t.env,
      ['order', 'create', paths.orders, '--concurrency', '8'],
      {
        share: 0.1,
        seed,
      },
    );
    const shipmentRuns = await uploadThroughFaults(
      t.service,
      t.env,
      ['shipment', 'create', paths.shipments, '--concurrency', '8'],
      { share: 0.1, seed: seed + 1 },
    );
    for (const { runs, proxy } of [orderRuns, shipmentRuns]) {
      expect(runs.at(-1)?.code).toBe(0);
      expect(Object.keys(proxy.faults).length, JSON.stringify(proxy.faults)).toBeGreaterThanOrEqual(6);
      const first = runs[0]?.summary() as Record<string, number>;
      expect(first.retries).toBeGreaterThan(0);
      expect(first.lost_answers).toBeGreaterThan(0);
    }
    await expectStoredOnce(t.service, 'NET', 300);
  });
});

describe('a killed or hung-up upload, run again', () => {
  it.each([
    ['SIGKILL', 'KILL'],
    ['SIGHUP', 'HUP'],
  ] as const)(
    '%s part-way: the re-run stores every order and shipment exactly once',
    async (signal, prefix) => {
      const files = workspace();
      const { orders, shipments } = uploadFiles(prefix, 60);
      const paths = {
        orders: files.write('orders.csv', orders),
        shipments: files.write('shipments.csv', shipments),
      };
      for (const [noun, path] of [
        ['order', paths.orders],
        ['shipment', paths.shipments],
      ] as const) {
        const proxy = await startFaultProxy(t.service.baseUrl, [], { delayMs: 20 });
        try {
          const env = { ...t.env, INTAKE_BASE_URL: proxy.url };
          const killed = await killedRun(
            [noun, 'create', path, '--concurrency', '4'],
            env,
            proxy,
            25,
            signal,
          );
          if (signal === 'SIGKILL') expect(killed.signal).toBe('SIGKILL');
          else {
            expect(killed.code).toBe(130);
            expect(killed.stderr).toContain('Stopping: finishing');
            expect(killed.stderr).toContain('To continue, run the same command again');
          }
          const rerun = await cli([noun, 'create', path, '--json'], { env });
          expect(rerun.code, rerun.stderr).toBe(0);
          expect(rerun.summary()).toMatchObject({ invalid: 0, rejected: 0, failed: 0 });
        } finally {
          await proxy.close();
        }
      }
      await expectStoredOnce(t.service, prefix, 60);
    },
  );
});

describe('a killed upload and its rejects file', () => {
  it('the next run writes the rejects file again, not taking the unfinished one for a person’s edit', async () => {
    const files = workspace();
    const { orders } = uploadFiles('RJK', 40);
    const [header, ...rows] = orders.trimEnd().split('\n');
    // A phone that lost its leading 0: refused, so there are rejects to write.
    const invalid = 'RJK-BAD,홍길동,1012345678,RJK-BAD-1,P-1,상품 1,https://x.example.com/1.png';
    const path = files.write('orders.csv', `${[header, invalid, ...rows].join('\n')}\n`);
    const proxy = await startFaultProxy(t.service.baseUrl, [], { delayMs: 20 });
    try {
      const env = { ...t.env, INTAKE_BASE_URL: proxy.url };
      const killed = await killedRun(
        ['order', 'create', path, '--concurrency', '2'],
        env,
        proxy,
        10,
        'SIGKILL',
      );
      expect(killed.signal).toBe('SIGKILL');
      const rerun = await cli(['order', 'create', path, '--json'], { env });
      expect(rerun.code).toBe(4);
      expect(rerun.stderr).not.toContain('was edited since intake wrote it');
      expect(rerun.summary()).toMatchObject({
        invalid: 1,
        failed: 0,
        rejects_file: files.path('orders.rejects.csv'),
      });
      expect(files.read('orders.rejects.csv')).toContain('RJK-BAD');
    } finally {
      await proxy.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { seededRandom, startFaultProxy } from '../helpers/fault-proxy.js';
import { workspace } from '../helpers/files.js';
import { expectStoredOnce, killedRun, uploadFiles, uploadThroughFaults } from '../helpers/upload-faults.js';

const COUNT = Number(process.env.SOAK_RECORDS ?? 5_000);
const SEED = Number(process.env.SOAK_SEED ?? Date.now() % 2 ** 31);

describe(`uploads under faults (seed ${SEED})`, () => {
  const t = useService({ startWorker: false });

  it(`${COUNT} orders and ${COUNT} shipments through about 10 % faults: each stored once, no buyer messaged twice`, async () => {
    const files = workspace();
    const { orders, shipments } = uploadFiles('SOAK', COUNT);
    const paths = {
      orders: files.write('orders.csv', orders),
      shipments: files.write('shipments.csv', shipments),
    };
    const started = performance.now();
    const report: string[] = [];
    for (const [noun, path, seed] of [
      ['order', paths.orders, SEED],
      ['shipment', paths.shipments, SEED + 1],
    ] as const) {
      const { runs, proxy } = await uploadThroughFaults(
        t.service,
        t.env,
        [noun, 'create', path, '--concurrency', '16'],
        {
          share: 0.1,
          seed,
          maxRuns: 6,
        },
      );
      expect(runs.at(-1)?.code).toBe(0);
      const summaries = runs.map((run) => run.summary());
      report.push(
        `${noun}s: ${runs.length} run(s); requests ${proxy.seen}, faults ${JSON.stringify(proxy.faults)}; ` +
          summaries
            .map(
              (s) =>
                `accepted ${s.accepted}, already ${s.already_registered}, failed ${s.failed}, retries ${s.retries}, lost ${s.lost_answers}, slowed ${s.slowed_down}`,
            )
            .join(' | '),
      );
    }
    await expectStoredOnce(t.service, 'SOAK', COUNT);
    console.log(
      `upload faults (seed ${SEED}), ${((performance.now() - started) / 1000).toFixed(0)} s\n  ${report.join('\n  ')}`,
    );
  });
});

describe(`uploads under the service's own faults (seed ${SEED})`, () => {
  const spec = '503:5%,429:3%:retry-after=1s,drop-before-commit:2%,drop-after-commit:5%,latency:0-20ms:10%';
  const t = useService({ startWorker: false, faults: spec, faultRandom: seededRandom(SEED + 7) });

  it(`up to 2,000 orders and shipments through intake serve --faults "${spec}": each stored once`, async () => {
    const files = workspace();
    const count = Math.min(COUNT, 2_000);
    const { orders, shipments } = uploadFiles('SRVF', count);
    const started = performance.now();
    const lines: string[] = [];
    for (const [noun, path] of [
      ['order', files.write('orders.csv', orders)],
      ['shipment', files.write('shipments.csv', shipments)],
    ] as const) {
      let last: Awaited<ReturnType<typeof cli>> | undefined;
      for (let run = 0; run < 6; run++) {
        last = await cli([noun, 'create', path, '--concurrency', '16', '--timeout', '2s', '--json'], {
          env: t.env,
        });
        lines.push(`${noun}s run ${run + 1}: exit ${last.code}, ${JSON.stringify(last.summary())}`);
        if (last.code === 0) break;
      }
      expect(last?.code).toBe(0);
    }
    const injected = (await t.service.call('GET', '/local/faults')).json as {
      injected: Record<string, number>;
    };
    await t.service.call('DELETE', '/local/faults');
    await expectStoredOnce(t.service, 'SRVF', count);
    console.log(
      `service faults (seed ${SEED}), ${((performance.now() - started) / 1000).toFixed(0)} s, injected ${JSON.stringify(injected.injected)}\n  ${lines.join('\n  ')}`,
    );
  });
});

describe(`uploads killed (seed ${SEED})`, () => {
  // A service of its own: the one above holds as many jobs as a listing can return.
  const t = useService({ startWorker: false });

  it('repeated SIGKILLs at random points, then a run to the end: every record stored once', async () => {
    const files = workspace();
    const count = Math.min(COUNT, 2_000);
    const { orders, shipments } = uploadFiles('KILLS', count);
    const paths = {
      orders: files.write('orders.csv', orders),
      shipments: files.write('shipments.csv', shipments),
    };
    const random = seededRandom(SEED);
    const lines: string[] = [];
    for (const [noun, path] of [
      ['order', paths.orders],
      ['shipment', paths.shipments],
    ] as const) {
      const proxy = await startFaultProxy(t.service.baseUrl, [], { delayMs: 2 });
      try {
        const env = { ...t.env, INTAKE_BASE_URL: proxy.url };
        const points: number[] = [];
        for (let kill = 0; kill < 5; kill++) {
          const at = proxy.seen + 20 + Math.floor(random() * (count / 6));
          points.push(at);
          await killedRun([noun, 'create', path, '--concurrency', '8'], env, proxy, at, 'SIGKILL');
        }
        const last = await cli([noun, 'create', path, '--json'], { env });
        expect(last.code, last.stderr).toBe(0);
        lines.push(
          `${noun}s: killed at requests ${points.join(', ')}; last run ${JSON.stringify(last.summary())}`,
        );
      } finally {
        await proxy.close();
      }
    }
    await expectStoredOnce(t.service, 'KILLS', count);
    console.log(`SIGKILL soak (seed ${SEED})\n  ${lines.join('\n  ')}`);
  });
});

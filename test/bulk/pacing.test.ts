import { describe, expect, it } from 'vitest';
import { startSlowLink, type SlowLink } from '../../bench/lib/slow-link.js';
import { InterruptHub } from '../../src/cli/interrupts.js';
import { cli, useService } from '../helpers/cli.js';
import { workspace } from '../helpers/files.js';
import { uploadFiles } from '../helpers/upload-faults.js';

const t = useService({ startWorker: false });

/**
 * The service behind a network of 20 ms each way and a gateway that serves so many requests at once (429
 * with Retry-After: 1 beyond): what a real service looks like from a shop, not loopback.
 */
/** Uploads a file through a link, timed. */
async function timedUpload(args: string[], link: SlowLink) {
  const started = performance.now();
  const result = await cli([...args, '--json'], { env: { ...t.env, INTAKE_BASE_URL: link.url } });
  return { result, seconds: (performance.now() - started) / 1000 };
}

describe('an upload over a real network finds the service’s limit by itself', () => {
  it('without --concurrency: it grows to the limit, rides out the 429s, every order stored once, faster than 8 at once', async () => {
    const files = workspace();
    const count = 1000;
    const found = files.write('found.csv', uploadFiles('PACE', count).orders);
    const fixed = files.write('fixed.csv', uploadFiles('EIGHT', count).orders);
    const link = await startSlowLink(t.service.baseUrl, { oneWayMs: 20, admit: 24 });
    try {
      const auto = await timedUpload(['order', 'create', found], link);
      expect(auto.result.code, auto.result.stderr).toBe(0);
      const summary = auto.result.summary() as Record<string, number>;
      expect(summary.accepted).toBe(count);
      expect(summary.failed).toBe(0);
      // It went past the 8 it starts with, to the gateway's 24, and learned from the 429s it met there.
      expect(link.counts.mostAtOnce).toBe(24);
      expect(link.counts.refused).toBeGreaterThan(0);
      expect(summary.slowed_down).toBe(link.counts.refused);
      const orders = (await t.service.local.orders()).filter((order) => order.id.startsWith('PACE-'));
      expect(orders).toHaveLength(count);

      // The same through the same link at the old fixed 8: a third of the gateway, and slower.
      const eight = await timedUpload(['order', 'create', fixed, '--concurrency', '8'], link);
      expect(eight.result.code, eight.result.stderr).toBe(0);
      expect(
        eight.seconds / auto.seconds,
        `${auto.seconds.toFixed(1)} s found, ${eight.seconds.toFixed(1)} s at 8`,
      ).toBeGreaterThan(1.3);
    } finally {
      await link.close();
    }
  });

  it('--concurrency fixes how many go at once: never more, so the gateway never refuses', async () => {
    const files = workspace();
    const path = files.write('orders.csv', uploadFiles('FIXED', 100).orders);
    const link = await startSlowLink(t.service.baseUrl, { oneWayMs: 20, admit: 12 });
    try {
      const { result } = await timedUpload(['order', 'create', path, '--concurrency', '4'], link);
      expect(result.code, result.stderr).toBe(0);
      expect(link.counts.mostAtOnce).toBe(4);
      expect(link.counts.refused).toBe(0);
    } finally {
      await link.close();
    }
  });

  it('Ctrl-C while records wait for their turn on the wire: they are not sent, and not left in flight', async () => {
    const files = workspace();
    const count = 200;
    const path = files.write('orders.csv', uploadFiles('TURN', count).orders);
    const link = await startSlowLink(t.service.baseUrl, { oneWayMs: 20, admit: 4 });
    const hub = new InterruptHub();
    let answers = 0;
    let stopped = false;
    try {
      const result = await cli(['order', 'create', path, '--json'], {
        env: { ...t.env, INTAKE_BASE_URL: link.url },
        interrupts: hub,
        onStdout: (text) => {
          answers += text.split('\n').filter((line) => line.includes('"outcome"')).length;
          // One Ctrl-C (a second would abort the requests on the wire).
          if (answers >= 20 && !stopped) {
            stopped = true;
            hub.interrupt();
          }
        },
      });
      expect(result.code).toBe(130);
      const summary = result.summary() as Record<string, number>;
      expect(summary.not_sent).toBeGreaterThan(0);
      const ledger = await cli(['ledger', 'list', '--kind', 'order', '--limit', '1000', '--json'], {
        env: { ...t.env, INTAKE_BASE_URL: link.url },
      });
      const entries = (ledger.json() as { key: string; state: string }[]).filter((entry) =>
        entry.key.startsWith('TURN-'),
      );
      expect(
        entries.filter((entry) => entry.state === 'sending'),
        JSON.stringify(entries.filter((entry) => entry.state === 'sending').map((entry) => entry.key)),
      ).toEqual([]);
      const rerun = await cli(['order', 'create', path, '--json'], {
        env: { ...t.env, INTAKE_BASE_URL: link.url },
      });
      expect(rerun.code, rerun.stderr).toBe(0);
      const orders = (await t.service.local.orders()).filter((order) => order.id.startsWith('TURN-'));
      expect(orders).toHaveLength(count);
    } finally {
      await link.close();
    }
  });
});

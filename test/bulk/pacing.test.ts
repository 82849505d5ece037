import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startSlowLink, type SlowLink } from '../../bench/lib/slow-link.js';
import { InterruptHub } from '../../src/cli/interrupts.js';
import { PATIENT_RETRY_FAST, cli, useService } from '../helpers/cli.js';
import { workspace } from '../helpers/files.js';
import { uploadFiles } from '../helpers/upload-faults.js';

const t = useService({ startWorker: false });

/**
 * The service behind a network of 20 ms each way and a gateway that serves so many requests at once (429
 * with Retry-After: 1 beyond): what a real service looks like from a shop, not loopback.
 */
/** Uploads a file through a link. */
function upload(args: string[], link: SlowLink) {
  return cli([...args, '--json'], {
    env: { ...t.env, INTAKE_BASE_URL: link.url },
    patientRetry: PATIENT_RETRY_FAST,
  });
}

describe('an upload over a real network finds the service’s limit by itself', () => {
  it('without --concurrency: several at once, every 429 ridden out and counted, every order stored once', async () => {
    const files = workspace();
    const count = 600;
    const found = files.write('found.csv', uploadFiles('PACE', count).orders);
    // Retry-After: 0 keeps the test short (the 1 s wait of a real gateway is in the bench and below).
    const link = await startSlowLink(t.service.baseUrl, { oneWayMs: 20, admit: 24, retryAfter: '0' });
    try {
      const auto = await upload(['order', 'create', found], link);
      expect(auto.code, auto.stderr).toBe(0);
      const summary = auto.summary() as Record<string, number>;
      expect(summary.accepted).toBe(count);
      expect(summary.failed).toBe(0);
      // Several at once, and every 429 the gateway gave counted as a slow-down and ridden out. How far it
      // grows and whether it meets the limit depend on the machine's load (latency is one of its signals):
      // the pace's growth to a limit is tested on simulated round trips (test/client/pace.test.ts), and
      // `npm run bench` measures it against the best possible.
      expect(link.counts.mostAtOnce).toBeGreaterThan(1);
      expect(link.counts.mostAtOnce).toBeLessThanOrEqual(24);
      expect(summary.slowed_down).toBe(link.counts.refused);
      const orders = (await t.service.local.orders()).filter((order) => order.id.startsWith('PACE-'));
      expect(orders).toHaveLength(count);
    } finally {
      await link.close();
    }
  });

  it('records waiting out a Retry-After do not keep the others off the wire', async () => {
    const files = workspace();
    const count = 120;
    const path = files.write('waiting.csv', uploadFiles('WAIT', count).orders);
    // The gateway refuses the whole first burst (the 8 an upload starts with) with a Retry-After of ten
    // minutes. Had the refused records kept their places while they wait, nothing else could go and the
    // run would never get anywhere; as it is, every other record is sent meanwhile, and a Ctrl-C ends the
    // wait of the eight. (How long the gateway sits idle in a real run is the benchmark's figure.)
    const refused = 8;
    const link = await startSlowLink(t.service.baseUrl, {
      oneWayMs: 5,
      admit: 100,
      retryAfter: '600',
      refuseFirst: refused,
    });
    const hub = new InterruptHub();
    let stopped = false;
    try {
      const result = await cli(['order', 'create', path, '--json'], {
        env: { ...t.env, INTAKE_BASE_URL: link.url },
        patientRetry: { ...PATIENT_RETRY_FAST, maxRetryAfterMs: 600_000, maxElapsedMs: 900_000 },
        interrupts: hub,
        onStdout: (text) => {
          if (!stopped && link.counts.admitted >= count - refused) {
            stopped = true;
            hub.interrupt();
          }
          void text;
        },
      });
      expect(result.code, result.stderr).toBe(130);
      expect(link.counts.refused).toBe(refused);
      expect(link.counts.admitted).toBe(count - refused);
      const summary = result.summary() as Record<string, number>;
      expect(summary.accepted).toBe(count - refused);
      const orders = (await t.service.local.orders()).filter((order) => order.id.startsWith('WAIT-'));
      expect(orders).toHaveLength(count - refused);
    } finally {
      await link.close();
    }
  });

  it('--concurrency fixes how many go at once: never more, so the gateway never refuses', async () => {
    const files = workspace();
    const path = files.write('orders.csv', uploadFiles('FIXED', 100).orders);
    const link = await startSlowLink(t.service.baseUrl, { oneWayMs: 20, admit: 12 });
    try {
      const result = await upload(['order', 'create', path, '--concurrency', '4'], link);
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
        patientRetry: PATIENT_RETRY_FAST,
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
        patientRetry: PATIENT_RETRY_FAST,
      });
      expect(rerun.code, rerun.stderr).toBe(0);
      const orders = (await t.service.local.orders()).filter((order) => order.id.startsWith('TURN-'));
      expect(orders).toHaveLength(count);
    } finally {
      await link.close();
    }
  });

  it('Ctrl-C, then the requests on the wire answered 429: not sent (the next run sends them), not the service failing', async () => {
    // A gateway that holds every request until the upload is stopped, then refuses each with a 429.
    const held: ServerResponse[] = [];
    let allHeld: () => void = () => {};
    const holding = new Promise<void>((resolve) => (allHeld = resolve));
    const gateway = createServer((request, reply) => {
      request.resume();
      held.push(reply);
      if (held.length === 5) allHeld();
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
    const files = workspace();
    const path = files.write('orders.csv', uploadFiles('HELD', 8).orders);
    const hub = new InterruptHub();
    let stopping: () => void = () => {};
    const stopped = new Promise<void>((resolve) => (stopping = resolve));
    try {
      const run = cli(['order', 'create', path, '--concurrency', '5', '--json'], {
        env: { ...t.env, INTAKE_BASE_URL: url },
        patientRetry: PATIENT_RETRY_FAST,
        interrupts: hub,
        onStderr: (text) => {
          if (text.includes('Stopping: finishing')) stopping();
        },
      });
      await holding;
      hub.interrupt();
      await stopped;
      for (const reply of held)
        reply.writeHead(429, { 'retry-after': '1' }).end('{"detail":"Too many requests."}');
      const result = await run;
      expect(result.code, result.stderr).toBe(130);
      expect(result.summary()).toMatchObject({ failed: 0, not_sent: 8, accepted: 0 });
      expect(result.stderr).not.toContain('in a row');
      // Those waiting for their turn were not sent: the five on the wire were all the gateway saw.
      expect(held).toHaveLength(5);
    } finally {
      gateway.closeAllConnections();
      await new Promise((resolve) => gateway.close(resolve));
    }
  });
});

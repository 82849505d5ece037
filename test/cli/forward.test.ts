import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InterruptHub } from '../../src/cli/interrupts.js';
import { cli, jsonLines, serviceEnv } from '../helpers/cli.js';
import { sampleOrder } from '../helpers/samples.js';
import { startService, type TestService } from '../helpers/service.js';

let service: TestService;
let env: Record<string, string>;
beforeAll(async () => {
  service = await startService({ startWorker: false });
  env = serviceEnv(service);
});
afterAll(() => service.close());

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  answered: number;
}

/** A webhook receiver on loopback that answers 503 to the first attempt of every third event. */
async function receiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const refused = new Set<string>();
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const id = String(request.headers['x-intake-event-id']);
      const refuse = Number(id) % 3 === 0 && !refused.has(id);
      if (refuse) refused.add(id);
      const answered = refuse ? 503 : 200;
      received.push({ headers: request.headers, body, answered });
      response.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { server, url: `http://127.0.0.1:${port}/hooks/intake`, received };
}

describe('intake local events --forward-to', () => {
  it('posts each new event once, in order, signed, trying again while the receiver fails', async () => {
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-BEFORE') });
    const hook = await receiver();
    const interrupts = new InterruptHub();
    let said = '';
    let printed = '';
    const forwarding = cli(
      ['local', 'events', '--forward-to', hook.url, '--secret', 'whsec_test', '--json'],
      {
        env,
        interrupts,
        onStderr: (text) => (said += text),
        onStdout: (text) => (printed += text),
      },
    );
    while (!said.includes('Forwarding events after')) await new Promise((resolve) => setTimeout(resolve, 20));
    for (let i = 0; i < 6; i++)
      await service.call('POST', '/api/v1/orders/', { body: sampleOrder(`ORD-HOOK-${i}`) });
    const delivered = () => hook.received.filter((request) => request.answered === 200);
    // Stopped once the CLI has said all six: the receiver answering is not yet the CLI hearing it.
    while (printed.split('\n').length <= 6) await new Promise((resolve) => setTimeout(resolve, 20));
    interrupts.interrupt('SIGINT');
    const result = await forwarding;
    hook.server.close();
    // Stopped, as every follow is: exit 130.
    expect(result.code).toBe(130);
    const events = delivered().map(
      (request) => JSON.parse(request.body) as { id: number; target_id: string },
    );
    expect(events.map((event) => event.target_id)).toEqual([0, 1, 2, 3, 4, 5].map((i) => `ORD-HOOK-${i}`));
    for (let i = 1; i < events.length; i++)
      expect(events[i]?.id).toBeGreaterThan(events[i - 1]?.id as number);
    // Every attempt is signed: HMAC-SHA256 of "t.body" with the secret.
    for (const request of hook.received) {
      const [t, v1] = String(request.headers['x-intake-signature']).split(',');
      const seconds = (t as string).slice(2);
      const mac = createHmac('sha256', 'whsec_test').update(`${seconds}.${request.body}`).digest('hex');
      expect(v1).toBe(`v1=${mac}`);
      expect(request.headers['x-intake-event']).toBe('accepted');
    }
    // What the receiver refused was tried again, and said so.
    const lines = jsonLines(result.stdout);
    expect(lines).toHaveLength(6);
    expect(lines.every((line) => line.status === 200)).toBe(true);
    expect(lines.some((line) => line.attempts === 2)).toBe(true);
    // A person sees the receiver refuse when it does, not only once the event's tries are over.
    expect(said).toMatch(/The webhook did not take event \d+ \(HTTP 503\); trying again, 5 tries an event\./);
    expect(said).toContain('The webhook takes events again.');
  });

  it('stopped while a receiver holds a delivery: nothing cut short is said as failed, and the line to resume is given', async () => {
    const orders = ['ORD-HELD-0', 'ORD-HELD-1', 'ORD-HELD-2'];
    const before = (await service.call('GET', '/local/events?limit=1000')).json as {
      results: { id: number }[];
    };
    const since = Math.max(0, ...before.results.map((event) => event.id));
    for (const id of orders) await service.call('POST', '/api/v1/orders/', { body: sampleOrder(id) });
    // The first event is taken; the second is held, never answered.
    let requests = 0;
    const server = createServer((request, response) => {
      requests += 1;
      request.resume();
      if (requests === 1) request.on('end', () => response.writeHead(200).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
    const interrupts = new InterruptHub();
    let printed = '';
    const forwarding = cli(['local', 'events', '--forward-to', url, '--since', String(since), '--json'], {
      env,
      interrupts,
      onStdout: (text) => (printed += text),
    });
    while (!printed.includes('\n') || requests < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    interrupts.interrupt('SIGINT');
    const result = await forwarding;
    server.closeAllConnections();
    server.close();
    expect(result.code).toBe(130);
    const lines = jsonLines(result.stdout);
    expect(lines).toEqual([expect.objectContaining({ status: 200, attempts: 1 })]);
    const first = lines[0]?.event as number;
    expect(result.stderr).toMatch(
      new RegExp(
        `Stopped before forwarding [12] events? received after ${first}; to forward them: intake local events --forward-to ${url} --since ${first}\\n`,
      ),
    );
  });

  it('refuses an address that is not http(s)', async () => {
    const result = await cli(['local', 'events', '--forward-to', 'ftp://127.0.0.1/x'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('http:// or https://');
  });

  it('takes --since as an event id or now, and says so of a time', async () => {
    const hook = ['local', 'events', '--forward-to', 'http://127.0.0.1:9/hook'];
    const result = await cli([...hook, '--since', '1h'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: --since must be an event id (a whole number) or now, not "1h"\n');
    const negative = await cli([...hook, '--since=-5'], { env });
    expect(negative.stderr).toContain('--since must be an event id (a whole number) or now, not "-5"');
  });
});

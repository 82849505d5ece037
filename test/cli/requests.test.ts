import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InterruptHub } from '../../src/cli/interrupts.js';
import type { JournalEntry } from '../../src/contract/index.js';
import { cli, jsonLines, serviceEnv } from '../helpers/cli.js';
import { workspace } from '../helpers/files.js';
import { startFaultProxy } from '../helpers/fault-proxy.js';
import { postAlone } from '../helpers/net.js';
import { sampleOrder } from '../helpers/samples.js';
import { startService, type TestService } from '../helpers/service.js';

let service: TestService;
let env: Record<string, string>;
beforeAll(async () => {
  service = await startService({ startWorker: false });
  env = serviceEnv(service);
});
afterAll(() => service.close());

describe('intake local requests', () => {
  it('lists the journal, counts what matches, and --expect says when the count is not the one', async () => {
    const files = workspace();
    const path = files.write('order.json', JSON.stringify(sampleOrder('ORD-CLI-J1')));
    expect((await cli(['order', 'create', path, '-q'], { env })).code).toBe(0);
    // Sent again by a program without a ledger: the service says it has it.
    expect((await cli(['api', 'POST', '/api/v1/orders/', '--input', path], { env })).code).not.toBe(0);
    const listed = await cli(['local', 'requests', '--id', 'ORD-CLI-J1', '--json'], { env });
    const entries = (listed.json() as { results: JournalEntry[] }).results;
    expect(entries.map((entry) => [entry.method, entry.path, entry.status])).toEqual([
      ['POST', '/api/v1/orders/', 409],
      ['POST', '/api/v1/orders/', 202],
    ]);
    const counted = await cli(
      ['local', 'requests', '--method', 'post', '--path', '/api/v1/orders/', '--id', 'ORD-CLI-J1', '--count'],
      { env },
    );
    expect(counted.stdout.trim()).toMatch(/2$/);
    const expected = await cli(
      ['local', 'requests', '--id', 'ORD-CLI-J1', '--status', '202', '--expect', '1'],
      {
        env,
      },
    );
    expect(expected.code).toBe(0);
    const wrong = await cli(['local', 'requests', '--id', 'ORD-CLI-J1', '--expect', '1'], { env });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('expected 1 matching request, the journal has 2');
    const table = await cli(['local', 'requests', '--id', 'ORD-CLI-J1'], { env: { ...env, NO_COLOR: '1' } });
    expect(table.stdout).toMatch(/POST {2}\/api\/v1\/orders\/ 202 ORD-CLI-J1 .*ms /);
  });

  it('--status 0 finds the requests a fault left unanswered, said "no answer"; another odd status is refused', async () => {
    await service.call('PUT', '/local/faults', { body: { spec: 'POST=drop-before-commit:next=1' } });
    expect(await postAlone(service, '/api/v1/orders/', sampleOrder('ORD-CLI-DROP'))).toBe('dropped');
    await service.call('DELETE', '/local/faults');
    const unanswered = await cli(['local', 'requests', '--status', '0'], { env: { ...env, NO_COLOR: '1' } });
    expect(unanswered.code).toBe(0);
    expect(unanswered.stdout).toMatch(/POST {2}\/api\/v1\/orders\/ no answer fault drop-before-commit /);
    for (const odd of ['50', '600', 'abc', '-1']) {
      const refused = await cli(['local', 'requests', '--status', odd], { env });
      expect(refused.code, odd).toBe(2);
      expect(refused.stderr).toContain('--status must be an HTTP status (100 to 599), or 0 for no answer');
    }
  });

  it('--before pages back from a request; the list says where the page before starts', async () => {
    for (const n of [1, 2, 3]) {
      await service.call('POST', '/api/v1/orders/', { body: sampleOrder(`ORD-PAGE-${n}`) });
    }
    const all = await cli(['local', 'requests', '--path', '/api/v1/orders/', '--limit', '2', '--json'], {
      env,
    });
    const first = all.json() as { results: JournalEntry[]; next_before: number | null };
    expect(first.results.map((entry) => entry.target_id)).toEqual(['ORD-PAGE-3', 'ORD-PAGE-2']);
    expect(first.next_before).toBe(first.results[1]?.seq);
    const human = await cli(['local', 'requests', '--path', '/api/v1/orders/', '--limit', '2'], {
      env: { ...env, NO_COLOR: '1' },
    });
    expect(human.stdout.indexOf('ORD-PAGE-2')).toBeLessThan(human.stdout.indexOf('ORD-PAGE-3'));
    expect(human.stderr).toContain(`Older requests: intake local requests --before ${first.next_before}`);
    const before = await cli(
      [
        'local',
        'requests',
        '--path',
        '/api/v1/orders/',
        '--limit',
        '1',
        '--before',
        String(first.next_before),
        '--json',
      ],
      { env },
    );
    expect((before.json() as { results: JournalEntry[] }).results.map((entry) => entry.target_id)).toEqual([
      'ORD-PAGE-1',
    ]);
    const mixed = await cli(['local', 'requests', '--before', '5', '--count'], { env });
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('--before pages back through the list');
  });

  it('--follow prints each request as it comes, from now on, until Ctrl-C', async () => {
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-BEFORE-FOLLOW') });
    const interrupts = new InterruptHub();
    let printed = '';
    const following = cli(['local', 'requests', '--follow', '--json'], {
      env,
      interrupts,
      onStdout: (text) => (printed += text),
    });
    // Once following has begun (its first ask is answered), what comes is printed; orders are sent
    // until one is, however long the machine takes to begin.
    for (let i = 0; !printed.includes('ORD-FOLLOW'); i++) {
      await service.call('POST', '/api/v1/orders/', { body: sampleOrder(`ORD-FOLLOW-${i}`) });
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    interrupts.interrupt('SIGINT');
    const result = await following;
    expect(result.code).toBe(130);
    const seen = jsonLines(printed).map((line) => line.target_id);
    expect(seen).not.toContain('ORD-BEFORE-FOLLOW');
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('--follow waits out the service going away (a restart), says so once, and goes on once it is back', async () => {
    let away = false;
    const proxy = await startFaultProxy(service.baseUrl, [], {
      fault: () => (away ? 'drop-before' : 'pass'),
    });
    try {
      const interrupts = new InterruptHub();
      let printed = '';
      let said = '';
      const following = cli(['local', 'requests', '--follow', '--json'], {
        env: { ...env, INTAKE_BASE_URL: proxy.url },
        interrupts,
        onStdout: (text) => (printed += text),
        onStderr: (text) => (said += text),
      });
      // Following ends only at Ctrl-C: a follow that ended by itself fails the test at once.
      let ended = false;
      void following.then(() => (ended = true));
      const sendUntilPrinted = async (prefix: string) => {
        for (let i = 0; !printed.includes(prefix) && !ended; i++) {
          await service.call('POST', '/api/v1/orders/', { body: sampleOrder(`${prefix}-${i}`) });
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
      };
      await sendUntilPrinted('ORD-AWAY-A');
      away = true;
      while (!said.includes('stopped answering') && !ended)
        await new Promise((resolve) => setTimeout(resolve, 50));
      // Away for a few of its tries: said once, not at each.
      const tries = proxy.seen;
      while (proxy.seen < tries + 12 && !ended) await new Promise((resolve) => setTimeout(resolve, 50));
      away = false;
      await sendUntilPrinted('ORD-AWAY-B');
      expect(ended, said).toBe(false);
      interrupts.interrupt('SIGINT');
      const result = await following;
      expect(result.code).toBe(130);
      expect(said.match(/The service stopped answering; trying again every second/g)).toHaveLength(1);
      expect(said).toContain('The service answers again; following on.');
      const seen = jsonLines(printed).map((line) => String(line.target_id));
      expect(new Set(seen).size).toBe(seen.length);
    } finally {
      await proxy.close();
    }
  });
});

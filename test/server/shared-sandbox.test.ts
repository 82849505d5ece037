import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPgbouncer, type Pgbouncer } from '../../bench/lib/pgbouncer.js';
import { basicAuthorization } from '../../src/contract/index.js';
import { postgresAdminUrl, TEST_ENGINE, testDatabaseUrl } from '../helpers/engines.js';
import { openEventStream, type StreamedEvent } from '../helpers/event-stream.js';
import { sampleOrder } from '../helpers/samples.js';
import { startService, TEST_CREDENTIALS, type TestService } from '../helpers/service.js';
import { spawnServe, type ServeProcess } from '../helpers/spawn.js';
import { tempDir } from '../helpers/temp.js';

const open: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  while (open.length > 0) await open.pop()?.close();
});

const accepted = (prefix: string) => (event: StreamedEvent) =>
  event.type === 'accepted' && String(event.target_id).startsWith(prefix);

/** Each order's accepted event exactly once, and the numbers only ever growing. */
function expectEachOnceInOrder(events: StreamedEvent[], prefix: string, count: number): void {
  const ids = events.map((event) => event.id);
  for (let i = 1; i < ids.length; i++) expect(ids[i]).toBeGreaterThan(ids[i - 1] as number);
  const targets = events.filter(accepted(prefix)).map((event) => event.target_id);
  expect(targets).toHaveLength(count);
  expect(new Set(targets).size).toBe(count);
}

describe.skipIf(TEST_ENGINE !== 'postgres')('one service across processes (a shared sandbox)', () => {
  let bouncer: Pgbouncer | undefined;
  beforeAll(async () => {
    bouncer = await startPgbouncer({ postgresPort: Number(new URL(postgresAdminUrl()).port) });
    if (!bouncer && process.env.INTAKE_TEST_POSTGRES === 'required')
      throw new Error("Debian's pgbouncer is not installed");
  });
  afterAll(() => bouncer?.stop());

  async function three(through: 'direct' | 'pgbouncer'): Promise<TestService[]> {
    const direct = await testDatabaseUrl(tempDir('intake-sandbox-'));
    const databaseUrl = through === 'direct' ? direct : (bouncer as Pgbouncer).through(direct);
    const services: TestService[] = [];
    for (let i = 0; i < 3; i++) {
      const service = await startService({
        databaseUrl,
        ...(through === 'pgbouncer' ? { directUrl: direct } : {}),
        applyDelay: { minMs: 0, maxMs: 0 },
      });
      open.push(service);
      services.push(service);
    }
    return services;
  }

  it.each(['direct', 'pgbouncer'] as const)(
    '%s: a stream on one process hears what the others accept and apply, each event once, in order',
    async (through) => {
      if (through === 'pgbouncer' && !bouncer) return;
      const [a, b, c] = (await three(through)) as [TestService, TestService, TestService];
      const stream = await openEventStream(a.baseUrl, a.authorization);
      open.push({ close: async () => stream.close() });
      for (let i = 0; i < 12; i++) {
        const via = [b, c][i % 2] as TestService;
        expect((await via.http('POST', '/api/v1/orders/', { body: sampleOrder(`ORD-SX-${i}`) })).status).toBe(
          202,
        );
      }
      await stream.until(12, accepted('ORD-SX-'));
      await stream.until(12, (event) => event.type === 'applied');
      expectEachOnceInOrder(stream.events, 'ORD-SX-', 12);
      // Every process tells of the same events with the same numbers.
      const numbered = async (service: TestService) =>
        JSON.stringify(
          (
            (await service.call('GET', '/local/events?limit=1000')).json as { results: StreamedEvent[] }
          ).results
            .filter(accepted('ORD-SX-'))
            .map((event) => [event.id, event.target_id]),
        );
      expect(await numbered(b)).toBe(await numbered(a));
      expect(await numbered(c)).toBe(await numbered(a));
    },
  );

  it('a wait on one process wakes on another process’s write', async () => {
    const [a, b] = (await three('direct')) as [TestService, TestService];
    const waiting = a.http('GET', '/local/orders?id=ORD-WAKE&wait=60s');
    // The wait has begun when its process listens for the merchant's events.
    while (a.app.service.events.listenersOf('mall-1') === 0)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await b.http('POST', '/api/v1/orders/', { body: sampleOrder('ORD-WAKE') })).status).toBe(202);
    const answer = await waiting;
    expect(answer.status).toBe(200);
    expect((answer.json as { results: { id: string }[] }).results.map((order) => order.id)).toEqual([
      'ORD-WAKE',
    ]);
  });

  it('intake serve --workers 3 behind one port, through pgbouncer: one stream hears every process', async () => {
    if (!bouncer) return;
    const direct = await testDatabaseUrl(tempDir('intake-sandbox-'));
    const serve: ServeProcess = await spawnServe(
      ['--workers', '3', '--apply-delay', '0', '--access-key-id', TEST_CREDENTIALS.accessKeyId],
      {
        INTAKE_SERVE_DATABASE_URL: bouncer.through(direct),
        INTAKE_SERVE_DATABASE_DIRECT_URL: direct,
        INTAKE_SERVE_SECRET_ACCESS_KEY: TEST_CREDENTIALS.secretAccessKey,
      },
    );
    open.push({ close: () => serve.stop('SIGTERM') });
    const authorization = basicAuthorization(TEST_CREDENTIALS);
    const stream = await openEventStream(serve.url, authorization);
    open.push({ close: async () => stream.close() });
    const orders = 30;
    const answers = await Promise.all(
      Array.from({ length: orders }, (_, i) =>
        fetch(`${serve.url}/api/v1/orders/`, {
          method: 'POST',
          // A new connection each: the system spreads them over the three processes.
          headers: { authorization, 'content-type': 'application/json', connection: 'close' },
          body: JSON.stringify(sampleOrder(`ORD-W3-${i}`)),
        }).then((answer) => answer.status),
      ),
    );
    expect(answers).toEqual(Array(orders).fill(202));
    await stream.until(orders, accepted('ORD-W3-'));
    await stream.until(orders, (event) => event.type === 'applied');
    expectEachOnceInOrder(stream.events, 'ORD-W3-', orders);
  });
});

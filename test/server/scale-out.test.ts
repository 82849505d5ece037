import { patience } from '../helpers/patience.js';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startPostgresCluster } from '../../bench/lib/postgres-cluster.js';
import {
  basicAuthorization,
  type BotMessage,
  type Credentials,
  type LocalJob,
} from '../../src/contract/index.js';
import { consoleCookie } from '../helpers/console.js';
import { TEST_ENGINE, testDatabaseUrl } from '../helpers/engines.js';
import { sampleOrder, sampleProduct } from '../helpers/samples.js';
import {
  startService,
  TEST_CREDENTIALS,
  type TestService,
  servicesClosedAfterEach,
} from '../helpers/service.js';
import { runBin, spawnServe } from '../helpers/spawn.js';
import { tempDir } from '../helpers/temp.js';

const { keep } = servicesClosedAfterEach();

/** `count` services sharing one new PostgreSQL database, as separate processes would. */
async function servicesOnOneDatabase(count: number, options: Parameters<typeof startService>[0] = {}) {
  const databaseUrl = await testDatabaseUrl(tempDir('intake-shared-'));
  const services: TestService[] = [];
  for (let i = 0; i < count; i++) {
    const service = await startService({ databaseUrl, ...options });
    keep(service);
    services.push(service);
  }
  return services;
}

/**
 * A test that starts `intake serve --workers` and kills its processes: several processes start, and
 * start again, on a machine that may be running other tests; given more than the default to end.
 */
const WHOLE_SERVICE = patience(300_000);

async function until(condition: () => Promise<boolean>, timeoutMs = patience(30_000)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A process's state as Linux shows it (`T` stopped, `S` sleeping, …). */
const processState = (pid: number) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];

const results = <T>(answer: { json: unknown }) => (answer.json as { results: T[] }).results;

/** Posts a sample order on a connection of its own (so that each may reach another process); its status. */
async function postOrderAlone(url: string, credentials: Credentials, id: string): Promise<number> {
  const response = await fetch(`${url}/api/v1/orders/`, {
    method: 'POST',
    headers: {
      authorization: basicAuthorization(credentials),
      'content-type': 'application/json',
      connection: 'close',
    },
    body: JSON.stringify(sampleOrder(id)),
    signal: AbortSignal.timeout(patience(30_000)),
  });
  return response.status;
}

describe.skipIf(TEST_ENGINE !== 'postgres')('several processes on one PostgreSQL database', () => {
  it('a secret changed by another process stops working here within a poll, not at the next restart', async () => {
    const databaseUrl = await testDatabaseUrl(tempDir('intake-shared-'));
    const a = await startService({ databaseUrl });
    keep(a);
    const path = '/api/v1/rewards/';
    // Verified once here, then known from memory.
    expect((await a.http('GET', path)).status).not.toBe(401);
    // Another process starts on the same database with a new secret for the same merchant.
    const rotated = { ...TEST_CREDENTIALS, secretAccessKey: 'a-new-secret-for-mall-1' };
    const b = await startService({ databaseUrl, merchants: [{ merchantId: 'mall-1', ...rotated }] });
    keep(b);
    await until(async () => (await a.http('GET', path)).status === 401);
    const answer = await a.http('GET', path, { headers: { authorization: basicAuthorization(rotated) } });
    expect(answer.status).not.toBe(401);
  });

  it('the same id sent to two processes at the same instant: one 202, one 409, every time', async () => {
    const [a, b] = (await servicesOnOneDatabase(2, { startWorker: false })) as [TestService, TestService];
    for (let i = 0; i < 40; i++) {
      const order = sampleOrder(`ORD-RACE-${i}`);
      const product = sampleProduct(`P-RACE-${i}`);
      const answers = await Promise.all([
        a.http('POST', '/api/v1/orders/', { body: order }),
        b.http('POST', '/api/v1/orders/', { body: order }),
        a.http('POST', '/api/v1/products/', { body: product }),
        b.http('POST', '/api/v1/products/', { body: product }),
      ]);
      expect([answers[0].status, answers[1].status].sort()).toEqual([202, 409]);
      expect([answers[2].status, answers[3].status].sort()).toEqual([202, 409]);
      // The refusal says what a single process says, whichever of its reads the other's commit fell between.
      expect([answers[0].json, answers[1].json]).toContainEqual({
        detail: `Order 'ORD-RACE-${i}' already exists.`,
      });
      expect([answers[2].json, answers[3].json]).toContainEqual({
        detail: `Product 'P-RACE-${i}' already exists.`,
      });
    }
    expect(results<LocalJob>(await a.call('GET', '/local/jobs?limit=1000'))).toHaveLength(80);
  });

  it('the same shipment sent to two processes at the same instant: both 202, one queued, one notice', async () => {
    const [a, b] = (await servicesOnOneDatabase(2, { startWorker: false })) as [TestService, TestService];
    for (let i = 0; i < 20; i++) {
      expect((await a.call('POST', '/api/v1/orders/', { body: sampleOrder(`ORD-TWICE-${i}`) })).status).toBe(
        202,
      );
      const shipment = {
        order_item_ids: [`ORD-TWICE-${i}-1`],
        company_code: 'kr.cjlogistics',
        tracking_number: `64000001${String(i).padStart(4, '0')}`,
      };
      const path = `/api/v1/orders/ORD-TWICE-${i}/shipments/`;
      const answers = await Promise.all([
        a.http('POST', path, { body: shipment }),
        b.http('POST', path, { body: shipment }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([202, 202]);
    }
    const shipments = results<LocalJob>(await a.call('GET', '/local/jobs?limit=1000')).filter(
      (job) => job.kind === 'shipment',
    );
    expect(shipments).toHaveLength(20);
    await a.call('POST', '/local/queue/apply');
    expect(results<BotMessage>(await b.call('GET', '/local/messages?kind=shipment&limit=1000'))).toHaveLength(
      20,
    );
  });

  it('three processes with their workers: each create applied once, in arrival order, each buyer messaged once', async () => {
    const services = await servicesOnOneDatabase(3, { applyDelay: { minMs: 0, maxMs: 0 } });
    const orders = 60;
    for (let i = 0; i < orders; i++) {
      const via = services[i % 3] as TestService;
      expect((await via.http('POST', '/api/v1/orders/', { body: sampleOrder(`ORD-W-${i}`) })).status).toBe(
        202,
      );
      const shipment = {
        order_item_ids: [`ORD-W-${i}-1`],
        company_code: 'kr.cjlogistics',
        tracking_number: `6400000${String(i).padStart(5, '0')}`,
      };
      const other = services[(i + 1) % 3] as TestService;
      expect(
        (await other.http('POST', `/api/v1/orders/ORD-W-${i}/shipments/`, { body: shipment })).status,
      ).toBe(202);
    }
    const [first] = services as [TestService];
    await until(async () => results(await first.call('GET', '/local/jobs?state=queued')).length === 0);
    const jobs = results<LocalJob>(await first.call('GET', '/local/jobs?limit=1000'));
    expect(jobs).toHaveLength(orders * 2);
    expect(jobs.every((job) => job.state === 'applied')).toBe(true);
    // Arrival order per merchant: no create was applied before an earlier one.
    const finished = jobs.map((job) => Date.parse(job.finished_at as string));
    for (let i = 1; i < finished.length; i++)
      expect(finished[i]).toBeGreaterThanOrEqual(finished[i - 1] as number);
    await until(
      async () =>
        results<BotMessage>(await first.call('GET', '/local/messages?kind=shipment&status=sent&limit=1000'))
          .length === orders,
    );
    // Each shipping notice sent once, by one of the processes, and every process tells of each: the same
    // events, numbered alike, whichever process is asked.
    const seen: string[] = [];
    for (const service of services) {
      const events = results<{ id: number; type: string; kind: string; order_id: string }>(
        await service.call('GET', '/local/events?limit=10000'),
      ).filter((event) => event.type === 'message' && event.kind === 'shipment');
      expect(new Set(events.map((event) => event.order_id)).size).toBe(orders);
      expect(events).toHaveLength(orders);
      seen.push(JSON.stringify(events.map((event) => [event.id, event.order_id])));
    }
    expect(new Set(seen).size).toBe(1);
  });

  it('the clock, the merchants and their credentials are shared', async () => {
    const [a, b] = (await servicesOnOneDatabase(2)) as [TestService, TestService];
    const nowOn = async (service: TestService) =>
      Date.parse(
        ((await service.call('POST', '/local/clock/advance', { body: { by: '0s' } })).json as { now: string })
          .now,
      );
    const before = await nowOn(b);
    expect((await a.call('POST', '/local/clock/advance', { body: { by: '3d' } })).status).toBe(200);
    // The merchant's clock, moved on one process, is moved on the other (read again at its next poll).
    await until(async () => (await nowOn(b)) - before > 2 * 86_400_000);
    const added = await a.call('POST', '/local/merchants', {
      body: { merchant_id: 'mall-2', access_key_id: 'AKSHARED2', secret_access_key: 'shared-secret-2' },
    });
    expect(added.status).toBe(201);
    const other = basicAuthorization({ accessKeyId: 'AKSHARED2', secretAccessKey: 'shared-secret-2' });
    expect(
      (await b.call('GET', '/api/v1/shipments/status/', { headers: { authorization: other } })).status,
    ).toBe(200);
  });

  it('a database that goes away: 503 in the spec shape at once, readiness says so, and the service recovers', async () => {
    const cluster = await startPostgresCluster();
    if (cluster === undefined) throw new Error('no PostgreSQL here');
    try {
      const service = await startService({
        databaseUrl: cluster.url,
        statementTimeoutMs: 2_000,
      });
      keep(service);
      expect(
        (await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-AWAY-1') })).status,
      ).toBe(202);
      const cookie = await consoleCookie(service);
      cluster.down();
      const refused = await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-AWAY-2') });
      expect(refused.status).toBe(503);
      expect(refused.json).toEqual({ detail: 'Service Unavailable' });
      expect(refused.headers['retry-after']).toBe('1');
      const ready = await service.call('GET', '/local/ready');
      expect(ready.status).toBe(503);
      // The console says it too, in the browser's language, never as its own failure.
      const page = await service.app.inject({
        method: 'GET',
        url: '/console/orders',
        headers: { cookie, 'accept-language': 'ko' },
      });
      expect(page.statusCode).toBe(503);
      expect(page.body).toContain('지금은 데이터베이스를 사용할 수 없습니다');
      expect(ready.json).toMatchObject({ ready: false, database: 'postgres' });
      cluster.up();
      await until(async () => (await service.call('GET', '/local/ready')).status === 200);
      expect(
        (await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-AWAY-2') })).status,
      ).toBe(202);
      // Nothing half-written: the refused create left no trace, the accepted ones are there once.
      const jobs = results<LocalJob>(await service.call('GET', '/local/jobs'));
      expect(jobs.map((job) => job.target_id)).toEqual(['ORD-AWAY-1', 'ORD-AWAY-2']);
    } finally {
      cluster.stop();
    }
  });

  it(
    'intake serve --workers 2: two processes behind one port; one stopped leaves its connections to the other, killed it is replaced, nothing lost',
    { timeout: WHOLE_SERVICE },
    async () => {
      const url = await testDatabaseUrl(tempDir('intake-workers-'));
      const credentials = { accessKeyId: 'AKWORKERS1', secretAccessKey: TEST_CREDENTIALS.secretAccessKey };
      const serve = await spawnServe(
        [
          '--workers',
          '2',
          '--apply-delay',
          '0',
          '--merchant-id',
          'mall-1',
          '--access-key-id',
          credentials.accessKeyId,
        ],
        { INTAKE_SERVE_DATABASE_URL: url, INTAKE_SERVE_SECRET_ACCESS_KEY: credentials.secretAccessKey },
        { detached: true },
      );
      const post = (i: number) => postOrderAlone(serve.url, credentials, `ORD-CL-${i}`);
      // A process stopped in the middle of a transaction (applying an order) holds its locks until the
      // database ends its session (idle_in_transaction_session_timeout): meanwhile the other answers 503
      // with Retry-After, and a client sends again, as the CLI does.
      const postTaken = async (i: number) => {
        const deadline = Date.now() + patience(120_000);
        let status = await post(i);
        while (status === 503 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          status = await post(i);
        }
        return status;
      };
      const servedBy = () =>
        [...serve.stderr().matchAll(/^\[(\d+)\] POST \S+ 202 /gm)].map((match) => Number(match[1]));
      const pids = () => new Set(servedBy());
      let stopped: number | undefined;
      try {
        expect(await post(0)).toBe(202);
        // Each process writes its own log line (its pid, then the request) as it answers.
        await until(async () => servedBy().length === 1);
        const first = servedBy()[0] as number;
        // A process that stops answering (stopped here, as a debugger or a swap storm would) takes no
        // connection: each one goes to the other process. Then it is killed. Handed a connection first
        // (Node's round-robin), it would take it to its grave and leave its client waiting.
        stopped = first;
        process.kill(first, 'SIGSTOP');
        await until(async () => processState(first) === 'T');
        for (let i = 1; i < 20; i++) expect(await postTaken(i)).toBe(202);
        await until(async () => servedBy().length === 20);
        const others = servedBy().slice(1);
        expect(others).toHaveLength(19);
        expect(others.filter((pid) => pid === first)).toEqual([]);
        expect(pids().size).toBe(2);
        process.kill(first, 'SIGKILL');
        stopped = undefined;
        await until(async () => /ended \(SIGKILL\); starting another/.test(serve.stderr()));
        for (let i = 20; i < 40; i++) expect(await post(i)).toBe(202);
        // Every process killed at once (the OOM killer, a poison request): the service stays and starts them again.
        const alive = [...pids()].filter((pid) => {
          try {
            process.kill(pid, 0);
            return true;
          } catch {
            return false;
          }
        });
        for (const pid of alive) process.kill(pid, 'SIGKILL');
        await until(
          async () =>
            (serve.stderr().match(/ended \(SIGKILL\); starting another/g) ?? []).length >= 1 + alive.length,
        );
        await until(async () => (await post(40).catch(() => 0)) === 202);
        const jobs = await fetch(`${serve.url}/local/jobs?limit=1000`, {
          headers: { authorization: basicAuthorization(credentials) },
        });
        const listed = ((await jobs.json()) as { results: LocalJob[] }).results;
        expect(listed.map((job) => job.target_id).sort()).toEqual(
          Array.from({ length: 41 }, (_, i) => `ORD-CL-${i}`).sort(),
        );
      } catch (error) {
        process.stderr.write(`serve said:\n${serve.stderr().slice(-3000)}\n`);
        throw error;
      } finally {
        // A process left stopped by a failure hears no signal: it is let go on first.
        if (stopped !== undefined) process.kill(stopped, 'SIGCONT');
        // Ctrl-C in a terminal: every process of the group hears it, and each stops cleanly.
        expect(await serve.stop('SIGINT')).toBe(0);
      }
      expect(serve.stderr()).not.toMatch(/\n\s+at /);
      expect(serve.stderr()).not.toContain('Second signal');
      expect(serve.stderr()).toContain('Stopped.');
    },
  );

  it(
    'intake serve --workers 3 --secret-file <(…): the processes share what the first one read once',
    { timeout: WHOLE_SERVICE },
    async () => {
      const url = await testDatabaseUrl(tempDir('intake-workers-pipe-'));
      const credentials = { accessKeyId: 'AKWORKERSPIPE1', secretAccessKey: 'a-secret-read-from-a-pipe' };
      const carriers = [{ code: 'kr.cjlogistics', name: 'CJ대한통운' }];
      // Pipes are read once: a process that read them again would find them empty.
      const serve = await spawnServe(
        ['--workers', '3', '--merchant-id', 'mall-pipe', '--access-key-id', credentials.accessKeyId],
        {
          INTAKE_SERVE_DATABASE_URL: url,
          SECRET: credentials.secretAccessKey,
          CARRIERS: JSON.stringify(carriers),
        },
        { detached: true, bash: '--secret-file <(printf %s "$SECRET") --carriers <(printf %s "$CARRIERS")' },
      );
      try {
        const answers = await Promise.all(
          Array.from({ length: 12 }, (_, i) => postOrderAlone(serve.url, credentials, `ORD-PIPE-${i}`)),
        );
        expect(answers).toEqual(Array.from({ length: 12 }, () => 202));
        // Each process serves the carriers of the file: a code not in it is refused by whichever answers.
        const shipment = await fetch(`${serve.url}/api/v1/orders/ORD-PIPE-0/shipments/`, {
          method: 'POST',
          headers: { authorization: basicAuthorization(credentials), 'content-type': 'application/json' },
          body: JSON.stringify({
            order_item_ids: ['ORD-PIPE-0-1'],
            company_code: 'kr.epost',
            tracking_number: '1234',
          }),
        });
        expect(shipment.status).toBe(422);
        expect(serve.stderr()).not.toContain('error:');
      } finally {
        expect(await serve.stop('SIGINT')).toBe(0);
      }
    },
  );

  it('a process of --workers that cannot start ends, and so does the service, saying why once (no hang)', async () => {
    const url = await testDatabaseUrl(tempDir('intake-workers-busy-'));
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = busy.address() as { port: number };
      const refused = await runBin(['serve', '--workers', '2', '--port', String(port)], {
        env: { INTAKE_SERVE_DATABASE_URL: url },
      });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`cannot listen on 127.0.0.1:${port}: another program uses that port`);
      expect(refused.stderr).toContain("the service's processes could not start (exit 2)");
      expect(refused.stderr).not.toContain('starting another');
    } finally {
      busy.close();
    }
  });

  it('--workers on a SQLite data folder is refused: one writer, one process', async () => {
    const refused = await runBin(['serve', '--workers', '2', '--data', tempDir('intake-workers-sqlite-')]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--workers needs --database-url');
  });
});

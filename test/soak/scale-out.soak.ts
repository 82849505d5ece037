import { createServer, connect, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgbouncer, type Pgbouncer } from '../../bench/lib/pgbouncer.js';
import { startPostgresCluster, type PostgresCluster } from '../../bench/lib/postgres-cluster.js';
import { basicAuthorization } from '../../src/contract/auth.js';
import { openEventStream, type OpenStream } from '../helpers/event-stream.js';
import { PATIENT_RETRY_FAST, cli } from '../helpers/cli.js';
import { seededRandom } from '../helpers/fault-proxy.js';
import { workspace } from '../helpers/files.js';
import { spawnServe, type ServeProcess } from '../helpers/spawn.js';
import { uploadFiles } from '../helpers/upload-faults.js';

const COUNT = Number(process.env.SOAK_SCALE_RECORDS ?? 20_000);
const SEED = Number(process.env.SOAK_SEED ?? Date.now() % 2 ** 31);
const credentials = { accessKeyId: 'AKSCALE0001', secretAccessKey: 'scale-out-secret-0001' };

/**
 * The queue as the database keeps it: a create whose number the merchant's cursor has passed is applied
 * (or stored as failed); one still stored as queued before it was applied without being written again.
 */
const JOBS = 'jobs j LEFT JOIN queue_cursors c ON c.merchant_id = j.merchant_id';
const PASSED = 'COALESCE(j.seq <= c.applied_through, false)';
const APPLIED = `(j.state = 'applied' OR (j.state = 'queued' AND ${PASSED}))`;

/** A loopback balancer: each connection goes to the next process that is up, as a load balancer would. */
function startBalancer(
  backends: () => number[],
): Promise<{ url: string; server: Server; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>();
  let next = 0;
  const server = createServer((client) => {
    const ports = backends();
    if (ports.length === 0) {
      client.destroy();
      return;
    }
    const port = ports[next++ % ports.length] as number;
    const upstream = connect(port, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${address.port}`, server, sockets });
    }),
  );
}

const portOf = (process: ServeProcess) => Number(new URL(process.url).port);

/** The events a stream saw: each once, in order, none missing between the first and the last. */
function expectEachEventOnce(stream: OpenStream, orders: number): string {
  const ids = stream.events.map((event) => event.id);
  for (let i = 1; i < ids.length; i++)
    expect(ids[i], `event after ${ids[i - 1]}`).toBe((ids[i - 1] as number) + 1);
  const accepted = new Map<string, number>();
  for (const event of stream.events) {
    if (event.type !== 'accepted' || event.kind !== 'order') continue;
    const id = String(event.target_id);
    accepted.set(id, (accepted.get(id) ?? 0) + 1);
  }
  expect([...accepted.values()].filter((count) => count > 1)).toEqual([]);
  // Told in the transaction that stored it: no order's acceptance is lost with a killed process.
  expect(accepted.size).toBe(orders);
  return `${ids.length} events seen by a stream on another process, each once, ${ids[0]} to ${ids.at(-1)} with none missing; ${accepted.size} orders accepted once each`;
}

for (const processes of [2, 3]) {
  // Three go through a pooler in transaction mode, as a team's shared sandbox would.
  const pooled = processes === 3;
  describe(`${processes} intake serve processes on one PostgreSQL database${pooled ? ' through pgbouncer' : ''}, killed at random (seed ${SEED})`, () => {
    let cluster: PostgresCluster;
    let bouncer: Pgbouncer | undefined;
    beforeAll(async () => {
      const started = await startPostgresCluster();
      if (started === undefined) throw new Error('the scale-out soak needs PostgreSQL (initdb, pg_ctl)');
      cluster = started;
      if (pooled) {
        bouncer = await startPgbouncer({ postgresPort: cluster.port, poolSize: 40 });
        if (!bouncer) throw new Error("the scale-out soak needs Debian's pgbouncer");
      }
    });
    afterAll(() => {
      bouncer?.stop();
      cluster?.stop();
    });

    it(`${COUNT} orders and ${COUNT} shipments uploaded while processes are SIGKILLed and restarted: each stored, applied and messaged once`, async () => {
      const random = seededRandom(SEED + processes);
      const url = cluster.url;
      const args = [
        '--database-url',
        bouncer ? bouncer.through(url) : url,
        ...(bouncer ? ['--database-direct-url', url] : []),
        '--merchant-id',
        'mall-1',
        '--access-key-id',
        credentials.accessKeyId,
        '--apply-delay',
        '0-3s',
        '--quiet',
      ];
      const env = { INTAKE_SERVE_SECRET_ACCESS_KEY: credentials.secretAccessKey };
      const running: ServeProcess[] = [];
      for (let i = 0; i < processes; i++) running.push(await spawnServe(args, env));
      const balancer = await startBalancer(() => running.map(portOf));
      // A process never killed, never behind the balancer: its stream hears what the others do.
      const observer = await spawnServe(args, env);
      const stream = await openEventStream(observer.url, basicAuthorization(credentials));

      // Kills one process at a random moment every 0.5-2.5 s, and starts another in its place.
      let kills = 0;
      let killing = true;
      const killer = (async () => {
        while (killing) {
          await new Promise((resolve) => setTimeout(resolve, 500 + random() * 2000));
          if (!killing) break;
          const victim = running.splice(Math.floor(random() * running.length), 1)[0] as ServeProcess;
          await victim.stop('SIGKILL');
          kills += 1;
          running.push(await spawnServe(args, env));
        }
      })();

      const files = workspace();
      const { orders, shipments } = uploadFiles('SCALE', COUNT);
      const started = performance.now();
      const cliEnv = {
        INTAKE_BASE_URL: balancer.url,
        INTAKE_ACCESS_KEY_ID: credentials.accessKeyId,
        INTAKE_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      };
      const report: string[] = [];
      for (const [noun, text] of [
        ['order', orders],
        ['shipment', shipments],
      ] as const) {
        const path = files.write(`${noun}s.csv`, text);
        const codes: (number | null)[] = [];
        for (let run = 0; run < 6; run++) {
          const result = await cli([noun, 'create', path, '--quiet'], {
            env: cliEnv,
            patientRetry: PATIENT_RETRY_FAST,
          });
          codes.push(result.code);
          if (result.code === 0) break;
        }
        expect(codes.at(-1), `${noun}s: exit codes ${codes.join(', ')}`).toBe(0);
        report.push(
          `${noun}s: ${codes.length} run(s), ${((performance.now() - started) / 1000).toFixed(0)} s so far`,
        );
      }
      // Kills go on for a while during apply, then the queue is left to finish.
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      killing = false;
      await killer;

      const db = new pg.Client({ connectionString: url });
      await db.connect();
      try {
        const count = async (sql: string) => Number((await db.query(sql)).rows[0].count);
        const deadline = Date.now() + 300_000;
        while (
          (await count(`SELECT count(*) FROM ${JOBS} WHERE j.state = 'queued' AND NOT ${PASSED}`)) > 0 ||
          (await count(
            'SELECT count(*) FROM messages WHERE sent_at IS NULL AND due_at <= (SELECT max(created_at) FROM shipments)',
          )) > 0
        ) {
          if (Date.now() > deadline) throw new Error('the queue did not finish');
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        expect(
          await count(
            `SELECT count(*) FROM orders o JOIN queue_cursors c ON c.merchant_id = o.merchant_id
             WHERE o.id LIKE 'SCALE-%' AND (o.applied_at IS NOT NULL OR o.job_seq <= c.applied_through)`,
          ),
        ).toBe(COUNT);
        expect(await count(`SELECT count(*) FROM ${JOBS} WHERE j.kind = 'order' AND ${APPLIED}`)).toBe(COUNT);
        expect(await count(`SELECT count(*) FROM ${JOBS} WHERE j.kind = 'shipment' AND ${APPLIED}`)).toBe(
          COUNT,
        );
        expect(await count("SELECT count(*) FROM jobs WHERE state = 'failed'")).toBe(0);
        expect(await count('SELECT count(*) FROM shipments')).toBe(COUNT);
        expect(
          await count("SELECT count(*) FROM messages WHERE kind = 'shipment' AND sent_at IS NOT NULL"),
        ).toBe(COUNT);
        expect(
          await count(
            "SELECT count(*) FROM (SELECT order_id FROM messages WHERE kind = 'shipment' GROUP BY order_id HAVING count(*) > 1) AS twice",
          ),
        ).toBe(0);
        const written = await count("SELECT max(id) AS count FROM events WHERE merchant_id = 'mall-1'");
        await stream.until(1, (event) => event.id === written);
        report.push(expectEachEventOnce(stream, COUNT));
        report.push(
          `${kills} SIGKILLs; every order and shipment stored and applied once, ${COUNT} shipping notices, one per buyer; ` +
            `${((performance.now() - started) / 1000).toFixed(0)} s in all`,
        );
      } finally {
        await db.end();
        stream.close();
        await observer.stop('SIGTERM');
        for (const process of running) await process.stop('SIGTERM');
        for (const socket of balancer.sockets) socket.destroy();
        balancer.server.close();
      }
      console.log(`scale-out soak, ${processes} processes (seed ${SEED})\n  ${report.join('\n  ')}`);
    });
  });
}

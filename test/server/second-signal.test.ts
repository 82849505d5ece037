import { connect, type Socket } from 'node:net';
import { basicAuthorization } from '../../src/contract/index.js';
import { describe, expect, it } from 'vitest';
import { TEST_ENGINE, testDatabaseUrl } from '../helpers/engines.js';
import { patience } from '../helpers/patience.js';
import { TEST_CREDENTIALS } from '../helpers/service.js';
import { spawnServe, type ServeProcess } from '../helpers/spawn.js';
import { tempDir } from '../helpers/temp.js';

/** The service's first merchant, whose credentials the request in flight carries. */
const MERCHANT = ['--access-key-id', TEST_CREDENTIALS.accessKeyId];
const SECRET = { INTAKE_SERVE_SECRET_ACCESS_KEY: TEST_CREDENTIALS.secretAccessKey };

/** Several processes start on a machine that may be running other tests: more than the default to end. */
const WHOLE_SERVICE = patience(300_000);

async function until(condition: () => boolean, timeoutMs = patience(30_000)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A request the service is still reading when it is told to stop: its headers (with credentials, so
 * that it is not refused before its body is read) and part of its body, the rest never sent. A stop finishes requests in flight, so this one holds it (up to the service's
 * request timeout of 30 s), as a slow upload would.
 */
async function requestInFlight(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.on('error', () => {});
  // Its headers first, asking to go on (`Expect`): the answer says the service has taken the request in
  // (a connection with no request yet is idle, and a stop closes it at once); then part of its body.
  const goOn = new Promise<void>((resolve) =>
    socket.on('data', (chunk: Buffer) => {
      if (chunk.toString('latin1').startsWith('HTTP/1.1 100')) resolve();
    }),
  );
  socket.write(
    'POST /api/v1/orders/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      `Authorization: ${basicAuthorization(TEST_CREDENTIALS)}\r\n` +
      'Expect: 100-continue\r\nContent-Length: 1000\r\n\r\n',
  );
  await goOn;
  socket.write('{"id":"ORD-');
  return socket;
}

/** Whether any process of the group `pgid` is still alive. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Ctrl-C, then (while the first stop waits for a request in flight) Ctrl-C again, each to the first
 * process alone: it stops at once, saying so, with the interrupted exit code, and leaves no process.
 */
async function secondSignal(serve: ServeProcess, stopping: string): Promise<void> {
  const pid = serve.child.pid as number;
  const exited = new Promise<number | null>((resolve) => serve.child.once('exit', resolve));
  const held = await requestInFlight(serve.url);
  try {
    process.kill(pid, 'SIGINT');
    await until(() => serve.stderr().includes(stopping));
    // Still stopping: the request in flight holds it.
    expect(groupAlive(pid)).toBe(true);
    expect(serve.stderr()).not.toContain('Stopped.');
    process.kill(pid, 'SIGINT');
    expect(await exited).toBe(130);
    expect(serve.stderr()).toContain('Second signal: stopping now.');
    expect(serve.stderr()).not.toMatch(/\n\s+at /);
    // Every process went with it.
    await until(() => !groupAlive(pid));
  } finally {
    held.destroy();
  }
}

describe('a second Ctrl-C stops intake serve at once', () => {
  it('one process, while it finishes a request in flight', async () => {
    const args = TEST_ENGINE === 'postgres' ? MERCHANT : [...MERCHANT, '--data', tempDir('intake-second-')];
    const env: Record<string, string> =
      TEST_ENGINE === 'postgres'
        ? { ...SECRET, INTAKE_SERVE_DATABASE_URL: await testDatabaseUrl(tempDir('intake-second-')) }
        : SECRET;
    const serve = await spawnServe(args, env, { detached: true });
    await secondSignal(serve, 'SIGINT: finishing requests in flight and closing the database…');
  });

  it.skipIf(TEST_ENGINE !== 'postgres')(
    '--workers 2, while a process finishes a request in flight: the processes are killed',
    { timeout: WHOLE_SERVICE },
    async () => {
      const url = await testDatabaseUrl(tempDir('intake-second-workers-'));
      // The merchant whose credentials the request carries: else it is refused (401) as soon as its
      // headers are read, and holds nothing.
      const serve = await spawnServe(
        ['--workers', '2', ...MERCHANT],
        { ...SECRET, INTAKE_SERVE_DATABASE_URL: url },
        { detached: true },
      );
      await secondSignal(
        serve,
        'SIGINT: the processes finish their requests in flight and close the database…',
      );
    },
  );
});

import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as undiciRequest } from 'undici';
import { basicAuthorization } from '../../src/contract/index.js';
import { sampleOrder, sampleProduct } from '../helpers/samples.js';
import { startService, TEST_CREDENTIALS, type TestService } from '../helpers/service.js';
import { startFaultProxy } from '../helpers/fault-proxy.js';
import { patience } from '../helpers/patience.js';

const OTHER = { accessKeyId: 'AKOTHERMERCHANT002', secretAccessKey: 'other-secret-0002-abcdefghijklmnop' };

let service: TestService;
beforeAll(async () => {
  service = await startService({
    merchants: [
      { merchantId: 'mall-1', ...TEST_CREDENTIALS },
      { merchantId: 'mall-2', ...OTHER },
    ],
    applyDelay: { minMs: 0, maxMs: 0 },
    startWorker: false,
  });
});
afterAll(() => service.close());

const asOther = { authorization: basicAuthorization(OTHER) };

describe('merchants cannot touch each other', () => {
  it('faults set by one merchant hit only its requests, and only it sees and clears them', async () => {
    const set = await service.call('PUT', '/local/faults', { body: { spec: '503:100%' } });
    expect(set.status).toBe(200);
    expect((await service.call('GET', '/api/v1/shipments/status/')).status).toBe(503);
    // The other merchant's requests, and what it sees of faults, are untouched.
    expect((await service.call('GET', '/api/v1/shipments/status/', { headers: asOther })).status).toBe(200);
    const seen = await service.call('GET', '/local/faults', { headers: asOther });
    expect(seen.json).toMatchObject({ spec: '', rules: [], everyone: { spec: '' } });
    await service.call('DELETE', '/local/faults', { headers: asOther });
    expect((await service.call('GET', '/api/v1/shipments/status/')).status).toBe(503);
    await service.call('DELETE', '/local/faults');
    expect((await service.call('GET', '/api/v1/shipments/status/')).status).toBe(200);
  });

  it('a merchant’s clock moves alone, at most ten years, and a move past that leaves every create working', async () => {
    const before = Date.parse(((await service.local.advance('0s')) as { now: string }).now);
    const moved = await service.call('POST', '/local/clock/advance', { body: { by: '7d' } });
    expect(Date.parse((moved.json as { now: string }).now) - before).toBeGreaterThanOrEqual(7 * 86_400_000);
    const other = await service.call('POST', '/local/clock/advance', {
      body: { by: '0s' },
      headers: asOther,
    });
    expect(Date.parse((other.json as { now: string }).now) - before).toBeLessThan(86_400_000);
    const far = await service.call('POST', '/local/clock/advance', { body: { by: '100000000d' } });
    expect(far.status).toBe(422);
    expect(far.json).toMatchObject({ detail: [{ loc: ['body', 'by'], type: 'value_error' }] });
    expect(JSON.stringify(far.json)).toContain('at most 3650 days');
    const tooFar = await service.call('POST', '/local/clock/advance', { body: { by: '3650d' } });
    expect(tooFar.status).toBe(422);
    for (const headers of [{}, asOther]) {
      const created = await service.call('POST', '/api/v1/products/', {
        body: sampleProduct(`P-CLOCK-${Object.keys(headers).length}`),
        headers,
      });
      expect(created.status).toBe(202);
    }
  });

  it('event ids never repeat for a merchant, across a restart', async () => {
    const own = await startService({ startWorker: false });
    await own.call('POST', '/api/v1/products/', { body: sampleProduct('P-EV-1') });
    const first = (await own.call('GET', '/local/events')).json as { results: { id: number }[] };
    const last = Math.max(...first.results.map((event) => event.id));
    await own.close();
    const again = await startService({ dataDir: own.dataDir, startWorker: false });
    try {
      await again.call('POST', '/api/v1/products/', { body: sampleProduct('P-EV-2') });
      const after = (await again.call('GET', '/local/events')).json as {
        results: { id: number; target_id?: string }[];
      };
      // The events before the restart may be kept (in a shared database), never numbered again.
      const fresh = after.results.filter((event) => event.target_id === 'P-EV-2');
      expect(fresh).toHaveLength(1);
      for (const event of fresh) expect(event.id).toBeGreaterThan(last);
      expect(new Set(after.results.map((event) => event.id)).size).toBe(after.results.length);
    } finally {
      await again.close();
    }
  });
});

describe('every request gets its answer', () => {
  it('a text holding U+0000 is a 422 naming where, on every engine, as the contract says', async () => {
    const order = sampleOrder('ORD-NUL', { recipient_name: 'a\u0000b' });
    const answer = await service.call('POST', '/api/v1/orders/', { body: order });
    expect(answer.status).toBe(422);
    expect(answer.json).toMatchObject({
      detail: [{ type: 'string_pattern_mismatch', loc: ['body', 'recipient_name'] }],
    });
    for (const [path, body] of [
      ['/api/v1/products/', sampleProduct('P-NUL\u0000')],
      ['/api/v1/products/', sampleProduct('P-NUL-2', { image_url: 'https://x.example/a\u0000.jpg' })],
      [
        '/api/v1/orders/',
        sampleOrder('ORD-NUL-2', { items: [{ ...sampleOrder().items[0], product_option: ['a\u0000'] }] }),
      ],
    ] as const) {
      expect((await service.call('POST', path, { body })).status, JSON.stringify(body)).toBe(422);
    }
    // In a path, an id holding it names nothing: 404, never a failure.
    const patched = await service.call('PATCH', '/api/v1/orders/ORD%00X', {
      body: { recipient_name: 'a', recipient_cellphone: '010-1234-5678' },
    });
    expect(patched.status).toBe(404);
    expect((await service.call('GET', '/local/orders?id=a%00b')).status).toBe(422);
  });

  it('half of a UTF-16 pair alone (a \\ud800 escape) is a 422 naming where; a whole pair is text as any other', async () => {
    const lone = sampleOrder('ORD-HALF', { recipient_name: 'a\ud800b' });
    const answer = await service.call('POST', '/api/v1/orders/', { body: lone });
    expect(answer.status).toBe(422);
    expect(answer.json).toMatchObject({
      detail: [
        {
          type: 'string_unicode',
          loc: ['body', 'recipient_name'],
          msg: 'Input should be a valid string, unable to parse raw data as a unicode string',
        },
      ],
    });
    for (const [path, body, loc] of [
      ['/api/v1/products/', sampleProduct('P-HALF\udc00'), 'id'],
      [
        '/api/v1/products/',
        sampleProduct('P-HALF-2', { image_url: 'https://x.example/a\ud83c.jpg' }),
        'image_url',
      ],
      [
        '/api/v1/orders/',
        sampleOrder('ORD-HALF-2', { items: [{ ...sampleOrder().items[0], product_option: ['\ude4a'] }] }),
        'product_option',
      ],
    ] as const) {
      const refused = await service.call('POST', path, { body });
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(refused.json)).toContain('string_unicode');
      expect(JSON.stringify(refused.json)).toContain(`"${loc}"`);
    }
    const whole = await service.call('POST', '/api/v1/products/', {
      body: sampleProduct('P-WHOLE-🍊', { name: '감귤 🍊' }),
    });
    expect(whole.status).toBe(202);
  });

  it('a number in an address past what both engines hold is a 422, never a failure', async () => {
    const big = '99999999999999999999';
    for (const path of [
      `/local/requests?before=${big}`,
      `/local/requests?after=${big}`,
      `/local/requests?status=${big}`,
      `/local/requests/count?status=${big}`,
      `/local/events?after=${big}`,
    ]) {
      const answer = await service.call('GET', path);
      expect(answer.status, path).toBe(422);
      expect(JSON.stringify(answer.json), path).toContain('must be at most 9007199254740991');
    }
    // The largest it holds is read as any other: a page before it is the newest.
    expect((await service.call('GET', `/local/requests?before=${Number.MAX_SAFE_INTEGER}`)).status).toBe(200);
  });

  it.each([
    ['an unknown path', 'POST', '/api/v1/nothing/', 404],
    ['a wrong method', 'DELETE', '/api/v1/orders/', 405],
    ['the other slash form', 'POST', '/api/v1/orders', 307],
  ])('%s is answered as such before a body that is not JSON is read', async (_what, method, path, status) => {
    const answer = await service.call(method, path, { raw: '{"not json' });
    expect(answer.status).toBe(status);
  });

  it('the Authorization scheme is read in any case', async () => {
    const [, token] = service.authorization.split(' ');
    for (const scheme of ['Basic', 'basic', 'BASIC', 'bAsIc']) {
      const answer = await service.call('GET', '/api/v1/shipments/status/', {
        headers: { authorization: `${scheme} ${token}` },
      });
      expect(answer.status, scheme).toBe(200);
    }
  });

  it('after a 413 the rest of the body is still read and dropped: the client sending it meets no reset', async () => {
    const url = new URL(service.baseUrl);
    const chunk = Buffer.alloc(512 * 1024, 'a');
    const outcome = await new Promise<{ status: string; error: string | undefined }>((resolve) => {
      const socket = connect(Number(url.port), url.hostname);
      let answer = '';
      let error: string | undefined;
      socket.on('error', (failure: NodeJS.ErrnoException) => (error = failure.code));
      socket.on('data', (data) => (answer += data));
      socket.on('close', () => resolve({ status: answer.split('\r\n')[0] ?? '', error }));
      socket.write(
        `POST /api/v1/orders/ HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: ${service.authorization}\r\n` +
          'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
      );
      const send = (count: number) => {
        for (let i = 0; i < count; i++)
          socket.write(`${chunk.length.toString(16)}\r\n${chunk.toString()}\r\n`);
      };
      send(3);
      // Once the 413 is here, the client goes on sending what it had, then ends its request.
      const waitForAnswer = () => {
        if (!answer.includes('\r\n\r\n')) {
          setTimeout(waitForAnswer, 10);
          return;
        }
        send(8);
        socket.end('0\r\n\r\n');
      };
      waitForAnswer();
    });
    expect(outcome.status).toBe('HTTP/1.1 413 Payload Too Large');
    expect(outcome.error).toBeUndefined();
  });

  it('a body over 1 MiB is answered 413, never a reset: curl, undici and a proxy all get it', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 'a');
    const url = `${service.baseUrl}/api/v1/orders/`;
    // Streamed without a length (chunked): the answer comes while the client is still sending.
    for (let i = 0; i < 10; i++) {
      const status = await new Promise<number>((resolve, reject) => {
        const outgoing = httpRequest(url, {
          method: 'POST',
          headers: { authorization: service.authorization, 'content-type': 'application/json' },
        });
        outgoing.on('response', (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        outgoing.on('error', reject);
        outgoing.write(big);
        outgoing.end();
      });
      expect(status).toBe(413);
    }
    for (let i = 0; i < 5; i++) {
      const answer = await undiciRequest(url, {
        method: 'POST',
        headers: { authorization: service.authorization, 'content-type': 'application/json' },
        body: big,
      });
      expect(answer.statusCode).toBe(413);
      expect(await answer.body.json()).toEqual({ detail: 'Request body too large.' });
    }
    const curl = await new Promise<string>((resolve) => {
      const child = spawn('curl', [
        '-s',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code}',
        '-H',
        `authorization: ${service.authorization}`,
        '-H',
        'transfer-encoding: chunked',
        '--data-binary',
        '@-',
        url,
      ]);
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.on('close', () => resolve(out));
      child.stdin.on('error', () => {});
      child.stdin.end(big);
    });
    expect(curl).toBe('413');
    const proxy = await startFaultProxy(service.baseUrl, []);
    try {
      const through = await undiciRequest(`${proxy.url}/api/v1/orders/`, {
        method: 'POST',
        headers: { authorization: service.authorization, 'content-type': 'application/json' },
        body: big,
      });
      expect(through.statusCode).toBe(413);
      await through.body.dump();
    } finally {
      await proxy.close();
    }
  });
});

describe('waits', () => {
  it('end when their client goes away, not at the end of their time', async () => {
    const url = new URL(service.baseUrl);
    const socket = connect(Number(url.port), url.hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `GET /local/orders?id=NEVER&wait=10m HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: ${service.authorization}\r\n\r\n`,
    );
    const connections = () =>
      new Promise<number>((resolve) => service.app.server.getConnections((_error, count) => resolve(count)));
    await expect.poll(connections).toBeGreaterThan(0);
    socket.end();
    // The service lets go of the connection once the wait has ended.
    await expect.poll(connections, { timeout: patience(30_000) }).toBe(0);
  });
});

describe('event streams', () => {
  const openStream = async () => {
    const url = new URL(service.baseUrl);
    const socket = connect(Number(url.port), url.hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `GET /local/events HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: ${basicAuthorization(OTHER)}\r\nAccept: text/event-stream\r\n\r\n`,
    );
    return socket;
  };

  it('a stream whose reader does not read is let go, holding no more than its bound', async () => {
    const hub = service.app.service.events;
    const socket = await openStream();
    socket.pause();
    await expect.poll(() => hub.listenersOf('mall-2')).toBe(1);
    // Events keep coming (a busy merchant) while its reader reads nothing: up to 30 MB of them.
    let rounds = 0;
    while (hub.listenersOf('mall-2') > 0 && rounds < 300) {
      rounds += 1;
      for (let i = 0; i < 1000; i++)
        hub.emit('mall-2', 'fault', { fault: '503', method: 'GET', path: `/api/v1/x/${i}` });
      // A moment for them to be told (at once in memory; through the store on a shared database).
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // Let go once what it holds passes its bound, well within the 30 MB; on a shared database the
    // last of them may still be on their way from the store when the emitting stops.
    await expect.poll(() => hub.listenersOf('mall-2')).toBe(0);
    socket.destroy();
  });

  it('a merchant has a bounded number of streams at once: one more is a 429', async () => {
    const sockets = [];
    for (let i = 0; i < 64; i++) sockets.push(await openStream());
    const extra = await service.http('GET', '/local/events', {
      headers: { authorization: basicAuthorization(OTHER), accept: 'text/event-stream' },
    });
    expect(extra.status).toBe(429);
    for (const socket of sockets) socket.destroy();
  });

  it('a reader that ends its side of the connection has gone: its stream ends and its place is free at once', async () => {
    const hub = service.app.service.events;
    // Generous waits: a busy machine takes its time to open 64 streams, never a reason to fail.
    await expect.poll(() => hub.listenersOf('mall-2'), { timeout: patience(30_000) }).toBe(0);
    const sockets = [];
    for (let i = 0; i < 64; i++) sockets.push(await openStream());
    await expect.poll(() => hub.listenersOf('mall-2'), { timeout: patience(30_000) }).toBe(64);
    // Each half-closes (as a client going away may) and still reads: the service ends the stream.
    await Promise.all(
      sockets.map((socket) => {
        const ended = new Promise((resolve) => socket.once('end', resolve));
        socket.resume();
        socket.end();
        return ended;
      }),
    );
    expect(hub.listenersOf('mall-2')).toBe(0);
    const again = await openStream();
    const head = await new Promise<string>((resolve) =>
      again.once('data', (chunk) => resolve(String(chunk))),
    );
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    again.destroy();
  });
});

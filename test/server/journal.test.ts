import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { basicAuthorization, type JournalEntry, type JournalList } from '../../src/contract/index.js';
import { NO_ANSWER } from '../../src/contract/local/journal-status.js';
import { RequestJournal } from '../../src/server/journal.js';
import { SqliteEngine } from '../../src/server/storage/sqlite/engine.js';
import { Store } from '../../src/server/storage/store.js';
import { consoleCookie } from '../helpers/console.js';
import { tempDir } from '../helpers/temp.js';
import { postAlone } from '../helpers/net.js';
import { sampleOrder, sampleProduct } from '../helpers/samples.js';
import { TEST_CREDENTIALS, type TestService, servicesClosedAfterEach } from '../helpers/service.js';

const { service } = servicesClosedAfterEach();

const page = async (service: TestService, query = '') =>
  (await service.call('GET', `/local/requests${query}`)).json as JournalList;
const count = async (service: TestService, query: string) =>
  ((await service.call('GET', `/local/requests/count?${query}`)).json as { count: number }).count;

describe('X-Request-Id', () => {
  it('every answer names its request, whatever it was: accepted, refused, unknown, a stream', async () => {
    const s = await service();
    const answers = [
      await s.http('POST', '/api/v1/orders/', { body: sampleOrder('ORD-RID') }),
      await s.http('GET', '/api/v1/rewards/', { headers: { authorization: '' } }),
      await s.http('GET', '/no/such/path'),
      await s.http('DELETE', '/api/v1/orders/'),
      await s.http('POST', '/api/v1/orders/', { raw: '{not json' }),
      await s.http('GET', '/api/v1/health/'),
      await s.http('GET', '/console/sign-in'),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([202, 401, 404, 405, 422, 200, 200]);
    const ids = answers.map((answer) => answer.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("takes the client's own id when it gives one it can echo, and makes one for any other", async () => {
    const s = await service();
    const given = await s.http('GET', '/api/v1/health/', { headers: { 'x-request-id': 'trace-42/a' } });
    expect(given.headers['x-request-id']).toBe('trace-42/a');
    const odd = await s.http('GET', '/api/v1/health/', { headers: { 'x-request-id': 'has spaces' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the request journal', () => {
  it('keeps each request to the API with its headers (no secret), bodies, status, and record', async () => {
    const s = await service();
    const order = sampleOrder('ORD-J1');
    const accepted = await s.call('POST', '/api/v1/orders/', {
      body: order,
      headers: { 'x-request-id': 'my-trace-1' },
    });
    await s.call('POST', '/api/v1/orders/', { body: order });
    await s.call('PATCH', '/api/v1/orders/ORD-J1', {
      body: { recipient_name: '박서준', recipient_cellphone: '010-2222-3333' },
    });
    await s.call('GET', '/api/v1/rewards/', { headers: { authorization: 'Basic bm9ib2R5OnNlY3JldA==' } });
    const { results, next_before } = await page(s);
    expect(next_before).toBeNull();
    expect(results.map((entry) => [entry.method, entry.path, entry.status, entry.target_id])).toEqual([
      ['PATCH', '/api/v1/orders/ORD-J1', 204, 'ORD-J1'],
      ['POST', '/api/v1/orders/', 409, 'ORD-J1'],
      ['POST', '/api/v1/orders/', 202, 'ORD-J1'],
    ]);
    const first = results[2] as JournalEntry;
    expect(first.request_id).toBe('my-trace-1');
    expect(accepted.headers['x-request-id']).toBe('my-trace-1');
    expect(JSON.parse(first.request.body as string)).toEqual(order);
    expect(JSON.parse(first.response.body as string)).toEqual({
      message: 'Order creation request has been queued.',
    });
    expect(first.request.headers.authorization).toBe(`Basic ${TEST_CREDENTIALS.accessKeyId}:[redacted]`);
    expect(JSON.stringify(results)).not.toContain(TEST_CREDENTIALS.secretAccessKey);
    expect(JSON.stringify(results)).not.toContain(s.authorization.slice('Basic '.length));
    expect(first.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('keeps a check of working credentials as its merchant’s request; a check of others is nobody’s', async () => {
    const s = await service();
    const check = '/api/v1/users/client-keys/';
    expect((await s.call('GET', check)).json).toMatchObject({ is_valid: true });
    const wrong = `Basic ${Buffer.from(`${TEST_CREDENTIALS.accessKeyId}:wrong`).toString('base64')}`;
    expect((await s.call('GET', check, { headers: { authorization: wrong } })).json).toMatchObject({
      is_valid: false,
    });
    const { results } = await page(s);
    expect(results.map((entry) => [entry.method, entry.path, entry.status])).toEqual([['GET', check, 200]]);
    expect(results[0]?.request.headers.authorization).toBe(
      `Basic ${TEST_CREDENTIALS.accessKeyId}:[redacted]`,
    );
    expect(await count(s, `method=GET&path=${encodeURIComponent(check)}`)).toBe(1);
  });

  it('counts what a test asserts on: exactly one POST of an order with its id', async () => {
    const s = await service();
    await s.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-C1') });
    await s.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-C2') });
    await s.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-C1') });
    await s.call('POST', '/api/v1/products/', { body: sampleProduct('P-C1') });
    expect(await count(s, 'method=POST&path=/api/v1/orders/&id=ORD-C2')).toBe(1);
    expect(await count(s, 'method=post&path=/api/v1/orders/&id=ORD-C1')).toBe(2);
    expect(await count(s, 'id=ORD-C1&status=202')).toBe(1);
    expect(await count(s, 'id=P-C1')).toBe(1);
    expect(await count(s, 'path=/api/v1/shipments/status/')).toBe(0);
  });

  it('keeps a fault that answered for the merchant, and never another merchant’s requests', async () => {
    const s = await service();
    await s.call('PUT', '/local/faults', { body: { spec: 'POST /api/v1/products/=503' } });
    const faulted = await s.http('POST', '/api/v1/products/', { body: sampleProduct('P-F1') });
    expect(faulted.status).toBe(503);
    const [entry] = (await page(s, '?limit=1')).results;
    // Answered before its body was read: the record it was about is not known.
    expect(entry).toMatchObject({ status: 503, fault: '503', target_id: null });
    const other = await s.call('POST', '/local/merchants', { body: { merchant_id: 'shop-b' } });
    const b = other.json as { access_key_id: string; secret_access_key: string };
    const asB = basicAuthorization({ accessKeyId: b.access_key_id, secretAccessKey: b.secret_access_key });
    const theirs = await s.call('GET', '/local/requests', { headers: { authorization: asB } });
    expect((theirs.json as JournalList).results).toEqual([]);
  });

  it('keeps the requests a fault left unanswered: dropped before or after the commit, or held until the client gave up', async () => {
    const s = await service();
    const send = (body: unknown) => postAlone(s, '/api/v1/orders/', body);
    const faults = async (spec: string) =>
      expect((await s.call('PUT', '/local/faults', { body: { spec } })).status).toBe(200);
    await faults('POST @ORD-DA=drop-after-commit:next=1');
    expect(await send(sampleOrder('ORD-DA'))).toBe('dropped');
    await faults('POST=drop-before-commit:next=1');
    expect(await send(sampleOrder('ORD-DB'))).toBe('dropped');
    await faults('POST=stall:next=1');
    // Held: the client gives up (closes its connection) once the service holds its request.
    const held = httpRequest(`${s.baseUrl}/api/v1/orders/`, {
      method: 'POST',
      headers: { authorization: s.authorization, 'content-type': 'application/json' },
    });
    held.on('error', () => undefined);
    held.end(JSON.stringify(sampleOrder('ORD-ST')));
    await expect
      .poll(async () => ((await s.call('GET', '/local/faults')).json as { injected: object }).injected)
      .toEqual({ stall: 1 });
    held.destroy();
    await expect.poll(async () => (await page(s)).results.length).toBe(3);
    const { results } = await page(s);
    expect(results.map((entry) => [entry.status, entry.fault, entry.target_id])).toEqual([
      [0, 'stall', null],
      [0, 'drop-before-commit', null],
      // Stored, and its answer lost on the way: the journal has the answer as it would have gone.
      [202, 'drop-after-commit', 'ORD-DA'],
    ]);
    expect(results[2]?.response.body).toContain('queued');
    expect(results[2]?.request.body).toContain('ORD-DA');
    expect(await count(s, 'status=0')).toBe(2);
    expect(await count(s, 'method=POST&id=ORD-DA')).toBe(1);
  });

  it('pages back, newest first, and keeps the newest of a merchant when it grows past its size', async () => {
    const s = await service({ journalKeep: 20 });
    for (let i = 1; i <= 45; i++)
      await s.call('POST', '/api/v1/products/', { body: sampleProduct(`P-${i}`) });
    const seen: string[] = [];
    let before = '';
    for (;;) {
      const { results, next_before } = await page(s, `?limit=7${before}`);
      seen.push(...results.map((entry) => entry.target_id as string));
      if (next_before === null) break;
      before = `&before=${next_before}`;
    }
    // Trimmed to the newest 20 every tenth of that, so between 20 and 22 are kept, the newest of them first.
    expect(seen.length).toBeGreaterThanOrEqual(20);
    expect(seen.length).toBeLessThanOrEqual(22);
    expect(seen.slice(0, 3)).toEqual(['P-45', 'P-44', 'P-43']);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('links its next page (Link rel="next", the same query with before=), and none from the last page', async () => {
    const s = await service();
    for (let i = 1; i <= 3; i++)
      await s.call('POST', '/api/v1/products/', { body: sampleProduct(`P-LINK-${i}`) });
    const first = await s.call('GET', '/local/requests?method=POST&limit=2');
    const { next_before } = first.json as JournalList;
    expect(first.headers.link).toBe(
      `</local/requests?method=POST&limit=2&before=${String(next_before)}>; rel="next"`,
    );
    const last = await s.call('GET', `/local/requests?method=POST&limit=2&before=${String(next_before)}`);
    expect((last.json as JournalList).next_before).toBeNull();
    expect(last.headers.link).toBeUndefined();
  });

  it("the console's page of it narrows by method, status and id, and takes any address without a 5xx", async () => {
    const s = await service();
    await s.call('POST', '/api/v1/products/', { body: sampleProduct('P-CON-1') });
    await s.call('POST', '/api/v1/products/', { body: sampleProduct('P-CON-1') });
    await s.call('POST', '/api/v1/products/', { body: sampleProduct('P-CON-2') });
    const cookie = await consoleCookie(s);
    const shown = async (query: string) => {
      const answer = await s.app.inject({
        method: 'GET',
        url: `/console/requests?${query}`,
        headers: { cookie },
      });
      expect(answer.statusCode, query).toBe(200);
      return answer.body;
    };
    const narrowed = await shown('method=post&status=409&id=P-CON-1');
    expect(narrowed).toContain('1 of 1,');
    expect(narrowed).toContain('<option value="POST" selected>');
    expect(await shown('id=P-CON-2')).toContain('1 of 1,');
    expect(await shown('status=202')).toContain('2 of 2,');
    // What it cannot read narrows nothing: every request is listed.
    for (const odd of [
      'status=abc',
      'status=99',
      'method=FOO',
      'status[]=409',
      'before=-1',
      'id=%00',
      'id=',
    ]) {
      expect(await shown(odd), odd).toContain('3 of 3,');
    }
    expect(await shown(`id=${'x'.repeat(5000)}`)).toContain('No request matches.');
  });
});

describe('the journal as its service closes', () => {
  it('writes what waits, and nothing noted after (a held request let go as the service stops)', async () => {
    const errors: unknown[] = [];
    const store = new Store(new SqliteEngine(join(tempDir('intake-db-'), 'intake.db')));
    const journal = new RequestJournal(store, { keep: 100, onError: (error) => errors.push(error) });
    const entry = (id: string) => ({
      merchant_id: 'm',
      request_id: id,
      at: 0,
      method: 'POST',
      path: '/api/v1/orders/',
      status: NO_ANSWER,
      target_id: null,
      fault: 'stall',
      duration_ms: 1,
      request_headers: '{}',
      request_body: null,
      response_body: null,
    });
    journal.record(entry('before'));
    await journal.close();
    expect((await store.requests.list('m', {}, { limit: 10 })).map((row) => row.request_id)).toEqual([
      'before',
    ]);
    await store.close();
    // Once closed, a request that ends is not written (it was, to a closed database: an error each).
    journal.record(entry('after'));
    await journal.flush();
    expect(errors).toEqual([]);
  });
});

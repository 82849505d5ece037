import { request } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONSOLE_COOKIE, sessionValue } from '../../src/console/session.js';
import { consoleCookie } from '../helpers/console.js';
import { rawExchange } from '../helpers/net.js';
import { startService, type TestService } from '../helpers/service.js';

let service: TestService;
let cookie: string;
const told: unknown[] = [];

beforeAll(async () => {
  service = await startService({ onError: (error) => told.push(error) });
  cookie = await consoleCookie(service);
});
afterAll(() => service.close());

const FORM = 'application/x-www-form-urlencoded';
const post = (url: string, payload: string, language: string, contentType: string) =>
  service.app.inject({
    method: 'POST',
    url,
    headers: {
      cookie,
      'content-type': contentType,
      'sec-fetch-site': 'same-origin',
      'accept-language': language,
    },
    payload,
  });

it('a form the console cannot read (over the size limit, not a form) is refused with its status, said in the page’s language, nothing changed', async () => {
  const large = await post(
    '/console/clock/advance',
    `by=${'1'.repeat(2 * 1024 * 1024)}`,
    'ko',
    'application/x-www-form-urlencoded',
  );
  expect(large.statusCode).toBe(413);
  expect(large.headers['content-type']).toMatch(/^text\/html/);
  expect(large.body).toContain('양식을 읽을 수 없습니다');
  // A form that would put a fault in force, but for its size.
  const english = await post(
    '/console/faults',
    `spec=${encodeURIComponent('503:100%')}&padding=${'x'.repeat(2 * 1024 * 1024)}`,
    'en',
    'application/x-www-form-urlencoded',
  );
  expect(english.statusCode).toBe(413);
  expect(english.body).toContain('The form could not be read');
  // An edited form: a review of a kind the console does not offer.
  const kind = await post('/console/orders/ORD-1/reviews', 'kind=glowing&item_id=ORD-1-1', 'ko', FORM);
  expect(kind.statusCode).toBe(400);
  expect(kind.headers['content-type']).toMatch(/^text\/html/);
  expect(kind.body).toContain('양식을 읽을 수 없습니다');
  const unknown = await post('/console/faults', 'spec=503', 'en', 'text/csv');
  expect(unknown.statusCode).toBe(415);
  expect(unknown.body).toContain('The form could not be read');
  // Not the console's own failure: nothing told to the terminal, and the clock and faults as they were.
  expect(told).toEqual([]);
  expect((await service.call('GET', '/local/faults')).json).toMatchObject({ rules: [] });
});

it('a form posted once the session has ended leads to the sign-in page, not a bare English refusal; nothing changed', async () => {
  const ended = await service.app.inject({
    method: 'POST',
    url: '/console/faults',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      'accept-language': 'ko',
    },
    payload: `spec=${encodeURIComponent('503:100%')}`,
  });
  expect(ended.statusCode).toBe(303);
  expect(ended.headers.location).toBe('/console/sign-in');
  expect((await service.call('GET', '/local/faults')).json).toMatchObject({ rules: [] });
  // The live stream of a page left open is still refused as such.
  const stream = await service.app.inject({ method: 'GET', url: '/console/events' });
  expect(stream.statusCode).toBe(401);
});

/** A GET of `path` exactly as written (a URL parser would resolve the `%2e%2e` in it). */
function getAsIs(path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(service.baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: hostname, port, path, headers: { 'accept-language': 'ko' } },
      (answer) => {
        let body = '';
        answer.on('data', (chunk) => (body += chunk));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

it('an address the assets refuse (their folder, a path climbing out of them) is the page of no such page, 404', async () => {
  for (const path of ['/console/assets/', '/console/assets/%2e%2e/%2e%2e/package.json']) {
    const answer = await getAsIs(path);
    expect(answer.status, path).toBe(404);
    expect(answer.body, path).toContain('해당 페이지가 없거나');
    expect(answer.body, path).not.toContain('양식');
  }
  expect(told).toEqual([]);
});

it('an address no route can take (a NUL, an escape that decodes to nothing) is the console’s page of no such page, never bare text or JSON', async () => {
  for (const url of [
    '/console/orders/%00',
    '/console/assets/%00',
    '/console/orders/%E0%A4%A',
    '/console/%ZZ',
  ]) {
    const page = await service.app.inject({
      method: 'GET',
      url,
      headers: { cookie, 'accept-language': 'ko' },
    });
    expect(page.statusCode, url).toBe(404);
    expect(page.headers['content-type'], url).toBe('text/html; charset=utf-8');
    expect(page.body, url).toContain('해당 페이지가 없거나');
  }
  const form = await post('/console/orders/', '=%00', 'ko', FORM);
  expect(form.statusCode).toBe(404);
  expect(form.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(told).toEqual([]);
});

it('a form the service refuses (a review of an item the order does not have) is said on the page, not told as the console’s own failure', async () => {
  const answer = await post('/console/orders/ORD-1/reviews', 'kind=text&item_id=NOPE', 'en', FORM);
  expect(answer.statusCode).toBe(400);
  expect(answer.headers['content-type']).toMatch(/^text\/html/);
  expect(answer.body).toMatch(/not found/);
  expect(told).toEqual([]);
});

it('a request to the console Node itself refuses (headers over its limit) is answered by a page, not the API’s JSON', async () => {
  const { port } = new URL(service.baseUrl);
  const { head, body } = await rawExchange(
    Number(port),
    `GET /console/orders?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
  );
  const answer = `${head}\r\n\r\n${body}`;
  expect(answer).toMatch(/^HTTP\/1\.1 431 /);
  expect(answer).toMatch(/\r\nContent-Type: text\/html; charset=utf-8\r\n/);
  expect(answer).toContain('콘솔이 이 요청을 읽을 수 없습니다');
  expect(answer).toContain('The console could not read this request');
});

it('a session signed with the service’s key for a merchant it does not have leads to the sign-in page, as no session does', async () => {
  const ghost = sessionValue(service.app.service.consoleKey, 'mall-gone', Date.now());
  for (const url of ['/console/orders', '/console/faults']) {
    const page = await service.app.inject({
      method: 'GET',
      url,
      headers: { cookie: `${CONSOLE_COOKIE}=${ghost}`, 'accept-language': 'ko' },
    });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe('/console/sign-in');
  }
  // The same cookie for the merchant the service has opens the page: only the merchant differs.
  const known = sessionValue(service.app.service.consoleKey, 'mall-1', Date.now());
  const page = await service.app.inject({
    method: 'GET',
    url: '/console/orders',
    headers: { cookie: `${CONSOLE_COOKIE}=${known}` },
  });
  expect(page.statusCode).toBe(200);
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUi } from '../../src/ui/build-ui.js';
import { startService, type TestService } from '../helpers/service.js';
import { offlineUiState } from '../helpers/ui-state.js';

/** What each front end answers to a browser at its own address, over a real socket. */
interface FrontEnd {
  name: string;
  /** A page anyone may open, a path nothing answers, where the forms post, the cookies' path. */
  page: string;
  missing: string;
  form: string;
  cookiePath: string;
  origin: string;
  headers: Record<string, string>;
}

const SECURITY = ['x-frame-options', 'content-security-policy', 'referrer-policy', 'x-content-type-options'];

let service: TestService;
let ui: FastifyInstance;
let state: ReturnType<typeof offlineUiState>;
const ends: FrontEnd[] = [];

beforeAll(async () => {
  service = await startService();
  state = offlineUiState(1024 * 1024);
  ui = await buildUi({ state });
  await ui.listen({ port: 0, host: '127.0.0.1' });
  const uiOrigin = `http://127.0.0.1:${(ui.server.address() as { port: number }).port}`;
  const base = state.auth.base;
  // Signed in as a browser that opened the one-time address.
  const signIn = await fetch(`${uiOrigin}${base}?token=${state.auth.newToken()}`, { redirect: 'manual' });
  const cookie = String(signIn.headers.get('set-cookie')).split(';')[0] as string;
  ends.push(
    {
      name: 'console',
      page: '/console/sign-in',
      missing: '/console/assets/none.css',
      form: '/console/sign-in',
      cookiePath: '/console',
      origin: service.baseUrl,
      headers: {},
    },
    {
      name: 'ui',
      page: base,
      missing: `${base}none`,
      form: `${base}history/1/resume`,
      cookiePath: base,
      origin: uiOrigin,
      headers: { cookie },
    },
  );
});

afterAll(async () => {
  await ui.close();
  state.catalog.close();
  await service.close();
});

const get = (end: FrontEnd, path: string, headers: Record<string, string> = {}) =>
  fetch(`${end.origin}${path}`, { headers: { ...end.headers, ...headers }, redirect: 'manual' });

describe('both front ends stand on one web kit', () => {
  it.each(['console', 'ui'])('%s: every answer carries the same security headers', async (name) => {
    const end = ends.find((candidate) => candidate.name === name) as FrontEnd;
    const other = ends.find((candidate) => candidate.name !== name) as FrontEnd;
    for (const path of [end.page, end.missing]) {
      const [mine, theirs] = [await get(end, path), await get(other, other.page)];
      for (const header of SECURITY)
        expect(mine.headers.get(header), header).toBe(theirs.headers.get(header));
      expect(mine.headers.get('x-content-type-options')).toBe('nosniff');
      expect(mine.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });

  it.each(['console', 'ui'])(
    '%s: a page nobody has is a page of its own, in the language asked',
    async (name) => {
      const end = ends.find((candidate) => candidate.name === name) as FrontEnd;
      const missing = await get(end, end.missing, { 'accept-language': 'ko-KR,ko;q=0.9' });
      expect(missing.status).toBe(404);
      expect(missing.headers.get('content-type')).toContain('text/html');
      expect(missing.headers.get('cache-control')).toBe('no-store');
      const text = await missing.text();
      expect(text).toContain('<html lang="ko">');
      expect(text).toContain('찾을 수 없음');
      expect(text).not.toContain('"statusCode"');
    },
  );

  it.each(['console', 'ui'])('%s: the language switch keeps the choice under its own path', async (name) => {
    const end = ends.find((candidate) => candidate.name === name) as FrontEnd;
    const switched = await get(end, `${end.page}?lang=ko`);
    expect(switched.status).toBe(303);
    expect(switched.headers.get('location')).toBe(end.page);
    const cookie = String(switched.headers.get('set-cookie'));
    expect(cookie).toContain('intake_lang=ko');
    expect(cookie).toContain(`Path=${end.cookiePath}`);
    expect(cookie).toMatch(/SameSite=Strict/);
    // A query too long to send back whole: the page itself, which any client can read.
    const long = await get(end, `${end.page}?lang=en&q=${'x'.repeat(15_000)}`);
    expect(long.status).toBe(303);
    expect(long.headers.get('location')).toBe(end.page);
  });

  it.each(['console', 'ui'])('%s: a form posted from another site is refused with a page', async (name) => {
    const end = ends.find((candidate) => candidate.name === name) as FrontEnd;
    const posted = await fetch(`${end.origin}${end.form}`, {
      method: 'POST',
      headers: {
        ...end.headers,
        origin: 'http://attacker.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'access_key_id=x&secret_access_key=y',
      redirect: 'manual',
    });
    expect(posted.status).toBe(403);
    expect(posted.headers.get('content-type')).toContain('text/html');
    expect(await posted.text()).toContain('role="alert"');
  });
});

import { chmodSync, existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useService } from '../helpers/cli.js';
import { rawExchange, rawRequest as raw } from '../helpers/net.js';
import { CHROMIUM, openPage, useBrowser } from '../helpers/browser.js';
import { FIXTURES, workspace } from '../helpers/files.js';
import { TEST_CREDENTIALS } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';
import { startUi, type UiRun, useUiRuns, ownFolders } from '../helpers/ui.js';
import { checkFile, sendEnded, WAIT_MS } from '../helpers/ui-page.js';

const t = useService({ applyDelay: { minMs: 0, maxMs: 0 } });
const b = useBrowser();

const uis = useUiRuns();

async function uiFor(env: Record<string, string> = {}, options: { open?: boolean } = {}): Promise<UiRun> {
  return uis.start({ ...t.env, INTAKE_DATA_DIR: tempDir('intake-data-'), ...env }, options);
}

/** Stops `intake ui` (no longer to be stopped after the test); what it printed holds no failure of its own. */
async function stopUi(ui: UiRun): Promise<Awaited<ReturnType<UiRun['stop']>>> {
  const ended = await uis.stop(ui);
  expect(ended.stderr).not.toContain('internal error');
  return ended;
}

/** What a CONNECT request (a proxy's tunnel) to `origin` is answered, as it came over the socket. */
function tunnelAnswer(origin: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(origin);
    const socket = connect(Number(port), hostname, () =>
      socket.write('CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n'),
    );
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
  });
}

const BOUNDARY = 'x-boundary';

/** A file's part of a multipart form (the form's end is `FORM_END`). */
const filePart = (field: string, name: string, body: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n${body}\r\n`;
const FORM_END = `--${BOUNDARY}--\r\n`;

/** A form posted to the page as its own pages post (signed in, from its origin). */
const postForm = (
  ui: UiRun,
  cookie: string,
  path: string,
  body: string,
  type = `multipart/form-data; boundary=${BOUNDARY}`,
) =>
  raw(`${ui.address}${path}`, {
    method: 'POST',
    headers: { cookie, origin: ui.origin, 'content-type': type },
    body,
  });

/** The sample orders uploaded on the home page; the upload's id. */
async function uploadOrders(ui: UiRun, cookie: string): Promise<string> {
  const orders = readFileSync(join(FIXTURES, 'orders.csv'), 'utf8');
  const made = await postForm(ui, cookie, 'uploads', `${filePart('file', 'orders.csv', orders)}${FORM_END}`);
  expect(made.status).toBe(303);
  return String(made.headers.location).split('/').pop() as string;
}

/** Signs in with the one-time token as the browser would, and returns the cookie it got. */
/** A marketplace's pull or push button pressed (`naver/pull`), the page asked in `lang`. */
function marketplaceButton(ui: UiRun, cookie: string, action: string, lang: 'ko' | 'en') {
  return raw(`${ui.address}marketplaces/${action}`, {
    method: 'POST',
    headers: {
      cookie,
      origin: ui.origin,
      'accept-language': lang,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: '',
  });
}

async function signIn(ui: UiRun): Promise<{ cookie: string; header: string }> {
  const answer = await raw(ui.url);
  expect(answer.status).toBe(303);
  const header = String((answer.headers['set-cookie'] as string[])[0]);
  return { cookie: header.split(';')[0] as string, header };
}

describe('intake ui: a local page that holds credentials', () => {
  it('answers only a signed-in browser, under its secret path, at its own address, to its own forms', async () => {
    const ui = await uiFor();
    const home = ui.address;
    // Without the cookie (another program, another browser): refused, saying how to get in.
    const stranger = await raw(home);
    expect(stranger.status).toBe(403);
    expect(stranger.body).toContain('open the address intake ui printed');
    // Outside its path, nothing is said of it at all.
    expect((await raw(`${ui.origin}/`)).status).toBe(404);
    expect((await raw(`${ui.origin}/p/guess/`)).status).toBe(404);
    // Nor to a proxy's tunnel: answered the same, not ended without a word.
    expect(await tunnelAnswer(ui.origin)).toMatch(
      /^HTTP\/1\.1 404 Not Found\r\n(.+\r\n)*Content-Length: 0\r\n/,
    );
    expect((await raw(`${home}?token=wrong`)).status).toBe(403);
    const { cookie, header } = await signIn(ui);
    // The cookie is scoped to the secret path, out of scripts' reach, and sent by no other site.
    expect(header).toContain(`Path=${new URL(home).pathname}`);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Strict/);
    // The token is good once: the second browser to use it is refused.
    expect((await raw(ui.url)).status).toBe(403);
    const page = await raw(home, { headers: { cookie } });
    expect(page.status).toBe(200);
    // An address with a field given twice, or odd values, is a page like any other, never a failure.
    for (const odd of [
      'catalog?q=a&q=b&page=1&page=2',
      'catalog?missing=1&missing=0',
      'history?page=x&page=2',
    ]) {
      expect((await raw(`${home}${odd}`, { headers: { cookie } })).status, odd).toBe(200);
    }
    for (const odd of [
      'catalog?q=%00',
      'uploads/%00',
      'uploads/%00/report.csv',
      'templates/%00',
      'uploads/x?outcome=%00',
    ]) {
      expect((await raw(`${home}${odd}`, { headers: { cookie } })).status, odd).toBeLessThan(500);
    }
    // The page shows who it works as, never the secret.
    expect(page.body).not.toContain(TEST_CREDENTIALS.secretAccessKey);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    // DNS rebinding: the right port under another name is refused, even with the cookie.
    const port = new URL(ui.origin).port;
    const rebound = await raw(home, { headers: { cookie, host: `attacker.example:${port}` } });
    expect(rebound.status).toBe(403);
    expect(rebound.body).toContain('only at the address');
    expect((await raw(home, { headers: { cookie, host: '127.0.0.1:1' } })).status).toBe(403);
    expect((await raw(home, { headers: { cookie, host: `localhost:${port}` } })).status).toBe(200);
    // A form posted from another site, or a script elsewhere: refused before anything is read.
    const form = { 'content-type': 'application/x-www-form-urlencoded', cookie };
    const foreign = await raw(`${home}history/1/resume`, {
      method: 'POST',
      headers: { ...form, origin: 'http://attacker.example' },
      body: '',
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toContain('another site');
    expect((await raw(`${home}history/1/resume`, { method: 'POST', headers: form, body: '' })).status).toBe(
      403,
    );
    const crossSite = await raw(`${home}history/1/resume`, {
      method: 'POST',
      headers: { ...form, 'sec-fetch-site': 'cross-site' },
      body: '',
    });
    expect(crossSite.status).toBe(403);
  });

  it('a form it cannot read (no boundary, cut short, not a form) is the browser’s 400, never its own failure', async () => {
    const ui = await startUi({ ...t.env, INTAKE_DATA_DIR: tempDir('intake-data-') });
    const { cookie } = await signIn(ui);
    const post = (contentType: string, body: string) =>
      raw(`${ui.address}uploads`, {
        method: 'POST',
        headers: { cookie, origin: ui.origin, 'content-type': contentType },
        body,
      });
    const cut = `--b\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nid,name\r\n1,`;
    for (const [type, body] of [
      ['multipart/form-data', 'x'],
      ['multipart/form-data; boundary=b', cut],
      ['multipart/form-data; boundary=b', '--b\r\nnot a header\r\n\r\n--b--'],
      ['text/plain', 'not a form'],
    ] as const) {
      const answer = await post(type, body);
      expect(answer.status, `${type}: ${body}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${type}: ${body}`).toBeLessThan(500);
      expect(answer.body).toContain('<main');
    }
    // The pages post forms only: JSON whose fields are not text is not read as a form (a 500 before).
    const json = await raw(`${ui.address}catalog`, {
      method: 'POST',
      headers: { cookie, origin: ui.origin, 'content-type': 'application/json' },
      body: '{"product_id":1,"name":["x"]}',
    });
    expect(json.status).toBe(415);
    expect(json.body).toContain('<main');
    // The assets' folder, refused by the assets: no such page (it said a form could not be read).
    const folder = await raw(`${ui.address}assets/`, { headers: { cookie } });
    expect(folder.status).toBe(404);
    expect(folder.body).toContain('<main');
    expect((await stopUi(ui)).code).toBe(0);
  });

  it('a request Node itself refuses (headers over its limit) is answered by a page that closes the connection', async () => {
    const ui = await uiFor();
    const { cookie } = await signIn(ui);
    const { port, pathname } = new URL(ui.address);
    const over = (method: string) =>
      rawExchange(
        Number(port),
        `${method} ${pathname}?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\n\r\n`,
      );
    const answer = await over('GET');
    expect(answer.head).toMatch(/^HTTP\/1\.1 431 /);
    // Said: a browser that keeps connections open sends its next request on a new one, not into a reset.
    expect(answer.head).toMatch(/\r\nConnection: close(\r\n|$)/);
    expect(answer.head).toMatch(/\r\nContent-Type: text\/html; charset=utf-8\r\n/);
    expect(answer.body).toContain('보낸 내용을 읽을 수 없습니다');
    expect(answer.body).toContain('The page could not read what was sent.');
    const head = await over('HEAD');
    expect(head.head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head.body).toBe('');
    // And the next request, on a connection of its own, is answered as ever.
    expect((await raw(`${ui.address}alive`, { headers: { cookie } })).status).toBe(204);
    // An address the router cannot take (an escape that decodes to nothing, an id past any length): no
    // such page, as the door says it, not the framework's JSON.
    for (const path of [`${pathname}uploads/%E0%A4%A`, `${pathname}uploads/${'x'.repeat(1000)}/read`]) {
      const refused = await raw(`${ui.origin}${path}`, { headers: { cookie, 'accept-language': 'ko' } });
      expect(refused.status, path).toBe(404);
      expect(refused.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(refused.body, path).toContain('intake ui가 터미널에 출력한 주소를 여세요.');
    }
  });

  it('a name every object has (constructor, __proto__) is no template and no kind of record: never its own failure', async () => {
    const ui = await uiFor();
    const { cookie } = await signIn(ui);
    const id = await uploadOrders(ui, cookie);
    for (const name of ['constructor', '__proto__', 'toString']) {
      const template = await raw(`${ui.address}templates/${name}.csv`, { headers: { cookie } });
      expect(template.status, name).toBe(404);
      expect(template.headers['content-type'], name).toBe('text/html; charset=utf-8');
      const read = await postForm(
        ui,
        cookie,
        `uploads/${id}/read`,
        `kind=${name}`,
        'application/x-www-form-urlencoded',
      );
      expect(read.status, name).toBeLessThan(500);
    }
    // Found by the pages' fuzz: each of these was the terminal's "internal error" (a layout looked up by it).
    await stopUi(ui);
  });

  it('a pull or push without the profile’s credentials is said on the marketplaces page, never its own failure', async () => {
    const ui = await uis.start({
      INTAKE_BASE_URL: t.env.INTAKE_BASE_URL as string,
      INTAKE_DATA_DIR: tempDir('intake-data-'),
    });
    const { cookie } = await signIn(ui);
    for (const [action, lang] of [
      ['pull', 'ko'],
      ['push', 'ko'],
      ['pull', 'en'],
    ] as const) {
      const answer = await marketplaceButton(ui, cookie, `naver/${action}`, lang);
      expect(answer.status, `${action} ${lang}`).toBe(409);
      expect(answer.body, `${action} ${lang}`).toContain(
        lang === 'ko' ? '이 프로필의 인증 정보를 쓸 수 없습니다' : 'no credentials',
      );
    }
    expect((await stopUi(ui)).code).toBe(0);
  });

  it('a pull from a marketplace this profile has no keys for is said as such (409), in each language', async () => {
    const ui = await uis.start(ownFolders(t.env));
    const { cookie } = await signIn(ui);
    for (const [action, lang] of [
      ['pull', 'ko'],
      ['pull', 'en'],
    ] as const) {
      const answer = await marketplaceButton(ui, cookie, `cafe24/${action}`, lang);
      expect(answer.status, `${action} ${lang}`).toBe(409);
      expect(answer.body, `${action} ${lang}`).toContain(
        lang === 'ko'
          ? '아직 연동되지 않았습니다. 아래에 인증 정보를 입력하세요.'
          : 'Not set up yet: enter its keys below.',
      );
    }
    // Keys posted as no page posts them: said in words (422), never kept, never a failure.
    const keys = (action: string, body: string) =>
      postForm(ui, cookie, `marketplaces/${action}`, body, 'application/x-www-form-urlencoded');
    const refusals: [string, string, string][] = [
      ['naver/keys', '', 'Fill in: Application ID, Application secret.'],
      ['naver/keys', 'clientId=a&clientId=b&clientSecret=%00%24', 'A Naver application secret looks like'],
      [
        'coupang/keys',
        'vendorId=A1&accessKey=k&secretKey=s&keyIssuedAt=yesterday',
        'The issue date must be a date such as 2026-11-25.',
      ],
      // Cafe24's code before any consent was asked for: said, nothing sent to the mall.
      ['cafe24/keys', 'code=abc', 'Start again from the mall ID'],
      ['cafe24/consent', 'clientId=c', 'Fill in: Mall ID, App client secret.'],
    ];
    for (const [action, body, said] of refusals) {
      const answer = await keys(action, body);
      expect(answer.status, action).toBe(422);
      expect(answer.body, action).toContain(said);
      expect(answer.body, action).not.toContain('\u0000');
    }
    expect((await keys('gmarket/keys', '')).status).toBe(404);
    // Cafe24's tokens kept when none are held: the page as it is, nothing kept.
    const none = await keys('cafe24/keep-held', '');
    expect(none.status).toBe(200);
    expect(none.body).not.toContain('took the keys');
    expect(none.body).toContain('Not set up yet');
    expect((await stopUi(ui)).code).toBe(0);
  });

  it('saves only the form’s own files, under fixed names inside its private folder, whatever a part calls itself', async () => {
    const data = tempDir('intake-data-');
    const ui = await uiFor({ INTAKE_DATA_DIR: data });
    const { cookie } = await signIn(ui);
    const body =
      filePart('../../../../escaped', '../../../../escaped.csv', 'should not be written') +
      filePart('file', '../../../주문.csv', readFileSync(join(FIXTURES, 'products.csv'), 'utf8')) +
      FORM_END;
    expect((await postForm(ui, cookie, 'uploads', body)).status).toBe(303);
    const uploads = join(data, 'ui', 'default', 'uploads');
    const [folder] = readdirSync(uploads);
    expect(readdirSync(join(uploads, folder as string)).sort()).toEqual(['input.csv', 'session.json']);
    // Nothing reached the folders above.
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(dir, entry.name));
        else found.push(entry.name);
      }
    };
    walk(data);
    expect(found.filter((name) => name.includes('escaped'))).toEqual([]);
    expect(statSync(join(uploads, folder as string)).mode & 0o777).toBe(0o700);
    expect(statSync(join(uploads, folder as string, 'input.csv')).mode & 0o777).toBe(0o600);
  });

  it('a product list posted to an upload replaces no other file, and a form cut short leaves the upload as it was', async () => {
    const data = tempDir('intake-data-');
    const ui = await uiFor({ INTAKE_DATA_DIR: data });
    const { cookie } = await signIn(ui);
    const id = await uploadOrders(ui, cookie);
    const folder = join(data, 'ui', 'default', 'uploads', id);
    const before = readFileSync(join(folder, 'input.csv'), 'utf8');

    // A file under the upload's own field, posted where a product list is taken: read and dropped.
    const other = await postForm(
      ui,
      cookie,
      `uploads/${id}/catalog`,
      `${filePart('file', 'other.csv', 'id\n1\n')}${FORM_END}`,
    );
    expect(other.status).toBe(303);
    // Forms cut short in the middle of a file, the upload's or a product list's: the browser's 400.
    for (const field of ['file', 'catalog']) {
      const cut = filePart(field, 'cut.csv', 'id,name\r\n1,').slice(0, -2);
      expect((await postForm(ui, cookie, `uploads/${id}/catalog`, cut)).status, field).toBe(400);
    }
    expect(readFileSync(join(folder, 'input.csv'), 'utf8')).toBe(before);
    expect(readdirSync(folder).sort()).toEqual(['input.csv', 'session.json']);
    // The mapping step still reads the file (a form like these removed it before): an empty choice is
    // said on its page.
    const mapped = await postForm(
      ui,
      cookie,
      `uploads/${id}/mapping`,
      '',
      'application/x-www-form-urlencoded',
    );
    expect(mapped.status).toBe(200);
    const page = await raw(`${ui.address}uploads/${id}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    // Read as before: no word of a file it cannot read.
    expect(page.body).not.toContain('input.csv');
    await stopUi(ui);
  });

  it('the mapping step of an upload whose copy is gone from its folder says so, never its own failure', async () => {
    const data = tempDir('intake-data-');
    const ui = await uiFor({ INTAKE_DATA_DIR: data });
    const { cookie } = await signIn(ui);
    const id = await uploadOrders(ui, cookie);
    rmSync(join(data, 'ui', 'default', 'uploads', id, 'input.csv'));
    const mapped = await postForm(
      ui,
      cookie,
      `uploads/${id}/mapping`,
      'headerRow=1',
      'application/x-www-form-urlencoded',
    );
    expect(mapped.status).toBe(303);
    const page = await raw(`${ui.address}uploads/${id}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('input.csv');
    await stopUi(ui);
  });

  it('a file it cannot keep in its folder is said on the page, the form read to its end, and Ctrl-C still stops it', async () => {
    const data = tempDir('intake-data-');
    const ui = await uiFor({ INTAKE_DATA_DIR: data });
    const { cookie } = await signIn(ui);
    const id = await uploadOrders(ui, cookie);
    // The upload's folder gone (removed by hand): a product list posted to it cannot be written there.
    // Larger than what a connection holds unread, so an answer comes only if the rest of the form is read.
    rmSync(join(data, 'ui', 'default', 'uploads', id), { recursive: true });
    const products = `id,name,image_url\n${'P-1,상품,https://x.example.com/1.png\n'.repeat(40_000)}`;
    const posted = await postForm(
      ui,
      cookie,
      `uploads/${id}/catalog`,
      `${filePart('catalog', 'products.csv', products)}${FORM_END}`,
    );
    expect(posted.status).toBe(303);
    const page = await raw(`${ui.address}uploads/${id}`, { headers: { cookie, 'accept-language': 'ko' } });
    expect(page.body).toContain('파일을 Intake 폴더에 저장하지 못했습니다 (ENOENT)');
    expect((await stopUi(ui)).code).toBe(0);
  });

  it('Ctrl-C stops it while a browser has stopped sending a form half-way', async () => {
    const data = tempDir('intake-data-');
    const ui = await uiFor({ INTAKE_DATA_DIR: data });
    const { cookie } = await signIn(ui);
    const target = new URL(`${ui.address}uploads`);
    const socket = connect(Number(target.port), target.hostname);
    await once(socket, 'connect');
    const closed = once(socket, 'close');
    // Headers that promise far more than is sent: the form stays under way.
    socket.write(
      `POST ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nOrigin: ${ui.origin}\r\nCookie: ${cookie}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: 1000000\r\n\r\n` +
        filePart('file', 'orders.csv', 'order_id\nA-1\n'),
    );
    // Once the page has begun reading it (its folder made), Ctrl-C.
    const uploads = join(data, 'ui', 'default', 'uploads');
    await expect.poll(() => (existsSync(uploads) ? readdirSync(uploads).length : 0)).toBe(1);
    const ended = await uis.stop(ui);
    expect(ended.code).toBe(0);
    await closed;
    // Nothing of the form kept.
    await expect.poll(() => readdirSync(uploads)).toEqual([]);
  });

  it('opens the browser on a private file: the token is never in a process’s arguments', async () => {
    const files = workspace();
    const seen = files.path('browser-args.txt');
    // Written aside and moved in whole: the test reads it as soon as it is there, never half written.
    const browser = files.write(
      'browser.sh',
      `#!/bin/sh\nprintf '%s\\n' "$@" > ${seen}.part && mv ${seen}.part ${seen}\n`,
    );
    chmodSync(browser, 0o755);
    const data = tempDir('intake-data-');
    const ui = await uiFor({ INTAKE_DATA_DIR: data, BROWSER: browser }, { open: true });
    await expect.poll(() => existsSync(seen), { timeout: WAIT_MS }).toBe(true);
    const token = new URL(ui.url).searchParams.get('token') as string;
    const args = readFileSync(seen, 'utf8');
    expect(args).not.toContain(token);
    const file = new URL(args.trim()).pathname;
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain(`url=${ui.url}`);
  });

  it.skipIf(!CHROMIUM)(
    'another server on 127.0.0.1 that the browser visits is never sent the sign-in',
    async () => {
      const ui = await uiFor();
      const cookies: (string | undefined)[] = [];
      const other = createServer((incoming, response) => {
        cookies.push(incoming.headers.cookie);
        response.end('another local server');
      });
      await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
      try {
        const { page, context } = await openPage(b.browser);
        await page.goto(ui.url);
        expect(page.url()).toBe(ui.address);
        const port = (other.address() as AddressInfo).port;
        await page.goto(`http://127.0.0.1:${port}/`);
        await page.goto(`http://127.0.0.1:${port}/p/`);
        expect(cookies.length).toBeGreaterThanOrEqual(2);
        for (const sent of cookies) expect(sent ?? '').not.toContain('intake_ui');
        await context.close();
      } finally {
        await new Promise((resolve) => other.close(resolve));
      }
    },
  );

  it.skipIf(!CHROMIUM)(
    'a sign-in address opened twice says so on a styled page, in the browser’s language, naming nothing of the profile',
    async () => {
      const ui = await uiFor();
      const first = await openPage(b.browser);
      await first.page.goto(ui.url);
      await first.context.close();
      const { page, context } = await openPage(b.browser, { locale: 'ko-KR' });
      const styles: number[] = [];
      page.on('response', (response) => {
        if (response.url().endsWith('/app.css')) styles.push(response.status());
      });
      const answer = await page.goto(ui.url);
      expect(answer?.status()).toBe(403);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('접근할 수 없음');
      expect(await page.getByRole('alert').innerText()).toContain('이미 쓴 로그인 주소');
      // Styled: the page's own stylesheet came, and the header is laid out as on every page.
      expect(styles).toEqual([200]);
      expect(await page.evaluate(`getComputedStyle(document.querySelector('header.top')).display`)).toBe(
        'flex',
      );
      // Its language switch works there too (nothing is kept for a browser not signed in).
      await page.getByRole('link', { name: 'English' }).click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Not here');
      expect(await page.getByRole('alert').innerText()).toContain('This browser is not signed in');
      expect((await context.cookies()).map((cookie) => cookie.name)).toEqual([]);
      expect(await page.content()).not.toContain(new URL(ui.address).pathname);
      await context.close();
    },
  );

  it.skipIf(!CHROMIUM)('a real browser on another site cannot post to it: its form is refused', async () => {
    const ui = await uiFor();
    const target = `${ui.address}uploads`;
    const site = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end(
        `<form id="f" method="post" action="${target}" enctype="multipart/form-data"><input name="kind" value="order"></form><script>document.getElementById('f').submit()</script>`,
      );
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    try {
      const { page, context } = await openPage(b.browser);
      await page.goto(ui.url);
      await page.goto(`http://localhost:${(site.address() as AddressInfo).port}/`);
      await page.waitForURL(target);
      expect(await page.getByRole('alert').first().innerText()).toMatch(/another site|not signed in/);
      await context.close();
    } finally {
      await new Promise((resolve) => site.close(resolve));
    }
  });

  it.skipIf(!CHROMIUM)(
    'keeps the file private, removes it once everything in it is sent, and keeps the results',
    async () => {
      const data = tempDir('intake-data-');
      const ui = await uiFor({ INTAKE_DATA_DIR: data });
      const { page, context } = await openPage(b.browser);
      await page.goto(ui.url);
      await checkFile(page, join(FIXTURES, 'products.csv'));
      const uploads = join(data, 'ui', 'default', 'uploads');
      const [folder] = readdirSync(uploads).map((name) => join(uploads, name));
      expect(statSync(folder as string).mode & 0o777).toBe(0o700);
      expect(statSync(join(folder as string, 'input.csv')).mode & 0o777).toBe(0o600);
      await page.getByRole('button', { name: /^Send \d+ products$/ }).click();
      expect(await sendEnded(page)).toBe('finished');
      expect(readdirSync(folder as string).sort()).toEqual(['report.csv', 'session.json']);
      expect(await page.getByText('removed (everything was sent)', { exact: false }).count()).toBe(1);
      await context.close();
    },
  );
});

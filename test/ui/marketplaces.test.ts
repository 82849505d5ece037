import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { CHROMIUM, narrowTables, openPage, screenshot, useBrowser } from '../helpers/browser.js';
import { FAKE_CREDENTIALS, fakes, marketplaceEnv, seedOrders } from '../helpers/marketplaces.js';
import { englishOn } from '../helpers/english.js';
import { closedPortUrl } from '../helpers/net.js';
import { tempDir } from '../helpers/temp.js';
import { useUiRuns } from '../helpers/ui.js';
import { enterCafe24App, follow, sendEnded, WAIT_MS } from '../helpers/ui-page.js';

const t = useService({ applyDelay: { minMs: 0, maxMs: 0 } });
const b = useBrowser();

const uis = useUiRuns();

/**
 * `intake ui` on a profile of its own pointed at the fakes, a page open on its Marketplaces tab: with
 * Naver's and Coupang's keys in the environment, or (`keys: false`) with none anywhere, secrets kept in
 * its config file.
 */
async function openMarketplaces(
  locale: 'ko-KR' | 'en-US',
  { keys = true, cafe24BaseUrl }: { keys?: boolean; cafe24BaseUrl?: string } = {},
) {
  const fakesEnv = Object.entries(marketplaceEnv(t.service)).filter(
    ([name]) => keys || name.endsWith('_BASE_URL'),
  );
  const env: Record<string, string> = {
    ...t.env,
    ...Object.fromEntries(fakesEnv),
    ...(cafe24BaseUrl ? { INTAKE_CAFE24_BASE_URL: cafe24BaseUrl } : {}),
    ...(keys ? {} : { INTAKE_SECRET_STORAGE: 'file' }),
    INTAKE_CONFIG_DIR: tempDir('intake-config-'),
    INTAKE_DATA_DIR: tempDir('intake-data-'),
  };
  const ui = await uis.start(env);
  const opened = await openPage(b.browser, { locale });
  await opened.page.goto(ui.url);
  const tab = locale === 'ko-KR' ? '마켓 연동' : 'Marketplaces';
  await opened.page.getByRole('navigation').getByRole('link', { name: tab }).click();
  return { ...opened, env, ui };
}

/**
 * Between intake ui and the service's fakes: passes every request on, except that, once a token request
 * has been answered, it holds the next ones (Intake checking the keys it keeps) until `release`.
 */
async function gateAfterToken(service: string) {
  const target = new URL(service);
  let tokenGiven = false;
  let released = false;
  const waiting: (() => void)[] = [];
  let heldOne = () => {};
  const held = new Promise<void>((resolve) => (heldOne = resolve));
  const server = createServer((incoming, answer) => {
    const pass = () => {
      const headers = { ...incoming.headers, host: target.host };
      const out = httpRequest(
        { host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers },
        (back) => {
          answer.writeHead(back.statusCode ?? 502, back.headers);
          back.pipe(answer);
        },
      );
      out.on('error', () => answer.destroy());
      incoming.pipe(out);
    };
    if (incoming.method === 'POST' && incoming.url?.endsWith('/oauth/token')) tokenGiven = true;
    else if (tokenGiven && !released) {
      waiting.push(pass);
      heldOne();
      return;
    }
    pass();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held,
    release() {
      released = true;
      for (const pass of waiting.splice(0)) pass();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Cafe24's app keys typed on the English page and sent with Enter: its card, at the consent step. */
async function startConsent(
  page: Page,
  app: { mall_id: string; client_id: string; client_secret: string; redirect_uri: string },
) {
  const card = page.locator('section[aria-labelledby="market-cafe24"]');
  await card.getByLabel('Mall ID').fill(app.mall_id);
  await card.getByLabel('App client ID').fill(app.client_id);
  await card.getByLabel('App client secret').fill(app.client_secret);
  await card.getByLabel('Redirect URI (optional)').fill(app.redirect_uri);
  await card.getByLabel('Redirect URI (optional)').press('Enter');
  await page.waitForLoadState();
  return card;
}

describe.skipIf(!CHROMIUM)(
  'intake ui: orders pulled from a marketplace and tracking numbers pushed back',
  () => {
    it('Smartstore: pull (a cancel reported), send on the upload pages, ship, push once; in Korean', async () => {
      const fake = fakes(t.service);
      await fake.reset('naver');
      await fake.setUp('naver');
      await fake.seed('naver', seedOrders('UM', 3));
      await fake.change('naver', 'UM9000003', { claim: 'CANCEL_REQUEST' });
      const { page, context, errors, env } = await openMarketplaces('ko-KR');
      const cafe24 = page.locator('section[aria-labelledby="market-cafe24"]');
      expect(await cafe24.innerText()).toContain('아직 연동되지 않았습니다');
      expect(await cafe24.getByRole('button', { name: /주문 가져오기/ }).count()).toBe(0);
      await screenshot(page, 'marketplaces-ko');

      await page.getByRole('button', { name: '네이버 스마트스토어 주문 가져오기' }).click();
      await page.waitForURL(/\/uploads\/[\w-]+$/, { timeout: WAIT_MS });
      expect(await page.locator('.notice').innerText()).toContain('주문 UM000003: 1건, 취소됨');
      const english: Record<string, string[]> = { pulled: await englishOn(page) };
      await page.getByRole('button', { name: '주문 2건 보내기' }).click();
      expect(await sendEnded(page)).toBe('완료');
      const stored = (await t.service.local.orders()).filter((order) => order.id.startsWith('UM'));
      expect(stored.map((order) => order.id).sort()).toEqual(['UM000001', 'UM000002']);
      // Pulled orders are the marketplaces page's: its tab is the current one, and the way on is back
      // to it (to push the tracking numbers), not to upload another file.
      const nav = page.getByRole('navigation');
      expect(await nav.locator('a[aria-current="page"]').innerText()).toBe('마켓 연동');
      expect(await page.getByRole('link', { name: '다른 파일 올리기' }).count()).toBe(0);
      // Nor is there an uploaded file to say the fate of: the orders came in none.
      const results = await page.locator('section[aria-labelledby="results-title"]').innerText();
      expect(results).toMatch(/\d{4}\. \d{1,2}\. \d{1,2}\.까지 보관합니다\./);
      expect(results).not.toContain('올린 파일');
      // The orders were all answered: the next pull starts where this one ended.
      await follow(page, page.getByRole('link', { name: '마켓 연동으로 돌아가기' }));
      expect(await page.locator('section[aria-labelledby="market-naver"]').innerText()).toContain(
        '마지막 가져오기',
      );

      expect(
        (
          await cli(
            [
              ...['shipment', 'create', '--order', 'UM000001', '--items', 'UM9000001'],
              ...['--company-code', 'CJ', '--tracking-number', '640123456711'],
            ],
            { env },
          )
        ).code,
      ).toBe(0);
      await page.getByRole('button', { name: '네이버 스마트스토어에 송장번호 보내기' }).click();
      const status = page.locator('main [role="status"]').first();
      expect(await status.innerText()).toBe('보냄 1');
      expect(await page.locator('table tbody tr').first().innerText()).toContain('640123456711');
      await screenshot(page, 'push-ko');
      // In a narrow window each line pushed is a card, nothing off the side.
      await page.setViewportSize({ width: 390, height: 800 });
      // Polled: the page lays itself out for the new width in its own time (once, under load, after the first look).
      await expect
        .poll(() => page.evaluate(narrowTables()), { timeout: WAIT_MS })
        .toEqual({
          sideways: [],
          clipped: [],
          labels: [['주문번호', '주문 상품', '송장번호', '결과', '마켓 응답']],
        });
      await page.setViewportSize({ width: 1280, height: 720 });
      english.pushed = await englishOn(page);
      const state = await fake.state('naver');
      expect(
        state.writes.filter((write) => write.kind === 'dispatch').flatMap((write) => write.lines),
      ).toEqual(['UM9000001']);
      // The console of intake serve shows the fake's lines, the number pushed and that it was written once.
      const consolePage = await context.newPage();
      await consolePage.goto(`${t.service.baseUrl}/console`);
      await consolePage.getByLabel(/액세스 키 ID/).fill(t.service.credentials.accessKeyId);
      await consolePage.getByLabel(/비밀 액세스 키/).fill(t.service.credentials.secretAccessKey);
      await Promise.all([
        consolePage.waitForNavigation(),
        consolePage.getByRole('button', { name: '로그인' }).click(),
      ]);
      await consolePage.getByRole('navigation').getByRole('link', { name: '마켓 (가짜)' }).click();
      const naverLines = consolePage.locator('section[aria-labelledby="fake-naver"] tbody tr');
      expect(await naverLines.filter({ hasText: 'UM9000001' }).innerText()).toMatch(
        /DELIVERING.*640123456711\s+1$/s,
      );
      expect(await naverLines.filter({ hasText: 'UM9000003' }).innerText()).toContain('CANCEL_REQUEST');
      await screenshot(consolePage, 'console-marketplaces-ko');
      english.console = await englishOn(consolePage, [/intake local marketplace seed \w+/g]);
      await consolePage.close();
      // Pushed again: nothing to push.
      await page.getByRole('navigation').getByRole('link', { name: '마켓 연동' }).click();
      await page.getByRole('button', { name: '네이버 스마트스토어에 송장번호 보내기' }).click();
      expect(await page.locator('main').innerText()).toContain('보낼 송장번호가 없습니다');
      english.marketplaces = await englishOn(page, [/intake marketplace login \w+/g]);
      // Said what to do for the others: their tracking numbers are uploaded first, from the upload page.
      await follow(page, page.getByRole('link', { name: '송장번호 올리기' }));
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('파일 올리기');
      expect(english).toEqual({ pulled: [], pushed: [], console: [], marketplaces: [] });
      expect(errors).toEqual([]);
      await context.close();
    });

    it('in Korean, a relay phone and a push refused for a tracking number are said in Korean', async () => {
      const fake = fakes(t.service);
      await fake.reset('naver');
      await fake.setUp('naver');
      const order = (n: number, phone: string) => ({
        order_id: `KO00000${n}`,
        recipient_name: `구매자${n}`,
        recipient_phone: phone,
        lines: [
          { line_id: `KO90000${n}`, product_id: '1000', product_name: '감귤', quantity: 1, price: 9_900 },
        ],
      });
      await fake.seed('naver', {
        orders: [order(1, '010-1111-2222'), order(2, '010-3333-4444'), order(3, '0504-123-4567')],
        products: [
          { product_id: '1000', name: '제주 감귤 5kg', image_url: 'https://shop.example.com/1000.jpg' },
        ],
      });
      const { page, context, errors, env } = await openMarketplaces('ko-KR');
      await page.getByRole('button', { name: '네이버 스마트스토어 주문 가져오기' }).click();
      await page.waitForURL(/\/uploads\/[\w-]+$/, { timeout: WAIT_MS });
      // Something to look at, not a success: the notice is amber.
      expect(await page.locator('.notice.warns').innerText()).toContain(
        '주문 KO000003: 1건, 안심번호라 메시지를 보낼 수 없음 (0504-123-4567)',
      );
      await screenshot(page, 'pulled-not-sent-ko');
      const english: Record<string, string[]> = { pulled: await englishOn(page) };
      await page.getByRole('button', { name: '주문 2건 보내기' }).click();
      expect(await sendEnded(page)).toBe('완료');
      // Pulled orders are named by their ids: no column of rows the person never saw.
      expect(await page.locator('main table.stacked thead th').allInnerTexts()).toEqual([
        '번호',
        '결과',
        '다른 항목',
        '내용',
      ]);
      await screenshot(page, 'pulled-sent-ko');
      for (const [n, number] of [
        [1, '640123456712'],
        [2, '12345'],
      ] as const) {
        const shipped = await cli(
          [
            ...['shipment', 'create', '--order', `KO00000${n}`, '--items', `KO90000${n}`],
            ...['--company-code', 'kr.cjlogistics', '--tracking-number', number],
          ],
          { env },
        );
        expect(shipped.code, shipped.stderr).toBe(0);
      }
      await page.getByRole('navigation').getByRole('link', { name: '마켓 연동' }).click();
      await page.getByRole('button', { name: '네이버 스마트스토어에 송장번호 보내기' }).click();
      expect(await page.locator('main [role="status"]').first().innerText()).toBe('보냄 1 · 거부됨 1');
      expect(await page.locator('table tbody tr').filter({ hasText: 'KO000002' }).innerText()).toContain(
        '송장번호 12345은(는) 5자입니다 (10 또는 12자리 숫자, 쿠팡 기준)',
      );
      english.pushed = await englishOn(page);
      expect(english).toEqual({ pulled: [], pushed: [] });
      expect(errors).toEqual([]);
      await context.close();
    });

    it('a marketplace that refuses this computer is said in words, in English and in Korean', async () => {
      const fake = fakes(t.service);
      await fake.reset('naver');
      await fake.setUp('naver', { allowlist: ['203.0.113.10'], caller_ip: '198.51.100.7' });
      const { page, context, errors } = await openMarketplaces('en-US');
      await page.getByRole('button', { name: 'Pull orders from Naver Smartstore' }).click();
      const alert = await page.getByRole('alert').innerText();
      expect(alert).toContain('Naver Smartstore refuses this computer');
      expect(alert).toContain('GW.IP_NOT_ALLOWED');
      // The language switch on the refusal's page shows the marketplaces' page (the form's address takes
      // no GET), where the same refusal is said in Korean.
      await follow(page, page.getByRole('link', { name: '한국어' }));
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('마켓 주문 가져오기');
      await page.getByRole('button', { name: '네이버 스마트스토어 주문 가져오기' }).click();
      expect(await page.getByRole('alert').innerText()).toContain('GW.IP_NOT_ALLOWED');
      expect(await englishOn(page, [/intake marketplace login \w+/g])).toEqual([]);
      expect(errors.filter((error) => !/502/.test(error))).toEqual([]);
      await context.close();
    });
  },
);

describe.skipIf(!CHROMIUM)('intake ui: a marketplace’s keys entered on the page', () => {
  it('Coupang by keyboard, in Korean: refused keys keep nothing and say so, the right ones are kept and pull', async () => {
    const fake = fakes(t.service);
    await fake.reset('coupang');
    await fake.setUp('coupang');
    await fake.seed('coupang', seedOrders('3400001', 1));
    const { page, context, errors, env } = await openMarketplaces('ko-KR', { keys: false });
    const card = page.locator('section[aria-labelledby="market-coupang"]');
    expect(await card.innerText()).toContain('아직 연동되지 않았습니다. 아래에 인증 정보를 입력하세요.');
    expect(await card.getByRole('button', { name: '쿠팡 주문 가져오기' }).count()).toBe(0);
    await screenshot(page, 'marketplace-keys-ko');

    // Typed as a person types: field to field with Tab, sent with Enter; the secret is wrong.
    const typeKeys = async (secret: string) => {
      await card.getByLabel('업체코드 (A0…)').focus();
      await page.keyboard.press('Control+A');
      await page.keyboard.type(FAKE_CREDENTIALS.coupang.vendor_id);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Control+A');
      await page.keyboard.type(FAKE_CREDENTIALS.coupang.access_key);
      await page.keyboard.press('Tab');
      await page.keyboard.type(secret);
      await page.keyboard.press('Enter');
      await page.waitForLoadState();
    };
    await typeKeys('not-the-secret');
    const refused = await page.getByRole('alert').innerText();
    expect(refused).toContain('쿠팡에서 이 인증 정보를 거부했습니다. 하나씩 확인하고 다시 적으세요.');
    expect(refused).toContain('아무것도 보관하지 않았습니다.');
    // What was typed is there to mend, except the secret, which the page never sends back.
    expect(await card.getByLabel('업체코드 (A0…)').inputValue()).toBe(FAKE_CREDENTIALS.coupang.vendor_id);
    expect(await card.getByLabel('시크릿 키').inputValue()).toBe('');
    expect(await page.content()).not.toContain('not-the-secret');
    await screenshot(page, 'marketplace-keys-refused-ko');
    // In a narrow window the form is one field under another, nothing off the side.
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await screenshot(page, 'marketplace-keys-refused-ko-390');
    await page.setViewportSize({ width: 1280, height: 720 });
    expect((await cli(['marketplace', 'status', '--no-check', '--json'], { env })).json()).toContainEqual(
      expect.objectContaining({ marketplace: 'coupang', state: 'no_credentials' }),
    );
    expect(await englishOn(page, [/intake marketplace login \w+/g])).toEqual([]);

    await typeKeys(FAKE_CREDENTIALS.coupang.secret_key);
    expect(await page.locator('.notice').innerText()).toBe(
      '쿠팡에서 인증 정보를 확인했습니다. 이 프로필용으로 설정 파일에 보관했습니다.',
    );
    expect(await card.innerText()).toContain('인증 정보: 설정 파일');
    // The next step has the focus: Enter pulls the orders.
    await expect
      .poll(() => page.evaluate('document.activeElement.textContent.trim()'))
      .toBe('쿠팡 주문 가져오기');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/uploads\/[\w-]+$/, { timeout: WAIT_MS });
    expect(await page.locator('main').innerText()).toContain('주문 1건 보내기');
    // Orders from a marketplace are orders, read from its answers: no file to read otherwise.
    expect(await page.getByRole('heading', { name: '가져온 주문' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: '다시 읽기' }).count()).toBe(0);
    expect(errors.filter((error) => !/422/.test(error))).toEqual([]);
    await context.close();
  });

  it('keys near their end, or past it, are said on the card with the form open to enter new ones', async () => {
    const { page, context, env } = await openMarketplaces('ko-KR', { keys: false });
    const keep = (issued: string) =>
      cli(
        [
          ...['marketplace', 'login', 'coupang', '--vendor-id', 'A00012345', '--access-key', 'k'],
          ...['--secret-stdin', '--key-issued', issued, '--no-verify'],
        ],
        { env, stdin: 'secret' },
      );
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    const card = page.locator('section[aria-labelledby="market-coupang"]');
    expect((await keep(daysAgo(170))).code).toBe(0);
    await page.reload();
    expect(await card.locator('.notice.warns').innerText()).toMatch(
      /^키가 \d+일 뒤\(\d{4}-\d\d-\d\d\)에 만료됩니다\. 그 전에 Wing에서 새로 발급해 아래에 입력하세요\.$/,
    );
    expect(await card.locator('details.keys').getAttribute('open')).not.toBeNull();
    expect(await card.locator('details.keys > summary').innerText()).toBe('인증 정보 바꾸기');
    expect((await keep(daysAgo(200))).code).toBe(0);
    await page.reload();
    expect(await card.locator('.notice.warns').innerText()).toMatch(
      /^키가 \d{4}-\d\d-\d\d에 만료되었습니다\./,
    );
    await screenshot(page, 'marketplace-keys-expired-ko');
    // Fresh keys: nothing to warn of, the form folded away.
    expect((await keep(daysAgo(1))).code).toBe(0);
    await page.reload();
    expect(await card.locator('.notice').count()).toBe(0);
    expect(await card.locator('details.keys').getAttribute('open')).toBeNull();
    await context.close();
  });

  it('a Naver secret that cannot be one is said before the marketplace is asked; in English', async () => {
    const { page, context } = await openMarketplaces('en-US', { keys: false });
    const card = page.locator('section[aria-labelledby="market-naver"]');
    await card.getByLabel('Application ID').fill('app-id');
    await card.getByLabel('Application secret').fill('plain-password');
    await card.getByRole('button', { name: 'Check and keep the keys' }).click();
    expect(await page.getByRole('alert').innerText()).toContain(
      'A Naver application secret looks like $2a$10$ and 22 characters',
    );
    expect(await card.getByLabel('Application ID').inputValue()).toBe('app-id');
    await screenshot(page, 'marketplace-keys-en');
    await context.close();
  });

  it('Cafe24 in Korean: the app’s keys, the mall’s consent, its code pasted (a wrong one refused), then a pull', async () => {
    const fake = fakes(t.service);
    await fake.reset('cafe24');
    // An app whose redirect address is not this machine's: Intake cannot wait there, the code is pasted.
    // (The consent is never opened here, so nothing is asked of that address.)
    const app = { ...FAKE_CREDENTIALS.cafe24, redirect_uri: 'https://shop.example/cafe24/callback' };
    await fake.setUp('cafe24', { credentials: app });
    await fake.seed('cafe24', seedOrders('20261125-00000', 1));
    const { page, context, errors } = await openMarketplaces('ko-KR', { keys: false });
    const card = page.locator('section[aria-labelledby="market-cafe24"]');
    await enterCafe24App(card, app);
    const consent = card.getByRole('status');
    expect(await consent.innerText()).toContain(`쇼핑몰이 브라우저를 ${app.redirect_uri}(으)로 보냅니다`);
    const address = new URL(
      (await card.getByRole('link', { name: '쇼핑몰 동의 페이지 (새 탭)' }).getAttribute('href')) as string,
    );
    expect(
      address.href.startsWith(`${t.service.baseUrl}/cafe24/${app.mall_id}/api/v2/oauth/authorize?`),
    ).toBe(true);
    expect(address.searchParams.get('redirect_uri')).toBe(app.redirect_uri);
    // The secret is held by intake ui, never written into the page.
    expect(await page.content()).not.toContain(app.client_secret);
    await screenshot(page, 'marketplace-cafe24-consent-ko');
    // The code's field has the focus: pasting it is the next thing to do.
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe('key-cafe24-code');

    // A code the mall never gave is refused, said, and the consent stays to try again.
    const paste = async (code: string) => {
      await card.getByLabel('code 값 (code=…)').fill(code);
      await card.getByLabel('code 값 (code=…)').press('Enter');
      await page.waitForLoadState();
    };
    await paste('not-a-code-of-the-mall');
    expect(await page.getByRole('alert').innerText()).toContain('카페24에서 이 인증 정보를 거부했습니다');
    expect(await card.getByLabel('code 값 (code=…)').count()).toBe(1);
    expect(await englishOn(page, [/\bcode=…/g, /https?:\S+/g])).toEqual([]);
    errors.length = 0;
    await paste(await fake.cafe24Code());
    expect(await page.locator('.notice').innerText()).toBe(
      '카페24에서 인증 정보를 확인했습니다. 이 프로필용으로 설정 파일에 보관했습니다.',
    );
    await card.getByRole('button', { name: '카페24 주문 가져오기' }).click();
    await page.waitForURL(/\/uploads\/[\w-]+$/, { timeout: WAIT_MS });
    expect(await page.locator('main').innerText()).toContain('주문 1건 보내기');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Cafe24 by keyboard, in English: at a loopback redirect address Intake takes the code itself, and both tabs say the keys are kept', async () => {
    const fake = fakes(t.service);
    await fake.reset('cafe24');
    const redirectUri = `${await closedPortUrl()}/cafe24/callback`;
    const app = { ...FAKE_CREDENTIALS.cafe24, redirect_uri: redirectUri };
    await fake.setUp('cafe24', { credentials: app });
    await fake.seed('cafe24', seedOrders('20261126-00000', 1));
    const gate = await gateAfterToken(t.service.baseUrl);
    const { page, context, errors } = await openMarketplaces('en-US', {
      keys: false,
      cafe24BaseUrl: `${gate.url}/cafe24/{mall_id}`,
    });
    const card = await startConsent(page, app);
    expect(await card.getByRole('status').innerText()).toContain(
      `The mall then sends the browser back to Intake at ${redirectUri}, which takes the code itself`,
    );
    // Opening the consent is the next thing to do: its link has the focus.
    await expect
      .poll(() => page.evaluate('document.activeElement?.textContent'))
      .toBe("The mall's consent page (opens in a new tab)");
    await screenshot(page, 'marketplace-cafe24-waiting-en');

    // The consent, opened by keyboard in a new tab: the mall sends it to Intake, which keeps the keys
    // and shows that tab the marketplaces page.
    const opened = context.waitForEvent('page');
    await page.keyboard.press('Enter');
    // While Intake keeps the tokens and checks them with the mall, the page waiting is told to wait on
    // (204), not that nothing is coming (286, after which it would never move on).
    await gate.held;
    const asked = await page.evaluate(async () => {
      const wait = await fetch('marketplaces/cafe24/consent/done/wait');
      return wait.status;
    });
    expect(asked).toBe(204);
    gate.release();
    const consentTab = await opened;
    await consentTab.waitForURL(/\/marketplaces\/cafe24\/consent\/done$/, { timeout: WAIT_MS });
    const kept = 'Cafe24 took the keys; they are kept in the config file for this profile.';
    expect(await consentTab.locator('.notice').innerText()).toBe(kept);
    // The tab that started it moves on by itself.
    await page.waitForURL(/\/marketplaces\/cafe24\/consent\/done$/, { timeout: WAIT_MS });
    expect(await page.locator('.notice').innerText()).toBe(kept);
    await screenshot(page, 'marketplace-cafe24-taken-en');
    await card.getByRole('button', { name: 'Pull orders from Cafe24' }).click();
    await page.waitForURL(/\/uploads\/[\w-]+$/, { timeout: WAIT_MS });
    expect(await page.locator('main').innerText()).toContain('Send 1 order');
    expect(errors).toEqual([]);
    await context.close();
    await gate.close();
  });

  it('a mistyped app secret taken at the redirect address: both tabs say the mall refused it, and the consent starts again', async () => {
    const fake = fakes(t.service);
    await fake.reset('cafe24');
    const redirectUri = `${await closedPortUrl()}/cafe24/callback`;
    const app = { ...FAKE_CREDENTIALS.cafe24, redirect_uri: redirectUri };
    await fake.setUp('cafe24', { credentials: app });
    const { page, context, env } = await openMarketplaces('en-US', { keys: false });
    // The consent asks nothing of the secret; the exchange of its code does.
    const card = await startConsent(page, { ...app, client_secret: 'not-the-secret' });
    const [consentTab] = await Promise.all([
      context.waitForEvent('page'),
      card.getByRole('link', { name: "The mall's consent page (opens in a new tab)" }).click(),
    ]);
    await consentTab.waitForURL(/\/marketplaces\/cafe24\/consent\/done$/, { timeout: WAIT_MS });
    await page.waitForURL(/\/marketplaces\/cafe24\/consent\/done$/, { timeout: WAIT_MS });
    for (const tab of [consentTab, page]) {
      const alert = await tab.getByRole('alert').innerText();
      expect(alert).toContain('Cafe24 refused these keys');
      expect(alert).toContain(
        "The mall's code is spent: enter the app's client secret and open the consent again.",
      );
      // The app's ids are there to send again; its secret is never sent back.
      const form = tab.locator('section[aria-labelledby="market-cafe24"]');
      expect(await form.getByLabel('Mall ID').inputValue()).toBe(app.mall_id);
      expect(await form.getByLabel('App client secret').inputValue()).toBe('');
      expect(await tab.content()).not.toContain('not-the-secret');
    }
    expect((await cli(['marketplace', 'status', '--no-check', '--json'], { env })).json()).toContainEqual(
      expect.objectContaining({ marketplace: 'cafe24', state: 'no_credentials' }),
    );
    await context.close();
  });

  it('a wait at the redirect address ends when intake ui stops', async () => {
    const redirectUri = `${await closedPortUrl()}/cafe24/callback`;
    const { page, context, ui } = await openMarketplaces('en-US', { keys: false });
    const app = { mall_id: 'myshop', client_id: 'app', client_secret: 'secret', redirect_uri: redirectUri };
    const card = await startConsent(page, app);
    expect(await card.getByRole('status').innerText()).toContain('which takes the code itself');
    const stranger = await request(`${redirectUri}?code=x&state=not-ours`);
    expect(stranger.statusCode).toBe(400);
    await stranger.body.dump();
    await context.close();
    expect((await uis.stop(ui)).code).toBe(0);
    await expect(request(redirectUri)).rejects.toThrow(/ECONNREFUSED/);
  });
});

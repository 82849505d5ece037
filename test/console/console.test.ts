import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_DETAILS } from '../../src/contract/auth.js';
import { CONVERSATION_PAGE } from '../../src/server/local/browse.js';
import { CHROMIUM, narrowTables, openPage, screenshot, useBrowser } from '../helpers/browser.js';
import { sampleOrder } from '../helpers/samples.js';
import { startService, TEST_CREDENTIALS, type TestService } from '../helpers/service.js';
import { patience } from '../helpers/patience.js';
import { englishOn } from '../helpers/english.js';
import { follow } from '../helpers/ui-page.js';

const b = useBrowser();
let service: TestService;
const OTHER = {
  merchant_id: 'shop-b',
  access_key_id: 'AKSHOPB0001',
  secret_access_key: 'shop-b-secret-0001-abcdefghijkl',
};

beforeAll(async () => {
  service = await startService({ applyDelay: { minMs: 0, maxMs: 0 }, deliveryDays: 2 });
  expect((await service.call('POST', '/local/merchants', { body: OTHER })).status).toBe(201);
});
afterAll(() => service.close());

async function signIn(
  page: Page,
  accessKeyId: string,
  secret: string,
  baseUrl = service.baseUrl,
): Promise<void> {
  await page.goto(`${baseUrl}/console`);
  await page.getByLabel(/Access key id|액세스 키 ID/).fill(accessKeyId);
  await page.getByLabel(/Secret access key|비밀 액세스 키/).fill(secret);
  // Wait for the page the form's answer brings (after any redirect), not for the one already loaded.
  await Promise.all([
    page.waitForNavigation(),
    page.getByRole('button', { name: /^(Sign in|로그인)$/ }).click(),
  ]);
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where a request's row, its toggle, its details and the table's frame are, read at one moment: the list
 * is fetched again every 2 s and its rows replaced, so boxes read one by one can each be of another
 * list (or of a row just taken out). Undefined until the row is shown; `shown` while its details are not.
 */
async function requestBoxes(
  page: Page,
  requestId: string,
): Promise<{ frame: Box; toggle: Box; row: Box; shown?: Box } | undefined> {
  return page.evaluate(`(() => {
    const box = (element) => {
      const r = element?.getBoundingClientRect();
      return r && r.width > 0 && r.height > 0 ? { x: r.x, y: r.y, width: r.width, height: r.height } : undefined;
    };
    const code = [...document.querySelectorAll('.request-details code')].find(
      (element) => element.textContent === ${JSON.stringify(requestId)},
    );
    const row = code?.closest('tr')?.previousElementSibling;
    const boxes = {
      frame: box(document.querySelector('.table-wrap')),
      toggle: box(row?.querySelector('summary')),
      row: box(row),
    };
    if (Object.values(boxes).some((b) => b === undefined)) return undefined;
    const shown = box(code.closest('.request-details'));
    return shown === undefined ? boxes : { ...boxes, shown };
  })()`);
}

/**
 * The table cells holding one word, a time or a duration (an id, a state, a number) that the page
 * broke over more than one line, with the number of lines each took.
 */
const BROKEN_CELLS = `[...document.querySelectorAll('main td')]
  .filter((td) => /^(\\S+|\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC|[\\d.]+ ms)$/.test(td.textContent.trim()))
  .filter((td) => !td.textContent.includes('://') && td.querySelector('br') === null)
  .map((td) => {
    const tops = [];
    const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.textContent.trim() === '') continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (!tops.some((top) => Math.abs(top - rect.top) < 8)) tops.push(rect.top);
    }
    return [td.textContent.trim(), tops.length];
  })
  .filter(([, lines]) => lines > 1)
  .map(([text, lines]) => text + ' (' + lines + ' lines)')`;

describe.skipIf(!CHROMIUM)('the console of intake serve', () => {
  it('wrong credentials are refused as the API refuses them', async () => {
    const { page, context } = await openPage(b.browser);
    // Typing starts in the key id; after a refusal, in the secret (the key id is kept).
    await page.goto(`${service.baseUrl}/console`);
    await expect.poll(() => page.evaluate('document.activeElement.id')).toBe('access-key-id');
    await signIn(page, TEST_CREDENTIALS.accessKeyId, 'not-the-secret');
    expect(await page.getByRole('alert').innerText()).toBe(AUTH_DETAILS.wrongSecret);
    await expect.poll(() => page.evaluate('document.activeElement.id')).toBe('secret');
    await page.keyboard.type(TEST_CREDENTIALS.secretAccessKey);
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    expect(new URL(page.url()).pathname).toBe('/console/conversations');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(page, 'AKNOBODY', 'whatever');
    expect(await page.getByRole('alert').innerText()).toBe(AUTH_DETAILS.unknownKey);
    // A Korean page says the same refusal in Korean, as a Korean terminal does.
    const korean = await openPage(b.browser, { locale: 'ko-KR' });
    await signIn(korean.page, TEST_CREDENTIALS.accessKeyId, 'not-the-secret');
    expect(await korean.page.getByRole('alert').innerText()).toBe('비밀 키가 맞지 않습니다');
    await korean.context.close();
    // Nothing but the sign-in page without a session.
    await page.goto(`${service.baseUrl}/console/orders`);
    expect(new URL(page.url()).pathname).toBe('/console/sign-in');
    await context.close();
  });

  it('an order and its shipment sent through the API: the conversation, search by phone, the clock from the page', async () => {
    await service.call('POST', '/api/v1/orders/', {
      body: sampleOrder('CON-1', { recipient_name: '이서연', recipient_cellphone: '010-2468-1357' }),
    });
    await service.call('POST', '/api/v1/orders/CON-1/shipments/', {
      body: {
        order_item_ids: ['CON-1-1', 'CON-1-2'],
        company_code: 'kr.cjlogistics',
        tracking_number: '640000001234',
      },
    });
    await service.local.apply();

    const { page, context, errors } = await openPage(b.browser);
    await signIn(page, TEST_CREDENTIALS.accessKeyId, TEST_CREDENTIALS.secretAccessKey);
    expect(new URL(page.url()).pathname).toBe('/console/conversations');
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'intake_console')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
    });

    await page.getByRole('link', { name: 'Orders' }).click();
    const row = page.getByRole('row').filter({ hasText: 'CON-1' });
    expect(await row.innerText()).toContain('640000001234');
    await row.getByRole('link', { name: 'CON-1' }).click();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Order CON-1');

    // Search by phone, written another way: the one conversation opens.
    await page.getByRole('link', { name: 'Conversations' }).click();
    await page.getByLabel('Search by order id, phone, recipient or product').fill('01024681357');
    await follow(page, page.getByRole('button', { name: 'Search' }));
    expect(await page.getByRole('link', { name: /이서연/ }).count()).toBe(1);
    const phone = page.getByRole('list', { name: 'Messages to 이서연' });
    const notice = phone.getByRole('listitem').filter({ hasText: 'Shipping notice' });
    expect(await notice.count()).toBe(1);
    expect(await notice.innerText()).toContain('제주 감귤 5kg');
    // No internet here: the image gives way to its address.
    await notice.locator('.image-missing').first().waitFor({ state: 'visible' });
    expect(await notice.locator('.image-missing').first().innerText()).toContain(
      'https://shop.example.com/img/p-100.jpg',
    );
    expect(await phone.getByText('Review request').count()).toBe(0);
    await screenshot(page, 'console-conversation');

    // The clock from the page, without reloading it: the review request arrives on the phone.
    await page.evaluate('window.__notReloaded = true');
    expect(await page.getByLabel('Advance the clock by').locator('option').allInnerTexts()).toEqual([
      '1 hour',
      '6 hours',
      '1 day',
      '2 days',
      '3 days',
      '7 days',
    ]);
    await page.getByLabel('Advance the clock by').selectOption('3d');
    await page.getByRole('button', { name: 'Advance' }).click();
    await phone.getByText('Review request').waitFor({ timeout: patience(10_000) });
    expect(await page.evaluate('window.__notReloaded')).toBe(true);
    expect(await page.getByRole('status').innerText()).toMatch(/: \d+ applied, 0 failed, 1 message sent\.$/);
    expect(
      errors.filter((error) => !error.includes('ERR_NAME_NOT_RESOLVED') && !error.includes('net::')),
    ).toEqual([]);
    await context.close();
  });

  it('a buyer the bot writes to while the list is open comes to its top, without a reload', async () => {
    const { page, context, errors } = await openPage(b.browser);
    await signIn(page, TEST_CREDENTIALS.accessKeyId, TEST_CREDENTIALS.secretAccessKey);
    const buyers = page.getByRole('region', { name: 'Conversations' });
    await buyers.getByRole('link').first().waitFor();
    expect(await buyers.getByRole('link', { name: /한지민/ }).count()).toBe(0);
    await page.evaluate('window.__notReloaded = true');
    await service.call('POST', '/api/v1/orders/', {
      body: sampleOrder('CON-NEW', { recipient_name: '한지민', recipient_cellphone: '010-3141-5926' }),
    });
    await service.call('POST', '/api/v1/orders/CON-NEW/shipments/', {
      body: {
        order_item_ids: ['CON-NEW-1'],
        company_code: 'kr.cjlogistics',
        tracking_number: '640000009999',
      },
    });
    await service.local.apply();
    await buyers
      .getByRole('link')
      .first()
      .filter({ hasText: '한지민' })
      .waitFor({ timeout: patience(10_000) });
    expect(await page.evaluate('window.__notReloaded')).toBe(true);
    expect(errors.filter((error) => !error.includes('net::'))).toEqual([]);
    await context.close();
  });

  it('a review from the order page earns the member its points', async () => {
    const { page, context } = await openPage(b.browser, { locale: 'ko-KR' });
    await signIn(page, TEST_CREDENTIALS.accessKeyId, TEST_CREDENTIALS.secretAccessKey);
    await page.goto(`${service.baseUrl}/console/orders/CON-1`);
    await page.getByLabel('CON-1-1 리뷰 종류').selectOption('photo');
    await page.getByRole('button', { name: 'CON-1-1 리뷰 시뮬레이션' }).click();
    // The page says which review was added and what it earned, with the focus where it was.
    await page
      .getByRole('status')
      .filter({ hasText: 'CON-1-1 리뷰를 추가했습니다: 사진 리뷰, 적립금 500점.' })
      .waitFor();
    // The item reviewed says so, and has no button any more; the other one still has its own.
    const item = page.getByRole('row', { name: /^CON-1-1 제주 감귤/ });
    expect(await item.innerText()).toContain('✓ 사진 리뷰, 적립금 500점');
    expect(await page.getByRole('button', { name: 'CON-1-1 리뷰 시뮬레이션' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'CON-1-2 리뷰 시뮬레이션' }).count()).toBe(1);
    await follow(page, page.getByRole('link', { name: '리뷰와 적립금' }));
    expect(await page.getByRole('row').filter({ hasText: 'CON-1-1' }).innerText()).toContain('500 (M-1001)');
    // A guest's reviews, added while the list is open, come in by themselves: a review is an event too.
    // The second comes while the list is being fetched for the first (its answer held until the page has
    // heard the second), when htmx drops the events of that moment: the list is fetched once more after.
    const { member_id: _member, ...guest } = sampleOrder('CON-GUEST');
    expect((await service.call('POST', '/api/v1/orders/', { body: guest })).status).toBe(202);
    await service.local.apply();
    await page.evaluate('window.__notReloaded = true');
    await page.evaluate(
      "window.__heard = new Set(); document.body.addEventListener('htmx:sseMessage', (e) => window.__heard.add(e.detail.type + ' ' + e.detail.lastEventId))",
    );
    let holding: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (holding = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let once = false;
    await page.route(/\/console\/rewards/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (!once && body.includes('CON-GUEST-1') && !body.includes('CON-GUEST-2')) {
        once = true;
        holding();
        await released;
      }
      await route.fulfill({ response, body });
    });
    const reviewOf = (item: string) => ({ order_id: 'CON-GUEST', item_id: item, kind: 'text' });
    expect((await service.call('POST', '/local/reviews', { body: reviewOf('CON-GUEST-1') })).status).toBe(
      201,
    );
    await held;
    expect((await service.call('POST', '/local/reviews', { body: reviewOf('CON-GUEST-2') })).status).toBe(
      201,
    );
    await expect
      .poll(
        () => page.evaluate("[...window.__heard].filter((heard) => heard.startsWith('review ')).length"),
        {
          timeout: patience(10_000),
        },
      )
      .toBe(2);
    release();
    for (const item of ['CON-GUEST-1', 'CON-GUEST-2']) {
      await page
        .getByRole('row')
        .filter({ hasText: item })
        .waitFor({ timeout: patience(10_000) });
    }
    expect(await page.evaluate('window.__notReloaded')).toBe(true);
    await context.close();
  });

  it('an order the bot has not written about yet says so, not an empty phone', async () => {
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('CON-QUIET') });
    await service.local.apply();
    const { page, context } = await openPage(b.browser, { locale: 'ko-KR' });
    await signIn(page, TEST_CREDENTIALS.accessKeyId, TEST_CREDENTIALS.secretAccessKey);
    await page.goto(`${service.baseUrl}/console/orders/CON-QUIET`);
    await page.getByText('아직 구매자에게 보낸 메시지가 없습니다.').waitFor();
    expect(await page.locator('ol.phone').count()).toBe(0);
    await context.close();
  });

  it('lists come a page at a time, newest first, and the first page takes in what arrives', async () => {
    for (let i = 0; i < 55; i++) {
      await service.call('POST', '/api/v1/orders/', {
        body: sampleOrder(`PAGE-${String(i).padStart(2, '0')}`, {
          recipient_cellphone: `010-7000-${String(i).padStart(4, '0')}`,
        }),
      });
    }
    const { page, context, errors } = await openPage(b.browser);
    await signIn(page, TEST_CREDENTIALS.accessKeyId, TEST_CREDENTIALS.secretAccessKey);
    await page.getByRole('link', { name: 'Orders' }).click();
    const pages = page.getByRole('navigation', { name: 'Pages' });
    expect(await pages.innerText()).toMatch(/50 of \d+, newest first/);
    expect(await page.getByRole('row').nth(1).innerText()).toContain('PAGE-54');
    await page.evaluate('window.__notReloaded = true');
    // A new order, sent while the page is open: it comes to the top by itself.
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('PAGE-LIVE') });
    await page
      .getByRole('row')
      .nth(1)
      .filter({ hasText: 'PAGE-LIVE' })
      .waitFor({ timeout: patience(10_000) });
    expect(await page.evaluate('window.__notReloaded')).toBe(true);
    // The older page, and back to the newest.
    await follow(page, pages.getByRole('link', { name: 'Older' }));
    expect(await page.getByRole('row').filter({ hasText: 'PAGE-00' }).count()).toBe(1);
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Newest' }).click();
    expect(await page.getByRole('row').nth(1).innerText()).toContain('PAGE-LIVE');

    // The request journal: each request as it came and was answered, the secret never shown.
    await page.getByRole('link', { name: 'Requests' }).click();
    const newest = page.getByRole('row').nth(1);
    expect(await newest.innerText()).toContain('/api/v1/orders/');
    await newest.getByText('Details').click();
    // Its details, in the row below it.
    expect(await page.getByRole('row').nth(2).innerText()).toContain(
      `Basic ${TEST_CREDENTIALS.accessKeyId}:[redacted]`,
    );
    expect(await page.content()).not.toContain(TEST_CREDENTIALS.secretAccessKey);
    await screenshot(page, 'console-requests');
    // Narrowed to one record's requests, then to a status none has; the pages keep the filter.
    const filter = page.getByRole('search', { name: 'Which requests' });
    await filter.getByLabel('Method').selectOption('POST');
    await filter.getByLabel("Record id (an order's or a product's)").fill('PAGE-LIVE');
    await filter.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/id=PAGE-LIVE/);
    expect(await page.getByRole('navigation', { name: 'Pages' }).innerText()).toMatch(/^1 of 1,/);
    expect(await page.getByRole('row').nth(1).innerText()).toContain('PAGE-LIVE');
    expect(await filter.getByLabel('Method').inputValue()).toBe('POST');
    // A path exactly as sent: the order's create is there, no product's.
    await filter.getByLabel('Path (exactly as sent)').fill('/api/v1/orders/');
    await filter.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/path=%2Fapi%2Fv1%2Forders%2F/);
    expect(await page.getByRole('navigation', { name: 'Pages' }).innerText()).toMatch(/^1 of 1,/);
    await filter.getByLabel('Path (exactly as sent)').fill('/api/v1/products/');
    await filter.getByRole('button', { name: 'Show' }).click();
    await page.getByText('No request matches.').waitFor();
    expect(await filter.getByLabel('Path (exactly as sent)').inputValue()).toBe('/api/v1/products/');
    await filter.getByLabel('Path (exactly as sent)').fill('');
    await filter.getByLabel('Status (e.g. 409; 0: no answer)').fill('409');
    await filter.getByRole('button', { name: 'Show' }).click();
    await page.getByText('No request matches.').waitFor();
    await screenshot(page, 'console-requests-filtered');
    await filter.getByRole('link', { name: 'All requests' }).click();
    await page.waitForURL(/\/console\/requests$/);
    expect(await page.getByRole('navigation', { name: 'Pages' }).innerText()).toMatch(/^50 of \d+,/);
    await page.goto(`${service.baseUrl}/console/requests?method=POST&id=PAGE-00`);
    expect(await page.getByRole('row').nth(1).innerText()).toContain('PAGE-00');
    expect(await page.getByRole('row').count()).toBe(2);
    expect(errors.filter((error) => !error.includes('net::'))).toEqual([]);
    await context.close();
  });

  it('a request’s details open below it, stay in view in a narrow window, and stay open while the journal’s first page keeps itself current', async () => {
    await service.call('POST', '/api/v1/orders/', { body: {} });
    const { page, context } = await openPage(b.browser, { locale: 'en-US' });
    await page.setViewportSize({ width: 390, height: 800 });
    await signIn(page, TEST_CREDENTIALS.accessKeyId, TEST_CREDENTIALS.secretAccessKey);
    await page.goto(`${service.baseUrl}/console/requests`);
    await page.evaluate(
      `window.swaps = 0; document.body.addEventListener('htmx:afterSwap', () => window.swaps++)`,
    );
    const details = (requestId: string) =>
      page.locator('tr', { has: page.locator('code', { hasText: requestId }) });
    const requestId = String(await page.locator('.request-details code').first().textContent());
    expect(await details(requestId).isVisible()).toBe(false);
    // The toggle is in view without scrolling the table sideways.
    let boxes: Awaited<ReturnType<typeof requestBoxes>>;
    await expect.poll(async () => (boxes = await requestBoxes(page, requestId))).toBeDefined();
    expect(boxes!.toggle.x + boxes!.toggle.width).toBeLessThanOrEqual(boxes!.frame.x + boxes!.frame.width);
    const toggle = details(requestId).locator('xpath=preceding-sibling::tr[1]').getByText('Details');
    await toggle.click();
    await details(requestId).waitFor({ state: 'visible' });
    // The toggle names what it shows.
    const controls = String(await toggle.getAttribute('aria-controls'));
    expect(await page.locator(`[id="${controls}"]`).innerText()).toContain(requestId);
    // Below its request, across the table, within the frame that scrolls sideways (not in its last
    // column, reached by scrolling).
    await expect.poll(async () => (boxes = await requestBoxes(page, requestId))?.shown).toBeDefined();
    const { frame, row, shown } = boxes as Required<NonNullable<typeof boxes>>;
    expect(shown.y).toBeGreaterThanOrEqual(row.y + row.height - 1);
    expect(shown.x).toBeGreaterThanOrEqual(frame.x);
    expect(shown.x + shown.width).toBeLessThanOrEqual(frame.x + frame.width);
    expect(shown.width).toBeGreaterThan(frame.width * 0.8);
    // The list is fetched again (every 2 s); a new request comes to its top meanwhile.
    await expect.poll(() => page.evaluate('window.swaps'), { timeout: patience(20_000) }).toBeGreaterThan(1);
    await service.call('POST', '/api/v1/orders/', { body: {} });
    const swapsBefore = Number(await page.evaluate('window.swaps'));
    await expect
      .poll(() => page.evaluate('window.swaps'), { timeout: patience(20_000) })
      .toBeGreaterThan(swapsBefore + 1);
    // The request opened, now the second, is still open; the new one is not.
    expect(await details(requestId).isVisible()).toBe(true);
    expect(await page.locator('.request-details:visible').count()).toBe(1);
    await context.close();
  });

  it('a buyer written to more than a page holds: the latest messages, then earlier ones by a link, in Korean and English', async () => {
    const shop = {
      merchant_id: 'shop-c',
      access_key_id: 'AKSHOPC0001',
      secret_access_key: 'shop-c-secret-0001-abcdefghijkl',
    };
    expect((await service.call('POST', '/local/merchants', { body: shop })).status).toBe(201);
    const headers = {
      authorization: `Basic ${Buffer.from(`${shop.access_key_id}:${shop.secret_access_key}`).toString('base64')}`,
    };
    const orders = CONVERSATION_PAGE + 5;
    for (let i = 0; i < orders; i++) {
      const id = `REG-${String(i).padStart(3, '0')}`;
      const order = sampleOrder(id, { recipient_name: '단골손님', recipient_cellphone: '010-3333-4444' });
      expect((await service.call('POST', '/api/v1/orders/', { body: order, headers })).status).toBe(202);
      const shipment = {
        order_item_ids: [`${id}-1`],
        company_code: 'kr.cjlogistics',
        tracking_number: `66${i}`,
      };
      const shipped = await service.call('POST', `/api/v1/orders/${id}/shipments/`, {
        body: shipment,
        headers,
      });
      expect(shipped.status).toBe(202);
    }
    await service.call('POST', '/local/queue/apply', { headers });

    for (const locale of ['ko-KR', 'en-US'] as const) {
      const ko = locale === 'ko-KR';
      const { page, context } = await openPage(b.browser, { locale });
      await signIn(page, shop.access_key_id, shop.secret_access_key);
      // The one buyer opens by itself; its latest messages, with how many there are, and the way back.
      const pager = page.getByRole('navigation', { name: ko ? '메시지 페이지' : 'Pages of messages' });
      expect(await pager.innerText()).toContain(
        ko
          ? `보낸 메시지 ${orders}개 중 최근 ${CONVERSATION_PAGE}개`
          : `The latest ${CONVERSATION_PAGE} of ${orders} messages sent`,
      );
      const phone = page.getByRole('list', {
        name: ko ? '단골손님님에게 보낸 메시지' : 'Messages to 단골손님',
      });
      const bubbles = phone.locator(':scope > li');
      expect(await bubbles.count()).toBe(CONVERSATION_PAGE);
      expect(await bubbles.last().innerText()).toContain(`REG-${String(orders - 1).padStart(3, '0')}`);
      expect(
        await page
          .getByText(
            ko
              ? `예약된 ${orders}개 중 가장 먼저 보낼 ${CONVERSATION_PAGE}개`
              : `The soonest ${CONVERSATION_PAGE} of ${orders} scheduled`,
          )
          .count(),
      ).toBe(1);
      if (ko) expect(await englishOn(page)).toEqual([]);
      // By keyboard: the earlier messages, then back to the latest.
      await pager.getByRole('link', { name: ko ? '이전 메시지' : 'Earlier messages' }).focus();
      await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
      expect(await pager.innerText()).toContain(
        ko ? `보낸 메시지 ${orders}개 중 이전 5개` : `5 earlier messages of ${orders} sent`,
      );
      expect(await bubbles.count()).toBe(5);
      expect(await bubbles.first().innerText()).toContain('REG-000');
      expect(await pager.getByRole('link', { name: ko ? '이전 메시지' : 'Earlier messages' }).count()).toBe(
        0,
      );
      if (ko) await screenshot(page, 'console-conversation-earlier-ko');
      await follow(page, pager.getByRole('link', { name: ko ? '최근 메시지' : 'Latest messages' }));
      expect(await bubbles.count()).toBe(CONVERSATION_PAGE);
      await context.close();
    }
  });

  it('one merchant never sees another’s data', async () => {
    const sent = await service.call('POST', '/api/v1/orders/', {
      body: sampleOrder('SHOPB-1'),
      headers: {
        authorization: `Basic ${Buffer.from(`${OTHER.access_key_id}:${OTHER.secret_access_key}`).toString('base64')}`,
      },
    });
    expect(sent.status, sent.text).toBe(202);
    const { page, context } = await openPage(b.browser);
    await signIn(page, OTHER.access_key_id, OTHER.secret_access_key);
    await follow(page, page.getByRole('link', { name: 'Orders' }));
    expect(await page.getByRole('row').filter({ hasText: 'SHOPB-1' }).count()).toBe(1);
    expect(await page.getByRole('row').filter({ hasText: 'CON-1' }).count()).toBe(0);
    const other = await page.goto(`${service.baseUrl}/console/orders/CON-1`);
    expect(other?.status()).toBe(404);
    await page.goto(`${service.baseUrl}/console/conversations?q=01024681357`);
    expect(await page.getByText('이서연').count()).toBe(0);
    expect(await page.getByText('No messages yet').count()).toBe(1);
    await context.close();
  });

  it('faults are set and cleared from the page, and a spec that cannot be read is said', async () => {
    const { page, context } = await openPage(b.browser);
    await signIn(page, TEST_CREDENTIALS.accessKeyId, TEST_CREDENTIALS.secretAccessKey);
    await follow(page, page.getByRole('link', { name: 'Faults' }));
    expect(await page.getByText('No faults in force.').count()).toBe(1);
    // Nothing to clear: no button offers to.
    expect(await page.getByRole('button', { name: 'Clear all faults' }).count()).toBe(0);
    await page.getByLabel('Faults (as for intake serve --faults)').fill('503:10%,teapot:5%');
    await page.getByRole('button', { name: 'Put in force' }).click();
    expect(await page.getByRole('alert').innerText()).toContain('"teapot" is not a fault');
    await page
      .getByLabel('Faults (as for intake serve --faults)')
      .fill('POST /api/v1/orders/=503:25%,latency:50-200ms');
    await page.getByRole('button', { name: 'Put in force' }).click();
    await page.locator('#faults-state', { hasText: 'POST /api/v1/orders/' }).waitFor();
    expect((await service.call('GET', '/local/faults')).json).toMatchObject({
      spec: 'POST /api/v1/orders/=503:25%,latency:50-200ms:100%',
    });
    await screenshot(page, 'console-faults');
    // Counts, a record of its own and a seed: shown as the spec writes them, and the seed kept in the form.
    await page
      .getByLabel('Faults (as for intake serve --faults)')
      .fill('POST @CON-9=503:next=2,latency:20ms:50%');
    await page.getByLabel('Seed (optional)').fill('nine');
    await page.getByRole('button', { name: 'Put in force' }).click();
    expect(await page.getByRole('alert').innerText()).toContain('The seed is a whole number');
    expect(await page.getByLabel('Faults (as for intake serve --faults)').inputValue()).toBe(
      'POST @CON-9=503:next=2,latency:20ms:50%',
    );
    await page.getByLabel('Seed (optional)').fill('4294967295');
    await page.getByRole('button', { name: 'Put in force' }).click();
    // The table is read once the page has its answer (allInnerTexts does not wait for it).
    await page.getByText('Drawn from seed 4294967295.').waitFor();
    const rows = await page.locator('#faults-state tbody tr').allInnerTexts();
    expect(rows.map((row) => row.split('\t').map((cell) => cell.trim()))).toEqual([
      ['POST @CON-9', '503 (Retry-After: 1)', 'the next 2', '0'],
      ['all requests', 'latency 20ms', '50%', '0'],
    ]);
    expect(await page.getByText('Drawn from seed 4294967295.').count()).toBe(1);
    expect(await page.getByLabel('Seed (optional)').inputValue()).toBe('4294967295');
    expect((await service.call('GET', '/local/faults')).json).toMatchObject({ seed: 4294967295 });
    await page.getByRole('button', { name: 'Clear all faults' }).click();
    await page.getByText('No faults in force.').waitFor();
    expect(await page.getByRole('button', { name: 'Clear all faults' }).count()).toBe(0);
    expect((await service.call('GET', '/local/faults')).json).toMatchObject({ spec: '' });
    await context.close();
    // A Korean page says a spec it cannot read in Korean, as a Korean terminal does.
    const korean = await openPage(b.browser, { locale: 'ko-KR' });
    await signIn(korean.page, TEST_CREDENTIALS.accessKeyId, TEST_CREDENTIALS.secretAccessKey);
    await korean.page.getByRole('link', { name: '장애 주입' }).click();
    await korean.page.getByLabel('장애 설정 (intake serve --faults 형식)').fill('teapot:5%');
    await korean.page.getByRole('button', { name: '적용' }).click();
    expect(await korean.page.getByRole('alert').innerText()).toBe(
      '"teapot:5%": "teapot"은(는) 장애 종류가 아닙니다. 장애 종류: 500, 503, 429, latency, stall, drop-before-commit, drop-after-commit',
    );
    await korean.context.close();
  });

  it("shows the faults set at start for every merchant, apart from the merchant's own", async () => {
    const started = await startService({ faults: 'GET /api/v1/rewards/=429:next=3', faultSeed: 11 });
    try {
      const { page, context } = await openPage(b.browser);
      await signIn(page, TEST_CREDENTIALS.accessKeyId, TEST_CREDENTIALS.secretAccessKey, started.baseUrl);
      await follow(page, page.getByRole('link', { name: 'Faults' }));
      expect(await page.getByText('No faults in force.').count()).toBe(1);
      const everyone = page.getByRole('region', { name: 'Set at start for every merchant' });
      expect(await everyone.locator('tbody tr').allInnerTexts()).toEqual([
        expect.stringMatching(/^GET \/api\/v1\/rewards\/\s+429 \(Retry-After: 1\)\s+the next 3\s+0$/),
      ]);
      expect(await everyone.getByText('Drawn from seed 11.').count()).toBe(1);
      await context.close();
    } finally {
      await started.close();
    }
  });

  it('keeps who is signed in and the language switch together on the right of the header, at any width', async () => {
    const { page, context } = await openPage(b.browser, { locale: 'en-US', width: 1280, height: 720 });
    await signIn(page, TEST_CREDENTIALS.accessKeyId, TEST_CREDENTIALS.secretAccessKey);
    const boxes = async () => {
      const signOut = await page.getByRole('button', { name: 'Sign out' }).boundingBox();
      const korean = await page.getByRole('link', { name: '한국어' }).boundingBox();
      return { signOut, korean };
    };
    // English is the longer navigation: whether the header takes one line or two, the switch sits on
    // the row of the sign-out, after it, at the right edge (not alone at the left of a line of its own).
    for (const width of [1280, 1100, 390]) {
      await page.setViewportSize({ width, height: 720 });
      const { signOut, korean } = await boxes();
      if (!signOut || !korean) throw new Error('the header has no sign-out or language switch');
      expect(Math.abs(signOut.y + signOut.height / 2 - (korean.y + korean.height / 2))).toBeLessThan(8);
      expect(korean.x).toBeGreaterThan(signOut.x + signOut.width);
      expect(width - (korean.x + korean.width)).toBeLessThan(120);
    }
    await context.close();
  });

  it('speaks Korean, names every control, and fits a narrow window', async () => {
    const { page, context } = await openPage(b.browser, { locale: 'ko-KR', width: 390, height: 800 });
    await signIn(page, TEST_CREDENTIALS.accessKeyId, TEST_CREDENTIALS.secretAccessKey);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('대화');
    await page.goto(`${service.baseUrl}/console/conversations?q=CON-1`);
    const unnamed =
      await page.evaluate(`[...document.querySelectorAll('input, select, textarea, button, a[href]')]
      .filter((el) => el.type !== 'hidden')
      .filter((el) => !((el.labels && el.labels.length > 0) || el.getAttribute('aria-label') || el.getAttribute('aria-labelledby') || (el.textContent || '').trim()))
      .map((el) => el.outerHTML.slice(0, 120))`);
    expect(unnamed).toEqual([]);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await screenshot(page, 'console-narrow-ko');
    // The request journal, narrowed, in Korean: every field named, nothing off the side.
    await page.goto(`${service.baseUrl}/console/requests?method=POST&id=CON-1`);
    const filter = page.getByRole('search', { name: '볼 요청' });
    expect(await filter.getByLabel('메서드').inputValue()).toBe('POST');
    expect(await filter.getByLabel('레코드 번호 (주문 또는 상품)').inputValue()).toBe('CON-1');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await screenshot(page, 'console-requests-narrow-ko');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'console-requests-ko');
    await page.setViewportSize({ width: 390, height: 800 });
    // Every page of the console, in Korean: no English sentence on any.
    const english: Record<string, string[]> = {};
    const broken: Record<string, string[]> = {};
    for (const path of [
      'conversations',
      'orders',
      'products',
      'jobs',
      'rewards',
      'faults',
      'marketplaces',
      'requests',
    ]) {
      await page.goto(`${service.baseUrl}/console/${path}`);
      english[path] = await englishOn(page, [/intake local marketplace seed \w+/g]);
      // Ids, times and numbers read whole on one line; the table scrolls sideways instead.
      broken[path] = await page.evaluate(BROKEN_CELLS);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    }
    expect(english).toEqual(Object.fromEntries(Object.keys(english).map((path) => [path, []])));
    expect(broken).toEqual(Object.fromEntries(Object.keys(broken).map((path) => [path, []])));
    // An order's items and shipments are cards at this width, each value under its column's name.
    expect((await service.call('POST', '/api/v1/orders/', { body: sampleOrder('CON-NARROW') })).status).toBe(
      202,
    );
    await service.local.apply();
    await page.goto(`${service.baseUrl}/console/orders/CON-NARROW`);
    const narrow = (await page.evaluate(narrowTables())) as { sideways: number[]; labels: string[][] };
    expect(narrow.sideways).toEqual([]);
    expect(narrow.labels[0]).toEqual(['번호', '상품', '옵션', '리뷰']);
    // So are the faults in force: each rule a card, its count in view.
    expect(
      (await service.call('PUT', '/local/faults', { body: { spec: '503:next=2,latency:50ms' } })).status,
    ).toBe(200);
    await page.goto(`${service.baseUrl}/console/faults`);
    const rules = (await page.evaluate(narrowTables('#faults-state'))) as {
      sideways: number[];
      labels: string[][];
    };
    expect(rules.sideways).toEqual([]);
    expect(rules.labels[0]).toEqual(['대상', '장애', '빈도', '주입 횟수']);
    expect((await service.call('DELETE', '/local/faults')).status).toBeLessThan(300);
    await page.goto(`${service.baseUrl}/console/conversations?q=CON-1`);
    await page.getByRole('link', { name: 'English' }).click();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Conversations');
    // A form from another site is refused before anything is done.
    const refused = await service.http('POST', '/console/clock/advance', {
      raw: 'by=7d',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://attacker.example' },
    });
    expect(refused.status).toBe(403);
    // A HEAD reads as a GET does (a check that the console is up, from anywhere): to the sign-in without
    // a session, the page's headers with one.
    const head = await service.http('HEAD', '/console/conversations', { headers: { authorization: '' } });
    expect([head.status, head.headers.location]).toEqual([303, '/console/sign-in']);
    const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
    const signedIn = await service.http('HEAD', '/console/conversations', { headers: { cookie } });
    expect([signedIn.status, signedIn.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    await context.close();
  });
});

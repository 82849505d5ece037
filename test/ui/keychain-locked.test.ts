import { describe, expect, it } from 'vitest';
import { CHROMIUM, openPage, screenshot, useBrowser } from '../helpers/browser.js';
import { useService } from '../helpers/cli.js';
import { FAKE_CREDENTIALS, fakes, marketplaceEnv, seedOrders } from '../helpers/marketplaces.js';
import { usePrivateKeyring } from '../helpers/private-keyring.js';
import { tempDir } from '../helpers/temp.js';
import { startUi } from '../helpers/ui.js';
import { enterCafe24App, WAIT_MS } from '../helpers/ui-page.js';
import { closedPortUrl } from '../helpers/net.js';

/**
 * A keychain locked while `intake ui` keeps keys in it (its check of the keychain was made when it first
 * kept some): the page says so and keeps nothing, instead of failing. The keychain is a Secret Service
 * of this file's own, so that locking it touches no other test's.
 */
const t = useService({ applyDelay: { minMs: 0, maxMs: 0 } });
const b = useBrowser();
const keychainEnv = {
  INTAKE_SECRET_STORAGE: 'keychain',
  INTAKE_KEYCHAIN_SERVICE: `intake-cli-locked-${process.pid}`,
};
const { runs, keyring } = usePrivateKeyring(keychainEnv);

/** `intake ui` on this file's keychain, with the marketplaces' fakes on the test's service. */
function startKeychainUi() {
  const baseUrls = Object.entries(marketplaceEnv(t.service)).filter(([name]) => name.endsWith('_BASE_URL'));
  return startUi({
    ...t.env,
    ...Object.fromEntries(baseUrls),
    ...keychainEnv,
    INTAKE_CONFIG_DIR: tempDir('intake-config-'),
    INTAKE_DATA_DIR: tempDir('intake-data-'),
  });
}

describe.skipIf(!CHROMIUM || !runs)('intake ui with a keychain locked after it kept keys', () => {
  it('says the keychain did not keep the keys (503), keeping the fields typed; then the card says it cannot be read, with no pull', async () => {
    const fake = fakes(t.service);
    await fake.reset('coupang');
    await fake.setUp('coupang');
    const ui = await startKeychainUi();
    const { page, context } = await openPage(b.browser, { locale: 'ko-KR' });
    await page.goto(ui.url);
    await page.getByRole('navigation').getByRole('link', { name: '마켓 연동' }).click();
    const card = page.locator('section[aria-labelledby="market-coupang"]');
    const enter = async () => {
      await card.getByLabel('업체코드 (A0…)').fill(FAKE_CREDENTIALS.coupang.vendor_id);
      await card.getByLabel('액세스 키').fill(FAKE_CREDENTIALS.coupang.access_key);
      await card.getByLabel('시크릿 키').fill(FAKE_CREDENTIALS.coupang.secret_key);
      const [answer] = await Promise.all([
        page.waitForResponse((response) => response.request().method() === 'POST'),
        card.getByLabel('시크릿 키').press('Enter'),
      ]);
      await page.waitForLoadState();
      return answer.status();
    };
    expect(await enter()).toBe(200);
    expect(await page.locator('.notice').innerText()).toBe(
      '쿠팡에서 인증 정보를 확인했습니다. 이 프로필용으로 운영체제 키체인에 보관했습니다.',
    );

    keyring().lock();
    // The card says where the keys are kept; its form is opened to enter them again.
    await card.getByText('인증 정보 바꾸기').click();
    expect(await enter()).toBe(503);
    const alert = await page.getByRole('alert').innerText();
    expect(alert).toContain('운영체제 키체인에 인증 정보를 보관하지 못했습니다 (잠겨 있거나 응답하지 않음).');
    expect(alert).toContain('아무것도 보관하지 않았습니다.');
    expect(alert).toMatch(/unlock|prompt|platform storage/i);
    expect(await card.getByLabel('업체코드 (A0…)').inputValue()).toBe(FAKE_CREDENTIALS.coupang.vendor_id);
    expect(await card.getByLabel('시크릿 키').inputValue()).toBe('');
    expect(await page.content()).not.toContain(FAKE_CREDENTIALS.coupang.secret_key);
    await screenshot(page, 'marketplace-keys-keychain-locked-ko');

    // Opened again, the card says its keys may be in the keychain, which could not be read: not "not
    // set up", and no pull or push to fail.
    await page.getByRole('navigation').getByRole('link', { name: '마켓 연동' }).click();
    await page.waitForLoadState();
    const locked = await card.getByRole('status').innerText();
    expect(locked).toContain('인증 정보가 운영체제 키체인에 있을 수 있지만 키체인을 읽을 수 없습니다');
    expect(locked).toMatch(/unlock|prompt|platform storage/i);
    expect(await card.innerText()).not.toContain('아직 연동되지 않았습니다');
    expect(await card.getByRole('button', { name: '쿠팡 주문 가져오기' }).count()).toBe(0);
    expect(await card.locator('details.keys').getAttribute('open')).toBeNull();
    await screenshot(page, 'marketplace-card-keychain-locked-ko');
    // A pull asked for all the same (a page opened before the lock) is a 503 in words, not a failure.
    const pulled =
      (await page.evaluate(`fetch(new URL('marketplaces/coupang/pull', document.baseURI), { method: 'POST' })
      .then(async (answer) => ({ status: answer.status, text: await answer.text() }))`)) as {
        status: number;
        text: string;
      };
    expect(pulled.status).toBe(503);
    expect(pulled.text).toContain('키체인을 읽을 수 없습니다');
    await context.close();
    expect((await ui.stop()).code).toBe(0);
  });

  it.each(['pasted', 'taken at a loopback redirect'] as const)(
    'Cafe24, its code %s: the mall gave its tokens and the keychain was locked: they are held, not lost with the spent code, and kept once it is unlocked',
    async (how) => {
      await keyring().unlock();
      const fake = fakes(t.service);
      await fake.reset('cafe24');
      // Pasted: its redirect address is not this machine's (the consent is never opened). Taken: Intake
      // waits at this machine's address for the code.
      const redirectUri =
        how === 'pasted'
          ? 'https://shop.example/cafe24/callback'
          : `${await closedPortUrl()}/cafe24/callback`;
      const app = { ...FAKE_CREDENTIALS.cafe24, redirect_uri: redirectUri };
      await fake.setUp('cafe24', { credentials: app });
      await fake.seed('cafe24', seedOrders('20261201-00000', 1));
      const ui = await startKeychainUi();
      const { page, context } = await openPage(b.browser, { locale: 'ko-KR' });
      await page.goto(ui.url);
      await page.getByRole('navigation').getByRole('link', { name: '마켓 연동' }).click();
      const card = page.locator('section[aria-labelledby="market-cafe24"]');
      // Keys kept by a test before (the keychain is this file's): their form is opened to enter others.
      if ((await card.locator('details.keys').getAttribute('open')) === null) {
        await card.locator('details.keys > summary').click();
      }
      await enterCafe24App(card, app);
      await page.waitForLoadState();

      keyring().lock();
      const submit = async (act: () => Promise<void>) => {
        const [answer] = await Promise.all([
          page.waitForResponse((response) => response.request().method() === 'POST'),
          act(),
        ]);
        await page.waitForLoadState();
        return answer.status();
      };
      if (how === 'pasted') {
        const code = await fake.cafe24Code();
        expect(
          await submit(async () => {
            await card.getByLabel('code 값 (code=…)').fill(code);
            await card.getByLabel('code 값 (code=…)').press('Enter');
          }),
        ).toBe(503);
      } else {
        // The consent, opened in a new tab, sends its code to Intake; the page that started it moves on.
        const [consentTab] = await Promise.all([
          context.waitForEvent('page'),
          card.getByRole('link', { name: '쇼핑몰 동의 페이지 (새 탭)' }).click(),
        ]);
        await consentTab.waitForURL(/\/marketplaces\/cafe24\/consent\/done$/, { timeout: WAIT_MS });
        await page.waitForURL(/\/marketplaces\/cafe24\/consent\/done$/, { timeout: WAIT_MS });
        await consentTab.close();
        // The person goes back to the tab they started from; a tab in the background is not drawn, so its
        // autofocus waits for it to come to the front.
        await page.bringToFront();
      }
      const held = async () => {
        expect(await page.getByRole('alert').innerText()).toContain(
          '쇼핑몰의 코드는 이미 쓰였지만 받은 토큰은 intake ui를 끌 때까지 여기에 있습니다',
        );
        // The next thing to do is to keep them: the keyboard is at the button.
        await expect
          .poll(() => page.evaluate('document.activeElement?.textContent?.trim()'), { timeout: WAIT_MS })
          .toBe('토큰 보관하기');
      };
      await held();
      if (how === 'pasted') {
        await screenshot(page, 'marketplace-cafe24-held-ko');
        // The page opened again (a person who went elsewhere meanwhile) still says so, with the button.
        await page.getByRole('navigation').getByRole('link', { name: '마켓 연동' }).click();
        await page.waitForLoadState();
        await held();
        await page.getByRole('link', { name: 'English' }).click();
        await page.waitForLoadState();
        expect(await page.getByRole('alert').innerText()).toContain(
          "The mall's code is spent, but its tokens are held here until intake ui stops",
        );
        expect(await card.innerText()).toContain(
          'The tokens the mall gave are held here until intake ui stops',
        );
        await screenshot(page, 'marketplace-cafe24-held-en');
        await page.setViewportSize({ width: 390, height: 844 });
        await screenshot(page, 'marketplace-cafe24-held-narrow-en');
        await page.setViewportSize({ width: 1280, height: 720 });
        await page.getByRole('link', { name: '한국어' }).click();
        await page.waitForLoadState();
      }
      // Still locked: still held.
      expect(await submit(() => page.keyboard.press('Enter'))).toBe(503);
      await held();

      await keyring().unlock();
      // Unlocked, the page opened again: the card says its tokens are held, not that it has none.
      await page.getByRole('navigation').getByRole('link', { name: '마켓 연동' }).click();
      await page.waitForLoadState();
      expect(await card.innerText()).toContain('받은 토큰을 아직 보관하지 않았습니다');
      expect(await card.innerText()).not.toContain('아직 연동되지 않았습니다');
      await held();
      expect(await submit(() => page.keyboard.press('Enter'))).toBe(200);
      expect(await page.locator('.notice').innerText()).toBe(
        '카페24에서 인증 정보를 확인했습니다. 이 프로필용으로 운영체제 키체인에 보관했습니다.',
      );
      // The tokens kept are the mall's: a pull takes its order.
      await card.getByRole('button', { name: '카페24 주문 가져오기' }).click();
      await page.waitForURL(/\/uploads\/[\w-]+$/, { timeout: WAIT_MS });
      expect(await page.locator('main').innerText()).toContain('주문 1건 보내기');
      await context.close();
      expect((await ui.stop()).code).toBe(0);
    },
  );
});

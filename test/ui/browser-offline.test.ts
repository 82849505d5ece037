import { describe, expect, it } from 'vitest';
import { CHROMIUM, openPage, useBrowser } from '../helpers/browser.js';

const b = useBrowser();

/**
 * The pages show products' images from the merchants' own URLs; in the tests those URLs are sample ones,
 * and nothing may be sent to them. The tests' browser refuses every request to another address before
 * it leaves (and resolves no name but localhost, should one slip past).
 */
describe.skipIf(!CHROMIUM)("the tests' browser stays on this machine", () => {
  it('an image or a fetch named elsewhere is refused by the browser itself, not by the network', async () => {
    const { context, page } = await openPage(b.browser);
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText}`));
    await page.setContent('<img id="product" src="https://shop.example.com/img/p-1001.jpg">');
    // In the page (its DOM types are not the tests'), as strings.
    await page.waitForFunction('document.getElementById("product").complete');
    expect(await page.evaluate('document.getElementById("product").naturalWidth')).toBe(0);
    const fetched = await page.evaluate(
      'fetch("https://shop.example.com/api").then(() => "answered", () => "refused")',
    );
    expect(fetched).toBe('refused');
    // Refused by the browser (Chromium names it ERR_BLOCKED_BY_CLIENT, from the inspector), where
    // without the refusal the name would have been looked up (ERR_NAME_NOT_RESOLVED here).
    expect(failed).toEqual([
      expect.stringMatching(/^https:\/\/shop\.example\.com\/img\/p-1001\.jpg net::ERR_BLOCKED_BY_CLIENT\b/),
      expect.stringMatching(/^https:\/\/shop\.example\.com\/api net::ERR_BLOCKED_BY_CLIENT\b/),
    ]);
    await context.close();
  });
});

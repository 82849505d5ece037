import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type FileChooser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { WAIT_MS } from './ui-page.js';

/**
 * Debian's Chromium, which Playwright's library drives headless. Without it the browser tests are
 * skipped with a line saying so, unless INTAKE_TEST_BROWSER=required (CI) makes that a failure.
 */
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
export const CHROMIUM = process.env.INTAKE_TEST_CHROMIUM ?? CANDIDATES.find((path) => existsSync(path));

if (!CHROMIUM) {
  const line = 'no Chromium found (Debian: chromium)';
  if (process.env.INTAKE_TEST_BROWSER === 'required')
    throw new Error(`INTAKE_TEST_BROWSER=required, but ${line}`);
  process.stderr.write(`skipping the browser tests: ${line}\n`);
}

/** Flags for a quiet, offline Chromium in a container: no sandbox, no GPU, nothing fetched in the background. */
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-extensions',
  // No name but localhost resolves: nothing the pages name elsewhere (a product's image) is looked up.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

/**
 * Keeps a browser context on this machine: a request to any other address (a product's image URL in the
 * sample data) is refused before it leaves, as an address that cannot be reached would be, so the pages
 * show what they show for an image that does not load.
 */
export async function keepLocal(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => !isLoopback(url) && url.protocol !== 'data:' && url.protocol !== 'blob:',
    (route) => route.abort('blockedbyclient'),
  );
}

/** A headless Chromium for the tests of a file, launched before them and closed after. */
export function useBrowser(): { readonly browser: Browser } {
  const state = {} as { browser: Browser };
  beforeAll(async () => {
    if (!CHROMIUM) return;
    state.browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
  }, 60_000);
  afterAll(async () => {
    await state.browser?.close();
  });
  return state;
}

/** A fresh browser profile (its own cookies) with a page in the language and size given. */
export async function openPage(
  browser: Browser,
  options: { locale?: 'ko-KR' | 'en-US'; width?: number; height?: number } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const locale = options.locale ?? 'en-US';
  const context = await browser.newContext({
    locale,
    extraHTTPHeaders: { 'accept-language': locale === 'ko-KR' ? 'ko-KR,ko;q=0.9' : 'en-US,en;q=0.9' },
    viewport: { width: options.width ?? 1280, height: options.height ?? 720 },
    acceptDownloads: true,
  });
  await keepLocal(context);
  // A busy machine (another test run beside this one) may take its time to lay a page out.
  context.setDefaultTimeout(WAIT_MS);
  const page = await context.newPage();
  // What the page's scripts report (a missing asset, a script error) fails the test that looks.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}

/**
 * The file choosers a page opens, each taken in turn by the function returned. Call it before the page
 * is used: Playwright asks the browser to report choosers only while someone listens, and asks without
 * waiting, so a chooser opened by a key press straight after `page.waitForEvent('filechooser')` can
 * open before the browser was asked, and is never reported (seen once in CI on a busy machine).
 * Listening from the start keeps the browser reporting them.
 */
export function fileChoosers(page: Page): () => Promise<FileChooser> {
  const opened: FileChooser[] = [];
  const waiting: ((chooser: FileChooser) => void)[] = [];
  page.on('filechooser', (chooser) => {
    const take = waiting.shift();
    if (take) take(chooser);
    else opened.push(chooser);
  });
  return () => {
    const chooser = opened.shift();
    return chooser ? Promise.resolve(chooser) : new Promise((resolve) => waiting.push(resolve));
  };
}

/** Drops a file on an element as a person drags it from their file manager. */
export async function dropFile(page: Page, selector: string, name: string, bytes: Buffer): Promise<void> {
  // In the page (its DOM types are not the tests'): a DataTransfer holding the file, as a drag brings it.
  const transfer = await page.evaluateHandle(`(() => {
    const data = Uint8Array.from(atob(${JSON.stringify(bytes.toString('base64'))}), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([data], ${JSON.stringify(name)}));
    return transfer;
  })()`);
  await page.dispatchEvent(selector, 'dragover', { dataTransfer: transfer });
  await page.dispatchEvent(selector, 'drop', { dataTransfer: transfer });
}

/**
 * Saves a screenshot of the page for the docs when INTAKE_SCREENSHOTS names a folder
 * (`npm run screenshots`); does nothing in a normal test run.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const folder = process.env.INTAKE_SCREENSHOTS;
  if (!folder) return;
  await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}

/**
 * What the tables in `scope` scroll sideways inside their frames (in pixels, one entry a table that
 * does), the cells whose text runs past their edge (the start of each), and the label a narrow window's
 * card shows before each cell of their first row (none where a table stays a table): for
 * `page.evaluate`.
 */
export const narrowTables = (scope = 'main'): string => `({
  sideways: [...document.querySelectorAll('${scope} .table-wrap')].map((w) => w.scrollWidth - w.clientWidth).filter((d) => d > 0),
  clipped: [...document.querySelectorAll('${scope} table td')].filter((td) => {
    const range = document.createRange();
    range.selectNodeContents(td);
    const edge = td.getBoundingClientRect().right;
    return [...range.getClientRects()].some((rect) => rect.right > edge + 1);
  }).map((td) => td.innerText.slice(0, 40)),
  labels: [...document.querySelectorAll('${scope} table')].map((table) =>
    [...(table.querySelector('tbody tr')?.children ?? [])].map((td) => getComputedStyle(td, '::before').content.replace(/^"|"$/g, ''))),
})`;

import type { Locator, Page } from 'playwright-core';
import { patience } from './patience.js';

/** How long a browser test waits for something the page does on its own (a send to end, the page to come back). */
export const WAIT_MS = patience(60_000);

/**
 * Clicks what loads another page (a link, a form's button) and waits until that page has loaded, so that what
 * is read next is read from it: a click returns once the navigation has begun, when the new page may still be
 * empty, and a count read then says 0 (it did, under load in CI).
 */
export async function follow(page: Page, target: Locator): Promise<void> {
  await Promise.all([page.waitForEvent('load', { timeout: WAIT_MS }), target.click()]);
}

/** The counts a card shows, as `{ label: count }`. */
export async function counts(page: Page, card: string): Promise<Record<string, number>> {
  const items = page.locator(`section[aria-labelledby="${card}"] ul.counts li`);
  const entries: [string, number][] = [];
  for (const item of await items.all()) {
    const count = (await item.locator('strong').innerText()).replace(/,/g, '');
    const label = (await item.innerText()).replace(/^[\d,]+/, '').trim();
    entries.push([label, Number(count)]);
  }
  return Object.fromEntries(entries);
}

/** Waits for the send to end (the events replace the progress with the results) and says how. */
export async function sendEnded(page: Page): Promise<string> {
  const state = page.locator('#results-title .badge');
  await state.waitFor({ timeout: WAIT_MS });
  return (await state.innerText()).trim();
}

/** The reason a row of the rows to fix gives, as shown. */
export async function reasonOf(page: Page, row: number): Promise<string> {
  return (await page.locator(`tr#row-${row} td.reason`).innerText()).trim();
}

/** The rows the table of rows to fix shows, in order. */
export async function rowsToFix(page: Page): Promise<number[]> {
  const ids = await page
    .locator('table.fix-table:not(.warned-table) tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.id));
  return ids.map((id) => Number(id.replace('row-', '')));
}

/** Opens a file on the home page (what it holds left to Intake unless given) and waits for its page. */
export async function checkFile(page: Page, path: string, kind?: string): Promise<void> {
  await page.locator('input#file').setInputFiles(path);
  if (kind) await page.locator('select#kind').selectOption(kind);
  await page.locator('form[action="uploads"] button[type=submit]').click();
  await page.waitForURL(/\/uploads\/[\w-]+(#.*)?$/, { timeout: WAIT_MS });
}

/** The text of the page's main part, for what it must never show (a command-line flag). */
export const mainText = (page: Page) => page.locator('main').innerText();

/** A Cafe24 app's keys typed in its card of the Korean marketplaces page, on to the mall's consent. */
export async function enterCafe24App(
  card: Locator,
  app: { mall_id: string; client_id: string; client_secret: string; redirect_uri: string },
): Promise<void> {
  await card.getByLabel('쇼핑몰 ID').fill(app.mall_id);
  await card.getByLabel('클라이언트 ID (Client ID)').fill(app.client_id);
  await card.getByLabel('클라이언트 시크릿 (Client Secret)').fill(app.client_secret);
  await card.getByLabel('리디렉션 주소 (선택)').fill(app.redirect_uri);
  await card.getByRole('button', { name: '쇼핑몰 동의로 넘어가기' }).click();
}

import type { Page } from 'playwright-core';

/**
 * English sentences on a page meant to be Korean: three Latin words or more in a row, addresses, file
 * names and `allowed` (commands typed as they are) aside. Single words (a column's key, a carrier's
 * code, a file's format) are the data's own.
 */
export async function englishOn(page: Page, allowed: readonly RegExp[] = []): Promise<string[]> {
  let text = (await page.locator('body').innerText())
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\S+\.(xlsx|csv|json|ndjson)\b/g, ' ');
  for (const pattern of allowed) text = text.replace(pattern, ' ');
  return text.match(/[A-Za-z][A-Za-z'’-]+(?: [A-Za-z][A-Za-z'’-]+){2,}/g) ?? [];
}

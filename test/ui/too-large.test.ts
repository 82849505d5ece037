import { readdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, keepLocal, openPage, useBrowser } from '../helpers/browser.js';
import { workspace } from '../helpers/files.js';
import { WAIT_MS } from '../helpers/ui-page.js';
import { offlineUiState } from '../helpers/ui-state.js';
import { buildUi } from '../../src/ui/build-ui.js';

const b = useBrowser();
const LIMIT = 64 * 1024;
const state = offlineUiState(LIMIT);
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  await state.sessions.prepare();
  app = await buildUi({ state });
  base = `${await app.listen({ host: '127.0.0.1', port: 0 })}${state.auth.base}`;
});
afterAll(async () => {
  await app.close();
  state.catalog.close();
});

describe.skipIf(!CHROMIUM)('intake ui: a file over the size taken', () => {
  it('is said at once in the page, and refused by the server with its size, keeping nothing', async () => {
    const files = workspace();
    const big = files.write('big.csv', `order_id\n${'A-1\n'.repeat(40_000)}`);
    const { page, context } = await openPage(b.browser);
    await page.goto(`${base}?token=${state.auth.newToken()}`);
    await page.getByLabel('Drop the file here, or choose it').setInputFiles(big);
    await page.getByRole('button', { name: 'Check the file' }).click();
    // Said before a byte is sent: the page did not change.
    expect(await page.locator('[data-form-error]').innerText()).toBe(
      'big.csv is 156 KB; at most 64 KB is taken. Split it into smaller files (by date, or by marketplace).',
    );
    expect(page.url()).toBe(base);
    await context.close();
    // Without the page's script (or from another client), the server refuses it the same way.
    const plain = await b.browser.newContext({ javaScriptEnabled: false });
    await keepLocal(plain);
    plain.setDefaultTimeout(WAIT_MS);
    const bare = await plain.newPage();
    await bare.goto(`${base}?token=${state.auth.newToken()}`);
    await bare.getByLabel('Drop the file here, or choose it').setInputFiles(big);
    await bare.getByRole('button', { name: 'Check the file' }).click();
    await bare.waitForURL(`${base}uploads`);
    expect(await bare.locator('[data-form-error]').innerText()).toMatch(
      /^big\.csv is 15\d KB; at most 64 KB is taken/,
    );
    expect(readdirSync(state.sessions.root)).toEqual([]);
    await plain.close();
  });
});

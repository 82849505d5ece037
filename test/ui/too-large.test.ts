import { readdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, openPage, useBrowser } from '../helpers/browser.js';
import { workspace } from '../helpers/files.js';
import { tempDir } from '../helpers/temp.js';
import { buildUi } from '../../src/ui/build-ui.js';
import { SessionStore } from '../../src/ui/sessions.js';
import type { UiState } from '../../src/ui/state.js';

const b = useBrowser();
const LIMIT = 64 * 1024;
const state: UiState = {
  sessions: new SessionStore(tempDir('intake-ui-')),
  services: {
    client: () => Promise.reject(new Error('no service in this test')),
    ledger: { dir: tempDir('intake-data-'), target: undefined },
    carriers: () => Promise.reject(new Error('no carriers in this test')),
  },
  profile: { name: 'default', baseUrl: 'http://127.0.0.1:9', accessKeyId: undefined, secretFrom: 'none' },
  status: () => Promise.reject(new Error('no status in this test')),
  maxBytes: LIMIT,
};
let app: FastifyInstance;
let origin: string;

beforeAll(async () => {
  await state.sessions.prepare();
  app = await buildUi({ state, token: 'token-of-this-test' });
  origin = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => app.close());

describe.skipIf(!CHROMIUM)('intake ui: a file over the size taken', () => {
  it('is said at once in the page, and refused by the server with its size, keeping nothing', async () => {
    const files = workspace();
    const big = files.write('big.csv', `order_id\n${'A-1\n'.repeat(40_000)}`);
    const { page, context } = await openPage(b.browser);
    await page.goto(`${origin}/?token=token-of-this-test`);
    await page.getByLabel('Drop the file here, or choose it').setInputFiles(big);
    await page.getByRole('button', { name: 'Check the file' }).click();
    // Said before a byte is sent: the page did not change.
    expect(await page.getByRole('alert').innerText()).toBe(
      'big.csv is 156 KB; at most 64 KB is taken. Split it into smaller files (by date, or by marketplace).',
    );
    expect(page.url()).toBe(`${origin}/`);
    await context.close();
    // Without the page's script (or from another client), the server refuses it the same way.
    const plain = await b.browser.newContext({ javaScriptEnabled: false });
    const bare = await plain.newPage();
    await bare.goto(`${origin}/?token=token-of-this-test`);
    await bare.getByLabel('Drop the file here, or choose it').setInputFiles(big);
    await bare.getByRole('button', { name: 'Check the file' }).click();
    await bare.waitForURL(`${origin}/uploads`);
    expect(await bare.getByRole('alert').innerText()).toMatch(/^big\.csv is 15\d KB; at most 64 KB is taken/);
    expect(readdirSync(state.sessions.root)).toEqual([]);
    await plain.close();
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { expect } from 'vitest';
import { FIXTURES } from './files.js';
import { rawRequest } from './net.js';
import {
  BOUNDARY,
  countStatus,
  expectPageAnswer,
  named,
  oddSegment,
  pageFuzzRequest,
  sendPageRequest,
  withQuery,
  type PageTarget,
} from './page-fuzz.js';
import { tempDir } from './temp.js';
import { startUi, type UiRun } from './ui.js';

/** The samples uploaded for a fuzz run to aim at: CSV, a marketplace's workbook, rows to fix, shipments. */
const FUZZED_UPLOADS = ['orders.csv', 'orders-with-errors.csv', 'smartstore-orders.xlsx', 'shipments.csv'];

/** A path of `intake ui`: its routes, with the uploads (by their places) or odd ids in their places. */
const uiPath = (() => {
  const upload = named('upload', FUZZED_UPLOADS.length);
  const uploadPart = fc.constantFrom(
    ...[
      '',
      '/read',
      '/catalog',
      '/mapping',
      '/fixes',
      '/send',
      '/stop',
      '/events',
      '/products',
      '/remove',
      '/',
    ],
    ...['/rejects.csv', '/rejects.xlsx', '/rejects.ndjson', '/rejects.exe', '/report.csv'],
  );
  const route = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        ...['', 'catalog', 'catalog/import', 'catalog.csv', 'uploads', 'history', 'status', 'status/sign-in'],
        ...['marketplaces', 'alive', 'templates/orders.csv', 'templates/shipments.xlsx', 'nowhere'],
        ...['marketplaces/cafe24/consent/done', 'marketplaces/cafe24/consent/done/wait'],
      ),
    },
    { weight: 8, arbitrary: fc.tuple(upload, uploadPart).map(([id, part]) => `uploads/${id}${part}`) },
    { weight: 1, arbitrary: upload.map((id) => `history/${id}/resume`) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.oneof(fc.constantFrom('naver', 'coupang', 'cafe24'), oddSegment),
          fc.constantFrom('pull', 'push', 'keys', 'consent', 'keep-held', ''),
        )
        .map(([market, verb]) => `marketplaces/${market}/${verb}`),
    },
    { weight: 1, arbitrary: oddSegment.map((name) => `templates/${name}`) },
    { weight: 1, arbitrary: oddSegment.map((name) => `assets/${name}`) },
  );
  return withQuery(route, ['lang', 'page', 'q', 'outcome', 'before', 'kind', 'token']);
})();

/** The names the page's forms use (and a few they do not). */
const uiFieldName = fc.oneof(
  fc.constantFrom(
    ...['kind', 'headerRow', 'sheet', 'preset', 'password', 'saveAs', 'missing', 'update', 'outcome'],
    ...['undo', 'undrop', 'drop', 'reset', 'q', 'id', 'name', 'image_url', 'access_key_id'],
    ...[
      'secret_access_key',
      'profile',
      'base_url',
      'map:order_id',
      'clientId',
      'clientSecret',
      'vendorId',
      'accessKey',
      'secretKey',
      'keyIssuedAt',
      'mallId',
      'redirectUri',
      'code',
      'map:__proto__',
      'map:constructor',
      'cell:__proto__',
      'map:주문번호',
      'map:',
      'cell:',
      'cell:1',
    ],
  ),
  fc
    .tuple(fc.integer({ min: -1, max: 60 }), fc.integer({ min: -1, max: 40 }))
    .map(([row, at]) => `cell:${row}:${at}`),
);

/** A marketplace's pull, push or keys' check: the page says the marketplace could not be reached with a 502. */
const marketplaceCall = (request: { method: string; path: string }) =>
  request.method === 'POST' && /^marketplaces\/[^/?]+\/(pull|push|keys)(\?|$)/.test(request.path);

/** Every marketplace at a loopback address where nothing listens: keys a fuzzed form keeps go nowhere else. */
const NOWHERE = 'http://127.0.0.1:9';
const MARKETPLACES_NOWHERE = {
  INTAKE_NAVER_BASE_URL: NOWHERE,
  INTAKE_COUPANG_BASE_URL: NOWHERE,
  INTAKE_CAFE24_BASE_URL: `${NOWHERE}/{mall_id}`,
};

/** Signs in with the one-time token as a browser would: the cookie. */
export async function signInCookie(ui: UiRun): Promise<string> {
  const answer = await rawRequest(ui.url);
  expect(answer.status).toBe(303);
  return String((answer.headers['set-cookie'] as string[])[0]).split(';')[0] as string;
}

/** Uploads a fixture from the page's form: the upload's id. */
async function uploadFixture(ui: UiRun, cookie: string, name: string): Promise<string> {
  const form = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    readFileSync(join(FIXTURES, name)),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const made = await rawRequest(`${ui.address}uploads`, {
    method: 'POST',
    headers: { cookie, origin: ui.origin, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    body: form,
  });
  expect(made.status).toBe(303);
  return String(made.headers.location).split('/').pop() as string;
}

/**
 * Starts `intake ui` on `env` (a data folder of its own), uploads four samples from its form, then sends
 * `runs` fuzzed requests: each answered as a page answers (see `expectPageAnswer`), none reset; an upload
 * removed is made again. It ends as Ctrl-C ends it, with exit 0 and no failure of its own in what it
 * printed. The statuses seen, by count.
 */
export async function fuzzUi(
  env: Record<string, string>,
  { runs, seed }: { runs: number; seed: number },
): Promise<Map<number, number>> {
  const ui = await startUi({
    ...env,
    ...MARKETPLACES_NOWHERE,
    INTAKE_CONFIG_DIR: tempDir('intake-config-'),
    INTAKE_DATA_DIR: tempDir('intake-data-'),
    INTAKE_SECRET_STORAGE: 'file',
  });
  const statuses = new Map<number, number>();
  try {
    const cookie = await signInCookie(ui);
    const uploads: string[] = [];
    for (const name of FUZZED_UPLOADS) uploads.push(await uploadFixture(ui, cookie, name));
    const target: PageTarget = {
      origin: ui.origin,
      base: new URL(ui.address).pathname,
      cookie,
      names: { upload: uploads },
    };
    await fc.assert(
      fc.asyncProperty(pageFuzzRequest(uiPath, uiFieldName), async (request) => {
        const answer = await sendPageRequest(target, request);
        countStatus(statuses, answer.status);
        expectPageAnswer(request, answer, { upstream: marketplaceCall });
        const removed = /^uploads\/\{upload:(\d+)\}\/remove(\?|$)/.exec(request.path);
        if (removed && request.method === 'POST' && answer.status === 303) {
          const place = Number(removed[1]);
          uploads[place] = await uploadFixture(ui, cookie, FUZZED_UPLOADS[place] as string);
        }
      }),
      { numRuns: runs, seed },
    );
  } finally {
    const ended = await ui.stop();
    expect(ended.code).toBe(0);
    expect(ended.stderr).not.toContain('internal error');
  }
  return statuses;
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { expect } from 'vitest';
import { FIXTURES } from './files.js';
import { rawRequest } from './net.js';
import { tempDir } from './temp.js';
import { startUi, type UiRun } from './ui.js';

/** `intake ui` signed in, with uploads of its own to aim at. */
export interface FuzzTarget {
  ui: UiRun;
  cookie: string;
  /** The page's base path (`/p/<secret>/`). */
  base: string;
  uploads: string[];
}

export interface UiFuzzRequest {
  method: string;
  path: string;
  /** Who sends it: the signed-in page, a browser without the cookie, or one from another origin. */
  from: 'page' | 'no-cookie' | 'other-origin';
  contentType: string | undefined;
  body: string | Buffer | undefined;
}

const BOUNDARY = 'fuzz-boundary';

/** Text a field or a path may carry: words the page uses, numbers out of range, escapes, long and empty. */
const oddText = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '0',
      '1',
      '-1',
      '2',
      '99999999999999999999',
      '1e3',
      'NaN',
      'orders',
      'shipments',
    ),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '주문',
      '"',
      "'",
      '<script>',
      '../..',
      '\u0000',
      'smartstore-orders',
      'naver',
      'ko',
      'en',
    ),
  },
  { weight: 3, arbitrary: fc.string({ maxLength: 16 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 20_000 }).map((length) => 'x'.repeat(length)) },
);

const oddSegment = fc.oneof(
  { weight: 6, arbitrary: oddText.map((text) => encodeURIComponent(text)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('..', '.', '%', '%ZZ', '%00', '%2F', '%2e%2e', '%E0%A4%A', '%C0%AF'),
  },
);

/** Where a path names one of the target's uploads by its place (`{upload:2}`): filled in when sent. */
const UPLOAD_PLACE = /\{upload:(\d+)\}/;

/**
 * A path under the page's base: its routes, with the target's uploads (by their places, as one removed is
 * made again) or odd ids in their places.
 */
function pagePath(uploads: number): fc.Arbitrary<string> {
  const id = fc.oneof(
    { weight: 4, arbitrary: fc.nat({ max: uploads - 1 }).map((place) => `{upload:${place}}`) },
    { weight: 1, arbitrary: oddSegment },
  );
  const uploadPart = fc.constantFrom(
    '',
    '/read',
    '/catalog',
    '/mapping',
    '/fixes',
    '/send',
    '/stop',
    '/events',
    '/rejects.csv',
    '/rejects.xlsx',
    '/rejects.ndjson',
    '/rejects.exe',
    '/report.csv',
    '/products',
    '/remove',
    '/',
  );
  const route = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        '',
        'catalog',
        'catalog/import',
        'catalog.csv',
        'uploads',
        'history',
        'status',
        'status/sign-in',
        'marketplaces',
        'alive',
        'templates/orders.csv',
        'templates/shipments.xlsx',
        'nowhere',
      ),
    },
    { weight: 8, arbitrary: fc.tuple(id, uploadPart).map(([upload, part]) => `uploads/${upload}${part}`) },
    { weight: 1, arbitrary: id.map((upload) => `history/${upload}/resume`) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.oneof(fc.constantFrom('naver', 'coupang', 'cafe24'), oddSegment),
          fc.constantFrom('pull', 'push', ''),
        )
        .map(([market, verb]) => `marketplaces/${market}/${verb}`),
    },
    { weight: 1, arbitrary: oddSegment.map((name) => `templates/${name}`) },
    { weight: 1, arbitrary: oddSegment.map((name) => `assets/${name}`) },
  );
  const query = fc.option(
    fc
      .array(
        fc.tuple(fc.constantFrom('lang', 'page', 'q', 'outcome', 'before', 'kind', 'token'), oddSegment),
        {
          minLength: 1,
          maxLength: 3,
        },
      )
      .map((pairs) => `?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}`),
    { nil: '', freq: 3 },
  );
  return fc.tuple(route, query).map(([at, search]) => `${at}${search}`);
}

/** The names the page's forms use (and a few they do not), with odd values. */
const fieldName = fc.oneof(
  fc.constantFrom(
    'kind',
    'headerRow',
    'sheet',
    'preset',
    'password',
    'saveAs',
    'missing',
    'update',
    'outcome',
    'undo',
    'undrop',
    'drop',
    'reset',
    'q',
    'id',
    'name',
    'image_url',
    'access_key_id',
    'secret_access_key',
    'profile',
    'base_url',
  ),
  fc
    .tuple(fc.integer({ min: -1, max: 60 }), fc.integer({ min: -1, max: 40 }))
    .map(([row, at]) => `cell:${row}:${at}`),
  fc.constantFrom('map:order_id', 'map:주문번호', 'map:', 'cell:', 'cell:1', 'map:상품주문번호'),
  fc.string({ maxLength: 10 }),
);

const fields = fc.array(fc.tuple(fieldName, oddText), { maxLength: 6 });

/** A CSV-ish file a part may carry: the sample orders, a piece of one, or bytes. */
const fileBody = fc.oneof(
  fc.constant(readFileSync(join(FIXTURES, 'orders.csv'))),
  fc.constant(readFileSync(join(FIXTURES, 'catalog.csv'))),
  fc.constant(Buffer.from('order_id,recipient_name\nA-1,김\n')),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
  fc.constant(Buffer.alloc(0)),
);

const multipart = fc
  .tuple(
    fields,
    fc.array(
      fc.tuple(
        fc.constantFrom('file', 'catalog', 'products', 'other'),
        fc.constantFrom('orders.csv', 'a.xlsx', '../../x.csv', '', '주문.csv', 'a"b.csv'),
        fileBody,
      ),
      { maxLength: 2 },
    ),
    fc.boolean(),
  )
  .map(([named, files, finished]) => {
    const parts: Buffer[] = named.map(([name, value]) =>
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
    for (const [name, filename, body] of files) {
      parts.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
        ),
        body,
        Buffer.from('\r\n'),
      );
    }
    if (finished) parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
    return Buffer.concat(parts);
  });

const body: fc.Arbitrary<{ contentType: string | undefined; body: string | Buffer | undefined }> = fc.oneof(
  {
    weight: 3,
    arbitrary: fields.map((pairs) => ({
      contentType: 'application/x-www-form-urlencoded',
      body: new URLSearchParams(pairs).toString(),
    })),
  },
  {
    weight: 2,
    arbitrary: multipart.map((form) => ({
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      body: form,
    })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          'application/json',
          'text/plain',
          'multipart/form-data',
          'application/x-www-form-urlencoded; charset=euc-kr',
          undefined,
        ),
        fc.oneof(oddText, fc.constant('{"kind":"orders"}'), fc.constant('%%%&&=')),
      )
      .map(([contentType, text]) => ({ contentType, body: text })),
  },
  { weight: 1, arbitrary: fc.constant({ contentType: undefined, body: undefined }) },
);

/** A request to `intake ui`: mostly from the signed-in page, to its routes, with its forms' fields. */
export function uiFuzzRequest(uploads: number): fc.Arbitrary<UiFuzzRequest> {
  return fc
    .record({
      method: fc.oneof(
        { weight: 10, arbitrary: fc.constantFrom('GET', 'POST') },
        { weight: 1, arbitrary: fc.constantFrom('HEAD', 'PUT', 'DELETE', 'OPTIONS', 'PATCH') },
      ),
      path: pagePath(uploads),
      from: fc.oneof(
        { weight: 12, arbitrary: fc.constant('page') },
        { weight: 1, arbitrary: fc.constantFrom('no-cookie', 'other-origin') },
      ),
      payload: body,
    })
    .map(({ method, path, from, payload }) => ({
      method,
      path,
      from: from as UiFuzzRequest['from'],
      ...(method === 'GET' || method === 'HEAD' ? { contentType: undefined, body: undefined } : payload),
    }));
}

/** Sends a fuzzed request as it is, and what came back. */
export function sendUiRequest(target: FuzzTarget, request: UiFuzzRequest) {
  const origin = request.from === 'other-origin' ? 'http://127.0.0.1:1' : target.ui.origin;
  const headers: Record<string, string> = { origin, 'accept-language': 'ko' };
  if (request.from !== 'no-cookie') headers.cookie = target.cookie;
  if (request.contentType !== undefined) headers['content-type'] = request.contentType;
  return rawRequest(target.ui.address, {
    method: request.method,
    path: `${target.base}${request.path.replace(UPLOAD_PLACE, (_, place: string) => target.uploads[Number(place)] ?? '')}`,
    headers,
    ...(request.body === undefined ? {} : { body: request.body }),
  });
}

/**
 * What every answer must be: a page's answer (never a failure of its own, a 5xx), but a marketplace that
 * could not be reached (502, said on the page).
 */
export function expectPageAnswer(request: UiFuzzRequest, answer: { status: number; body: string }): void {
  const upstream = request.method === 'POST' && /^marketplaces\/[^/?]+\/(pull|push)(\?|$)/.test(request.path);
  if (answer.status === 502 && upstream) return;
  expect(
    answer.status,
    `${request.method} ${request.path} (${request.from}): ${answer.body.slice(0, 300)}`,
  ).toBeLessThan(500);
}

/** Signs in with the one-time token as a browser would: the cookie. */
export async function signInCookie(ui: UiRun): Promise<string> {
  const answer = await rawRequest(ui.url);
  expect(answer.status).toBe(303);
  return String((answer.headers['set-cookie'] as string[])[0]).split(';')[0] as string;
}

/** Uploads a fixture from the page's form: the upload's id. */
export async function uploadFixture(ui: UiRun, cookie: string, name: string): Promise<string> {
  const file = readFileSync(join(FIXTURES, name));
  const form = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
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

/** The samples uploaded for a fuzz run to aim at: CSV, a marketplace's workbook, rows to fix, shipments. */
const FUZZED_UPLOADS = ['orders.csv', 'orders-with-errors.csv', 'smartstore-orders.xlsx', 'shipments.csv'];

/**
 * Starts `intake ui` on `env` (a data folder of its own), uploads four samples from its form, then sends
 * `runs` fuzzed requests: each answered as a page answers (see `expectPageAnswer`), none reset. It ends
 * as Ctrl-C ends it, with exit 0 and no failure of its own in what it printed. The statuses seen, by count.
 */
export async function fuzzUi(
  env: Record<string, string>,
  { runs, seed }: { runs: number; seed: number },
): Promise<Map<number, number>> {
  const ui = await startUi({ ...env, INTAKE_DATA_DIR: tempDir('intake-data-') });
  const statuses = new Map<number, number>();
  try {
    const cookie = await signInCookie(ui);
    const uploads: string[] = [];
    for (const name of FUZZED_UPLOADS) uploads.push(await uploadFixture(ui, cookie, name));
    const target: FuzzTarget = { ui, cookie, base: new URL(ui.address).pathname, uploads };
    await fc.assert(
      fc.asyncProperty(uiFuzzRequest(uploads.length), async (request) => {
        const answer = await sendUiRequest(target, request);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        expectPageAnswer(request, answer);
        // An upload removed is made again, so that the rest of the run still has each to aim at.
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

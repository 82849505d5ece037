import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { expect } from 'vitest';
import { FIXTURES } from './files.js';
import { rawRequest } from './net.js';

/** A request to a server's pages (`intake ui`, the console), as the fuzz sends it. */
export interface PageFuzzRequest {
  method: string;
  /** Below the pages' base path, with its query; `{name:N}` stands for the target's Nth name. */
  path: string;
  /** Who sends it: the signed-in page, a browser without the cookie, or one from another origin. */
  from: 'page' | 'no-cookie' | 'other-origin';
  contentType: string | undefined;
  body: string | Buffer | undefined;
}

/** Where the fuzz sends: the server, its pages' base path, a signed-in cookie, and names to aim at. */
export interface PageTarget {
  /** The server's address (`http://127.0.0.1:PORT`). */
  origin: string;
  /** The pages' base path, ending in `/`. */
  base: string;
  cookie: string;
  /** Names a path takes by place (uploads, orders): `{upload:2}` is `names.upload[2]`. */
  names: Record<string, string[]>;
}

export const BOUNDARY = 'fuzz-boundary';

/** Text a field or a path may carry: words the pages use, numbers out of range, escapes, long and empty. */
export const oddText = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom('', ' ', '0', '1', '-1', '2', '99999999999999999999', '1e3', 'NaN', 'orders'),
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
      '1d',
      '503:next=2',
      'ko',
      'en',
    ),
  },
  {
    // Names every JavaScript object has: a table looked up by them must not find them.
    weight: 2,
    arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'),
  },
  { weight: 3, arbitrary: fc.string({ maxLength: 16 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 20_000 }).map((length) => 'x'.repeat(length)) },
);

/** A path's segment: odd text escaped, or escapes that are not. */
export const oddSegment = fc.oneof(
  { weight: 6, arbitrary: oddText.map((text) => encodeURIComponent(text)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('..', '.', '%', '%ZZ', '%00', '%2F', '%2e%2e', '%E0%A4%A', '%C0%AF'),
  },
);

/** One of the target's names by its place (filled in when sent), or an odd one. */
export const named = (name: string, count: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.nat({ max: count - 1 }).map((place) => `{${name}:${place}}`) },
    { weight: 1, arbitrary: oddSegment },
  );

/** A path with, a third of the time, a query of the given names and odd values. */
export function withQuery(path: fc.Arbitrary<string>, names: readonly string[]): fc.Arbitrary<string> {
  // A query, a time in three.
  const query = fc.oneof(
    { weight: 2, arbitrary: fc.constant('') },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(fc.constantFrom(...names), oddSegment), { minLength: 1, maxLength: 3 })
        .map((pairs) => `?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}`),
    },
  );
  return fc.tuple(path, query).map(([at, search]) => `${at}${search}`);
}

/** A CSV-ish file a part may carry: the sample orders, a piece of one, or bytes. */
const fileBody = fc.oneof(
  fc.constant(readFileSync(join(FIXTURES, 'orders.csv'))),
  fc.constant(readFileSync(join(FIXTURES, 'catalog.csv'))),
  fc.constant(Buffer.from('order_id,recipient_name\nA-1,김\n')),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
  fc.constant(Buffer.alloc(0)),
);

function multipart(fields: fc.Arbitrary<[string, string][]>): fc.Arbitrary<Buffer> {
  const file = fc.tuple(
    fc.constantFrom('file', 'catalog', 'products', 'other'),
    fc.constantFrom('orders.csv', 'a.xlsx', '../../x.csv', '', '주문.csv', 'a"b.csv'),
    fileBody,
  );
  return fc.tuple(fields, fc.array(file, { maxLength: 2 }), fc.boolean()).map(([pairs, files, finished]) => {
    const parts: Buffer[] = pairs.map(([name, value]) =>
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
    for (const [name, filename, body] of files) {
      const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`;
      parts.push(Buffer.from(head), body, Buffer.from('\r\n'));
    }
    if (finished) parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
    return Buffer.concat(parts);
  });
}

type Body = { contentType: string | undefined; body: string | Buffer | undefined };

/** A form's body: fields of the given names (and others) with odd values, as a form, multipart, or neither. */
function formBody(fieldName: fc.Arbitrary<string>, value: fc.Arbitrary<string>): fc.Arbitrary<Body> {
  const fields = fc.array(fc.tuple(fc.oneof(fieldName, fc.string({ maxLength: 10 })), value), {
    maxLength: 6,
  });
  const other = fc.tuple(
    fc.constantFrom(
      'application/json',
      'text/plain',
      'multipart/form-data',
      'application/x-www-form-urlencoded; charset=euc-kr',
      undefined,
    ),
    fc.oneof(oddText, fc.constant('{"kind":"orders"}'), fc.constant('%%%&&=')),
  );
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fields.map((pairs) => ({
        contentType: 'application/x-www-form-urlencoded',
        body: new URLSearchParams(pairs).toString(),
      })),
    },
    {
      weight: 2,
      arbitrary: multipart(fields).map((form) => ({
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        body: form,
      })),
    },
    { weight: 1, arbitrary: other.map(([contentType, text]) => ({ contentType, body: text })) },
    { weight: 1, arbitrary: fc.constant({ contentType: undefined, body: undefined }) },
  );
}

/**
 * A request to pages: mostly GET and POST from the signed-in page, to `path`, with forms of `fieldName`
 * and odd values (or `value`s: words the forms take, mixed in).
 */
export function pageFuzzRequest(
  path: fc.Arbitrary<string>,
  fieldName: fc.Arbitrary<string>,
  value: fc.Arbitrary<string> = oddText,
): fc.Arbitrary<PageFuzzRequest> {
  return fc
    .record({
      method: fc.oneof(
        { weight: 10, arbitrary: fc.constantFrom('GET', 'POST') },
        { weight: 1, arbitrary: fc.constantFrom('HEAD', 'PUT', 'DELETE', 'OPTIONS', 'PATCH') },
      ),
      path,
      from: fc.oneof(
        { weight: 12, arbitrary: fc.constant('page' as const) },
        { weight: 1, arbitrary: fc.constantFrom('no-cookie' as const, 'other-origin' as const) },
      ),
      payload: formBody(fieldName, value === oddText ? oddText : fc.oneof(value, oddText)),
    })
    .map(({ method, path: at, from, payload }) => ({
      method,
      path: at,
      from,
      ...(method === 'GET' || method === 'HEAD' ? { contentType: undefined, body: undefined } : payload),
    }));
}

/** The request's path with the target's names in their places. */
export const filled = (target: PageTarget, path: string) =>
  path.replace(
    /\{(\w+):(\d+)\}/g,
    (_, name: string, place: string) => target.names[name]?.[Number(place)] ?? '',
  );

/** Sends a fuzzed request as it is (nothing made tidy), and what came back. */
export function sendPageRequest(target: PageTarget, request: PageFuzzRequest) {
  const origin = request.from === 'other-origin' ? 'http://127.0.0.1:1' : target.origin;
  const headers: Record<string, string> = { origin, 'accept-language': 'ko' };
  if (request.from !== 'no-cookie') headers.cookie = target.cookie;
  if (request.contentType !== undefined) headers['content-type'] = request.contentType;
  return rawRequest(target.origin, {
    method: request.method,
    path: `${target.base}${filled(target, request.path)}`,
    headers,
    ...(request.body === undefined ? {} : { body: request.body }),
  });
}

/** What a front end may answer other than a page: a 502 for another system, a refusal not meant for a page. */
export interface PageAnswerRules {
  /** The page reports another system that could not be reached (a 502, said on the page). */
  upstream?: (request: PageFuzzRequest) => boolean;
  /** A refusal answered as plain text by design (a live stream asked for without a session: 401). */
  plain?: (request: PageFuzzRequest, status: number) => boolean;
}

/**
 * What every answer must be: a page's answer, never a failure of its own (a 5xx but as `rules` allow),
 * and every refusal a page (HTML) in the front end's words, never a framework's JSON.
 */
export function expectPageAnswer(
  request: PageFuzzRequest,
  answer: { status: number; body: string; headers: Record<string, unknown> },
  rules: PageAnswerRules = {},
): void {
  const said = `${request.method} ${request.path.slice(0, 200)} (${request.from}): ${answer.body.slice(0, 300)}`;
  if (!(answer.status === 502 && rules.upstream?.(request))) expect(answer.status, said).toBeLessThan(500);
  if (answer.status >= 400 && !rules.plain?.(request, answer.status)) {
    expect(String(answer.headers['content-type']), said).toMatch(/^text\/html; charset=utf-8/);
  }
}

/** Counts a status among those seen. */
export const countStatus = (statuses: Map<number, number>, status: number) =>
  statuses.set(status, (statuses.get(status) ?? 0) + 1);

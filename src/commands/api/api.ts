import { readFile } from 'node:fs/promises';
import { Command } from 'commander';
import { EXIT, ExitCode, UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeValue } from '../../cli/output.js';
import type { HttpResult } from '../../client/http.js';
import { fieldsBody, fieldsQuery, parseField, type ApiField } from './fields.js';
import { readErrorReason } from '../../util/file-errors.js';
import { apiWords } from './words.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

export interface ApiOptions {
  method: (typeof METHODS)[number];
  /** The path from the service's root, with a query if any: `/api/v1/health/`. */
  path: string;
  /** Where the body comes from: a file, or `-` for standard input. */
  input?: string;
  headers: Record<string, string>;
  include: boolean;
  /** `-f` and `-F` fields: a JSON body, or the query of a GET (or of a request with `--input`). */
  fields: ApiField[];
  /** Follow redirects of the service (307, 308) to its own address; false with `--no-follow`. */
  follow: boolean;
  /** Follow `Link: <…>; rel="next"` and give every page's `results` as one list. */
  paginate: boolean;
}

interface ApiFlags {
  input?: string;
  header: string[];
  include?: boolean;
  rawField: string[];
  field: string[];
  follow: boolean;
  paginate?: boolean;
}

/** Redirects followed at most, as a browser or gh would. */
const MAX_REDIRECTS = 10;
/** Pages read at most with `--paginate`. */
const MAX_PAGES = 1000;

/** Checks the method, the path and the headers. */
export function apiOptions(method: string, path: string, flags: ApiFlags): ApiOptions {
  const upper = method.toUpperCase();
  if (!(METHODS as readonly string[]).includes(upper)) {
    throw new UsageError(`"${method}" is not an HTTP method: ${METHODS.join(', ')}`);
  }
  if (!path.startsWith('/')) {
    throw new UsageError(`the path must start with /, as in /api/v1/health/ (not "${path}")`);
  }
  const headers: Record<string, string> = {};
  for (const header of flags.header) {
    const colon = header.indexOf(':');
    if (colon <= 0) throw new UsageError(`-H "${header}" is not "Name: value"`);
    headers[header.slice(0, colon).trim().toLowerCase()] = header.slice(colon + 1).trim();
  }
  const fields = [
    ...flags.rawField.map((field) => parseField(field, false)),
    ...flags.field.map((field) => parseField(field, true)),
  ];
  if (flags.paginate && upper !== 'GET') throw new UsageError('--paginate is for GET requests');
  return {
    method: upper as ApiOptions['method'],
    path,
    ...(flags.input === undefined ? {} : { input: flags.input }),
    headers,
    include: flags.include === true,
    fields,
    follow: flags.follow,
    paginate: flags.paginate === true,
  };
}

async function readInput(f: Factory, input: string): Promise<Buffer> {
  if (input === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of f.io.stdin)
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    return Buffer.concat(chunks);
  }
  try {
    return await readFile(input);
  } catch (error) {
    throw new UsageError(`cannot read --input ${input}: ${readErrorReason(error)}`);
  }
}

/** The exit code of an answer, as for every other command; a redirect not followed did nothing. */
function exitCodeOf(status: number): number {
  if (status >= 300 && status < 400) return EXIT.failure;
  if (status < 400) return EXIT.ok;
  if (status === 401) return EXIT.auth;
  if (status < 500) return EXIT.rejected;
  return EXIT.failure;
}

/** The request's body and path once the fields are placed: in the body, or in the query. */
async function requestOf(f: Factory, options: ApiOptions): Promise<{ path: string; raw?: Buffer | string }> {
  let stdin: Promise<string> | undefined;
  const readStdin = () => (stdin ??= readInput(f, '-').then((bytes) => bytes.toString('utf8')));
  const raw = options.input === undefined ? undefined : await readInput(f, options.input);
  const inQuery = options.method === 'GET' || options.method === 'HEAD' || raw !== undefined;
  if (options.fields.length === 0 || !inQuery) {
    const body =
      options.fields.length === 0 ? raw : JSON.stringify(await fieldsBody(options.fields, readStdin));
    return { path: options.path, ...(body === undefined ? {} : { raw: body }) };
  }
  const query = (await fieldsQuery(options.fields, readStdin)).toString();
  const path = `${options.path}${options.path.includes('?') ? '&' : '?'}${query}`;
  return { path, ...(raw === undefined ? {} : { raw }) };
}

/** The path of a `Location` (or `Link`) on the service's own address; undefined for another address. */
function ownPath(target: string, base: string, from: string): string | undefined {
  const url = new URL(target, new URL(from, `${base}/`));
  const own = new URL(`${base}/`);
  if (url.origin !== own.origin) return undefined;
  return `${url.pathname}${url.search}`;
}

/** A list that says it was cut (`has_more`) where the answer gave no next page to follow. */
function moreWithoutLink(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { has_more?: unknown }).has_more === true;
}

/** The `rel="next"` link of an answer, if any. */
function nextLink(headers: Record<string, string | string[] | undefined>): string | undefined {
  const link = headers.link;
  const text = Array.isArray(link) ? link.join(', ') : link;
  return text === undefined ? undefined : /<([^>]*)>\s*;\s*rel="?next"?/.exec(text)?.[1];
}

/**
 * Sends any request to the service with the profile's credentials (when it has some) and the usual
 * retries, and prints the answer's body: JSON pretty on a terminal, one line otherwise. The body is
 * sent as it is, so a request the CLI's own checks would refuse can still be tried. A redirect to the
 * service's own address is followed with the same method and body (a 307 from the other slash form of a
 * path); with `--no-follow` it is printed and the exit code says nothing was done.
 */
export async function apiRun(options: ApiOptions, f: Factory): Promise<void> {
  const client = await f.apiClient({ auth: 'optional' });
  const request = await requestOf(f, options);
  let path = request.path;
  const pages: unknown[] = [];
  // An attempt whose answer was lost may have been done by the service: the retry's answer is not the
  // whole story (a 409 then means the first attempt did it), and is said so.
  let lostAnswers = 0;
  const stopObserving = client.http.observe((report) => {
    if (report.answerLost) lostAnswers += 1;
  });
  let result: HttpResult;
  for (let redirects = 0, page = 0; ;) {
    result = await client.http.send(options.method, path, {
      ...(request.raw === undefined ? {} : { raw: request.raw }),
      headers: options.headers,
      accept: 'all',
    });
    if (options.include) {
      f.io.stderr.write(`HTTP ${result.status}\n`);
      for (const [name, value] of Object.entries(result.headers))
        f.io.stderr.write(`${name}: ${String(value)}\n`);
    }
    const location = result.headers.location;
    if (options.follow && result.status >= 300 && result.status < 400 && typeof location === 'string') {
      const next = ownPath(location, client.http.baseUrl, path);
      if (next === undefined) {
        throw new UsageError(
          `the service redirects to another address (${location}); intake does not send credentials there`,
        );
      }
      if (++redirects > MAX_REDIRECTS)
        throw new UsageError(`more than ${MAX_REDIRECTS} redirects from ${options.path}`);
      f.log.verbose(`following ${result.status} to ${next}`);
      path = next;
      continue;
    }
    if (!options.paginate || result.status >= 300) break;
    pages.push(result.body);
    const link = nextLink(result.headers);
    const next = link === undefined ? undefined : ownPath(link, client.http.baseUrl, path);
    if (next === undefined || ++page >= MAX_PAGES) {
      if (next === undefined && moreWithoutLink(result.body))
        f.log.warn(apiWords(f).moreWithoutLink(options.path));
      break;
    }
    path = next;
  }
  stopObserving();
  const body = options.paginate && pages.length > 0 ? mergePages(pages) : result.body;
  if (lostAnswers > 0 && options.method !== 'GET') {
    f.log.warn(apiWords(f).lostAnswer(`${options.method} ${path}`, result.status === 409));
  }
  if (body !== undefined) {
    const settings = await f.settings();
    const value = f.query ? f.query(body) : body;
    if (settings.output.source === 'flag' && settings.output.value !== 'json')
      writeValue(f, value, settings.output.value);
    else if (typeof value === 'string') f.io.stdout.write(`${value}\n`);
    else f.io.stdout.write(`${JSON.stringify(value, null, f.io.stdout.isTTY ? 2 : undefined)}\n`);
  }
  if (result.status >= 300 && result.status < 400) {
    const to = typeof result.headers.location === 'string' ? result.headers.location : undefined;
    f.log.warn(apiWords(f).notFollowed(`${options.method} ${options.path}`, result.status, to));
  } else if (result.status >= 400)
    f.log.warn(apiWords(f).answered(`${options.method} ${path}`, result.status));
  const code = exitCodeOf(result.status);
  if (code !== EXIT.ok) throw new ExitCode(code);
}

const hasResults = (page: unknown): page is { results: unknown[] } =>
  typeof page === 'object' && page !== null && Array.isArray((page as { results?: unknown }).results);

/**
 * The pages of a list as one answer: their `results` one after another (or the arrays themselves). One
 * page is the answer as it came, and so are pages that are not lists (given one after another).
 */
export function mergePages(pages: readonly unknown[]): unknown {
  if (pages.length === 1) return pages[0];
  if (pages.every(Array.isArray)) return pages.flat();
  if (!pages.every(hasResults)) return pages;
  return { ...pages[0], results: pages.flatMap((page) => page.results) };
}

export function newApiCommand(
  f: Factory,
  runF: (options: ApiOptions, f: Factory) => Promise<void> = apiRun,
): Command {
  return new Command('api')
    .description("Send any request to the service with the profile's credentials, and print the answer")
    .argument('<method>', METHODS.join(', '))
    .argument('<path>', 'path from the service root, with a query if any')
    .option('--input <file>', 'the request body, from a file or - for standard input (sent as it is)')
    .option(
      '-H, --header <header>',
      'add a header, "Name: value" (repeatable)',
      (value: string, all: string[]) => [...all, value],
      [],
    )
    .option('-i, --include', 'print the status and headers of the answer on stderr')
    .option(
      '-f, --raw-field <key=value>',
      'a text field (repeatable): the JSON body, or the query of a GET; key[sub]= and key[]= nest',
      (value: string, all: string[]) => [...all, value],
      [],
    )
    .option(
      '-F, --field <key=value>',
      "a typed field (repeatable): true, false, null and numbers as JSON, @file for a file's text",
      (value: string, all: string[]) => [...all, value],
      [],
    )
    .option('--no-follow', 'do not follow redirects: print the 3xx answer and exit 1')
    .option('--paginate', 'follow rel="next" links and give every page\'s results as one list')
    .addHelpText(
      'after',
      examples(
        'intake api GET /api/v1/health/',
        'intake api GET "/api/v1/rewards/?start_date=2026-11-01&end_date=2026-11-30" --query "results[].member_id"',
        'intake api POST /api/v1/products/ --input product.json',
        'echo \'{"recipient_name":"김민지","recipient_cellphone":"010-1234-5678"}\' | intake api PATCH /api/v1/orders/ORD-1 --input -',
        'intake api GET /local/jobs?state=failed -i',
        'intake api POST /api/v1/products/ -f id=P-1 -f name=감귤 -f image_url=https://cdn.example.com/p.jpg',
        'intake api POST /api/v1/orders/ORD-1/shipments/ -f "order_item_ids[]=ORD-1-1" -f company_code=kr.epost -f tracking_number=123',
        'intake api GET /api/v1/rewards/ -f start_date=2026-11-01 -f end_date=2026-11-30',
        'intake api GET /local/jobs --paginate --query "length(results)"',
      ),
    )
    .action((method: string, path: string, flags: ApiFlags) => runF(apiOptions(method, path, flags), f));
}

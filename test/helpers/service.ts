import { afterEach } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  basicAuthorization,
  type Credentials,
  type LocalJob,
  type LocalOrder,
  type LocalProduct,
  type BotMessage,
  type QueueRun,
} from '../../src/contract/index.js';
import { buildServer, type BuildServerOptions } from '../../src/server/build-server.js';
import { TEST_ENGINE, engineOptions, type TestEngine } from './engines.js';
import { tempDir } from './temp.js';

export const TEST_CREDENTIALS: Credentials = {
  accessKeyId: 'AKTESTMERCHANT0001',
  secretAccessKey: 'test-secret-0001-abcdefghijklmnopqrstuv',
};

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: unknown;
  text: string;
}

export interface CallOptions {
  body?: unknown;
  raw?: string | Buffer;
  headers?: Record<string, string>;
}

/** What a merchant's data looks like through the local service's inspection endpoints. */
export interface LocalView {
  orders(query?: string): Promise<LocalOrder[]>;
  order(id: string): Promise<LocalOrder | undefined>;
  products(): Promise<LocalProduct[]>;
  product(id: string): Promise<LocalProduct | undefined>;
  jobs(query?: string): Promise<LocalJob[]>;
  messages(query?: string): Promise<BotMessage[]>;
  /** Applies this merchant's queue now. */
  apply(): Promise<QueueRun>;
  advance(by: string): Promise<QueueRun>;
}

export interface TestService {
  app: FastifyInstance;
  baseUrl: string;
  dataDir: string;
  credentials: Credentials;
  authorization: string;
  /**
   * Sends a request through `app.inject` (no socket) with this merchant's credentials unless
   * `headers.authorization` says otherwise ('' sends none).
   */
  call(method: string, path: string, options?: CallOptions): Promise<Answer>;
  /** The same over a real connection, for what only a socket shows. */
  http(method: string, path: string, options?: CallOptions): Promise<Answer>;
  local: LocalView;
  close(): Promise<void>;
}

function requestParts(authorization: string, options: CallOptions) {
  const headers: Record<string, string> = { authorization, ...options.headers };
  if (headers.authorization === '') delete headers.authorization;
  let body: string | Buffer | undefined = options.raw;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  return { headers, body };
}

function parse(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A real service on a free port (or `port`) with a temp database on the project's engine (or `engine`);
 * pass `dataDir` to reuse one (on PostgreSQL, the database named from it).
 */
export async function startService(
  options: Partial<BuildServerOptions> & { port?: number; engine?: TestEngine } = {},
): Promise<TestService> {
  const { port = 0, engine = TEST_ENGINE, ...serverOptions } = options;
  const dataDir = serverOptions.dataDir ?? tempDir('intake-serve-');
  const app = await buildServer({
    applyDelay: { minMs: 60_000, maxMs: 60_000 },
    merchants: [{ merchantId: 'mall-1', ...TEST_CREDENTIALS }],
    ...(serverOptions.databaseUrl === undefined && engine === 'postgres' ? await engineOptions(dataDir) : {}),
    ...serverOptions,
    dataDir,
  });
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const authorization = basicAuthorization(TEST_CREDENTIALS);

  const call = async (method: string, path: string, callOptions: CallOptions = {}): Promise<Answer> => {
    const { headers, body } = requestParts(authorization, callOptions);
    const response = await app.inject({
      method: method as 'GET',
      url: path,
      headers,
      ...(body === undefined ? {} : { payload: body }),
    });
    return {
      status: response.statusCode,
      headers: response.headers as Answer['headers'],
      json: parse(response.body),
      text: response.body,
    };
  };
  const http = async (method: string, path: string, callOptions: CallOptions = {}): Promise<Answer> => {
    const { headers, body } = requestParts(authorization, callOptions);
    const response = await fetch(baseUrl + path, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    return {
      status: response.status,
      headers: Object.fromEntries(response.headers),
      json: parse(text),
      text,
    };
  };
  const results = async <T>(path: string): Promise<T[]> => {
    const answer = await call('GET', path);
    if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${answer.text}`);
    return (answer.json as { results: T[] }).results;
  };
  const run = async (path: string, body?: unknown): Promise<QueueRun> => {
    const answer = await call('POST', path, body === undefined ? {} : { body });
    if (answer.status !== 200) throw new Error(`POST ${path}: ${answer.status} ${answer.text}`);
    return answer.json as QueueRun;
  };
  const local: LocalView = {
    orders: (query = '') => results<LocalOrder>(`/local/orders?limit=10000${query ? `&${query}` : ''}`),
    order: async (id) => (await results<LocalOrder>(`/local/orders?id=${encodeURIComponent(id)}`))[0],
    products: () => results<LocalProduct>('/local/products?limit=10000'),
    product: async (id) => (await local.products()).find((product) => product.id === id),
    jobs: (query = '') => results<LocalJob>(`/local/jobs?limit=10000${query ? `&${query}` : ''}`),
    messages: (query = '') => results<BotMessage>(`/local/messages?limit=10000${query ? `&${query}` : ''}`),
    apply: () => run('/local/queue/apply'),
    advance: (by) => run('/local/clock/advance', { by }),
  };
  return {
    app,
    baseUrl,
    dataDir,
    credentials: TEST_CREDENTIALS,
    authorization,
    call,
    http,
    local,
    async close() {
      await app.close();
    },
  };
}

/**
 * The services a test file starts, each closed after the test that started it:
 * `const { service, keep } = servicesClosedAfterEach();` then `await service({ … })`, or `keep(started)`
 * for one started another way; `forget()` once the test has closed them itself.
 */
export function servicesClosedAfterEach() {
  const open: TestService[] = [];
  afterEach(async () => {
    while (open.length > 0) await open.pop()?.close();
  });
  const keep = <T extends TestService>(started: T): T => {
    open.push(started);
    return started;
  };
  const service = async (options: Parameters<typeof startService>[0] = {}) =>
    keep(await startService(options));
  /** The test has closed the services it started so far itself. */
  const forget = () => {
    open.length = 0;
  };
  return { service, keep, forget };
}

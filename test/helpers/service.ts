import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { basicAuthorization, type Credentials } from '../../src/contract/index.js';
import { buildServer, type BuildServerOptions } from '../../src/server/build-server.js';

export const TEST_CREDENTIALS: Credentials = {
  accessKeyId: 'AKTESTMERCHANT0001',
  secretAccessKey: 'test-secret-0001-abcdefghijklmnopqrstuv',
};

export interface TestService {
  app: FastifyInstance;
  baseUrl: string;
  dataDir: string;
  credentials: Credentials;
  authorization: string;
  /** Sends a request with this merchant's credentials unless `headers.authorization` says otherwise. */
  call(
    method: string,
    path: string,
    options?: { body?: unknown; raw?: string | Buffer; headers?: Record<string, string> },
  ): Promise<{ status: number; headers: Headers; json: unknown; text: string }>;
  close(): Promise<void>;
}

/** A real service on a free port with a temp database; pass `dataDir` to reuse one. */
export async function startService(options: Partial<BuildServerOptions> = {}): Promise<TestService> {
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'intake-test-'));
  const app = await buildServer({
    applyDelay: { minMs: 60_000, maxMs: 60_000 },
    merchants: [{ merchantId: 'mall-1', ...TEST_CREDENTIALS }],
    ...options,
    dataDir,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const authorization = basicAuthorization(TEST_CREDENTIALS);
  return {
    app,
    baseUrl,
    dataDir,
    credentials: TEST_CREDENTIALS,
    authorization,
    async call(method, path, callOptions = {}) {
      const headers: Record<string, string> = { authorization, ...callOptions.headers };
      if (headers.authorization === '') delete headers.authorization;
      let body: string | Buffer | undefined = callOptions.raw;
      if (callOptions.body !== undefined) {
        body = JSON.stringify(callOptions.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(baseUrl + path, { method, headers, body, redirect: 'manual' });
      const text = await response.text();
      let json: unknown;
      try {
        json = text === '' ? undefined : JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: response.status, headers: response.headers, json, text };
    },
    async close() {
      await app.close();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_DETAILS, SERVICE_ENDPOINTS, fillPath } from '../../src/contract/index.js';
import { startService, type TestService } from '../helpers/service.js';

let service: TestService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

const basic = (text: string) => `Basic ${Buffer.from(text, 'utf8').toString('base64')}`;

const protectedEndpoints = Object.entries(SERVICE_ENDPOINTS)
  .filter(([, endpoint]) => endpoint.auth === 'required')
  .map(([name, endpoint]) => ({
    name,
    method: endpoint.method,
    path: fillPath(endpoint.path, { id: 'X-1' }),
  }));

const headerCases: [string, string | undefined, string][] = [
  ['no header', undefined, AUTH_DETAILS.required],
  ['another scheme', 'Bearer abc.def', AUTH_DETAILS.invalid],
  ['Basic without a token', 'Basic', AUTH_DETAILS.invalid],
  ['two spaces', `Basic  ${Buffer.from('a:b').toString('base64')}`, AUTH_DETAILS.invalid],
  ['bad Base64', 'Basic !!!!', AUTH_DETAILS.invalid],
  ['no colon', basic('AKTESTMERCHANT0001'), AUTH_DETAILS.invalid],
  ['an empty id', basic(':secret'), AUTH_DETAILS.invalid],
  ['an unknown access key id', basic('AKUNKNOWN:secret'), AUTH_DETAILS.unknownKey],
  ['a wrong secret', basic('AKTESTMERCHANT0001:wrong'), AUTH_DETAILS.wrongSecret],
];

describe.each(protectedEndpoints)('$method $path ($name)', ({ method, path }) => {
  it.each(headerCases)('answers 401 for %s', async (_case, authorization, detail) => {
    const response = await service.call(method, path, { headers: { authorization: authorization ?? '' } });
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ detail });
  });

  it('checks the header before the input: a bad header and a bad body or query give 401', async () => {
    const bad =
      method === 'GET' ? { raw: undefined, query: '?start_date=yesterday' } : { raw: '{not json', query: '' };
    const response = await service.call(method, path + bad.query, {
      ...(bad.raw ? { raw: bad.raw } : {}),
      headers: { authorization: basic('AKTESTMERCHANT0001:wrong'), 'content-type': 'application/json' },
    });
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ detail: AUTH_DETAILS.wrongSecret });
  });
});

it('takes the scheme in any case and splits id and secret at the first colon', async () => {
  const { accessKeyId, secretAccessKey } = service.credentials;
  const token = Buffer.from(`${accessKeyId}:${secretAccessKey}`).toString('base64');
  for (const scheme of ['basic', 'BASIC', 'bAsIc']) {
    const response = await service.call('GET', '/api/v1/shipments/status/', {
      headers: { authorization: `${scheme} ${token}` },
    });
    expect(response.status).toBe(200);
  }
  const colonInSecret = await service.call('GET', '/api/v1/shipments/status/', {
    headers: { authorization: basic(`${accessKeyId}:${secretAccessKey}:extra`) },
  });
  expect(colonInSecret.json).toEqual({ detail: AUTH_DETAILS.wrongSecret });
});

it('never writes the secret itself to the data folder', () => {
  const secret = Buffer.from(service.credentials.secretAccessKey);
  for (const name of readdirSync(service.dataDir)) {
    expect(readFileSync(join(service.dataDir, name)).includes(secret)).toBe(false);
  }
});

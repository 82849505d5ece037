import { SAMPLE_CREDENTIALS, sampleSeed } from '../../src/marketplaces/sample.js';
import type { FakeSeed, FakeSettings, FakeState } from '../../src/contract/index.js';
import type { TestService } from './service.js';

/** Credentials the fakes are set up with in tests. */
export const FAKE_CREDENTIALS = SAMPLE_CREDENTIALS;

type Name = keyof typeof FAKE_CREDENTIALS;

/** The control plane of a test service's marketplace fakes (its merchant's). */
export function fakes(service: TestService) {
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => {
    const answer = await service.call(method, path, body === undefined ? {} : { body });
    if (answer.status >= 300)
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
    return answer.json;
  };
  return {
    setUp: (name: Name, settings: FakeSettings = {}) =>
      call('PUT', `/local/marketplaces/${name}/settings`, {
        credentials: FAKE_CREDENTIALS[name],
        ...settings,
      }) as Promise<FakeState>,
    settings: (name: Name, settings: FakeSettings) =>
      call('PUT', `/local/marketplaces/${name}/settings`, settings) as Promise<FakeState>,
    seed: (name: Name, seed: Partial<FakeSeed>) =>
      call('POST', `/local/marketplaces/${name}/seed`, seed) as Promise<FakeState>,
    state: (name: Name) =>
      call('GET', `/local/marketplaces/${name}`) as Promise<
        FakeState & { writes: { kind: string; lines: string[] }[] }
      >,
    change: (name: Name, lineId: string, change: Record<string, unknown>) =>
      call(
        'POST',
        `/local/marketplaces/${name}/lines/${encodeURIComponent(lineId)}`,
        change,
      ) as Promise<FakeState>,
    reset: (name: Name) => call('DELETE', `/local/marketplaces/${name}`),
    cafe24Code: async () =>
      ((await call('POST', '/local/marketplaces/cafe24/code')) as { code: string }).code,
  };
}

/** The environment that points the CLI at a test service's fakes, with Naver's and Coupang's credentials. */
export function marketplaceEnv(service: TestService): Record<string, string> {
  return {
    INTAKE_NAVER_BASE_URL: `${service.baseUrl}/naver`,
    INTAKE_COUPANG_BASE_URL: `${service.baseUrl}/coupang`,
    INTAKE_CAFE24_BASE_URL: `${service.baseUrl}/cafe24/{mall_id}`,
    INTAKE_NAVER_CLIENT_ID: FAKE_CREDENTIALS.naver.client_id,
    INTAKE_NAVER_CLIENT_SECRET: FAKE_CREDENTIALS.naver.client_secret,
    INTAKE_COUPANG_VENDOR_ID: FAKE_CREDENTIALS.coupang.vendor_id,
    INTAKE_COUPANG_ACCESS_KEY: FAKE_CREDENTIALS.coupang.access_key,
    INTAKE_COUPANG_SECRET_KEY: FAKE_CREDENTIALS.coupang.secret_key,
  };
}

/** `count` paid orders of one line each, and their products with images. */
export const seedOrders = sampleSeed;

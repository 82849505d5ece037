import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cli, serviceEnv } from '../helpers/cli.js';
import { startFaultProxy, type Fault, type FaultProxy } from '../helpers/fault-proxy.js';
import { sampleOrder } from '../helpers/samples.js';
import { startService, type TestService } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';

let service: TestService;
let proxy: FaultProxy | undefined;
const dir = tempDir('intake-net-');
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});

async function throughProxy(faults: Fault[]) {
  proxy = await startFaultProxy(service.baseUrl, faults);
  return { ...serviceEnv(service), INTAKE_BASE_URL: proxy.url };
}

function orderFile(id: string): string {
  const path = join(dir, `${id}.json`);
  writeFileSync(path, JSON.stringify(sampleOrder(id)));
  return path;
}

const ordersNamed = async (id: string) => ((await service.local.order(id)) ? 1 : 0);

describe('retries', () => {
  it('retries a 503 and a dropped connection; the order is created exactly once', async () => {
    const env = await throughProxy([{ status: 503 }, 'drop-before']);
    const result = await cli(['order', 'create', orderFile('ORD-R1'), '--json', '--verbose'], { env });
    expect(result.code).toBe(0);
    expect(result.records()[0]).toMatchObject({ id: 'ORD-R1', outcome: 'accepted', status: 202 });
    expect(proxy?.seen).toBe(3);
    expect(proxy?.passed).toBe(1);
    expect(await ordersNamed('ORD-R1')).toBe(1);
    expect(result.stderr).toMatch(/< 503 \d+ms \(retry 2\/4 in \d+ms\)/);
    expect(result.stderr).toContain('failed: the connection was closed before the service answered');
  });

  it('a create whose answer was lost and then gets 409 is reported as already registered', async () => {
    const env = await throughProxy(['drop-after']);
    const result = await cli(['order', 'create', orderFile('ORD-R2'), '--json'], { env });
    expect(result.code).toBe(0);
    expect(result.records()[0]).toMatchObject({ id: 'ORD-R2', outcome: 'already_registered', status: 409 });
    expect(result.summary()).toMatchObject({ already_registered: 1, retries: 1, lost_answers: 1 });
    expect(result.stderr).toContain('1 retry, 1 answer lost on the way back.');
    expect(proxy?.passed).toBe(2);
    expect((await service.local.jobs()).filter((job) => job.target_id === 'ORD-R2')).toHaveLength(1);
  });

  it('intake api says when an earlier attempt lost its answer: a 409 after it is the earlier attempt’s doing', async () => {
    const env = await throughProxy(['drop-after']);
    const body = JSON.stringify(sampleOrder('ORD-API-LOST'));
    const result = await cli(['api', 'POST', '/api/v1/orders/', '--input', '-'], { env, stdin: body });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('an earlier attempt of POST /api/v1/orders/ lost its answer');
    expect(result.stderr).toContain('a 409 means the earlier attempt did it');
    expect((await service.local.jobs()).filter((job) => job.target_id === 'ORD-API-LOST')).toHaveLength(1);
  });

  it('honours Retry-After', async () => {
    const env = await throughProxy([{ status: 429, retryAfter: '1' }]);
    const started = Date.now();
    const result = await cli(['health'], { env, retry: { attempts: 3, baseDelayMs: 5, maxDelayMs: 5000 } });
    expect(result.code).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('gives up after the last attempt: a 5xx is exit 1', async () => {
    const env = await throughProxy([{ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 }]);
    const result = await cli(['queue', 'status'], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('the service failed: Service Unavailable (HTTP 503');
    expect(proxy?.seen).toBe(4);
  });

  it('does not retry a 4xx', async () => {
    const env = await throughProxy([]);
    const result = await cli(
      ['order', 'patch', 'NOPE', '--recipient-name', 'a', '--recipient-cellphone', '010-1234-5678'],
      { env },
    );
    expect(result.code).toBe(4);
    expect(proxy?.seen).toBe(1);
  });
});

describe('unreachable and refused', () => {
  it('an unreachable service is exit 5 with the URL, the reason and where the URL came from', async () => {
    const result = await cli(['health'], { env: { INTAKE_BASE_URL: 'http://127.0.0.1:1' } });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain(
      'cannot reach http://127.0.0.1:1: connection refused (is the service running?)',
    );
    expect(result.stderr).toContain('(the base URL came from INTAKE_BASE_URL)');
  });

  it('a 401 shows the service’s text, the credentials’ origin and what to do (exit 3)', async () => {
    const result = await cli(['queue', 'status'], {
      env: { ...serviceEnv(service), INTAKE_SECRET_ACCESS_KEY: 'wrong' },
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('Secret access key was invalid. (HTTP 401)');
    expect(result.stderr).toContain(`access key id ${service.credentials.accessKeyId} from the environment`);
    // From the environment, which comes before every profile: the environment is what to fix.
    expect(result.stderr).toContain(
      'Set INTAKE_ACCESS_KEY_ID and INTAKE_SECRET_ACCESS_KEY to the right pair',
    );
    expect(result.stderr).not.toContain('intake login');
  });

  it('--verbose shows each request with Authorization redacted and never the secret', async () => {
    const result = await cli(['queue', 'status', '--verbose'], { env: serviceEnv(service) });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`> GET ${service.baseUrl}/api/v1/shipments/status/`);
    expect(result.stderr).toContain('authorization: Basic [redacted]');
    expect(result.stderr).toMatch(/< 200 \d+ms/);
    expect(result.stderr + result.stdout).not.toContain(service.credentials.secretAccessKey);
    expect(result.stderr + result.stdout).not.toContain(service.authorization.slice(6));
  });

  it('a request that times out is retried and then reported (exit 5)', async () => {
    const { createServer } = await import('node:net');
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      const result = await cli(['health', '--timeout', '200ms'], {
        env: { INTAKE_BASE_URL: `http://127.0.0.1:${port}` },
        retry: { attempts: 2, baseDelayMs: 5, maxDelayMs: 10 },
      });
      expect(result.code).toBe(5);
      expect(result.stderr).toContain('no answer within 0.2s');
    } finally {
      silent.close();
    }
  });
});

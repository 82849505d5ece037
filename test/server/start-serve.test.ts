import { describe, expect, it } from 'vitest';
import { basicAuthorization } from '../../src/contract/auth.js';
import { startServe, type StartedServe } from '../../src/testing/start-serve.js';
import { sampleProduct } from '../helpers/samples.js';

/** A create with the service's fresh credentials, and what the health check says. */
async function exercise(serve: StartedServe): Promise<{ health: unknown; created: number }> {
  const health = await (await fetch(`${serve.baseUrl}/api/v1/health/`)).json();
  const created = await fetch(`${serve.baseUrl}/api/v1/products/`, {
    method: 'POST',
    headers: { authorization: basicAuthorization(serve.credentials), 'content-type': 'application/json' },
    body: JSON.stringify(sampleProduct('P-STARTED')),
  });
  return { health, created: created.status };
}

describe('starting intake serve for a test, as Testcontainers starts a database', () => {
  it.each(['auto', 'command'] as const)('%s: answers with fresh credentials, and stops', async (using) => {
    const serve = await startServe({ using, args: ['--apply-delay', '0'] });
    try {
      if (using === 'command') expect(serve.using).toBe('command');
      expect(await exercise(serve)).toEqual({ health: { status: 'available' }, created: 202 });
    } finally {
      await serve.stop();
    }
    await expect(fetch(`${serve.baseUrl}/api/v1/health/`)).rejects.toThrow();
  });
});

import { createServer } from 'node:net';
import { request } from 'undici';
import type { TestService } from './service.js';

/** The address of a loopback port nobody listens on (taken, then let go): a service that is not running. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** A POST sent once over a connection of its own (no retry, no reuse): its status, or `dropped` when no answer came. */
export async function postAlone(
  service: TestService,
  path: string,
  body: unknown,
): Promise<number | 'dropped'> {
  try {
    const answer = await request(`${service.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: service.authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      reset: true,
    });
    await answer.body.text();
    return answer.statusCode;
  } catch {
    return 'dropped';
  }
}

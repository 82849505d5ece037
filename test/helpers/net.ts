import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect, createServer } from 'node:net';
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

/**
 * A request with whatever method, path and headers a browser or an attacker would send (nothing made
 * tidy on the way), and what came back. An event stream is answered by its head alone (its body never
 * ends): the status and headers, with an empty body.
 */
export function rawRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** The request's target as it is sent, not made tidy as an URL is (`..`, odd escapes). */
    path?: string;
  } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const outgoing = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: options.path ?? `${target.pathname}${target.search}`,
        method: options.method ?? 'GET',
        // Said as a browser says it: Node sends no length of its own for a body of DELETE or OPTIONS.
        headers:
          options.body === undefined
            ? options.headers
            : { 'content-length': String(Buffer.byteLength(options.body)), ...options.headers },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (String(response.headers['content-type']).startsWith('text/event-stream')) {
          response.destroy();
          resolve({ status, headers: response.headers, body: '' });
          return;
        }
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status, headers: response.headers, body }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/**
 * Sends raw bytes over a connection of its own (ending its side after them unless `end` is false) and
 * returns the answer as it came: its status, head and body, for requests no client would send.
 */
export function rawExchange(
  port: number,
  text: string,
  { end = true }: { end?: boolean } = {},
): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => (end ? socket.end(text) : socket.write(text)));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const at = answer.indexOf('\r\n\r\n');
      const head = at === -1 ? answer : answer.slice(0, at);
      resolve({ status: Number(head.split(' ')[1]), head, body: at === -1 ? '' : answer.slice(at + 4) });
    });
  });
}

import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the proxy does with one request: pass it on; answer with a status itself (the service never
 * sees it); drop the connection before passing it on; or pass it on and drop the connection before the
 * answer gets back (the service did the work, the client never hears).
 */
export type Fault = 'pass' | 'drop-before' | 'drop-after' | { status: number; retryAfter?: string };

export interface FaultProxy {
  url: string;
  /** How many requests reached the proxy, and how many it passed on to the service. */
  seen: number;
  passed: number;
  close(): Promise<void>;
}

export interface ProxyOptions {
  /** Called as each request arrives, with its number (from 1). */
  onRequest?: (count: number) => void;
  /** Holds each answer this long before passing it back. */
  delayMs?: number;
}

/** A loopback proxy in front of a real service that applies `faults` to the requests in order, then passes. */
export async function startFaultProxy(
  target: string,
  faults: Fault[],
  options: ProxyOptions = {},
): Promise<FaultProxy> {
  const upstream = new URL(target);
  const state = { seen: 0, passed: 0 };
  const forward = (incoming: IncomingMessage, body: Buffer) =>
    new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>((resolve, reject) => {
      state.passed += 1;
      const outgoing = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          headers: incoming.headers,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 502,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });

  const server: Server = createServer((incoming, reply) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', async () => {
      const fault = faults[state.seen] ?? 'pass';
      state.seen += 1;
      options.onRequest?.(state.seen);
      const body = Buffer.concat(chunks);
      if (fault === 'drop-before') {
        incoming.socket.destroy();
        return;
      }
      if (typeof fault === 'object') {
        reply.writeHead(fault.status, {
          'content-type': 'application/json',
          ...(fault.retryAfter ? { 'retry-after': fault.retryAfter } : {}),
        });
        reply.end(JSON.stringify({ detail: 'Service Unavailable' }));
        return;
      }
      const answer = await forward(incoming, body);
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (fault === 'drop-after') {
        incoming.socket.destroy();
        return;
      }
      reply.writeHead(answer.status, answer.headers);
      reply.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get seen() {
      return state.seen;
    },
    get passed() {
      return state.passed;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import { seededRandom } from '../../src/util/random.js';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the proxy does with one request: pass it on; answer with a status itself (the service never
 * sees it); drop the connection before passing it on; pass it on and drop the connection before the
 * answer gets back (the service did the work, the client never hears); pass it on and send back only
 * part of the answer; or hold the request, with or without passing it on, and then drop it.
 */
export type Fault =
  | 'pass'
  | 'drop-before'
  | 'drop-after'
  | 'truncate'
  | { stall: number; forward: boolean }
  | { status: number; retryAfter?: string };

export interface FaultProxy {
  url: string;
  /** How many requests reached the proxy, and how many it passed on to the service. */
  seen: number;
  passed: number;
  /** How many requests met each kind of fault. */
  faults: Record<string, number>;
  close(): Promise<void>;
}

export interface ProxyOptions {
  /** Called as each request arrives, with its number (from 1). */
  onRequest?: (count: number) => void;
  /** Holds each answer this long before passing it back. */
  delayMs?: number;
  /** Chooses the fault of each request after the listed ones (default: pass). */
  fault?: (count: number) => Fault;
}

/** A small seeded random number generator (mulberry32), so a run of random faults can be repeated. */
export { seededRandom };

/** Faults for about `share` of requests, spread over every kind, chosen by a seeded generator. */
export function randomFaults(share: number, seed: number, stallMs: number): (count: number) => Fault {
  const random = seededRandom(seed);
  const kinds: Fault[] = [
    'drop-before',
    'drop-after',
    'truncate',
    { stall: stallMs, forward: true },
    { stall: stallMs, forward: false },
    { status: 503, retryAfter: '0' },
    { status: 429, retryAfter: '1' },
    { status: 502 },
  ];
  return () => (random() < share ? (kinds[Math.floor(random() * kinds.length)] as Fault) : 'pass');
}

const kindOf = (fault: Fault) =>
  typeof fault === 'string'
    ? fault
    : 'stall' in fault
      ? `stall-${fault.forward ? 'after' : 'before'}`
      : `status-${fault.status}`;

/** A loopback proxy in front of a real service that applies `faults` to the requests in order, then passes. */
export async function startFaultProxy(
  target: string,
  faults: Fault[],
  options: ProxyOptions = {},
): Promise<FaultProxy> {
  const upstream = new URL(target);
  const state = { seen: 0, passed: 0, faults: {} as Record<string, number> };
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
      state.seen += 1;
      const fault = faults[state.seen - 1] ?? options.fault?.(state.seen) ?? 'pass';
      if (fault !== 'pass') state.faults[kindOf(fault)] = (state.faults[kindOf(fault)] ?? 0) + 1;
      options.onRequest?.(state.seen);
      const body = Buffer.concat(chunks);
      if (fault === 'drop-before') {
        incoming.socket.destroy();
        return;
      }
      if (typeof fault === 'object' && 'status' in fault) {
        reply.writeHead(fault.status, {
          'content-type': 'application/json',
          ...(fault.retryAfter ? { 'retry-after': fault.retryAfter } : {}),
        });
        reply.end(JSON.stringify({ detail: 'Service Unavailable' }));
        return;
      }
      if (typeof fault === 'object' && 'stall' in fault) {
        if (fault.forward) await forward(incoming, body).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, fault.stall));
        incoming.socket.destroy();
        return;
      }
      let answer;
      try {
        answer = await forward(incoming, body);
      } catch {
        incoming.socket.destroy();
        return;
      }
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (fault === 'drop-after') {
        incoming.socket.destroy();
        return;
      }
      if (fault === 'truncate') {
        const { 'content-length': _length, ...headers } = answer.headers;
        reply.writeHead(answer.status, { ...headers, 'content-length': String(answer.body.length + 20) });
        reply.write(answer.body.subarray(0, Math.floor(answer.body.length / 2)));
        setImmediate(() => incoming.socket.destroy());
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
    get faults() {
      return { ...state.faults };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

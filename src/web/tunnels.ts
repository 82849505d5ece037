import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** How a server answers a CONNECT request: its status, headers and body. */
export interface TunnelRefusal {
  status: 404 | 405;
  headers?: (request: IncomingMessage) => Record<string, string>;
  contentType?: string;
  body?: string;
}

const REASONS = { 404: 'Not Found', 405: 'Method Not Allowed' } as const;

/**
 * Answers CONNECT (a proxy's tunnel, which neither of our servers is) instead of letting Node end the
 * connection without a word, as it does when nothing listens for it: a client sees an answer, not a reset.
 */
export function refuseTunnels(server: Server, refusal: TunnelRefusal): void {
  server.on('connect', (request: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => {});
    const body = refusal.body ?? '';
    const headers = {
      ...(refusal.contentType ? { 'Content-Type': refusal.contentType } : {}),
      ...refusal.headers?.(request),
      'Content-Length': String(Buffer.byteLength(body)),
      Connection: 'close',
    };
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.end(`HTTP/1.1 ${refusal.status} ${REASONS[refusal.status]}\r\n${lines.join('')}\r\n${body}`);
  });
}

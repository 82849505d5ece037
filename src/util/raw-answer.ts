import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Writes a whole answer on a socket and closes it, for what Node refuses or hands over before any
 * framework sees a request (bad HTTP, headers too large, CONNECT).
 */
export function endWithAnswer(
  socket: Duplex,
  status: number,
  headers: Record<string, string> = {},
  body = '',
): void {
  const all = { ...headers, 'Content-Length': String(Buffer.byteLength(body)), Connection: 'close' };
  const lines = Object.entries(all).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines.join('')}\r\n${body}`);
}

/** How a server answers a CONNECT request: its status, and the headers and body of its answer. */
export interface TunnelRefusal {
  status: number;
  headers?: (request: IncomingMessage) => Record<string, string>;
  body?: string;
}

/**
 * Answers CONNECT (a proxy's tunnel, which neither of our servers is) instead of letting Node end the
 * connection without a word, as it does when nothing listens for it: a client sees an answer, not a reset.
 */
export function refuseTunnels(server: Server, refusal: TunnelRefusal): void {
  server.on('connect', (request: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => {});
    endWithAnswer(socket, refusal.status, refusal.headers?.(request), refusal.body);
  });
}

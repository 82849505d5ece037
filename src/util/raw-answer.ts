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
  options: { head?: boolean } = {},
): void {
  const all = { ...headers, 'Content-Length': String(Buffer.byteLength(body)), Connection: 'close' };
  const lines = Object.entries(all).map(([name, value]) => `${name}: ${value}\r\n`);
  // The answer to HEAD has no body, though it says how long it would be.
  const sent = options.head ? '' : body;
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines.join('')}\r\n${sent}`);
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

/** Node's own refusals before a request exists (a stalled body, headers too large, bad HTTP), by code. */
const CLIENT_ERROR_STATUS: Record<string, number> = {
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_HEADER_OVERFLOW: 431,
};

/** What Node refused, as far as its bytes show: the part of the request Node was reading when it gave up. */
function seenOf(error: NodeJS.ErrnoException): { head: boolean; target: string | undefined } {
  const seen = (error as { rawPacket?: unknown }).rawPacket;
  if (!Buffer.isBuffer(seen)) return { head: false, target: undefined };
  // The request line, when this part begins with it (the whole request unless it came in pieces).
  const line = /^([A-Z]+) (\S+)/.exec(seen.subarray(0, 2048).toString('latin1'));
  return { head: line?.[1] === 'HEAD', target: line?.[2] };
}

/** What a server says for a status it answers before any request exists; `target`, the path asked for if seen. */
export type RawAnswer = (
  status: number,
  target: string | undefined,
) => { headers: Record<string, string>; body: string };

/**
 * A `clientErrorHandler` for Fastify: what Node refuses before a request exists is answered in the
 * server's own words, and the connection closed with `Connection: close`, so that a client keeping its
 * connections open does not send its next request on this one and meet a reset (Fastify's own answer
 * says nothing of the close). A request whose body stalled past the timeout gets 408; HEAD, no body.
 */
export function clientErrorAnswers(
  answer: RawAnswer,
): (error: NodeJS.ErrnoException, socket: Duplex) => void {
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? 400;
    const { head, target } = seenOf(error);
    const { headers, body } = answer(status, target);
    endWithAnswer(socket, status, headers, body, { head });
  };
}

import type { FastifyReply } from 'fastify';
import type { EventHub, ServiceEvent } from '../events.js';

/** A comment line now and then keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

/** One event as server-sent events write it: its id, its type as the event name, its JSON as data. */
export const sseEvent = (event: ServiceEvent) =>
  `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

/**
 * Streams a merchant's events as server-sent events: those kept after `after` first (a reconnect with
 * `Last-Event-ID` misses nothing that was kept), then each as it happens, until the client goes away or
 * the service closes.
 */
export function streamEvents(
  reply: FastifyReply,
  hub: EventHub,
  merchantId: string,
  after: number,
): FastifyReply {
  reply.hijack();
  const stream = reply.raw;
  stream.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  stream.write(': events of this merchant\n\n');
  for (const event of hub.recent(merchantId, after)) stream.write(sseEvent(event));
  const stopListening = hub.listen(merchantId, (event) => stream.write(sseEvent(event)));
  const keepAlive = setInterval(() => stream.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  keepAlive.unref();
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(keepAlive);
    stopListening();
    stopClosing();
    stream.end();
  };
  const stopClosing = hub.onClose(end);
  stream.on('close', end);
  return reply;
}

import type { FastifyReply } from 'fastify';
import { sseFrame, startEventStream } from '../../util/sse.js';
import type { EventFeed, ServiceEvent } from '../events/feed.js';

/** A comment line now and then keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;
/**
 * The most a stream may have written and not yet taken by its reader: past it the reader is too slow,
 * and the stream ends (the reader comes back with `Last-Event-ID` and gets what was kept).
 */
export const MAX_UNREAD_BYTES = 1024 * 1024;
/** The most event streams a merchant may have open at once, on one process. */
export const MAX_STREAMS_PER_MERCHANT = 64;

/** One event as server-sent events write it: its id, its type as the event name, its JSON as data. */
export const sseEvent = (event: ServiceEvent) =>
  sseFrame({ id: event.id, event: event.type, data: JSON.stringify(event) });

/** Streams open, per hub and merchant. */
const openStreams = new WeakMap<EventFeed, Map<string, number>>();

/**
 * Streams a merchant's events as server-sent events: those kept after `after` first (a reconnect with
 * `Last-Event-ID` misses nothing that was kept), then each as it happens, until the client goes away or
 * the service closes. A reader that does not keep up is let go once `MAX_UNREAD_BYTES` wait for it, so
 * that a stream nobody reads never holds the service's memory; a merchant has at most
 * `MAX_STREAMS_PER_MERCHANT` streams at once (a 429 beyond, with `Retry-After`).
 */
export function streamEvents(
  reply: FastifyReply,
  hub: EventFeed,
  merchantId: string,
  after: number,
): FastifyReply {
  let open = openStreams.get(hub);
  if (!open) openStreams.set(hub, (open = new Map()));
  const counts = open;
  const streams = counts.get(merchantId) ?? 0;
  if (streams >= MAX_STREAMS_PER_MERCHANT) {
    return reply
      .code(429)
      .header('retry-after', '5')
      .type('application/json; charset=utf-8')
      .send(
        JSON.stringify({ detail: `At most ${MAX_STREAMS_PER_MERCHANT} event streams at once per merchant.` }),
      );
  }
  counts.set(merchantId, streams + 1);
  reply.hijack();
  const stream = reply.raw;
  const socket = reply.request.raw.socket;
  startEventStream(stream, { 'x-request-id': reply.request.id });
  let ended = false;
  const write = (text: string) => {
    if (ended) return;
    stream.write(text);
    if (stream.writableLength > MAX_UNREAD_BYTES) {
      // Too slow a reader: let it go rather than hold everything for it.
      end();
      stream.destroy();
    }
  };
  write(': events of this merchant\n\n');
  // Heard from now on, held until those kept are written; each once, in number order.
  let told = after;
  let held: ServiceEvent[] | undefined = [];
  const tell = (event: ServiceEvent) => {
    if (event.id <= told) return;
    told = event.id;
    write(sseEvent(event));
  };
  const stopListening = hub.listen(merchantId, (event) => (held ? held.push(event) : tell(event)));
  void (async () => {
    await hub.ready(merchantId);
    for (const event of await hub.recent(merchantId, after)) tell(event);
  })()
    .catch(() => {})
    .finally(() => {
      for (const event of held ?? []) tell(event);
      held = undefined;
    });
  const keepAlive = setInterval(() => write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  keepAlive.unref();
  function end() {
    if (ended) return;
    ended = true;
    clearInterval(keepAlive);
    stopListening();
    stopClosing();
    socket.off('end', end);
    counts.set(merchantId, Math.max(0, (counts.get(merchantId) ?? 1) - 1));
    if (!stream.destroyed) stream.end();
  }
  const stopClosing = hub.onClose(end);
  stream.on('close', end);
  // The service keeps a half-closed connection open (a client may end its side once its request is
  // sent): a reader of a stream that ends its side has gone, and its place is freed now, not at the
  // next keep-alive that fails.
  socket.once('end', end);
  return reply;
}

import { createParser } from 'eventsource-parser';
import { request } from 'undici';

/** An event as a stream delivers it. */
export interface StreamedEvent {
  id: number;
  type: string;
  [field: string]: unknown;
}

export interface OpenStream {
  /** Every event received so far, in the order it came. */
  events: StreamedEvent[];
  /** Resolves once `count` events have come (or at least that many match `which`). */
  until(count: number, which?: (event: StreamedEvent) => boolean): Promise<StreamedEvent[]>;
  close(): void;
}

/** Opens `/local/events` as a stream (server-sent events) and collects what comes. */
export async function openEventStream(
  baseUrl: string,
  authorization: string,
  headers: Record<string, string> = {},
): Promise<OpenStream> {
  const stop = new AbortController();
  const events: StreamedEvent[] = [];
  const waiting = new Set<() => void>();
  const answer = await request(`${baseUrl}/local/events`, {
    headers: { authorization, accept: 'text/event-stream', ...headers },
    signal: stop.signal,
  });
  if (answer.statusCode !== 200) throw new Error(`the stream answered ${answer.statusCode}`);
  const parser = createParser({
    onEvent: (message) => {
      events.push(JSON.parse(message.data) as StreamedEvent);
      for (const wake of [...waiting]) wake();
    },
  });
  void (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of answer.body) parser.feed(decoder.decode(chunk as Buffer, { stream: true }));
  })().catch(() => {});
  return {
    events,
    until(count, which = () => true) {
      return new Promise((resolve) => {
        const check = () => {
          const matching = events.filter(which);
          if (matching.length < count) return;
          waiting.delete(check);
          resolve(matching);
        };
        waiting.add(check);
        check();
      });
    },
    close: () => stop.abort(),
  };
}

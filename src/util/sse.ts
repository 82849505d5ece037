import type { ServerResponse } from 'node:http';

/** One server-sent event: its id (for `Last-Event-ID`), its name, and its data, line by line. */
export function sseFrame(frame: { id?: string | number; event: string; data: string }): string {
  const id = frame.id === undefined ? '' : `id: ${frame.id}\n`;
  const data = frame.data
    .split('\n')
    .map((line) => `data: ${line}`)
    .join('\n');
  return `${id}event: ${frame.event}\n${data}\n\n`;
}

/**
 * Starts an event stream on a raw answer: never cached, kept open, not buffered by a proxy in front.
 * The caller then writes frames and ends it.
 */
export function startEventStream(response: ServerResponse, headers: Record<string, string> = {}): void {
  response.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
}

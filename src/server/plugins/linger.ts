import type { Socket } from 'node:net';

/** The most of a refused body read and dropped before the connection is closed, and for how long. */
export const LINGER = { maxBytes: 64 * 1024 * 1024, maxMs: 10_000 } as const;

/**
 * Closes a connection whose request body is refused (413) without resetting it: once the answer is
 * written, our side is closed for writing, and what the client still sends is read and dropped until it
 * is done, or `LINGER` is reached, before the socket goes. Closing at once, with the client still
 * sending, makes the system answer its next packets with a reset, which can arrive before the 413 and
 * lose it (nginx's "lingering close" does the same).
 */
export function lingerOnClose(socket: Socket | null | undefined): void {
  if (!socket || socket.destroyed) return;
  const own = socket as Socket & { destroySoon?: () => void; intakeLinger?: boolean };
  if (own.intakeLinger) return;
  own.intakeLinger = true;
  own.destroySoon = function lingeringClose(this: Socket) {
    let received = 0;
    const close = () => {
      clearTimeout(timer);
      this.destroy();
    };
    const timer = setTimeout(close, LINGER.maxMs);
    timer.unref();
    this.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > LINGER.maxBytes) close();
    });
    this.once('end', close);
    this.once('close', () => clearTimeout(timer));
    this.end();
    this.resume();
  };
}

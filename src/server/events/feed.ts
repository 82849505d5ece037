import type { EventSink } from '../storage/store.js';
/** What can happen to a merchant's data, as the event stream tells it. */
export type ServiceEventType =
  'accepted' | 'refused' | 'applied' | 'failed' | 'message' | 'review' | 'reward' | 'fault';

/** One event: its number (increasing per merchant, never twice), its type, when (the service's clock), and what. */
export interface ServiceEvent {
  id: number;
  type: ServiceEventType;
  at: string;
  [field: string]: unknown;
}

export type Listener = (event: ServiceEvent) => void;

/** Events kept per merchant for a late reader (`intake local events` without --follow, a reconnect). */
export const KEPT = 1000;

/**
 * The events of each merchant: told to whoever listens here (the stream, the console, a wait), and the
 * last ones kept for a reader who comes later. One merchant never hears another's. On a database shared
 * by several processes, every process hears every process's events.
 */
export interface EventFeed extends EventSink {
  /** Tells an event of `merchantId`: numbered and kept, then heard by every listener of the merchant. */
  emit(merchantId: string, type: ServiceEventType, fields: Record<string, unknown>): void;
  /** The events kept for `merchantId` after the one numbered `after`, oldest first (the newest `limit`). */
  recent(merchantId: string, after?: number, limit?: number): Promise<ServiceEvent[]>;
  /** The first `limit` events kept for `merchantId` after the one numbered `after`, oldest first. */
  following(merchantId: string, after: number, limit: number): Promise<ServiceEvent[]>;
  /** Calls `listener` with each new event of `merchantId` until the returned function is called. */
  listen(merchantId: string, listener: Listener): () => void;
  /**
   * Resolves once every event kept when it is called will be in `recent`, and every later one is heard
   * by the listeners: a stream replays `recent` after it, and drops what it heard twice (by number).
   */
  ready(merchantId: string): Promise<void>;
  /** How many listen to `merchantId`'s events here (streams, waits, the console). */
  listenersOf(merchantId: string): number;
  /** Resolves with the next event of `merchantId`, or undefined when `signal` aborts first. */
  next(merchantId: string, signal: AbortSignal): Promise<ServiceEvent | undefined>;
  /** Calls `closer` when the service closes (a stream ends), until the returned function is called. */
  onClose(closer: () => void): () => void;
  /** Takes each merchant's numbering up from where it was: before the first event is told. */
  load(merchantIds: readonly string[]): Promise<void>;
  /** Ends every stream, and writes what waits to be: the service is closing. */
  close(): Promise<void>;
}

/** The listeners of each merchant, and the closers of the streams: what both feeds keep alike. */
export class Listeners {
  readonly #listeners = new Map<string, Set<Listener>>();
  readonly #closers = new Set<() => void>();

  listen(merchantId: string, listener: Listener): () => void {
    const listeners = this.#listeners.get(merchantId) ?? new Set<Listener>();
    listeners.add(listener);
    this.#listeners.set(merchantId, listeners);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.#listeners.delete(merchantId);
    };
  }

  /** Tells an event to its merchant's listeners. */
  tell(merchantId: string, event: ServiceEvent): void {
    const listeners = this.#listeners.get(merchantId);
    if (listeners) for (const listener of [...listeners]) listener(event);
  }

  /** The merchants someone listens to here. */
  get merchants(): string[] {
    return [...this.#listeners.keys()];
  }

  count(merchantId: string): number {
    return this.#listeners.get(merchantId)?.size ?? 0;
  }

  next(merchantId: string, signal: AbortSignal): Promise<ServiceEvent | undefined> {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve(undefined);
      const stop = this.listen(merchantId, (event) => {
        stop();
        signal.removeEventListener('abort', onAbort);
        resolve(event);
      });
      const onAbort = () => {
        stop();
        resolve(undefined);
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  onClose(closer: () => void): () => void {
    this.#closers.add(closer);
    return () => this.#closers.delete(closer);
  }

  closeAll(): void {
    for (const closer of [...this.#closers]) closer();
  }
}

/** A merchant's time as ISO text, made once per millisecond (a batch applied shares one). */
export function isoClock(
  now: (merchantId: string) => number,
): (merchantId: string) => { ms: number; text: string } {
  let ms = Number.NaN;
  let text = '';
  return (merchantId) => {
    const at = now(merchantId);
    if (at !== ms) {
      ms = at;
      text = new Date(at).toISOString();
    }
    return { ms, text };
  };
}

/** What can happen to a merchant's data, as the event stream tells it. */
export type ServiceEventType = 'accepted' | 'refused' | 'applied' | 'failed' | 'message' | 'reward' | 'fault';

/** One event: its number (increasing, for `Last-Event-ID`), its type, when (the service's clock), and what. */
export interface ServiceEvent {
  id: number;
  type: ServiceEventType;
  at: string;
  [field: string]: unknown;
}

type Listener = (event: ServiceEvent) => void;

/** Events kept per merchant for a late reader (`intake local events` without --follow, a reconnect). */
const KEPT = 1000;

/**
 * The events of each merchant: told to whoever listens (the stream, the console, a `wait`), and the
 * last thousand kept. One merchant never hears another's.
 */
export class EventHub {
  readonly #kept = new Map<string, ServiceEvent[]>();
  readonly #listeners = new Map<string, Set<Listener>>();
  readonly #now: () => number;
  readonly #closers = new Set<() => void>();
  #last = 0;
  #atMs = Number.NaN;
  #atText = '';

  constructor(now: () => number) {
    this.#now = now;
  }

  /** The service's time as text, made once per millisecond (a batch applied shares one). */
  #at(): string {
    const now = this.#now();
    if (now !== this.#atMs) {
      this.#atMs = now;
      this.#atText = new Date(now).toISOString();
    }
    return this.#atText;
  }

  emit(merchantId: string, type: ServiceEventType, fields: Record<string, unknown>): void {
    const event: ServiceEvent = { id: ++this.#last, type, at: this.#at(), ...fields };
    let kept = this.#kept.get(merchantId);
    if (!kept) this.#kept.set(merchantId, (kept = []));
    kept.push(event);
    // Trimmed now and then rather than at every event: the queue worker tells thousands a second.
    if (kept.length >= 2 * KEPT) kept.splice(0, kept.length - KEPT);
    const listeners = this.#listeners.get(merchantId);
    if (listeners) for (const listener of [...listeners]) listener(event);
  }

  /** The events kept for `merchantId` after the one numbered `after`, oldest first. */
  recent(merchantId: string, after = 0, limit = KEPT): ServiceEvent[] {
    const kept = (this.#kept.get(merchantId) ?? []).slice(-KEPT);
    return kept.filter((event) => event.id > after).slice(-limit);
  }

  /** Calls `listener` with each new event of `merchantId` until the returned function is called. */
  listen(merchantId: string, listener: Listener): () => void {
    const listeners = this.#listeners.get(merchantId) ?? new Set<Listener>();
    listeners.add(listener);
    this.#listeners.set(merchantId, listeners);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.#listeners.delete(merchantId);
    };
  }

  /** Resolves with the next event of `merchantId`, or undefined when `signal` aborts first. */
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

  /** Calls `closer` when the service closes (a stream ends), until the returned function is called. */
  onClose(closer: () => void): () => void {
    this.#closers.add(closer);
    return () => this.#closers.delete(closer);
  }

  /** Ends every stream: the service is closing. */
  close(): void {
    for (const closer of [...this.#closers]) closer();
  }
}

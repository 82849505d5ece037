import { createHmac, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ServiceEventBody } from '../../contract/local/index.js';

/** The header that signs a forwarded event: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SIGNATURE_HEADER = 'x-intake-signature';

/** A new signing secret, when none is given (shown once, as Stripe's `listen` does). */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

/** The signature of a body sent at `seconds`: what a receiver computes again with the secret. */
export function signature(secret: string, seconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${seconds}.${body}`).digest('hex');
  return `t=${seconds},v1=${mac}`;
}

/** How deliveries are tried again: attempts in all, and the first wait (doubled each time). */
export interface DeliveryRetry {
  attempts: number;
  baseDelayMs: number;
}

/** How one event's delivery ended: the last status (or the network's error), and the attempts made. */
export interface Delivery {
  status: number | undefined;
  error: string | undefined;
  attempts: number;
  ms: number;
}

/** An answer worth trying again: none at all, a timeout, too many requests, the receiver's failure. */
const retryable = (status: number | undefined) =>
  status === undefined || status === 408 || status === 429 || status >= 500;

/**
 * Posts one event to the webhook as JSON, signed, tried again (with waits that double) while the
 * receiver cannot take it; resolves with how it ended, never throws. A stop ends the waits at once.
 */
export async function deliver(
  url: string,
  event: ServiceEventBody,
  options: {
    secret: string;
    retry: DeliveryRetry;
    now: () => number;
    signal: AbortSignal;
    timeoutMs?: number;
    /** Told of an attempt the receiver did not take, before it is tried again: its status or error. */
    onRetry?: (answer: string) => void;
  },
): Promise<Delivery> {
  const body = JSON.stringify(event);
  const started = performance.now();
  let status: number | undefined;
  let error: string | undefined;
  let attempt = 0;
  while (attempt < options.retry.attempts && !options.signal.aborted) {
    attempt += 1;
    const seconds = Math.floor(options.now() / 1000);
    try {
      const answer = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'intake-webhooks',
          'x-intake-event': event.type,
          'x-intake-event-id': String(event.id),
          [SIGNATURE_HEADER]: signature(options.secret, seconds, body),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs ?? 10_000)]),
      });
      await answer.arrayBuffer().catch(() => undefined);
      status = answer.status;
      error = undefined;
    } catch (cause) {
      status = undefined;
      error =
        cause instanceof Error
          ? cause.cause instanceof Error
            ? cause.cause.message
            : cause.message
          : String(cause);
    }
    if (!retryable(status) || attempt >= options.retry.attempts) break;
    options.onRetry?.(status === undefined ? (error ?? 'no answer') : `HTTP ${status}`);
    await sleep(options.retry.baseDelayMs * 2 ** (attempt - 1), undefined, { signal: options.signal }).catch(
      () => {},
    );
  }
  return { status, error, attempts: attempt, ms: Math.round(performance.now() - started) };
}

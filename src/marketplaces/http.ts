import { isSafeNumber, parse as parseLossless } from 'lossless-json';
import { request, type Dispatcher } from 'undici';
import type { z } from 'zod';
import { MarketplaceError } from './errors.js';
import type { Marketplace } from './names.js';

/** A request to a marketplace, whole: its URL with the query already encoded as it is signed. */
export interface MarketplaceRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** An answer, as it came: its status, headers (lower-case names) and text. */
export interface MarketplaceAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** What sends requests: the network (undici), or in-process stand-ins where a test needs one. */
export interface Transport {
  send(call: MarketplaceRequest): Promise<MarketplaceAnswer>;
}

/** How connectors wait and tell time: real by default; tests give their own. */
export interface Timing {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const REAL_TIMING: Timing = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Sends over the network with undici, each request bounded by `timeoutMs`. */
export function networkTransport(
  marketplace: Marketplace,
  options: { timeoutMs: number; dispatcher?: Dispatcher },
): Transport {
  return {
    async send(call) {
      try {
        const answer = await request(call.url, {
          method: call.method,
          headers: call.headers,
          ...(call.body === undefined ? {} : { body: call.body }),
          headersTimeout: options.timeoutMs,
          bodyTimeout: options.timeoutMs,
          ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
        });
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined)
            headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
        }
        return { status: answer.statusCode, headers, text: await answer.body.text() };
      } catch (error) {
        const code = (error as { code?: string }).code;
        throw new MarketplaceError(
          marketplace,
          'unreachable',
          `no answer from ${new URL(call.url).host} (${code ?? (error as Error).message})`,
          {
            cause: error,
            hints: ['Check the network, and the base URL (intake marketplace status shows it).'],
          },
        );
      }
    },
  };
}

/**
 * An answer's JSON, with whole numbers too large for a double kept as their digits (Coupang's 18-digit
 * shipment box ids), or undefined when the text is not JSON.
 */
export function answerJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return parseLossless(text, null, (digits) => (isSafeNumber(digits) ? Number(digits) : digits));
  } catch {
    return undefined;
  }
}

/**
 * Checks an answer against the schema the marketplace documents; an answer that does not match is said
 * with the field, never passed on half-read.
 */
export function checked<T>(
  marketplace: Marketplace,
  schema: z.ZodType<T>,
  value: unknown,
  what: string,
  traceId?: string,
): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : '(the whole answer)';
  throw new MarketplaceError(
    marketplace,
    'answer',
    `the answer to ${what} is not as documented: ${field}: ${issue?.message ?? 'unexpected'}`,
    {
      ...(traceId ? { traceId } : {}),
      hints: ['The marketplace may have changed its API; tell the Intake maintainers with the trace id.'],
    },
  );
}

/**
 * Keeps requests at least `intervalMs` apart (a marketplace that blocks bursts), however many callers
 * ask at once.
 */
export class Spacing {
  readonly #intervalMs: number;
  readonly #timing: Timing;
  #next = 0;

  constructor(intervalMs: number, timing: Timing) {
    this.#intervalMs = intervalMs;
    this.#timing = timing;
  }

  async wait(): Promise<void> {
    const now = this.#timing.now();
    const at = Math.max(now, this.#next);
    this.#next = at + this.#intervalMs;
    if (at > now) await this.#timing.sleep(at - now);
  }

  /** Waits at least `ms` before the next request (a marketplace said it is busy). */
  holdFor(ms: number): void {
    this.#next = Math.max(this.#next, this.#timing.now() + ms);
  }
}

/** `application/x-www-form-urlencoded` text of fields, in the order given. */
export function formBody(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

/**
 * A query string, encoded once: the same text goes on the wire and into a signature. Colons stay as they
 * are (`2026-01-01%2B09:00`, as Coupang's own examples sign them).
 */
export function queryString(fields: Record<string, string | number | undefined>): string {
  const encode = (text: string) => encodeURIComponent(text).replace(/%3A/gi, ':');
  return Object.entries(fields)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => `${encode(name)}=${encode(String(value))}`)
    .join('&');
}

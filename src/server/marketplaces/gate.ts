import type { FakeBook } from './book.js';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { answerJson } from '../../marketplaces/http.js';
import type { FakeDoc } from './model.js';

/** Whether the fake's apparent caller may call (no allowlist, or on it). */
export function ipAllowed(doc: FakeDoc): boolean {
  return doc.allowlist === null || doc.allowlist.includes(doc.callerIp);
}

/**
 * Takes a request from a token bucket (`rate.perSecond` refill, `rate.burst` deep) on the merchant's
 * clock; returns what is left, or -1 when the bucket is empty.
 */
export function takeToken(doc: FakeDoc, key: string, now: number): number {
  const { perSecond, burst } = doc.rate;
  const bucket = doc.buckets[key] ?? { tokens: burst, at: now };
  const refilled = Math.min(burst, bucket.tokens + (Math.max(0, now - bucket.at) / 1000) * perSecond);
  if (refilled < 1) {
    doc.buckets[key] = { tokens: refilled, at: now };
    return -1;
  }
  doc.buckets[key] = { tokens: refilled - 1, at: now };
  return Math.floor(refilled - 1);
}

/** Counts a refusal by its code, for the control plane's state. */
export function countRefusal(doc: FakeDoc, code: string): void {
  doc.refused[code] = (doc.refused[code] ?? 0) + 1;
}

/** Takes one of a fault's remaining uses, if any. */
export function useFault(
  doc: FakeDoc,
  fault: 'storm' | 'timeout_after_write' | 'maintenance' | 'access_denied',
): boolean {
  if (doc.faults[fault] <= 0) return false;
  doc.faults[fault] -= 1;
  return true;
}

export const traceId = () => randomBytes(16).toString('hex');

/** Keeps the last writes (what the console and tests read), bounded. */
export function noteWrite(doc: FakeDoc, write: FakeDoc['writes'][number]): void {
  doc.writes.push(write);
  if (doc.writes.length > 1000) doc.writes.splice(0, doc.writes.length - 1000);
}

/**
 * Bodies as the real APIs take them, in a fake's own context: forms as fields, JSON as values (whole
 * numbers past 2^53 as their digits), anything else as text. The service's own JSON-only parsing does
 * not reach here.
 */
export function fakeBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    done(null, text.trim() === '' ? undefined : (answerJson(text) ?? { __unreadable: text }));
  });
}

/** A merchant id carried inside a token the fake issues (`<prefix>.<merchant>.<random>`). */
export function tokenFor(prefix: string, merchantId: string): string {
  return `${prefix}.${Buffer.from(merchantId, 'utf8').toString('base64url')}.${randomBytes(18).toString('base64url')}`;
}

export function merchantOfToken(token: string): string | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    return Buffer.from(part, 'base64url').toString('utf8') || undefined;
  } catch {
    return undefined;
  }
}

/** What a fake is set up with besides its store: where its own failures are told. */
export interface FakeOptions {
  book: FakeBook;
  /** A failure of the fake itself (not of the request): told as the service tells its own. */
  onUnexpected: (error: unknown) => void;
}

/**
 * Whether an error a fake's route met is the caller's (a body the framework could not read: a 4xx),
 * which the fake answers as its marketplace answers a bad request; anything else is the fake's own
 * failure, answered 500 and told, never passed off as the caller's.
 */
export function isCallersError(error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** A query parameter given more than once (the framework reads it as a list): what no API here reads. */
export function repeatedParameter(request: { query: unknown }): string | undefined {
  const query = (request.query ?? {}) as Record<string, unknown>;
  return Object.keys(query).find((name) => Array.isArray(query[name]));
}

/** Whether two secrets are the same, in a time that does not tell how much of them matched. */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

import { parseDuration } from '../util/duration.js';
import { UsageError } from './errors.js';

/** Whether a text is an absolute http(s) URL. */
export function isHttpUrl(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** The API's own path at the end of an address, which a base URL must not carry (intake adds it). */
export const API_PATH = /\/api\/v1\/?$/;

/**
 * The address a person most likely meant by one typed without its scheme (`shop.com`, `localhost:8080`):
 * https:// before a host, http:// before this machine's own, without a trailing /api/v1; undefined for
 * anything else.
 */
export function withSchemeGuessed(text: string): string | undefined {
  const typed = text.trim();
  if (typed === '' || /^[a-z][a-z\d+.-]*:\/\//i.test(typed)) return undefined;
  try {
    const url = new URL(`https://${typed}`);
    const host = url.hostname;
    const loopback = host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
    // One word with no dot is not a host anyone serves from, but this machine's own name.
    if (!loopback && !host.includes('.')) return undefined;
    // Without the API's own path, which the address must not carry either (see `baseUrlProblem`).
    return `${loopback ? 'http' : 'https'}://${typed.replace(API_PATH, '')}`;
  } catch {
    return undefined;
  }
}

/** Whether an address carries a user name or password (`https://user:secret@host`). */
export function hasUserInfo(text: string): boolean {
  try {
    const url = new URL(text);
    return url.username !== '' || url.password !== '';
  } catch {
    return false;
  }
}

/** An option's whole number within bounds, or a usage error naming the option. */
export function wholeNumber(name: string, text: string, bounds: { min?: number; max: number }): number {
  const min = bounds.min ?? 0;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > bounds.max) {
    throw new UsageError(`${name} must be a whole number from ${min} to ${bounds.max}, not "${text}"`);
  }
  return value;
}

/** An option's positive number (fractions allowed), or a usage error naming the option. */
export function positiveNumber(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0)
    throw new UsageError(`${name} must be a positive number, not "${text}"`);
  return value;
}

/** An option's positive duration in milliseconds (`5s`, `10m`), or a usage error naming the option. */
export function positiveDuration(name: string, text: string): number {
  const ms = parseDuration(text);
  if (ms === undefined || ms <= 0)
    throw new UsageError(`${name} "${text}" is not a duration such as 5s or 10m`);
  return ms;
}

/** A secret piped on standard input (`--secret-stdin`, `--password-stdin`), without its final line break. */
export async function readSecret(stdin: NodeJS.ReadableStream, what = 'secret'): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  const secret = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  if (secret === '') throw new UsageError(`no ${what} on standard input`);
  return secret;
}

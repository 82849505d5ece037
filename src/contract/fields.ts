import { z } from 'zod';

/** Longest merchant-assigned id the service accepts. */
export const ID_MAX_LENGTH = 255;
/** Longest image URL the service accepts. */
export const URL_MAX_LENGTH = 2048;
/** Most lines in one order, and most item ids in one shipment. */
export const LIST_MAX_ITEMS = 1000;
/** Largest request body the service reads (413 above it). */
export const BODY_MAX_BYTES = 1024 * 1024;

const notBlank = (value: string): boolean => value.length === 0 || value.trim().length > 0;

/** A JSON Schema pattern for "has a character that is not white space". */
const NOT_BLANK_PATTERN = '\\S';

/**
 * A required string that is not blank after trimming. The value is kept as sent: the service stores
 * what merchants send and never trims silently. An empty string fails `min(1)`; a blank one fails the
 * refinement with the same Pydantic type, so both read alike in a 422.
 */
export function requiredText(maxLength?: number) {
  const base = z.string().min(1);
  return (maxLength === undefined ? base : base.max(maxLength))
    .refine(notBlank, {
      message: 'String should have at least 1 character',
      params: { type: 'string_too_short', ctx: { min_length: 1 } },
    })
    .meta({ pattern: NOT_BLANK_PATTERN });
}

/** A merchant-assigned id: required text of at most 255 characters. */
export const id = () => requiredText(ID_MAX_LENGTH);

/**
 * What an image URL must look like, for the OpenAPI document: http or https in any case, `//`, a host,
 * then optionally a path, query or fragment, with no white space at either end.
 */
export const HTTP_URL_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?://[^/?#\\s]+(?:[/?#](?:.*\\S)?)?$';
const HTTP_URL = new RegExp(HTTP_URL_PATTERN);

/**
 * Image URLs found good lately. Orders name the same products again and again, and parsing a URL costs
 * more than the rest of a line's checks; a URL is checked once, then recognised (the answer for a given
 * text never changes).
 */
const GOOD_URLS = new Set<string>();
const GOOD_URLS_KEPT = 4096;

function urlProblem(value: string): { type: string; message: string } | undefined {
  if (GOOD_URLS.has(value)) return undefined;
  const problem = parsedUrlProblem(value);
  if (!problem) {
    if (GOOD_URLS.size >= GOOD_URLS_KEPT) GOOD_URLS.clear();
    GOOD_URLS.add(value);
  }
  return problem;
}

function parsedUrlProblem(value: string): { type: string; message: string } | undefined {
  if (value.trim() !== value) {
    return { type: 'url_parsing', message: 'Input should be a valid URL, white space around it' };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { type: 'url_parsing', message: 'Input should be a valid URL, relative URL without a base' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { type: 'url_scheme', message: "URL scheme should be 'http' or 'https'" };
  }
  // WHATWG parsing forgives `https:host` and `https:/x.jpg`; the service wants `//` and a host.
  if (url.hostname === '' || !HTTP_URL.test(value)) {
    return { type: 'url_parsing', message: 'Input should be a valid URL, empty host' };
  }
  return undefined;
}

/** An absolute http(s) URL of at most 2048 characters, with `//` and a host, no white space around it. */
export const httpUrl = () =>
  z
    .string()
    .min(1)
    .max(URL_MAX_LENGTH)
    .superRefine((value, ctx) => {
      if (value.length === 0 || value.length > URL_MAX_LENGTH) return;
      const problem = urlProblem(value);
      if (problem) {
        ctx.addIssue({
          code: 'custom',
          message: problem.message,
          params: { type: problem.type },
          input: value,
        });
      }
    })
    .meta({ pattern: HTTP_URL_PATTERN });

/** Reports every position of `values` that repeats an earlier value, for a `no repeats` rule. */
export function repeatedPositions(values: readonly unknown[]): number[] {
  const seen = new Set<unknown>();
  const repeated: number[] = [];
  values.forEach((value, index) => {
    if (typeof value !== 'string') return;
    if (seen.has(value)) repeated.push(index);
    seen.add(value);
  });
  return repeated;
}

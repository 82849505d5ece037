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

/** A label of a host name: letters, digits and inner hyphens; never punycode (`xn--`), which may not decode. */
const LABEL = '(?![Xx][Nn]--)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
/** The last label starts with a letter: a name ending in digits would be read as an IPv4 address. */
const LAST_LABEL = '(?![Xx][Nn]--)[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const PORT = '(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[1-9][0-9]{0,3}|0)';

/**
 * What an image URL must look like, for the service and for the OpenAPI document alike: http or https
 * in any case, `//`, a host name (or an IPv4 address) and an optional port, then optionally a path,
 * query or fragment; no white space anywhere. Every URL of this form is one a browser's URL parser
 * takes (the service checks both), so a client checking the pattern and the service agree.
 */
export const HTTP_URL_PATTERN =
  `^[Hh][Tt][Tt][Pp][Ss]?://(?:(?:${LABEL}\\.)*${LAST_LABEL}\\.?|(?:${OCTET}\\.){3}${OCTET})` +
  `(?::${PORT})?(?:[/?#]\\S*)?$`;
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
  if (/\s/.test(value)) {
    return { type: 'url_parsing', message: 'Input should be a valid URL, white space inside it' };
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
  if (url.hostname === '' || !/^[Hh][Tt][Tt][Pp][Ss]?:\/\/[^/?#]/.test(value)) {
    return { type: 'url_parsing', message: 'Input should be a valid URL, empty host' };
  }
  if (!HTTP_URL.test(value)) {
    return { type: 'url_parsing', message: 'Input should be a valid URL, invalid host or port' };
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

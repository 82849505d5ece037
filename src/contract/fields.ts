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

/** The NUL character: no text of the service holds it (a database may not store it). */
const NUL = '\u0000';
/** A JSON Schema pattern for "holds no NUL character". */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';
/** A JSON Schema pattern for "has a character that is not white space, and no NUL character". */
const TEXT_PATTERN = '^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$';

/** The 422 a text holding the NUL character gets, as Pydantic words a pattern's mismatch. */
const noNul = {
  message: `String should match pattern '${NO_NUL_PATTERN}'`,
  params: { type: 'string_pattern_mismatch', ctx: { pattern: NO_NUL_PATTERN } },
};

/**
 * The 422 a text holding half of a UTF-16 pair alone gets (a `\ud800` escape in JSON): UTF-8, which
 * the databases store, cannot hold it, and each would keep U+FFFD in its place, another text than the
 * one sent. Pydantic's words for text that is not Unicode.
 */
const wellFormed = {
  message: 'Input should be a valid string, unable to parse raw data as a unicode string',
  params: { type: 'string_unicode' },
};

/** A text that may be empty, without the NUL character (options, and other free text). */
export const text = () =>
  z
    .string()
    .refine((value) => !value.includes(NUL), noNul)
    .refine((value) => value.isWellFormed(), wellFormed)
    .meta({ pattern: NO_NUL_PATTERN });

/**
 * A required string that is not blank after trimming, without the NUL character. The value is kept as
 * sent: the service stores what merchants send and never trims silently. An empty string fails `min(1)`;
 * a blank one fails the refinement with the same Pydantic type, so both read alike in a 422.
 */
export function requiredText(maxLength?: number) {
  const base = z.string().min(1);
  return (maxLength === undefined ? base : base.max(maxLength))
    .refine(notBlank, {
      message: 'String should have at least 1 character',
      params: { type: 'string_too_short', ctx: { min_length: 1 } },
    })
    .refine((value) => !value.includes(NUL), noNul)
    .refine((value) => value.isWellFormed(), wellFormed)
    .meta({ pattern: TEXT_PATTERN });
}

/** A merchant-assigned id: required text of at most 255 characters. */
export const id = () => requiredText(ID_MAX_LENGTH);

/**
 * What an image URL looks like, for the OpenAPI document: http or https in any case, `//`, a host, then
 * optionally a path, query or fragment, with no white space. The service parses it as a browser does
 * (the WHATWG URL standard, as the reference service's validator does), which takes any host form: a
 * name, an IPv4 or bracketed IPv6 address, punycode; every URL it takes matches this pattern.
 */
export const HTTP_URL_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#]+(?:[/?#]\\S*)?$';

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
  if (value.includes(NUL))
    return { type: 'url_parsing', message: 'Input should be a valid URL, NUL character' };
  if (!value.isWellFormed()) return { type: wellFormed.params.type, message: wellFormed.message };
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
    .meta({
      pattern: HTTP_URL_PATTERN,
      format: 'uri',
      description: 'An absolute http or https URL with a host, as a WHATWG URL parser (a browser) reads it.',
    });

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

import { z } from 'zod';
import { timestamp } from '../rewards.js';

/** A time as the local operations write it. */
export const isoTime = timestamp;
/** The most a list's `limit` may ask for. */
export const LIMIT_MAX = 10_000;

/** How many results at most (1 to `LIMIT_MAX`). */
export const limit = () =>
  z
    .string()
    .regex(/^\d+$/)
    .transform(Number)
    .refine((value) => value >= 1 && value <= LIMIT_MAX, {
      message: `Value error, limit must be from 1 to ${LIMIT_MAX}`,
    })
    .optional();

/**
 * A whole number given in an address (an id to page from, a status): digits, no larger than a number
 * both engines hold exactly.
 */
export const wholeNumber = () =>
  z
    .string()
    .regex(/^\d+$/)
    .transform(Number)
    .refine(Number.isSafeInteger, {
      message: `Value error, the number must be at most ${Number.MAX_SAFE_INTEGER}`,
    });

/** A list of results, as every local list answers. */
export const results = <T extends z.ZodType>(item: T, name: string) =>
  z.object({ results: z.array(item) }).meta({ id: name });

/** A list cut at its `limit`: `has_more` says whether there are more than it holds (never cut silently). */
export const limitedResults = <T extends z.ZodType>(item: T, name: string) =>
  z
    .object({
      results: z.array(item),
      has_more: z.boolean().meta({
        description: 'More match than `limit` (default 1,000) let through: raise it, or narrow the list.',
      }),
    })
    .meta({ id: name });

/** How long a list may wait for its first match: `500ms`, `30s`, `2m` (at most 5 minutes). */
export const WAIT_MAX_MS = 5 * 60_000;
export const wait = () =>
  z
    .string()
    .regex(/^\d+(\.\d+)?(ms|s|m)?$/, { message: 'Value error, wait is a duration such as 500ms, 30s or 2m' })
    .transform((text) => {
      const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text) as RegExpExecArray;
      const unit = match[2] === 'ms' ? 1 : match[2] === 'm' ? 60_000 : 1000;
      return Math.round(Number(match[1]) * unit);
    })
    .refine((ms) => ms <= WAIT_MAX_MS, { message: 'Value error, wait is at most 5m' })
    .optional()
    .meta({
      description:
        'Answer as soon as at least one result matches, waiting at most this long (408 if none does by then).',
    });

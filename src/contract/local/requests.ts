import { z } from 'zod';
import { text } from '../fields.js';
import { isoTime, limit, wholeNumber } from './queries.js';

export { isJournalStatus, NO_ANSWER } from './journal-status.js';

/** A request of the merchant to the service's API, as the journal keeps it. */
export const JournalEntry = z
  .object({
    seq: z.number().int().meta({ description: 'Its number in the journal (`before` pages back from it).' }),
    request_id: z.string().meta({ description: 'The X-Request-Id the answer carried.' }),
    at: isoTime(),
    method: z.string(),
    path: z.string(),
    status: z.number().int().meta({
      description:
        "The answer's status; 0 when none was sent (a fault dropped the connection or held it: see `fault`). An answer lost after its commit (`drop-after-commit`) keeps the status it would have had.",
    }),
    target_id: z
      .string()
      .nullable()
      .meta({ description: "The record it was about: an order's or a product's id (a shipment's order)." }),
    fault: z.string().nullable().meta({ description: 'The fault injected into it, if any.' }),
    duration_ms: z.number(),
    request: z.object({
      headers: z.record(z.string(), z.string()).meta({ description: 'Secrets redacted.' }),
      body: z.string().nullable(),
    }),
    response: z.object({ body: z.string().nullable() }),
  })
  .meta({ id: 'JournalEntry' });
export type JournalEntry = z.infer<typeof JournalEntry>;

/** Which requests: by method, path (exactly as sent), answer status and the record's id. */
const filters = {
  method: text()
    .transform((value) => value.toUpperCase())
    .optional(),
  path: text().optional(),
  status: wholeNumber().optional(),
  id: text()
    .optional()
    .meta({ description: "The record's id: an order's, a product's, a shipment's order." }),
};

export const JournalQuery = z
  .object({
    ...filters,
    before: wholeNumber()
      .optional()
      .meta({ description: 'Only requests before this one (`seq`): the next page.' }),
    after: wholeNumber()
      .optional()
      .meta({ description: 'Only requests after this one (`seq`), oldest first: to follow the journal.' }),
    limit: limit(),
  })
  .meta({ id: 'JournalQuery' });
export type JournalQuery = z.infer<typeof JournalQuery>;

export const JournalCountQuery = z.object(filters).meta({ id: 'JournalCountQuery' });
export type JournalCountQuery = z.infer<typeof JournalCountQuery>;

export const JournalList = z
  .object({
    results: z.array(JournalEntry),
    next_before: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Where the next page starts (`before`), or null on the last page.' }),
  })
  .meta({ id: 'JournalList' });
export type JournalList = z.infer<typeof JournalList>;

export const JournalCount = z.object({ count: z.number().int() }).meta({ id: 'JournalCount' });
export type JournalCount = z.infer<typeof JournalCount>;

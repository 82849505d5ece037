import { z } from 'zod';
import { calendarDateProblem } from './dates.js';

const calendarDate = () =>
  z
    .string()
    .superRefine((text, ctx) => {
      const problem = calendarDateProblem(text);
      if (problem) {
        ctx.addIssue({
          code: 'custom',
          message: `Input should be a valid date or datetime, ${problem}`,
          params: { type: 'date_from_datetime_parsing', ctx: { error: problem } },
          input: text,
        });
      }
    })
    .meta({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$', examples: ['2026-11-22'] });

/** How every time of the service is written: UTC, milliseconds, a trailing Z. */
export const TIMESTAMP_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$';

/** A time of the service, as it writes them. */
export const timestamp = () =>
  z
    .string()
    .meta({ format: 'date-time', pattern: TIMESTAMP_PATTERN, examples: ['2026-11-21T09:30:00.000Z'] });

/** Query of `GET /api/v1/rewards/`: whole UTC days, both ends included. */
export const RewardsQuery = z
  .object({
    start_date: calendarDate(),
    end_date: calendarDate(),
  })
  .meta({ id: 'RewardsQuery' });
export type RewardsQuery = z.infer<typeof RewardsQuery>;

/** A reward earned by a buyer's review. */
export const Reward = z
  .object({
    created_at: timestamp(),
    member_id: z.string(),
    rewards: z.number().int(),
    reason: z.string(),
  })
  .meta({ id: 'Reward' });
export type Reward = z.infer<typeof Reward>;

export const RewardsListResponse = z.object({ results: z.array(Reward) }).meta({
  id: 'RewardsListResponse',
  examples: [
    {
      results: [
        {
          created_at: '2026-11-21T09:30:00.000Z',
          member_id: 'M-1001',
          rewards: 500,
          reason: 'Photo review of 제주 감귤 5kg (order ORD-20261122-0001)',
        },
      ],
    },
  ],
});
export type RewardsListResponse = z.infer<typeof RewardsListResponse>;

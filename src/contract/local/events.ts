import { z } from 'zod';
import { isoTime, limit, limitedResults, wholeNumber } from './queries.js';

export const LocalEventsQuery = z
  .object({
    after: wholeNumber()
      .optional()
      .meta({
        description:
          'Only events after this id (as Last-Event-ID does for the stream): the first `limit` of them, and ' +
          'a `Link` header (`rel="next"`) to the ones after when there are more. Without it, the latest `limit`.',
      }),
    limit: limit(),
  })
  .meta({ id: 'LocalEventsQuery' });

/** One thing that happened to the merchant's data, as the event stream tells it. */
export const ServiceEvent = z
  .object({
    id: z.number().int(),
    type: z.enum(['accepted', 'refused', 'applied', 'failed', 'message', 'review', 'reward', 'fault']),
    at: isoTime(),
  })
  .catchall(z.unknown())
  .meta({
    id: 'ServiceEvent',
    examples: [
      {
        id: 7,
        type: 'accepted',
        at: '2026-11-22T09:00:00.000Z',
        kind: 'order',
        target_id: 'ORD-1',
        queued: true,
      },
    ],
  });
export type ServiceEventBody = z.infer<typeof ServiceEvent>;
export const ServiceEventList = limitedResults(ServiceEvent, 'ServiceEventList');

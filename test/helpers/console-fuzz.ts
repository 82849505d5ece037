import fc from 'fast-check';
import { expect } from 'vitest';
import { consoleCookie } from './console.js';
import {
  countStatus,
  expectPageAnswer,
  named,
  oddSegment,
  pageFuzzRequest,
  sendPageRequest,
  withQuery,
  type PageTarget,
} from './page-fuzz.js';
import { sampleOrder } from './samples.js';
import type { TestService } from './service.js';

/** The orders a fuzz run's pages show and its forms name (each with items `-1` and `-2`). */
const ORDERS = ['ORD-CF-1', 'ORD-CF-2'];

/** A path of the console: its pages and forms, the orders by their places or odd ids, its assets. */
const consolePath = withQuery(
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        ...['', 'conversations', 'conversations/panel', 'events', 'requests', 'orders', 'faults'],
        ...['faults/clear', 'clock/advance', 'queue/apply', 'products', 'jobs', 'rewards', 'marketplaces'],
        ...['sign-in', 'nowhere', 'assets/htmx.min.js', 'assets/page.css'],
      ),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(named('order', ORDERS.length), fc.constantFrom('', '/reviews', '/'))
        .map(([id, part]) => `orders/${id}${part}`),
    },
    { weight: 1, arbitrary: oddSegment.map((name) => `assets/${name}`) },
    { weight: 1, arbitrary: fc.constant('sign-out') },
  ),
  ['q', 'page', 'before', 'after', 'since', 'buyer', 'reviewed', 'status', 'method', 'path', 'id', 'lang'],
);

/** The names the console's forms use (and a few they do not). */
const consoleFieldName = fc.constantFrom(
  ...['access_key_id', 'secret_access_key', 'spec', 'seed', 'kind', 'item_id', 'by', 'back', 'status'],
  ...['q', 'path', 'method', 'id', 'rating', 'text'],
);

/** Words the console's forms take: item ids, durations, fault specs, kinds, places to go back to. */
const consoleValue = fc.constantFrom(
  ...['ORD-CF-1-1', 'ORD-CF-2-2', 'ORD-CF-9-1', '1d', '2h', '90m', '-1d', '0s', '10000d'],
  ...[
    '503:next=2',
    '429',
    'latency:200ms',
    'drop:rate=0.5',
    'POST @ORD-CF-1=500',
    'garbage:',
    'text',
    'photo',
  ],
  ...['/console/orders', 'https://example.com/', '//evil', 'javascript:alert(1)'],
);

/**
 * Signs in to `service`'s console, stores two orders, then sends `runs` fuzzed requests to the
 * console's pages: each answered as a page answers (no 5xx), none reset; signed out, it signs in again.
 * The service's own failures (`unexpected`, given to it as `onError`) stay none, and its API still
 * answers. The statuses seen, by count.
 */
export async function fuzzConsole(
  service: TestService,
  unexpected: unknown[],
  { runs, seed }: { runs: number; seed: number },
): Promise<Map<number, number>> {
  for (const id of ORDERS) {
    expect((await service.call('POST', '/api/v1/orders/', { body: sampleOrder(id) })).status).toBe(202);
  }
  await service.local.apply();
  const target: PageTarget = {
    origin: service.baseUrl,
    base: '/console/',
    cookie: await consoleCookie(service),
    names: { order: ORDERS },
  };
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(pageFuzzRequest(consolePath, consoleFieldName, consoleValue), async (request) => {
      const answer = await sendPageRequest(target, request);
      countStatus(statuses, answer.status);
      expectPageAnswer(request, answer, {
        plain: (sent, status) => (status === 401 || status === 429) && sent.path.startsWith('events'),
      });
      if (request.path.startsWith('sign-out') && answer.status === 303)
        target.cookie = await consoleCookie(service);
    }),
    { numRuns: runs, seed },
  );
  expect(unexpected.map((error) => (error instanceof Error ? error.stack : String(error)))).toEqual([]);
  await service.call('DELETE', '/local/faults');
  expect((await service.call('GET', '/api/v1/health/')).status).toBe(200);
  return statuses;
}

import type { z } from 'zod';
import type { Answer, Endpoint } from '../endpoints.js';
import { ErrorBody } from '../responses.js';
import { LocalEventsQuery, ServiceEventList } from './events.js';
import { FaultsBody, FaultsState } from './faults.js';
import { JournalCount, JournalCountQuery, JournalList, JournalQuery } from './requests.js';
import {
  BotMessageList,
  ClockAdvanceBody,
  LocalJobList,
  LocalJobsQuery,
  LocalMerchant,
  LocalMerchantBody,
  LocalMessagesQuery,
  LocalOrderList,
  LocalOrdersQuery,
  LocalProductList,
  LocalProductsQuery,
  LocalReview,
  LocalReviewBody,
  LocalReviewList,
  LocalReviewsQuery,
  QueueRun,
  Readiness,
  ResetResult,
} from './records.js';

const local = <E extends Omit<Endpoint, 'tag' | 'auth'>>(endpoint: E) => ({
  ...endpoint,
  tag: 'Local' as const,
  auth: 'required' as const,
});
const ok = (description: string, schema: z.ZodType): Answer => ({ description, schema });
const timedOut: Answer = { description: 'Nothing matched within `wait`.', schema: ErrorBody };

/** The `/local/` operations. */
export const LOCAL_ENDPOINTS = {
  listOrders: local({
    method: 'GET',
    path: '/local/orders',
    summary: 'Stored orders, queued or applied, with items and shipments',
    query: LocalOrdersQuery,
    answers: { 200: ok('Orders in arrival order.', LocalOrderList), 408: timedOut },
  }),
  listProducts: local({
    method: 'GET',
    path: '/local/products',
    summary: 'Stored products, as the bot shows them',
    query: LocalProductsQuery,
    answers: { 200: ok('Products.', LocalProductList) },
  }),
  listMessages: local({
    method: 'GET',
    path: '/local/messages',
    summary: "The bot's outbox: messages sent and scheduled",
    query: LocalMessagesQuery,
    answers: { 200: ok('Messages by due time.', BotMessageList), 408: timedOut },
  }),
  listJobs: local({
    method: 'GET',
    path: '/local/jobs',
    summary: 'Accepted creates: queued, applied, or failed with the reason',
    query: LocalJobsQuery,
    answers: { 200: ok('Creates in arrival order.', LocalJobList), 408: timedOut },
  }),
  listReviews: local({
    method: 'GET',
    path: '/local/reviews',
    summary: "Buyers' reviews and the rewards they earned",
    query: LocalReviewsQuery,
    answers: { 200: ok('Reviews.', LocalReviewList) },
  }),
  addReview: local({
    method: 'POST',
    path: '/local/reviews',
    summary: "Simulate a buyer's review of an order item (a member's review earns a reward)",
    body: LocalReviewBody,
    answers: {
      201: ok('The review, and its reward if any.', LocalReview),
      404: { description: 'No such order, or no such item in it.', schema: ErrorBody },
      409: { description: 'The order is still queued, or the item was reviewed already.', schema: ErrorBody },
    },
  }),
  advanceClock: local({
    method: 'POST',
    path: '/local/clock/advance',
    summary: 'Move the simulated clock forward; what became due is applied and sent',
    body: ClockAdvanceBody,
    answers: { 200: ok('What happened.', QueueRun) },
  }),
  applyQueue: local({
    method: 'POST',
    path: '/local/queue/apply',
    summary: "Apply this merchant's queued creates now, whatever their delay",
    answers: { 200: ok('What happened.', QueueRun) },
  }),
  addMerchant: local({
    method: 'POST',
    path: '/local/merchants',
    summary: "Add a merchant with its own credentials and data (only the service's first merchant may)",
    body: LocalMerchantBody,
    answers: {
      201: ok('The merchant; the secret only when it was generated.', LocalMerchant),
      403: { description: "The caller is not the service's first merchant.", schema: ErrorBody },
      409: { description: 'The merchant id or the access key id is already in use.', schema: ErrorBody },
    },
  }),
  listEvents: local({
    method: 'GET',
    path: '/local/events',
    summary:
      "What happened to this merchant's data: creates accepted, refused, applied or failed, messages sent, " +
      'rewards earned, faults injected. With `Accept: text/event-stream`, a live stream of them ' +
      '(server-sent events; `Last-Event-ID` resumes).',
    query: LocalEventsQuery,
    answers: {
      200: ok(
        'The events kept (the last thousand), oldest first: the latest, or the next after `after`.',
        ServiceEventList,
      ),
    },
  }),
  listRequests: local({
    method: 'GET',
    path: '/local/requests',
    summary:
      "The request journal: this merchant's requests to the service's API, newest first, with headers " +
      '(secrets redacted), bodies, status, the fault injected and the time taken',
    query: JournalQuery,
    answers: { 200: ok('A page of requests.', JournalList) },
  }),
  countRequests: local({
    method: 'GET',
    path: '/local/requests/count',
    summary:
      'How many requests of the journal match: to assert on ("exactly 1 POST /api/v1/orders/ with id X")',
    query: JournalCountQuery,
    answers: { 200: ok('The count.', JournalCount) },
  }),
  getFaults: local({
    method: 'GET',
    path: '/local/faults',
    summary: "The faults in force on the service's own operations, and how many each injected",
    answers: { 200: ok('The faults.', FaultsState) },
  }),
  setFaults: local({
    method: 'PUT',
    path: '/local/faults',
    summary:
      'Inject faults into a share of requests to the service (/api/): 500, 503 or 429 with Retry-After, ' +
      'a delay, a stall, a connection dropped before or after the request is committed',
    body: FaultsBody,
    answers: { 200: ok('The faults now in force.', FaultsState) },
  }),
  clearFaults: local({
    method: 'DELETE',
    path: '/local/faults',
    summary: 'Stop injecting faults',
    answers: { 200: ok('No faults in force.', FaultsState) },
  }),
  reset: local({
    method: 'POST',
    path: '/local/reset',
    summary:
      "Remove this merchant's data (orders, products, shipments, queue, messages, reviews, rewards) and load " +
      'its part of the seed again; only when the service was started with --allow-reset',
    answers: {
      200: ok('Reset, and what the seed loaded.', ResetResult),
      403: { description: 'The service was not started with --allow-reset.', schema: ErrorBody },
    },
  }),
  ready: {
    method: 'GET',
    path: '/local/ready',
    summary: 'Readiness: whether the database answers (for load balancers and orchestrators); no credentials',
    tag: 'Local',
    auth: 'none',
    answers: {
      200: ok('Ready.', Readiness),
      503: ok('Not ready: the database does not answer.', Readiness),
    },
  },
} as const satisfies Record<string, Endpoint>;

import type { FastifyReply } from 'fastify';
import type { Paged } from '../local/operations.js';
import type { Service } from '../service.js';
import { streamEvents } from './event-stream.js';
import type { SomeHandlers } from './types.js';

type LocalName =
  | 'listOrders'
  | 'listProducts'
  | 'listMessages'
  | 'listJobs'
  | 'listReviews'
  | 'addReview'
  | 'advanceClock'
  | 'applyQueue'
  | 'addMerchant'
  | 'listEvents'
  | 'listRequests'
  | 'countRequests'
  | 'getFaults'
  | 'setFaults'
  | 'clearFaults'
  | 'reset'
  | 'ready';

/**
 * Says where the next page of a list is, as GitHub's API does (`Link: <…>; rel="next"`): the same
 * request with `name` set to `value`, so `intake api --paginate` and any client that follows links
 * read every page.
 */
function linkNext(reply: FastifyReply, name: string, value: number | string): void {
  const url = new URL(reply.request.url, 'http://service.invalid');
  url.searchParams.set(name, String(value));
  void reply.header('link', `<${url.pathname}${url.search}>; rel="next"`);
}

/** A list cut at its limit, answered with the link to where it goes on (the position stays out of the body). */
function paged<T>(reply: FastifyReply, { after, ...page }: Paged<T>): Omit<Paged<T>, 'after'> {
  if (page.has_more && after !== undefined) linkNext(reply, 'after', after);
  return page;
}

/** Aborts when the client goes away before its answer was sent (a wait it no longer waits for). */
function clientGone(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  const abort = () => {
    if (!reply.raw.writableFinished) gone.abort();
  };
  reply.raw.once('close', abort);
  // The server keeps a connection the client half-closed open for its answer: a client that closes its
  // side while waiting has gone away, and the wait ends with it.
  const socket = reply.request.raw.socket;
  socket.once('end', abort);
  socket.once('close', abort);
  gone.signal.addEventListener('abort', () => {
    socket.off('end', abort);
    socket.off('close', abort);
  });
  reply.raw.once('finish', () => {
    socket.off('end', abort);
    socket.off('close', abort);
  });
  return gone.signal;
}

/**
 * A list a client may wait for (`wait`, ms): answered once it holds something or the wait is over, with
 * the link to its next page.
 */
async function waitedPage<Query extends { wait?: number | undefined }, T>(
  local: Service['local'],
  request: { merchant: { id: string }; query: Query },
  reply: FastifyReply,
  list: (merchantId: string, query: Omit<Query, 'wait'>) => Promise<Paged<T>>,
): Promise<Omit<Paged<T>, 'after'>> {
  const { wait, ...query } = request.query;
  const merchantId = request.merchant.id;
  const page = await local.waitFor(merchantId, wait, clientGone(reply), () => list(merchantId, query));
  return paged(reply, page);
}

export function localHandlers(service: Service): SomeHandlers<LocalName> {
  const { local, merchants, faults } = service;
  return {
    listOrders: async (request, reply) =>
      waitedPage(local, request, reply, (merchantId, query) => local.orders(merchantId, query)),
    listProducts: async (request, reply) =>
      paged(reply, await local.products(request.merchant.id, request.query)),
    listMessages: async (request, reply) =>
      waitedPage(local, request, reply, (merchantId, query) => local.messages(merchantId, query)),
    listJobs: async (request, reply) =>
      waitedPage(local, request, reply, (merchantId, query) => local.jobs(merchantId, query)),
    listReviews: async (request, reply) =>
      paged(reply, await local.reviews(request.merchant.id, request.query)),
    addReview: async (request, reply) =>
      reply.code(201).send(await local.addReview(request.merchant.id, request.body)),
    advanceClock: async (request) => local.advanceClock(request.merchant.id, request.body.by),
    applyQueue: async (request) => local.runQueue(request.merchant.id),
    addMerchant: async (request, reply) => {
      const { body } = request;
      const merchant = await merchants.add(
        request.merchant,
        {
          merchantId: body.merchant_id,
          accessKeyId: body.access_key_id,
          secretAccessKey: body.secret_access_key,
          thanksDelayDays: body.thanks_delay_days,
        },
        service.now(),
      );
      return reply.code(201).send({
        merchant_id: merchant.merchantId,
        access_key_id: merchant.accessKeyId,
        ...(merchant.secretAccessKey ? { secret_access_key: merchant.secretAccessKey } : {}),
        thanks_delay_days: merchant.thanksDelayDays,
      });
    },
    listRequests: async (request, reply) => {
      const page = await service.journal.list(request.merchant.id, request.query);
      if (page.next_before !== null) linkNext(reply, 'before', page.next_before);
      return page;
    },
    countRequests: async (request) => ({
      count: await service.journal.count(request.merchant.id, request.query),
    }),
    listEvents: async (request, reply) => {
      const merchantId = request.merchant.id;
      if ((request.headers.accept ?? '').includes('text/event-stream')) {
        const last = Number(request.headers['last-event-id'] ?? request.query.after ?? 0);
        return streamEvents(reply, service.events, merchantId, Number.isFinite(last) ? last : 0);
      }
      return paged(reply, await local.events(merchantId, request.query));
    },
    getFaults: async (request) => local.faultsState(faults, request.merchant.id),
    setFaults: async (request) =>
      local.setFaults(faults, request.merchant.id, request.body.spec, request.body.seed),
    clearFaults: async (request) => {
      await faults.set(request.merchant.id, []);
      return local.faultsState(faults, request.merchant.id);
    },
    reset: async (request) => local.reset(request.merchant.id),
    ready: async (_request, reply) => {
      const readiness = await service.readiness();
      return reply.code(readiness.ready ? 200 : 503).send(readiness);
    },
  };
}

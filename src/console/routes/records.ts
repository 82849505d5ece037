import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { JournalCountQuery } from '../../contract/local/index.js';
import type { FakeState } from '../../contract/marketplace-fakes.js';
import { FAKE_MARKETPLACES } from '../../contract/marketplace-fakes.js';
import { beforeNumber } from '../../server/local/browse.js';
import { describeDoc } from '../../server/marketplaces/model.js';
import type { Service } from '../../server/service.js';
import { newestEvent } from './conversations.js';
import { merchantOf, sendPage, textsOf } from '../render.js';
import { clockCard } from '../views/clock.js';
import { marketplacesBody } from '../views/marketplaces.js';
import { jobsBody, productsBody, rewardsBody } from '../views/records.js';
import { REQUEST_METHODS, requestsBody, type RequestsFilter } from '../views/requests.js';

type Paged = { Querystring: { before?: string } };

/**
 * The lists beside the orders, each a page at a time, newest first: products, the queue of creates,
 * reviews and rewards, the request journal; and the marketplace fakes.
 */
export async function recordRoutes(app: FastifyInstance, { service }: { service: Service }): Promise<void> {
  app.get<Paged>('/products', async (request, reply) => {
    const t = textsOf(request);
    const { before } = request.query;
    const page = {
      ...(await service.browse.products(merchantOf(request), before)),
      asOf: await newestEvent(service, merchantOf(request)),
    };
    return sendPage(request, reply, {
      title: t('productsTitle'),
      current: 'products',
      body: productsBody(t, page, before),
    });
  });

  app.get<Paged>('/jobs', async (request, reply) => {
    const t = textsOf(request);
    const { before } = request.query;
    const page = {
      ...(await service.browse.jobs(merchantOf(request), before)),
      asOf: await newestEvent(service, merchantOf(request)),
    };
    const now = new Date(service.now(merchantOf(request))).toISOString();
    return sendPage(request, reply, {
      title: t('jobsTitle'),
      current: 'jobs',
      body: clockCard(t, now, request.url) + jobsBody(t, page, before),
    });
  });

  app.get<Paged>('/rewards', async (request, reply) => {
    const t = textsOf(request);
    const { before } = request.query;
    const page = {
      ...(await service.browse.reviews(merchantOf(request), before)),
      asOf: await newestEvent(service, merchantOf(request)),
    };
    return sendPage(request, reply, {
      title: t('rewardsTitle'),
      current: 'rewards',
      body: rewardsBody(t, page, before),
    });
  });

  app.get<{ Querystring: Record<string, unknown> }>('/requests', async (request, reply) => {
    const t = textsOf(request);
    const before = oneText(request.query.before);
    const filter = requestsFilter(request.query);
    const merchantId = merchantOf(request);
    const from = beforeNumber(before);
    const journal = await service.journal.list(merchantId, {
      ...filter,
      limit: 50,
      ...(from === undefined ? {} : { before: from }),
    });
    const page = {
      rows: journal.results,
      total: await service.journal.count(merchantId, filter),
      next: journal.next_before === null ? undefined : String(journal.next_before),
    };
    return sendPage(request, reply, {
      title: t('requestsTitle'),
      current: 'requests',
      body: requestsBody(t, page, before, filter),
    });
  });

  app.get('/marketplaces', async (request, reply) => {
    const t = textsOf(request);
    const merchant = merchantOf(request);
    const fakes = await Promise.all(
      FAKE_MARKETPLACES.map(async (name) =>
        describeDoc(name, await service.marketplaces.read(name, merchant)),
      ),
    );
    return sendPage(request, reply, {
      title: t('marketplacesTitle'),
      current: 'marketplaces',
      body: marketplacesBody(t, fakes as FakeState[]),
    });
  });
}

/** A field of the address given once, as text; anything else (absent, repeated) is none. */
const oneText = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * The journal's filter from the page's address, each field read by the API's own query rules: a known
 * method, a status of three digits, a record's id. A field left empty or not understood narrows nothing
 * (the form shows what was taken).
 */
function requestsFilter(query: Record<string, unknown>): RequestsFilter {
  const field = <K extends 'method' | 'status' | 'id'>(key: K) => {
    const given = oneText(query[key])?.trim();
    const read = given ? JournalCountQuery.shape[key].safeParse(given) : undefined;
    return read?.success ? (read.data as z.output<(typeof JournalCountQuery.shape)[K]>) : undefined;
  };
  const method = REQUEST_METHODS.find((name) => name === field('method'));
  const status = field('status');
  const id = field('id');
  return {
    ...(method === undefined ? {} : { method }),
    ...(status !== undefined && status >= 100 && status <= 599 ? { status } : {}),
    ...(id === undefined ? {} : { id }),
  };
}

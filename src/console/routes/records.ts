import type { FastifyInstance } from 'fastify';
import type { FakeState } from '../../contract/marketplace-fakes.js';
import { FAKE_MARKETPLACES } from '../../contract/marketplace-fakes.js';
import { describeDoc } from '../../server/marketplaces/model.js';
import type { Service } from '../../server/service.js';
import { newestEvent } from './conversations.js';
import { merchantOf, sendPage, textsOf } from '../render.js';
import { clockCard } from '../views/clock.js';
import { marketplacesBody } from '../views/marketplaces.js';
import { jobsBody, productsBody, rewardsBody } from '../views/records.js';

type Paged = { Querystring: { before?: string } };

/**
 * The lists beside the orders, each a page at a time, newest first: products, the queue of creates,
 * reviews and rewards; and the marketplace fakes.
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

import type { FastifyInstance } from 'fastify';
import type { FakeState } from '../../contract/marketplace-fakes.js';
import { FAKE_MARKETPLACES } from '../../contract/marketplace-fakes.js';
import { describeDoc } from '../../server/marketplaces/model.js';
import type { Service } from '../../server/service.js';
import { merchantOf, sendPage, textsOf } from '../render.js';
import { clockCard } from '../views/clock.js';
import { marketplacesBody } from '../views/marketplaces.js';
import { jobsBody, productsBody, rewardsBody } from '../views/records.js';

/** The lists beside the orders: products, the queue of creates, reviews and rewards, the marketplace fakes. */
export async function recordRoutes(app: FastifyInstance, { service }: { service: Service }): Promise<void> {
  app.get('/products', async (request, reply) => {
    const t = textsOf(request);
    const products = (await service.local.products(merchantOf(request), { limit: 1000 })).results;
    return sendPage(request, reply, {
      title: t('productsTitle'),
      current: 'products',
      body: productsBody(t, products),
    });
  });

  app.get('/jobs', async (request, reply) => {
    const t = textsOf(request);
    const jobs = (await service.local.jobs(merchantOf(request), { limit: 1000 })).results.reverse();
    const now = new Date(service.now(merchantOf(request))).toISOString();
    return sendPage(request, reply, {
      title: t('jobsTitle'),
      current: 'jobs',
      body: clockCard(t, now, request.url) + jobsBody(t, jobs),
    });
  });

  app.get('/rewards', async (request, reply) => {
    const t = textsOf(request);
    const reviews = (await service.local.reviews(merchantOf(request), { limit: 1000 })).results;
    return sendPage(request, reply, {
      title: t('rewardsTitle'),
      current: 'rewards',
      body: rewardsBody(t, reviews),
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

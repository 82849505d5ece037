import type { FastifyInstance } from 'fastify';
import { REVIEW_KINDS, type ReviewKind } from '../../contract/kinds.js';
import type { Service } from '../../server/service.js';
import { field, type Form } from '../../web/forms.js';
import { newestEvent } from './conversations.js';
import { failureCard, merchantOf, seeOther, sendPage, textsOf } from '../render.js';
import { orderBody, ordersBody, reviewSaid } from '../views/orders.js';

type OrderParams = { Params: { id: string } };
type Paged = { Querystring: { before?: string } };

/** The orders, one order with its items, shipments and messages, and a simulated review of an item. */
export async function orderRoutes(app: FastifyInstance, { service }: { service: Service }): Promise<void> {
  app.get<Paged>('/orders', async (request, reply) => {
    const t = textsOf(request);
    const { before } = request.query;
    const page = {
      ...(await service.browse.orders(merchantOf(request), before)),
      asOf: await newestEvent(service, merchantOf(request)),
    };
    return sendPage(request, reply, {
      title: t('ordersTitle'),
      current: 'orders',
      body: ordersBody(t, page, before),
    });
  });

  app.get<OrderParams & { Querystring: { reviewed?: string } }>('/orders/:id', async (request, reply) => {
    const t = textsOf(request);
    const merchantId = merchantOf(request);
    const order = (await service.local.orders(merchantId, { id: request.params.id })).results[0];
    if (!order) return reply.callNotFound();
    const messages = await service.local.messages(merchantId, { order_id: order.id, limit: 1000 });
    const reviewed = await service.browse.reviewedItems(merchantId, order);
    // The review just simulated (its item named by the form's answer), said with what it earned.
    const done = request.query.reviewed === undefined ? undefined : reviewed.get(request.query.reviewed);
    return sendPage(request, reply, {
      title: t('orderTitle', { id: order.id }),
      current: 'orders',
      body: orderBody(
        t,
        order,
        messages,
        reviewed,
        done && t('reviewDone', { item: done.item_id, review: reviewSaid(t, done) }),
      ),
    });
  });

  app.post<OrderParams & { Body: Form }>('/orders/:id/reviews', async (request, reply) => {
    const kind = field(request.body, 'kind') as ReviewKind;
    if (!REVIEW_KINDS.includes(kind)) {
      // Only an edited form sends another kind: said as any form the console cannot read.
      const t = textsOf(request);
      return sendPage(request, reply, {
        title: t('errorTitle'),
        current: 'orders',
        body: failureCard(request, t('unreadableForm')),
        status: 400,
      });
    }
    const review = await service.local.addReview(merchantOf(request), {
      order_id: request.params.id,
      item_id: field(request.body, 'item_id'),
      kind,
    });
    const item = encodeURIComponent(review.item_id);
    return seeOther(reply, `/orders/${encodeURIComponent(request.params.id)}?reviewed=${item}`);
  });
}

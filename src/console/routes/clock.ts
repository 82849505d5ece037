import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { QueueRun } from '../../contract/local/index.js';
import type { Service } from '../../server/service.js';
import { field, type Form } from '../../web/forms.js';
import { sendHtml } from '../../web/reply.js';
import { merchantOf, seeOther, textsOf } from '../render.js';
import { clockCard } from '../views/clock.js';

type Posted = FastifyRequest<{ Body: Form }>;

/** The clock card again (for htmx, which swaps it in place) or the page the form was on. */
function afterClock(request: Posted, reply: FastifyReply, ran: QueueRun) {
  const back = field(request.body, 'back');
  if (request.headers['hx-request'] === 'true') {
    return sendHtml(reply, clockCard(textsOf(request), ran.now, back || '/console/conversations', ran));
  }
  return seeOther(reply, back.startsWith('/console/') ? back.slice('/console'.length) : '/conversations');
}

/** The service's clock moved forward, and the queue applied at once. */
export async function clockRoutes(app: FastifyInstance, { service }: { service: Service }): Promise<void> {
  app.post<{ Body: Form }>('/clock/advance', async (request, reply) =>
    afterClock(
      request,
      reply,
      await service.local.advanceClock(merchantOf(request), field(request.body, 'by') || '1d'),
    ),
  );

  app.post<{ Body: Form }>('/queue/apply', async (request, reply) =>
    afterClock(request, reply, await service.local.runQueue(merchantOf(request))),
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { streamEvents } from '../../server/routes/event-stream.js';
import type { Service } from '../../server/service.js';
import { sendHtml } from '../../web/reply.js';
import { merchantOf, sendPage, textsOf } from '../render.js';
import { clockCard } from '../views/clock.js';
import { conversationPanel, conversationsBody, type Conversation } from '../views/conversations.js';

/** The number of the merchant's newest event (0 before the first). */
export async function newestEvent(service: Service, merchantId: string): Promise<number> {
  return (await service.events.recent(merchantId, 0, 1)).at(-1)?.id ?? 0;
}

type Search = { Querystring: { q?: string; buyer?: string; page?: string; before?: string } };

/** The bot's conversations, searched and paged, with the one chosen; its panel alone; the live events. */
export async function conversationRoutes(
  app: FastifyInstance,
  { service }: { service: Service },
): Promise<void> {
  const opened = async (
    merchantId: string,
    key: string | undefined,
    before: string | undefined,
  ): Promise<Conversation | undefined> => {
    if (key === undefined) return undefined;
    const found = await service.browse.conversation(merchantId, key, before);
    return found && { key, ...found };
  };

  const view = async (request: FastifyRequest<Search>) => {
    const merchantId = merchantOf(request);
    const q = (request.query.q ?? '').slice(0, 200);
    const page = Math.max(1, Math.min(100_000, Number(request.query.page) || 1));
    const buyers = await service.browse.conversations(merchantId, q, page);
    const any =
      q === '' ? buyers.total > 0 : (await service.browse.conversations(merchantId, '', 1)).total > 0;
    // With one buyer found and none chosen, that one is open.
    const key = request.query.buyer ?? (buyers.total === 1 ? buyers.rows[0]?.key : undefined);
    return {
      asOf: await newestEvent(service, merchantId),
      buyers: buyers.rows,
      total: buyers.total,
      any,
      q,
      page,
      more: buyers.next !== undefined,
      selected: await opened(merchantId, key, request.query.before),
      before: request.query.before,
    };
  };

  app.get<Search>('/conversations', async (request, reply) => {
    const t = textsOf(request);
    const now = new Date(service.now(merchantOf(request))).toISOString();
    return sendPage(request, reply, {
      title: t('conversationsTitle'),
      current: 'conversations',
      body: clockCard(t, now, request.url) + conversationsBody(t, await view(request)),
    });
  });

  // The conversation alone, for the page to refresh it when the bot sends something.
  app.get<Search>('/conversations/panel', async (request, reply) => {
    const t = textsOf(request);
    const { q, page, buyer, before } = request.query;
    const selected = await opened(merchantOf(request), buyer, before);
    return sendHtml(reply, conversationPanel(t, selected, { q, page, before }));
  });

  // A page that only wants to know of changes asks from the event it was read at (`after`), or `since=now`.
  app.get<{ Querystring: { since?: string; after?: string } }>('/events', async (request, reply) => {
    const merchantId = merchantOf(request);
    const resumed = Number(request.headers['last-event-id'] ?? 0) || 0;
    const asked = Number(request.query.after);
    const after =
      resumed > 0
        ? resumed
        : request.query.after !== undefined && Number.isInteger(asked) && asked >= 0
          ? asked
          : request.query.since === 'now'
            ? await newestEvent(service, merchantId)
            : 0;
    return streamEvents(reply, service.events, merchantId, after);
  });
}

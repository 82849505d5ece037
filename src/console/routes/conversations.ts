import type { FastifyInstance, FastifyRequest } from 'fastify';
import { streamEvents } from '../../server/routes/event-stream.js';
import type { Service } from '../../server/service.js';
import { sendHtml } from '../../web/reply.js';
import { merchantOf, sendPage, textsOf } from '../render.js';
import { clockCard } from '../views/clock.js';
import { conversationPanel, conversationsBody, conversationsOf, matches } from '../views/conversations.js';

type Search = { Querystring: { q?: string; buyer?: string } };

/** The bot's conversations, searched, with the one chosen; its panel alone; the live events. */
export async function conversationRoutes(
  app: FastifyInstance,
  { service }: { service: Service },
): Promise<void> {
  const conversationsFor = async (request: FastifyRequest<Search>) => {
    const all = conversationsOf(
      (await service.local.messages(merchantOf(request), { limit: 10_000 })).results,
    );
    const q = request.query.q ?? '';
    const shown = all.filter((conversation) => matches(conversation, q));
    const selected =
      shown.find((conversation) => conversation.key === request.query.buyer) ??
      (request.query.buyer === undefined && shown.length === 1 ? shown[0] : undefined);
    return { all, q, shown, selected };
  };

  app.get<Search>('/conversations', async (request, reply) => {
    const t = textsOf(request);
    const { all, q, shown, selected } = await conversationsFor(request);
    const body = conversationsBody(t, { conversations: shown, all: all.length, q, selected });
    return sendPage(request, reply, {
      title: t('conversationsTitle'),
      current: 'conversations',
      body: clockCard(t, new Date(service.now(merchantOf(request))).toISOString(), request.url) + body,
    });
  });

  // The conversation alone, for the page to refresh it when the bot sends something.
  app.get<Search>('/conversations/panel', async (request, reply) => {
    const t = textsOf(request);
    const { q, selected } = await conversationsFor(request);
    const url = `/console/conversations/panel?${new URLSearchParams({
      ...(q ? { q } : {}),
      ...(selected ? { buyer: selected.key } : {}),
    }).toString()}`;
    return sendHtml(reply, conversationPanel(t, selected, url));
  });

  app.get('/events', async (request, reply) =>
    streamEvents(
      reply,
      service.events,
      merchantOf(request),
      Number(request.headers['last-event-id'] ?? 0) || 0,
    ),
  );
}

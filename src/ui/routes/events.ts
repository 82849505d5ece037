import type { FastifyInstance } from 'fastify';
import { sseFrame, startEventStream } from '../../util/sse.js';
import { textsOf } from '../render.js';
import type { UiState } from '../state.js';
import { progressFacts } from '../views/send.js';

/** How often the progress is sent while a send runs. */
const EVERY_MS = 500;

/**
 * The live progress of an upload's send, as server-sent events: `progress` (the figures, as HTML to
 * put in the page) every half second, and `done` when the send is over (the page then shows the
 * results). Streams still open when the UI closes are ended.
 */
export async function eventRoutes(app: FastifyInstance, { state }: { state: UiState }): Promise<void> {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get<{ Params: { id: string } }>('/uploads/:id/events', (request, reply) => {
    const session = state.sessions.get(request.params.id);
    if (!session) return reply.callNotFound();
    const t = textsOf(request);
    reply.hijack();
    const stream = reply.raw;
    startEventStream(stream);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(timer);
      stopListening();
      open.delete(end);
      stream.end();
    };
    const tick = () => {
      if (ended) return;
      stream.write(sseFrame({ event: 'progress', data: progressFacts(t, session) }));
      if (!session.running) {
        stream.write(sseFrame({ event: 'done', data: '' }));
        end();
      }
    };
    const timer = setInterval(tick, EVERY_MS);
    const stopListening = session.listen(() => {
      if (!session.running) tick();
    });
    open.add(end);
    request.raw.on('close', end);
    tick();
    return reply;
  });
}

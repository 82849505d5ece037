import type { FastifyInstance } from 'fastify';
import { sessionToResume, uploadHistory } from '../history.js';
import { langOf, seeOther, sendPage, textsOf } from '../render.js';
import { sendSession } from '../runner.js';
import type { UiState } from '../state.js';
import { historyBody, statusBody, uploadForm } from '../views.js';

/** The pages beside an upload's: the form to start one, the history, the connection. */
export async function pageRoutes(app: FastifyInstance, { state }: { state: UiState }): Promise<void> {
  app.get('/', async (request, reply) => {
    const t = textsOf(request);
    return sendPage(request, reply, state, {
      title: t('uploadTitle'),
      current: 'upload',
      body: uploadForm(t, undefined, state.sessions.recent(), state.maxBytes),
    });
  });

  app.get('/history', async (request, reply) => {
    const t = textsOf(request);
    const target = state.services.ledger.target;
    const entries = uploadHistory(state) ?? [];
    return sendPage(request, reply, state, {
      title: t('historyTitle'),
      current: 'history',
      body: historyBody(
        t,
        langOf(request),
        target && { address: target.address ?? target.service, accessKeyId: target.accessKeyId },
        entries,
      ),
    });
  });

  app.post<{ Params: { id: string } }>('/history/:id/resume', async (request, reply) => {
    const id = Number(request.params.id);
    const session = Number.isInteger(id) ? await sessionToResume(state, id) : undefined;
    if (!session) return reply.callNotFound();
    state.sessions.add(session);
    // Sent as it was the first time: the ledger sends only what the service does not have yet.
    session.sending = sendSession(session, state.services, { update: false });
    return seeOther(reply, `/uploads/${session.id}`);
  });

  app.get('/status', async (request, reply) => {
    const t = textsOf(request);
    return sendPage(request, reply, state, {
      title: t('statusTitle'),
      current: 'status',
      body: statusBody(t, await state.status()),
    });
  });
}

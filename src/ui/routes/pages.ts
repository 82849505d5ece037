import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { presets, RESOURCES, tableLayout, type ResourceName } from '../../bulk/index.js';
import { csvRow } from '../../util/csv.js';
import { HISTORY_SHOWN, sessionToResume, uploadHistory } from '../history.js';
import { langOf } from '../../web/language.js';
import { seeOther, sendPage, textsOf } from '../render.js';
import { sendSession } from '../runner.js';
import type { UiState } from '../state.js';
import { historyBody, historyLines } from '../views/history.js';
import { noticeBox } from '../views/notice.js';
import { statusBody } from '../views/status.js';
import { uploadForm } from '../views/upload-form.js';

/** The headers of a template: a layout's own columns, or the headers a preset reads. */
async function templateHeaders(state: UiState, name: string): Promise<string[] | undefined> {
  if (Object.hasOwn(RESOURCES, name)) return [...tableLayout(name as ResourceName).columns];
  const preset = [...(await state.layouts.list()), ...presets()].find((candidate) => candidate.name === name);
  if (!preset) return undefined;
  if (Array.isArray(preset.raw.$headers)) return preset.raw.$headers as string[];
  const headers = Object.entries(preset.raw)
    .filter(([key]) => !key.startsWith('$'))
    .flatMap(([, value]) =>
      typeof value === 'string'
        ? [value]
        : Array.isArray(value)
          ? (value as string[])
          : [((value as { any?: string[] }).any ?? [])[0] ?? ''],
    );
  return [...new Set(headers.filter((header) => header !== ''))];
}

/** History: the uploads of the page and the terminal, newest first; one just removed, said once. */
async function historyPage(request: FastifyRequest, reply: FastifyReply, state: UiState) {
  const t = textsOf(request);
  const target = state.services.ledger.target;
  const remembered = uploadHistory(state);
  const lines = historyLines(state.sessions.all(), remembered?.entries ?? []);
  const removed = state.sessions.takeRemoved();
  return sendPage(request, reply, state, {
    title: t('historyTitle'),
    current: 'history',
    body:
      (removed === undefined ? '' : noticeBox(t('removed', { name: removed }))) +
      historyBody(
        t,
        langOf(request),
        target && { address: target.address ?? target.service, accessKeyId: target.accessKeyId },
        lines,
        { keepDays: state.sessions.keepDays, more: remembered?.more === true ? HISTORY_SHOWN : undefined },
      ),
  });
}

/** The pages beside an upload's: the form to start one, the history, the connection, templates. */
export async function pageRoutes(app: FastifyInstance, { state }: { state: UiState }): Promise<void> {
  app.get('/', async (request, reply) => {
    const t = textsOf(request);
    return sendPage(request, reply, state, {
      title: t('uploadTitle'),
      current: 'upload',
      body: uploadForm(t, {
        error: undefined,
        recent: state.sessions.recent(),
        maxBytes: state.maxBytes,
        keepDays: state.sessions.keepDays,
        presets: presets(),
      }),
    });
  });

  // For the page's script: whether `intake ui` still answers (and this browser is still signed in).
  app.get('/alive', async (_request, reply) => reply.code(204).header('cache-control', 'no-store').send());

  app.get<{ Params: { name: string } }>('/templates/:name', async (request, reply) => {
    const name = request.params.name.replace(/\.csv$/, '');
    const headers = await templateHeaders(state, name);
    if (!headers) return reply.callNotFound();
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${encodeURIComponent(name)}.csv"`)
      .type('text/csv; charset=utf-8')
      .send(`\uFEFF${csvRow(headers)}\r\n`);
  });

  app.get('/history', (request, reply) => historyPage(request, reply, state));

  app.post<{ Params: { id: string } }>('/history/:id/resume', async (request, reply) => {
    const id = Number(request.params.id);
    const session = Number.isInteger(id) ? await sessionToResume(state, id) : undefined;
    if (!session) return reply.callNotFound();
    state.sessions.add(session);
    // Sent as it was the first time: the ledger sends only what the service does not have yet.
    session.sending = sendSession(session, state.services, { update: false });
    return seeOther(reply, state, `uploads/${session.id}#send-title`);
  });

  app.get('/status', async (request, reply) => {
    const t = textsOf(request);
    return sendPage(request, reply, state, {
      title: t('statusTitle'),
      current: 'status',
      body: statusBody(t, await state.status()),
    });
  });

  // A one-time address for another browser on this computer, shown to a browser already signed in.
  app.post('/status/sign-in', async (request, reply) => {
    const t = textsOf(request);
    const address = `http://${request.headers.host}${state.auth.base}?token=${state.auth.newToken()}`;
    return sendPage(request, reply, state, {
      title: t('statusTitle'),
      current: 'status',
      body: statusBody(t, await state.status(), address),
    });
  });
}

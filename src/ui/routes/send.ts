import { createReadStream, existsSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RejectsExtension } from '../../bulk/index.js';
import { downloadName, writeRejects } from '../downloads.js';
import { seeOther } from '../render.js';
import { sendSession } from '../runner.js';
import type { UiState } from '../state.js';
import { firstOf, type Form } from '../../web/forms.js';
import { langOf } from '../../web/language.js';
import { changeOf, sessionOf, type IdParams } from './shared.js';

const MIME: Record<string, string> = {
  csv: 'text/csv; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Sends a file to save, under a name that keeps Korean letters (RFC 6266). */
export function download(reply: FastifyReply, path: string, name: string): FastifyReply {
  const extension = name.split('.').pop() ?? '';
  const plain = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('cache-control', 'no-store')
    .header(
      'content-disposition',
      `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .type(MIME[extension] ?? 'application/octet-stream')
    .send(createReadStream(path));
}

/** Sending a session's file, stopping it, and its downloads: the rows to fix and the report. */
export async function sendRoutes(app: FastifyInstance, { state }: { state: UiState }): Promise<void> {
  app.post<IdParams & { Body: Form }>('/uploads/:id/send', async (request, reply) =>
    changeOf(state, request, reply, async (session) => {
      if (session.open && session.kind) {
        session.sending = sendSession(session, state.services, {
          update: firstOf(request.body?.update) === '1',
        });
      }
      // The progress, in view.
      return seeOther(reply, state, `uploads/${session.id}#send-title`);
    }),
  );

  app.post<IdParams>('/uploads/:id/stop', async (request, reply) => {
    const session = sessionOf(state, request, reply);
    if (!session) return reply;
    if (session.running) session.stopHub.stop();
    return seeOther(reply, state, `uploads/${session.id}#send-title`);
  });

  app.get<IdParams & { Params: { extension: string } }>(
    '/uploads/:id/rejects.:extension',
    async (request, reply) => {
      const session = sessionOf(state, request, reply);
      if (!session) return reply;
      const extension = request.params.extension as RejectsExtension;
      if (!['csv', 'xlsx', 'ndjson'].includes(extension) || session.running) return reply.callNotFound();
      const path = await writeRejects(session, extension, langOf(request));
      if (!path) return reply.callNotFound();
      return download(reply, path, downloadName(session, 'rejects', extension));
    },
  );

  app.get<IdParams & { Params: { extension: string } }>(
    '/uploads/:id/report.:extension',
    async (request, reply) => {
      const session = sessionOf(state, request, reply);
      if (!session) return reply;
      const { extension } = request.params;
      const path = session.send?.reportPath;
      // Only the form it was written in (a locked workbook's report is never offered as plain CSV).
      if (!path?.endsWith(`.${extension}`) || session.running || !existsSync(path)) {
        return reply.callNotFound();
      }
      return download(reply, path, downloadName(session, 'report', extension));
    },
  );
}

import { createReadStream, existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { presets } from '../../bulk/layout/presets.js';
import { openFile, planInput, type InputFormat } from '../../bulk/read/source.js';
import type { RejectsExtension } from '../../bulk/report/report.js';
import { RESOURCES, type ResourceName } from '../../bulk/resources.js';
import { bytes } from '../../util/bytes.js';
import { downloadName, writeRejects } from '../downloads.js';
import { FileTooLarge, receiveForm, type ReceivedFile } from '../receive.js';
import { seeOther, sendPage, textsOf } from '../render.js';
import { applyFixes, checkSession, inspectSession, sendSession } from '../runner.js';
import { UploadSession } from '../session.js';
import type { UiState } from '../state.js';
import { sessionBody, uploadForm } from '../views.js';

type IdParams = { Params: { id: string } };
type Form = Record<string, string | string[] | undefined>;

const kindOf = (value: unknown): ResourceName | undefined =>
  typeof value === 'string' && value in RESOURCES ? (value as ResourceName) : undefined;

const firstOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const listOf = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The home page again, with what was wrong with the file posted. */
function uploadAgain(
  request: FastifyRequest,
  reply: FastifyReply,
  state: UiState,
  error: string,
  status: number,
) {
  const t = textsOf(request);
  return sendPage(request, reply, state, {
    title: t('uploadTitle'),
    current: 'upload',
    body: uploadForm(t, error, state.sessions.recent(), state.maxBytes),
    status,
  });
}

/**
 * How a received file is read: by its extension, else its content. A file of one JSON object is taken
 * as one record (a copy of it as one NDJSON line).
 */
async function formatOfReceived(file: ReceivedFile): Promise<{ path: string; format: InputFormat }> {
  const source = { ...(await openFile(file.path)), label: file.name };
  const plan = await planInput(source, undefined);
  if (plan.mode === 'bulk') return { path: file.path, format: plan.format };
  const path = `${file.path}.ndjson`;
  await writeFile(path, `${JSON.stringify(plan.record)}\n`, { mode: 0o600 });
  return { path, format: 'ndjson' };
}

/** Reads a session's file afresh (its tabs, its kind), then checks it. */
async function readAndCheck(session: UploadSession, state: UiState): Promise<void> {
  await inspectSession(session);
  if (!session.error) await checkSession(session, state.services);
}

/** The upload pages: a file received, read, checked, fixed, sent, stopped; its rejects and report. */
export async function uploadRoutes(app: FastifyInstance, { state }: { state: UiState }): Promise<void> {
  const sessionOf = (request: FastifyRequest<IdParams>, reply: FastifyReply) => {
    const session = state.sessions.get(request.params.id);
    if (!session) void reply.callNotFound();
    return session;
  };

  app.post('/uploads', async (request, reply) => {
    const t = textsOf(request);
    const dir = await state.sessions.newFolder();
    try {
      const form = await receiveForm(request, dir, state.maxBytes);
      const file = form.files.find((received) => received.field === 'file');
      if (!file) {
        await rm(dir, { recursive: true, force: true });
        return uploadAgain(request, reply, state, t('noFile'), 400);
      }
      const read = await formatOfReceived(file);
      const session = new UploadSession({
        label: file.name,
        dir,
        owned: true,
        path: read.path,
        format: read.format,
        ...(kindOf(form.fields.kind) ? { kind: kindOf(form.fields.kind) } : {}),
      });
      if (form.fields.password) session.password = form.fields.password;
      const catalog = form.files.find((received) => received.field === 'catalog');
      if (catalog) Object.assign(session.options, { products: catalog.path, productsLabel: catalog.name });
      state.sessions.add(session);
      await readAndCheck(session, state);
      return seeOther(reply, `/uploads/${session.id}`);
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      if (error instanceof FileTooLarge) {
        const message = t('tooLarge', {
          name: error.fileName,
          size: bytes(error.size),
          max: bytes(error.limit),
        });
        return uploadAgain(request, reply, state, message, 413);
      }
      const code = (error as { code?: unknown }).code;
      if (code === 'input') return uploadAgain(request, reply, state, (error as Error).message, 400);
      throw error;
    }
  });

  app.get<IdParams & { Querystring: { outcome?: string } }>('/uploads/:id', async (request, reply) => {
    const session = sessionOf(request, reply);
    if (!session) return reply;
    const t = textsOf(request);
    return sendPage(request, reply, state, {
      title: session.label,
      current: 'upload',
      body: sessionBody(t, session, request.query.outcome || undefined),
    });
  });

  app.post<IdParams & { Body: Form }>('/uploads/:id/read', async (request, reply) => {
    const session = sessionOf(request, reply);
    if (!session) return reply;
    if (session.running) return seeOther(reply, `/uploads/${session.id}`);
    const form = request.body ?? {};
    const kind = kindOf(firstOf(form.kind));
    if (kind && kind !== session.kind) {
      session.kind = kind;
      delete session.options.preset;
    }
    const sheet = firstOf(form.sheet);
    const password = firstOf(form.password);
    const rereadOriginal =
      (sheet !== undefined && sheet !== '' && sheet !== session.options.sheet) || (password ?? '') !== '';
    if (rereadOriginal) {
      // Another sheet or a password: the fixes were made to what was read before.
      session.current = { ...session.original };
      session.fixes.clear();
      session.dropped.clear();
      if (sheet) session.options.sheet = sheet;
      if (password) session.password = password;
    }
    const headerRow = Number(firstOf(form.headerRow));
    if (Number.isInteger(headerRow) && headerRow >= 1 && headerRow <= 30)
      session.options.headerRow = headerRow;
    else delete session.options.headerRow;
    const preset = firstOf(form.preset);
    if (preset && presets().some((known) => known.name === preset && known.kind === session.kind)) {
      session.options.preset = preset;
    } else delete session.options.preset;
    await readAndCheck(session, state);
    return seeOther(reply, `/uploads/${session.id}`);
  });

  app.post<IdParams>('/uploads/:id/catalog', async (request, reply) => {
    const session = sessionOf(request, reply);
    if (!session) return reply;
    if (session.running) return seeOther(reply, `/uploads/${session.id}`);
    try {
      const form = await receiveForm(request, session.dir, state.maxBytes);
      const catalog = form.files.find((received) => received.field === 'catalog');
      if (catalog) Object.assign(session.options, { products: catalog.path, productsLabel: catalog.name });
    } catch (error) {
      if (!(error instanceof FileTooLarge)) throw error;
      const t = textsOf(request);
      session.error = {
        code: 'too_large',
        message: t('tooLarge', { name: error.fileName, size: bytes(error.size), max: bytes(error.limit) }),
        hints: [],
      };
      return seeOther(reply, `/uploads/${session.id}`);
    }
    await checkSession(session, state.services);
    return seeOther(reply, `/uploads/${session.id}`);
  });

  app.post<IdParams & { Body: Form }>('/uploads/:id/fixes', async (request, reply) => {
    const session = sessionOf(request, reply);
    if (!session) return reply;
    if (session.running) return seeOther(reply, `/uploads/${session.id}`);
    const form = request.body ?? {};
    for (const [name, value] of Object.entries(form)) {
      const cell = /^cell:(\d+):(\d+)$/.exec(name);
      if (!cell) continue;
      const [row, position] = [Number(cell[1]), Number(cell[2])];
      const fixes = session.fixes.get(row) ?? new Map<number, string>();
      fixes.set(position, firstOf(value) ?? '');
      session.fixes.set(row, fixes);
    }
    for (const row of listOf(form.drop)) if (/^\d+$/.test(row)) session.dropped.add(Number(row));
    try {
      await applyFixes(session);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code !== 'string') throw error;
      session.error = { code, message: (error as Error).message, hints: [] };
      return seeOther(reply, `/uploads/${session.id}`);
    }
    await checkSession(session, state.services);
    return seeOther(reply, `/uploads/${session.id}#check-title`);
  });

  app.post<IdParams & { Body: Form }>('/uploads/:id/send', async (request, reply) => {
    const session = sessionOf(request, reply);
    if (!session) return reply;
    if (!session.running && session.kind) {
      session.sending = sendSession(session, state.services, {
        update: firstOf(request.body?.update) === '1',
      });
    }
    return seeOther(reply, `/uploads/${session.id}`);
  });

  app.post<IdParams>('/uploads/:id/stop', async (request, reply) => {
    const session = sessionOf(request, reply);
    if (!session) return reply;
    if (session.running) session.stopHub.stop();
    return seeOther(reply, `/uploads/${session.id}`);
  });

  app.get<IdParams & { Params: { extension: string } }>(
    '/uploads/:id/rejects.:extension',
    async (request, reply) => {
      const session = sessionOf(request, reply);
      if (!session) return reply;
      const extension = request.params.extension as RejectsExtension;
      if (!['csv', 'xlsx', 'ndjson'].includes(extension) || session.running) return reply.callNotFound();
      const path = await writeRejects(session, extension);
      if (!path) return reply.callNotFound();
      return download(reply, path, downloadName(session, 'rejects', extension));
    },
  );

  app.get<IdParams>('/uploads/:id/report.csv', async (request, reply) => {
    const session = sessionOf(request, reply);
    if (!session) return reply;
    const path = session.send?.reportPath;
    if (!path || session.running || !existsSync(path)) return reply.callNotFound();
    return download(reply, path, downloadName(session, 'report', 'csv'));
  });
}

const MIME: Record<string, string> = {
  csv: 'text/csv; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Sends a file to save, under a name that keeps Korean letters (RFC 6266). */
function download(reply: FastifyReply, path: string, name: string): FastifyReply {
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

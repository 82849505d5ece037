import { rm, writeFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  openFile,
  planInput,
  presets,
  RESOURCES,
  type InputFormat,
  type ResourceName,
} from '../../bulk/index.js';
import { FileNotKept, receiveForm, receiveRefusal, type ReceivedFile } from '../receive.js';
import { seeOther, sendPage, textsOf } from '../render.js';
import { checkSession, sessionError } from '../runner.js';
import { UploadSession } from '../session.js';
import type { UiState } from '../state.js';
import type { T } from '../texts/index.js';
import { errorWords } from '../views/errors.js';
import { uploadForm } from '../views/upload-form.js';
import { firstOf, type Form } from '../../web/forms.js';
import { readAndCheck, sessionPage } from './session-page.js';
import { changeOf, checkedPage, openChangeOf, sessionOf, type IdParams } from './shared.js';

const kindOf = (value: unknown): ResourceName | undefined =>
  typeof value === 'string' && Object.hasOwn(RESOURCES, value) ? (value as ResourceName) : undefined;

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
    body: uploadForm(t, {
      error,
      recent: state.sessions.recent(),
      maxBytes: state.maxBytes,
      keepDays: state.sessions.keepDays,
      presets: presets(),
    }),
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

/** The words of a file that cannot be taken at all, on the home page (a PDF, an empty file). */
function refusalOf(t: T, error: unknown): string | undefined {
  const said = sessionError(error);
  if (said.code !== 'input') return undefined;
  return errorWords(t, said).message;
}

/** The session the read form asks for: another kind, sheet, password, header row or preset. */
async function applyReadForm(session: UploadSession, form: Form, state: UiState): Promise<void> {
  const kind = kindOf(firstOf(form.kind));
  if (kind && kind !== session.kind) {
    session.kind = kind;
    delete session.options.preset;
    delete session.options.columns;
  }
  // The form always names a sheet: the one read (chosen by Intake or the person) is no other sheet.
  const read = session.options.sheet ?? session.firstReading?.table?.sheet;
  const formSheet = firstOf(form.sheet);
  const sheet = formSheet === read ? undefined : formSheet;
  const password = firstOf(form.password);
  const rereadOriginal = (sheet !== undefined && sheet !== '') || (password ?? '') !== '';
  if (rereadOriginal) {
    // Another sheet or a password: the fixes were made to what was read before.
    session.current = { ...session.original };
    session.fixes.clear();
    session.dropped = [];
    if (sheet) session.options.sheet = sheet;
    if (password) session.password = password;
  }
  const headerRow = Number(firstOf(form.headerRow));
  if (Number.isInteger(headerRow) && headerRow >= 1 && headerRow <= 30) session.options.headerRow = headerRow;
  else delete session.options.headerRow;
  const preset = firstOf(form.preset);
  const known = [...(await state.layouts.list()), ...presets()];
  if (preset === '$mapped') return; // The columns matched on the page stay.
  delete session.options.columns;
  if (preset && known.some((layout) => layout.name === preset && layout.kind === session.kind))
    session.options.preset = preset;
  else delete session.options.preset;
}

/** A file posted from the home page: received into a session of its own, read and checked. */
async function receiveUpload(request: FastifyRequest, reply: FastifyReply, state: UiState) {
  const t = textsOf(request);
  let dir: string | undefined;
  try {
    // A folder that cannot be made (a full disk) is a file not kept; the form is then left unread.
    dir = await state.sessions.newFolder().catch((error: unknown) => {
      throw new FileNotKept({ cause: error });
    });
    const form = await receiveForm(request, dir, state.maxBytes, ['file', 'catalog']);
    const file = form.files.find((received) => received.field === 'file');
    if (!file) {
      await rm(dir, { recursive: true, force: true });
      return uploadAgain(request, reply, state, t('noFile'), 400);
    }
    const read = await formatOfReceived(file);
    const session = new UploadSession({
      label: file.name,
      dir,
      id: dir.split(/[\\/]/).pop() as string,
      path: read.path,
      format: read.format,
      ...(kindOf(form.fields.kind) ? { kind: kindOf(form.fields.kind) } : {}),
    });
    if (form.fields.password) session.password = form.fields.password;
    const catalog = form.files.find((received) => received.field === 'catalog');
    if (catalog) Object.assign(session.options, { products: catalog.path, productsLabel: catalog.name });
    state.sessions.add(session);
    await readAndCheck(session, state);
    // The check is what the person came for, unless something to read first (a password to give,
    // columns to map, an error) stands above it.
    session.freshCheck = session.error === undefined && session.notice === undefined;
    return seeOther(reply, state, `uploads/${session.id}`);
  } catch (error) {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    const refused = receiveRefusal(error);
    if (refused) {
      const status = refused.code === 'too_large' ? 413 : 507;
      return uploadAgain(request, reply, state, errorWords(t, refused).message, status);
    }
    const refusal = refusalOf(t, error);
    if (refusal !== undefined) return uploadAgain(request, reply, state, refusal, 400);
    throw error;
  }
}

/** The upload pages: a file received and read, its page, read again, a catalog added, removed. */
export async function uploadRoutes(app: FastifyInstance, { state }: { state: UiState }): Promise<void> {
  app.post('/uploads', async (request, reply) => receiveUpload(request, reply, state));

  app.get<IdParams>('/uploads/:id', async (request, reply) => {
    const session = sessionOf(state, request, reply);
    if (!session) return reply;
    return sessionPage(request, reply, state, session);
  });

  app.post<IdParams & { Body: Form }>('/uploads/:id/read', async (request, reply) =>
    openChangeOf(state, request, reply, async (session) => {
      await applyReadForm(session, request.body ?? {}, state);
      await readAndCheck(session, state);
      return seeOther(reply, state, checkedPage(session));
    }),
  );

  app.post<IdParams>('/uploads/:id/catalog', async (request, reply) =>
    openChangeOf(state, request, reply, async (session) => {
      try {
        const form = await receiveForm(request, session.dir, state.maxBytes, ['catalog']);
        const catalog = form.files.find((received) => received.field === 'catalog');
        if (catalog) Object.assign(session.options, { products: catalog.path, productsLabel: catalog.name });
      } catch (error) {
        const refused = receiveRefusal(error);
        if (!refused) throw error;
        session.error = refused;
        return seeOther(reply, state, `uploads/${session.id}`);
      }
      await checkSession(session, state.services);
      return seeOther(reply, state, checkedPage(session));
    }),
  );

  app.post<IdParams>('/uploads/:id/remove', async (request, reply) =>
    changeOf(state, request, reply, async (session) => {
      if (session.running) return seeOther(reply, state, `uploads/${session.id}`);
      await state.sessions.discard(session);
      return seeOther(reply, state, 'history');
    }),
  );
}

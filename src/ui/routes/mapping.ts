import type { FastifyInstance } from 'fastify';
import { isLayoutName } from '../../bulk/index.js';
import { firstOf, type Form } from '../../web/forms.js';
import { mappingFor, useMapping, type MappingView } from '../mapping.js';
import { seeOther, textsOf } from '../render.js';
import type { UiState } from '../state.js';
import type { T } from '../texts/index.js';
import { openChangeOf, sessionOf, type IdParams } from './shared.js';
import { readAndCheck, sessionPage } from './session-page.js';

/** Our columns matched to the file's headers as the form says, or what is wrong with the choice. */
function chosenMapping(
  t: T,
  form: Form,
  view: MappingView,
): { columns: Record<string, string> } | { problem: string } {
  const mapping: Record<string, string> = {};
  const taken = new Set<number>();
  for (const column of view.columns) {
    const value = firstOf(form[`map:${column.name}`]);
    if (value === undefined || value === '') continue;
    const position = Number(value);
    const header = view.header[position];
    if (!Number.isInteger(position) || header === undefined || header.trim() === '') continue;
    if (taken.has(position)) return { problem: t('mappingTwice', { header }) };
    taken.add(position);
    mapping[column.name] = header;
  }
  const missing = view.columns.filter((column) => column.required && mapping[column.name] === undefined);
  if (missing.length === 0) return { columns: mapping };
  const columns = missing.map((column) => t(`col_${column.name}` as Parameters<T>[0])).join(', ');
  return { problem: t('mappingMissing', { columns }) };
}

/**
 * The mapping as the person left it (each column's header chosen, or none), to show again with what
 * stopped it: their choices stay, not Intake's guesses.
 */
function asChosen(form: Form, view: MappingView): MappingView {
  const columns = view.columns.map((column) => {
    const value = firstOf(form[`map:${column.name}`]) ?? '';
    const position = Number(value);
    const known = value !== '' && Number.isInteger(position) && (view.header[position] ?? '').trim() !== '';
    return { ...column, position: known ? position : undefined };
  });
  return { ...view, columns };
}

/** The mapping step: the file's headers matched to our columns, used for the upload and saved by name. */
export async function mappingRoutes(app: FastifyInstance, { state }: { state: UiState }): Promise<void> {
  app.get<IdParams>('/uploads/:id/mapping', async (request, reply) => {
    const session = sessionOf(state, request, reply);
    if (!session) return reply;
    return sessionPage(request, reply, state, session, { mapping: true });
  });

  app.post<IdParams & { Body: Form }>('/uploads/:id/mapping', async (request, reply) =>
    openChangeOf(state, request, reply, async (session) => {
      if (!session.kind) return seeOther(reply, state, `uploads/${session.id}`);
      const t = textsOf(request);
      const form = request.body ?? {};
      const headerRow = Number(firstOf(form.headerRow));
      const view = await mappingFor(
        session,
        state.services,
        Number.isInteger(headerRow) ? headerRow : undefined,
      ).catch(async () => {
        // The file cannot be read now (its copy gone from the folder): the check says why, on its page.
        await readAndCheck(session, state);
        return undefined;
      });
      if (!view) return seeOther(reply, state, `uploads/${session.id}`);
      const chosen = chosenMapping(t, form, view);
      const again = (mappingProblem: string) =>
        sessionPage(request, reply, state, session, { mapping: asChosen(form, view), mappingProblem });
      if ('problem' in chosen) return again(chosen.problem);
      const columns = chosen.columns;
      await useMapping(session, columns, view.row);
      const saveAs = firstOf(form.saveAs)?.trim();
      if (saveAs && !isLayoutName(saveAs)) return again(t('mappingNameBad', { name: saveAs }));
      if (saveAs) {
        try {
          await state.layouts.save({ name: saveAs, kind: session.kind, columns, header: view.header });
          session.notice = t('mappingSaved', { name: saveAs });
        } catch (error) {
          return again((error as Error).message);
        }
      }
      await readAndCheck(session, state);
      return seeOther(reply, state, `uploads/${session.id}`);
    }),
  );
}

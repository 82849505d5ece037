import type { FastifyInstance } from 'fastify';
import { headerAddress, isLayoutName } from '../../bulk/index.js';
import { firstOf, type Form } from '../../web/forms.js';
import { JOINABLE, mappingFor, useMapping, type MappingView } from '../mapping.js';
import { seeOther, textsOf } from '../render.js';
import type { UiState } from '../state.js';
import type { T } from '../texts/index.js';
import { checkedPage, openChangeOf, sessionOf, type IdParams } from './shared.js';
import { readAndCheck, sessionPage } from './session-page.js';

/**
 * The mapping as the person left it (each column's header chosen, or none): what is read, or shown again
 * with what stopped it (their choices stay, not Intake's guesses).
 */
function asChosen(form: Form, view: MappingView): MappingView {
  const positionOf = (field: string) => {
    const value = firstOf(form[field]) ?? '';
    const position = Number(value);
    const known = value !== '' && Number.isInteger(position) && (view.header[position] ?? '').trim() !== '';
    return known ? position : undefined;
  };
  const columns = view.columns.map((column) => {
    const position = positionOf(`map:${column.name}`);
    const joined = JOINABLE.has(column.name) ? positionOf(`join:${column.name}`) : undefined;
    return { ...column, position, joined: position === undefined ? undefined : joined };
  });
  return { ...view, columns };
}

/** Our columns matched to the file's headers as chosen, or what is wrong with the choice. */
function chosenMapping(
  t: T,
  chosen: MappingView,
): { columns: Record<string, string | string[]> } | { problem: string } {
  const mapping: Record<string, string | string[]> = {};
  const taken = new Set<number>();
  for (const { name, position, joined } of chosen.columns) {
    if (position === undefined) continue;
    // Two columns joined make a value of their own: they may be columns other fields read too.
    if (joined !== undefined) {
      mapping[name] = [headerAddress(chosen.header, position), headerAddress(chosen.header, joined)];
      continue;
    }
    const header = chosen.header[position] as string;
    if (taken.has(position)) return { problem: t('mappingTwice', { header }) };
    taken.add(position);
    // A header the file repeats is named with its place among them (`연락처#2`): the one chosen is read.
    mapping[name] = headerAddress(chosen.header, position);
  }
  const missing = chosen.columns.filter((column) => column.required && mapping[column.name] === undefined);
  if (missing.length === 0) return { columns: mapping };
  const columns = missing.map((column) => t(`col_${column.name}` as Parameters<T>[0])).join(', ');
  return { problem: t('mappingMissing', { columns }) };
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
      const left = asChosen(form, view);
      const chosen = chosenMapping(t, left);
      const again = (mappingProblem: string) =>
        sessionPage(request, reply, state, session, { mapping: left, mappingProblem });
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
      return seeOther(reply, state, checkedPage(session));
    }),
  );
}

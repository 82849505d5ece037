import type { FastifyInstance } from 'fastify';
import { seeOther, textsOf } from '../render.js';
import { applyFixes, checkSession, sessionError } from '../runner.js';
import type { RefusedRow, UploadSession } from '../session.js';
import type { UiState } from '../state.js';
import { firstOf, listOf, type Form } from '../../web/forms.js';
import { openChangeOf, type IdParams } from './shared.js';
import { lostZeroCells } from '../lost-zeros.js';

/** The cell at a row and position as the page showed it (the fixed copy's, which is the file's where not fixed). */
function shownCell(session: UploadSession, row: number, position: number): string | undefined {
  const refused = session.check?.refused.find((candidate) => candidate.row === row);
  return Array.isArray(refused?.cells) ? ((refused.cells as string[])[position] ?? '') : undefined;
}

/** Keeps a cell's new value, with what the page showed before any change: back to that is no change. */
function setCell(session: UploadSession, row: number, position: number, typed: string): void {
  const fixes = session.fixes.get(row) ?? new Map();
  const original = fixes.get(position)?.original ?? shownCell(session, row, position);
  if (original === undefined) return;
  if (typed === original) fixes.delete(position);
  else fixes.set(position, { value: typed, original });
  if (fixes.size > 0) session.fixes.set(row, fixes);
  else session.fixes.delete(row);
}

/** Keeps the cells typed. */
function takeCells(session: UploadSession, form: Form): void {
  for (const [name, value] of Object.entries(form)) {
    const cell = /^cell:(\d+):(\d+)$/.exec(name);
    if (cell) setCell(session, Number(cell[1]), Number(cell[2]), firstOf(value) ?? '');
  }
}

/** Puts the leading 0 back in every phone number that lost it: says how many. */
function restoreZeros(session: UploadSession): number {
  const cells = lostZeroCells(session);
  for (const cell of cells) setCell(session, cell.row, cell.position, cell.value);
  return cells.length;
}

/**
 * Drops the records of the rows ticked, each with all its rows (an order is never sent with some of its
 * items): says which rows went with it.
 */
function dropRecords(
  session: UploadSession,
  rows: readonly number[],
): { record: string; rows: string; count: number }[] {
  const said: { record: string; rows: string; count: number }[] = [];
  const refused = session.check?.refused ?? [];
  for (const row of rows) {
    if (session.droppedRows.has(row)) continue;
    const first = refused.find((candidate) => candidate.row === row);
    if (!first) continue;
    const together: RefusedRow[] =
      first.record === '' ? [first] : refused.filter((candidate) => candidate.record === first.record);
    session.dropped.push({
      record: first.record || String(row),
      rows: together.map((candidate) => ({ row: candidate.row, cells: candidate.cells })),
    });
    said.push({
      record: first.record || String(row),
      rows: together.map((candidate) => candidate.row).join(', '),
      count: together.length,
    });
  }
  return said;
}

/** The fixes made on the page: cells changed or undone, records dropped or put back, all undone. */
export async function fixRoutes(app: FastifyInstance, { state }: { state: UiState }): Promise<void> {
  app.post<IdParams & { Body: Form }>('/uploads/:id/fixes', async (request, reply) =>
    openChangeOf(state, request, reply, async (session) => {
      const t = textsOf(request);
      const form = request.body ?? {};
      const json = session.original.format === 'json' || session.original.format === 'ndjson';
      if (firstOf(form.reset) === '1') {
        session.fixes.clear();
        session.dropped = [];
        session.notice = t('resetDone');
      } else {
        if (!json) takeCells(session, form);
        const zeros = !json && firstOf(form.zeros) === '1' ? restoreZeros(session) : 0;
        if (zeros > 0) session.notice = t('zerosRestored', { count: zeros });
        const undo = /^(\d+):(\d+)$/.exec(firstOf(form.undo) ?? '');
        if (undo) {
          const fixes = session.fixes.get(Number(undo[1]));
          fixes?.delete(Number(undo[2]));
          if (fixes?.size === 0) session.fixes.delete(Number(undo[1]));
        }
        const undrop = Number(firstOf(form.undrop));
        if (Number.isInteger(undrop)) {
          session.dropped = session.dropped.filter(
            (record) => !record.rows.some((row) => row.row === undrop),
          );
        }
        const dropped = dropRecords(
          session,
          listOf(form.drop)
            .filter((row) => /^\d+$/.test(row))
            .map(Number),
        );
        if (dropped.length > 0) {
          session.notice = dropped.map((entry) => t('droppedNotice', entry)).join(' ');
        }
      }
      try {
        if (session.fixes.size === 0 && session.dropped.length === 0)
          session.current = { ...session.original };
        else await applyFixes(session, state.services);
      } catch (error) {
        session.error = sessionError(error);
        await state.services.save(session);
        return seeOther(reply, state, `uploads/${session.id}`);
      }
      await checkSession(session, state.services);
      return seeOther(reply, state, `uploads/${session.id}#check-title`);
    }),
  );
}

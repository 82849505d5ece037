import type { FastifyInstance } from 'fastify';
import { seeOther, textsOf } from '../render.js';
import { applyFixes, checkSession, sessionError } from '../runner.js';
import type { RefusedRow, UploadSession } from '../session.js';
import type { UiState } from '../state.js';
import { firstOf, listOf, type Form } from '../../web/forms.js';
import { openChangeOf, type IdParams } from './shared.js';
import { lostZeroCells } from '../lost-zeros.js';

/**
 * The cells of each row the page showed to fix or to look at (the fixed copy's, which is the file's where
 * not fixed): only those can be changed.
 */
function shownRows(session: UploadSession): Map<number, readonly string[]> {
  const rows = new Map<number, readonly string[]>();
  for (const shown of [...(session.check?.refused ?? []), ...(session.check?.warnings ?? [])])
    if (Array.isArray(shown.cells)) rows.set(shown.row, shown.cells as string[]);
  return rows;
}

/** Keeps a cell's new value, with what the page showed before any change: back to that is no change. */
function setCell(
  session: UploadSession,
  shown: ReadonlyMap<number, readonly string[]>,
  cell: { row: number; position: number; value: string },
): void {
  const { row, position, value } = cell;
  const fixes = session.fixes.get(row) ?? new Map();
  const cells = shown.get(row);
  const original = fixes.get(position)?.original ?? (cells ? (cells[position] ?? '') : undefined);
  if (original === undefined) return;
  if (value === original) fixes.delete(position);
  else fixes.set(position, { value, original });
  if (fixes.size > 0) session.fixes.set(row, fixes);
  else session.fixes.delete(row);
}

/** Keeps the cells typed. */
function takeCells(session: UploadSession, shown: ReadonlyMap<number, readonly string[]>, form: Form): void {
  for (const [name, value] of Object.entries(form)) {
    const cell = /^cell:(\d+):(\d+)$/.exec(name);
    if (cell)
      setCell(session, shown, {
        row: Number(cell[1]),
        position: Number(cell[2]),
        value: firstOf(value) ?? '',
      });
  }
}

/** Puts the leading 0 back in every phone number that lost it: says how many. */
function restoreZeros(session: UploadSession, shown: ReadonlyMap<number, readonly string[]>): number {
  const cells = lostZeroCells(session);
  for (const cell of cells) setCell(session, shown, cell);
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
        const shown = shownRows(session);
        if (!json) takeCells(session, shown, form);
        const zeros = !json && firstOf(form.zeros) === '1' ? restoreZeros(session, shown) : 0;
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

import type { FastifyInstance } from 'fastify';
import { seeOther, textsOf } from '../render.js';
import { applyFixes, checkSession, sessionError } from '../runner.js';
import { recordKey, type RefusedRow, type UploadSession } from '../session.js';
import type { UiState } from '../state.js';
import { firstOf, listOf, type Form } from '../../web/forms.js';
import { openChangeOf, type IdParams } from './shared.js';
import { lostZeroCells } from '../lost-zeros.js';
import { rowRanges } from '../../util/row-ranges.js';

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

type TypedCell = { row: number; position: number; value: string };

/** The cells the form sends, as typed. */
function typedCells(form: Form): TypedCell[] {
  const cells: TypedCell[] = [];
  for (const [name, value] of Object.entries(form)) {
    const cell = /^cell:(\d+):(\d+)$/.exec(name);
    if (cell) cells.push({ row: Number(cell[1]), position: Number(cell[2]), value: firstOf(value) ?? '' });
  }
  return cells;
}

/** What every row of an order says alike (the check refuses an order whose rows differ in one). */
const ORDER_COLUMNS = ['member_id', 'recipient_name', 'recipient_cellphone', 'recipient_other_phone'];

/**
 * A change to what an order's rows must agree on (its recipient, phone, member), typed in one row, made
 * in each other row of that order shown with the same value and left as it was: typing a phone once
 * fixes the order, where it left the rows disagreeing. Says which rows were changed so.
 */
function carryToOrderRows(
  session: UploadSession,
  shown: ReadonlyMap<number, readonly string[]>,
  typed: readonly TypedCell[],
): number[] {
  const table = session.check?.reading?.table;
  if (session.kind !== 'order' || !table) return [];
  const positions = new Set(ORDER_COLUMNS.flatMap((column) => table.columns[column] ?? []));
  const recordOf = new Map<number, string>();
  for (const row of [...(session.check?.refused ?? []), ...(session.check?.warnings ?? [])])
    if (row.record) recordOf.set(row.row, row.record);
  const was = (row: number, position: number) => shown.get(row)?.[position] ?? '';
  const changed = typed.filter(
    (cell) => positions.has(cell.position) && cell.value !== was(cell.row, cell.position),
  );
  const changedAt = new Set(changed.map((cell) => `${cell.row}:${cell.position}`));
  const carried = new Set<number>();
  for (const cell of changed) {
    const record = recordOf.get(cell.row);
    if (record === undefined) continue;
    for (const row of shown.keys()) {
      if (row === cell.row || recordOf.get(row) !== record || changedAt.has(`${row}:${cell.position}`))
        continue;
      if (was(row, cell.position) !== was(cell.row, cell.position)) continue;
      setCell(session, shown, { row, position: cell.position, value: cell.value });
      carried.add(row);
    }
  }
  return [...carried].sort((a, b) => a - b);
}

/** Keeps the cells typed, and carries a change to an order's recipient to its other rows. */
function takeCells(
  session: UploadSession,
  shown: ReadonlyMap<number, readonly string[]>,
  form: Form,
): number[] {
  const typed = typedCells(form);
  for (const cell of typed) setCell(session, shown, cell);
  return carryToOrderRows(session, shown, typed);
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
): { record: string; rows: number[]; count: number }[] {
  const said: { record: string; rows: number[]; count: number }[] = [];
  const refused = session.check?.refused ?? [];
  for (const row of rows) {
    if (session.droppedRows.has(row)) continue;
    const first = refused.find((candidate) => candidate.row === row);
    if (!first) continue;
    const key = recordKey(first);
    const together: RefusedRow[] = refused.filter((candidate) => recordKey(candidate) === key);
    session.dropped.push({
      record: first.record || String(row),
      rows: together.map((candidate) => ({ row: candidate.row, cells: candidate.cells })),
    });
    said.push({
      record: first.record || String(row),
      rows: together.map((candidate) => candidate.row),
      count: together.length,
    });
  }
  return said;
}

/** Row numbers in a notice, as runs (`3–5, 7`), the rest counted; with `행` after them in Korean. */
function rowsSaid(t: ReturnType<typeof textsOf>, rows: readonly number[]): string {
  const { shown, more } = rowRanges(rows);
  return more === 0 ? t('rowNumbers', { rows: shown }) : t('rowNumbersMore', { rows: shown, count: more });
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
        const carried = json ? [] : takeCells(session, shown, form);
        if (carried.length > 0)
          session.notice = t('carriedToRows', { count: carried.length, rows: rowsSaid(t, carried) });
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
        if (dropped.length > 3) {
          const rows = dropped.flatMap((entry) => entry.rows);
          session.notice = t('droppedMany', { count: dropped.length, rows: rowsSaid(t, rows) });
        } else if (dropped.length > 0) {
          session.notice = dropped
            .map((entry) => t('droppedNotice', { ...entry, rows: rowsSaid(t, entry.rows) }))
            .join(' ');
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

import { html } from 'ghtml';
import { cut } from '../../util/cut.js';
import { dataTable, type TableHeader } from '../../web/table.js';
import { headerAt, positionsOf, problemIn, type Problem, type TableInfo } from '../../bulk/index.js';
import { pageColumnNames } from '../column-words.js';
import { lostZeroCells } from '../lost-zeros.js';
import { recordKey, ROWS_SHOWN, type RefusedRow, type UploadSession, type WarnedRow } from '../session.js';
import type { T } from '../texts/index.js';

/** The columns people recognise a record by, shown after those with problems. */
const KEY_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  order: [
    'order_id',
    'recipient_name',
    'recipient_cellphone',
    'recipient_other_phone',
    'item_id',
    'product_id',
    'product_name',
  ],
  shipment: ['order_id', 'order_item_id', 'order_item_ids', 'company_code', 'tracking_number'],
  product: ['id', 'name', 'image_url'],
};

/** The rows of each record among those shown, to drop them together. */
function rowsByRecord(rows: readonly RefusedRow[]): Map<string, number[]> {
  const found = new Map<string, number[]>();
  for (const row of rows) {
    const key = recordKey(row);
    found.set(key, [...(found.get(key) ?? []), row.row]);
  }
  return found;
}

/** The columns the table shows: those with problems first, then the key ones; or all of them. */
function shownColumns(table: TableInfo, rows: readonly RefusedRow[], kind: string, all: boolean): number[] {
  if (all) return table.header.map((_name, position) => position);
  const withProblems = new Set<number>();
  for (const row of rows)
    for (const problem of row.problems)
      for (const at of positionsOf(table, problem.column)) withProblems.add(at);
  const keys = (KEY_COLUMNS[kind] ?? []).flatMap((column) => table.columns[column] ?? []);
  return [...new Set([...[...withProblems].sort((a, b) => a - b), ...keys])];
}

/** A row's reason: each problem with its column as the file names it, a link to its cell. */
function reasonOf(t: T, table: TableInfo | undefined, row: RefusedRow): string {
  if (row.problems.length === 0) {
    return html`<p>${t('ofRecord', { record: row.record })}</p>`;
  }
  const named = pageColumnNames(t, table);
  const items = row.problems.map((problem: Problem) => {
    const at = positionsOf(table, problem.column);
    const header = problem.column === undefined ? undefined : named(problem.column);
    const words = `${header ? `${header}: ` : ''}${problem.value !== undefined ? `“${cut(problem.value, 60, t.lang)}” ` : ''}${problemIn(t.lang, problem)}`;
    return at.length > 0
      ? html`<li><label for="cell-${row.row}-${at[0]}" class="reason-link">${words}</label></li>`
      : html`<li>${words}</li>`;
  });
  return html`<ul class="reasons">
    !${items.join('')}
  </ul>`;
}

/** The id of the form that sends the cells changed (of the rows to fix, and of the rows taken with a warning). */
const FIX_FORM = 'fixes';

/** The id of the list of carriers the carrier cells suggest from. */
const CARRIER_LIST = 'carrier-names';

/**
 * The carriers' names to pick from as one types in a carrier cell (each with its code beside it): the
 * check reads a carrier's name as its code.
 */
function carrierList(carriers: readonly { code: string; name: string }[]): string {
  return html`<datalist id="${CARRIER_LIST}">
    !${carriers.map((carrier) => html`<option value="${carrier.name}">${carrier.code}</option>`).join('')}
  </datalist>`;
}

type Table = NonNullable<NonNullable<UploadSession['check']>['reading']>['table'];

/** One row to fix: its number, the box to drop its record, its reason, and its cells (wrong ones editable). */
function fixRow(
  t: T,
  session: UploadSession,
  context: {
    table: Table | undefined;
    columns: readonly number[];
    records: Map<string, number[]>;
    /** The places of the carrier column, whose cells suggest the carriers' names. */
    carrierAt: ReadonlySet<number>;
    /** Rows to fix (their records can be dropped), or rows taken with a warning, to look at. */
    kind: 'fix' | 'warned';
  },
  row: RefusedRow,
): string {
  const { table, columns, records } = context;
  const fixing = context.kind === 'fix';
  // A warned row's cells belong to the form of the rows to fix, which sends them together.
  const form = fixing ? '' : ` form="${FIX_FORM}"`;
  const wrong = new Set(row.problems.flatMap((problem) => positionsOf(table, problem.column)));
  const fixes = session.fixes.get(row.row);
  const cells = Array.isArray(row.cells)
    ? columns.map((position) => {
        const value = (row.cells as string[])[position] ?? '';
        const fix = fixes?.get(position);
        if (!wrong.has(position) && !fix) return html`<td>${value}</td>`;
        const id = `cell-${row.row}-${position}`;
        const column = table ? headerAt(table.header, position, t.lang) : String(position + 1);
        return html`<td class="${wrong.has(position) ? (fixing ? 'invalid' : 'warned') : 'edited'}">
          <input
            type="text"
            id="${id}"
            !${context.carrierAt.has(position) ? ` list="${CARRIER_LIST}"` : ''}
            name="cell:${row.row}:${position}"
            value="${fix?.value ?? value}"
            !${wrong.has(position) && fixing ? ' aria-invalid="true"' : ''}!${form}
            aria-label="${t('cellLabel', { row: row.row, column })}"
          />!${fix ? html`<button type="submit" class="link" name="undo" value="${row.row}:${position}" !${form} aria-label="${t('undoCell', { row: row.row, column })}">${t('undo')}</button>` : ''}
        </td>`;
      })
    : [html`<td><code>${JSON.stringify(row.cells).slice(0, 300)}</code></td>`];
  const together = records.get(recordKey(row)) ?? [row.row];
  const drop = html`<td>
    <input
      type="checkbox"
      name="drop"
      value="${row.row}"
      aria-label="${t('dropRecord', { record: row.record || String(row.row), rows: together.join(', '), count: together.length })}"
    />
  </td>`;
  return html`<tr id="row-${row.row}">
    <th scope="row" class="sticky">${row.row}</th>
    !${fixing ? drop : ''}
    <td class="reason">!${reasonOf(t, table, row)}</td>
    !${cells.join('')}
  </tr>`;
}

/**
 * The rows to fix, in sheet order: the row number (which stays in view), a box to drop its record (an
 * order's rows go together), the reason with a link to each wrong cell, and the cells that matter, the
 * wrong and the changed ones editable.
 */
export function fixTable(
  t: T,
  session: UploadSession,
  refused: readonly RefusedRow[],
  total: number,
  allColumns: boolean,
): string {
  const table = session.check?.reading?.table;
  const shown = [...refused].sort((a, b) => a.row - b.row).slice(0, ROWS_SHOWN);
  const columns = table ? shownColumns(table, shown, session.kind ?? '', allColumns) : [];
  const carriers = session.check?.carriers ?? [];
  const carrierAt = new Set(carriers.length > 0 ? positionsOf(table, 'company_code') : []);
  const context = { table, columns, records: rowsByRecord(shown), carrierAt, kind: 'fix' as const };
  const headers: TableHeader[] = [
    { raw: html`<th scope="col" class="sticky">${t('rowHeader')}</th>` },
    t('dropHeader'),
    t('reasonHeader'),
    ...(table ? columns.map((position) => headerAt(table.header, position, t.lang)) : [t('idHeader')]),
  ];
  const toggle =
    table && table.header.length > columns.length
      ? html`<a href="uploads/${session.id}?columns=all#invalid-title"
          >${t('showAllColumns', { count: table.header.length })}</a
        >`
      : table && allColumns
        ? html`<a href="uploads/${session.id}#invalid-title">${t('showSomeColumns')}</a>`
        : '';
  const save = html`<button type="submit" !${session.running ? ' disabled' : ''}>${t('saveFixes')}</button>`;
  const zeros = table ? lostZeroCells(session).length : 0;
  const restore =
    zeros > 0
      ? html`<button
          type="submit"
          class="secondary"
          name="zeros"
          value="1"
          !${session.running ? ' disabled' : ''}
        >
          ${t('restoreZeros', { count: zeros })}
        </button>`
      : '';
  const rows = shown.map((row) => fixRow(t, session, context, row));
  return html` <h3 id="invalid-title">${t('invalidTitle')}</h3>
    <p class="hint">${table ? t('invalidIntro') : t('jsonFixHint')}</p>
    <form method="post" action="uploads/${session.id}/fixes" class="fixes" id="${FIX_FORM}">
      <div class="actions">!${save} !${restore} !${toggle}</div>
      !${dataTable(headers, rows, { className: 'fix-table' })}
      !${carrierAt.size > 0 ? carrierList(carriers) : ''}
      !${total > shown.length ? html`<p class="hint">${t('moreRows', { count: total - shown.length })}</p>` : ''}
      <div class="actions">!${save}</div>
    </form>`;
}

/**
 * The rows taken with a warning, as a table like the rows to fix: the reason, and the cells that matter,
 * the warned ones editable (a landline the buyer gave can be changed to their mobile). Its cells go with
 * the rows to fix when there are some (`withFixes`); else the table is a form of its own.
 */
export function warnedTable(
  t: T,
  session: UploadSession,
  warned: readonly WarnedRow[],
  withFixes: boolean,
): string {
  const table = session.check?.reading?.table;
  if (!table) return '';
  const rows: RefusedRow[] = warned.flatMap((row) =>
    Array.isArray(row.cells)
      ? [{ row: row.row, cells: row.cells, problems: row.problems, record: row.record ?? '', reason: '' }]
      : [],
  );
  if (rows.length === 0) return '';
  const columns = shownColumns(table, rows, session.kind ?? '', false);
  const context = {
    table,
    columns,
    records: rowsByRecord(rows),
    carrierAt: new Set<number>(),
    kind: 'warned' as const,
  };
  const headers: TableHeader[] = [
    { raw: html`<th scope="col" class="sticky">${t('rowHeader')}</th>` },
    t('reasonHeader'),
    ...columns.map((position) => headerAt(table.header, position, t.lang)),
  ];
  const save = html`<button type="submit" form="${FIX_FORM}" !${session.running ? ' disabled' : ''}>
    ${t('saveFixes')}
  </button>`;
  // The first button of the form is the one Enter in a cell presses: saving, never a change's undo.
  const body = html`<div class="actions">!${save}</div>
    !${dataTable(
      headers,
      rows.map((row) => fixRow(t, session, context, row)),
      { className: 'fix-table warned-table' },
    )}
    <div class="actions">!${save}</div>`;
  return withFixes
    ? body
    : html`<form method="post" action="uploads/${session.id}/fixes" class="fixes" id="${FIX_FORM}">
        !${body}
      </form>`;
}

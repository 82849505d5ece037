import { html } from 'ghtml';
import { headerAt } from '../../bulk/index.js';
import { ROWS_SHOWN, type UploadSession } from '../session.js';
import type { T } from '../texts/index.js';

/**
 * The changes made on the page, each undoable: cells changed in rows that are now valid (still
 * editable), and records dropped (to put back); and a button to undo them all.
 */
export function editsCard(t: T, session: UploadSession): string {
  const shownInTable = new Set((session.check?.refused ?? []).map((row) => row.row));
  const header = session.firstReading?.table?.header ?? session.check?.reading?.table?.header ?? [];
  const cells = [...session.fixes]
    .filter(([row]) => !shownInTable.has(row))
    .flatMap(([row, fixes]) => [...fixes].map(([position, fix]) => ({ row, position, fix })))
    .sort((a, b) => a.row - b.row || a.position - b.position);
  if (cells.length === 0 && session.dropped.length === 0 && session.fixes.size === 0) return '';
  // Once the upload is sent, its changes are shown as they were: read, not changed.
  const disabled = session.open ? '' : ' disabled';
  const readOnly = session.open ? '' : ' readonly';
  // A change made to thousands of rows at once (the leading 0 of every phone) lists the first ones.
  const cellItems = cells.slice(0, ROWS_SHOWN).map(({ row, position, fix }) => {
    const column = position < header.length ? headerAt(header, position, t.lang) : String(position + 1);
    const id = `edit-${row}-${position}`;
    return html`<li>
      <label for="${id}">${t('editCell', { row, column, before: fix.original || t('editEmpty') })}</label>
      <input type="text" id="${id}" name="cell:${row}:${position}" value="${fix.value}" !${readOnly} />
      <button
        type="submit"
        class="link"
        name="undo"
        value="${row}:${position}"
        aria-label="${t('undoCell', { row, column })}"
        !${disabled}
      >
        ${t('undo')}
      </button>
    </li>`;
  });
  const dropItems = session.dropped.map(
    (record) =>
      html`<li>
        ${t('droppedItem', {
          record: record.record,
          rows: record.rows.map((row) => row.row).join(', '),
          count: record.rows.length,
        })}
        <button
          type="submit"
          class="link"
          name="undrop"
          value="${record.rows[0]?.row ?? 0}"
          aria-label="${t('undropRecord', { record: record.record })}"
          !${disabled}
        >
          ${t('undrop')}
        </button>
      </li>`,
  );
  return html`<section class="card" aria-labelledby="edits-title">
    <h2 id="edits-title">${t('editsTitle')}</h2>
    <p class="hint">${t(session.running ? 'editsSending' : session.open ? 'editsIntro' : 'editsSent')}</p>
    <form method="post" action="uploads/${session.id}/fixes">
      !${
        cellItems.length + dropItems.length > 0
          ? html`<div class="actions"><button type="submit" !${disabled}>${t('saveFixes')}</button></div>
              <ul class="edits">
                !${[...cellItems, ...dropItems].join('')}
              </ul>
              !${cells.length > ROWS_SHOWN ? html`<p class="hint">${t('moreEdits', { count: cells.length - ROWS_SHOWN })}</p>` : ''}`
          : ''
      }
      <div class="actions">
        <button type="submit" class="secondary" name="reset" value="1" !${disabled}>${t('resetAll')}</button>
      </div>
    </form>
  </section>`;
}

import { html } from 'ghtml';
import { hintOf, hintedField } from '../../web/field.js';
import { dataTable } from '../../web/table.js';
import { headerKey, joinedValues, withColumnLetter } from '../../bulk/index.js';
import { JOINABLE, type MappingView } from '../mapping.js';
import type { T } from '../texts/index.js';

/** A text shortened to fit a narrow cell. */
const cut = (text: string, most: number) => (text.length > most ? `${text.slice(0, most - 1)}…` : text);

/** The name to remember a mapping by: optional, with an example and what naming it does. */
const nameField = (t: T): string =>
  hintedField(
    'mapping-name',
    t('mappingSave'),
    html`<input
      type="text"
      id="mapping-name"
      name="saveAs"
      maxlength="64"
      placeholder="${t('mappingSaveExample')}"
      aria-describedby="${hintOf('mapping-name')}"
    />`,
    t('mappingSaveHint'),
  );

/** A column's first values as chosen (two columns joined with `-`, as an upload reads them), shortened. */
function sampleOf(view: MappingView, column: MappingView['columns'][number]): string {
  if (column.position === undefined) return '';
  const positions = [column.position, column.joined].filter((at) => at !== undefined);
  return joinedValues(view.sample, positions)
    .filter((value) => value !== '')
    .map((value) => cut(value, 30))
    .join(' · ');
}

/** The second column of an item id made of two (a file with no line id of its own), with what it is for. */
const joinedField = (t: T, name: string, options: string): string =>
  hintedField(
    `join-${name}`,
    t('mappingJoined'),
    html`<select id="join-${name}" name="join:${name}" aria-describedby="${hintOf(`join-${name}`)}">
      !${options}
    </select>`,
    t('mappingJoinedHint'),
  );

/**
 * The column mapping step: for each of Intake's columns a select of the file's headers (Intake's guess
 * chosen), with the first values under it; the headers left unused; a name to remember it under. The
 * keyboard starts at the first required column Intake could not guess or, with every one guessed, at
 * the button that takes the guesses (Shift+Tab goes back over them).
 */
export function mappingCard(
  t: T,
  id: string,
  view: MappingView,
  said: { problem?: string; why?: string } = {},
): string {
  const { problem, why } = said;
  const chosen = new Set(
    view.columns.flatMap((column) => [column.position, column.joined]).filter((at) => at !== undefined),
  );
  // A header the file has twice is told apart by its column's letter: `연락처 (C열)`.
  const keys = view.header.map((name) => headerKey(name));
  const repeated = new Set(keys.filter((key, position) => keys.indexOf(key) !== position));
  const named = (name: string, position: number, most: number) =>
    repeated.has(keys[position] as string)
      ? withColumnLetter(cut(name, most), position, t.lang)
      : cut(name, most);
  const unused = view.header
    .map((name, position) => ({ name, position }))
    .filter(({ name, position }) => name.trim() !== '' && !chosen.has(position));
  const first = view.columns.find((column) => column.required && column.position === undefined)?.name;
  const options = (selected: number | undefined) =>
    [
      html`<option value="">${t('mappingNone')}</option>`,
      ...view.header.map((name, position) =>
        name.trim() === ''
          ? ''
          : html`<option value="${position}" !${selected === position ? ' selected' : ''}>
              ${named(name, position, 40)}
            </option>`,
      ),
    ].join('');
  const rows = view.columns.map((column) => {
    const selectId = `map-${column.name}`;
    const sample = sampleOf(view, column);
    return html`<tr>
      <th scope="row">
        <label for="${selectId}">${t(`col_${column.name}` as Parameters<T>[0])}</label>
        !${column.required ? html`<span class="badge required">${t('mappingRequired')}</span>` : ''}
      </th>
      <td data-label="${t('mappingHeader')}">
        <div>
          <select id="${selectId}" name="map:${column.name}" !${column.name === first ? 'autofocus' : ''}>
            !${options(column.position)}
          </select>
          !${JOINABLE.has(column.name) ? joinedField(t, column.name, options(column.joined)) : ''}
        </div>
      </td>
      <td class="hint${sample === '' ? ' empty' : ''}" data-label="${t('mappingSample')}">${sample}</td>
    </tr>`;
  });
  return html`<section class="card" aria-labelledby="mapping-title">
    <h2 id="mapping-title">${t('mappingTitle')}</h2>
    !${why ? html`<p role="status">${why}</p>` : ''}
    !${problem ? html`<div class="error-box" role="alert">${problem}</div>` : ''}
    <form method="post" action="uploads/${id}/mapping">
      <div class="field">
        <label for="mapping-row">${t('headerRowLabel')}</label>
        <input type="number" id="mapping-row" name="headerRow" min="1" max="30" value="${view.row}" />
      </div>
      !${dataTable([t('mappingColumn'), t('mappingHeader'), t('mappingSample')], rows, { className: 'stacked' })}
      !${unused.length > 0 ? html`<p class="hint" id="mapping-unused">${t('mappingUnused', { columns: unused.map(({ name, position }) => named(name, position, 30)).join(', ') })}</p>` : ''}
      !${nameField(t)}
      <div class="actions">
        <button type="submit" !${first === undefined ? ' autofocus' : ''}>${t('mappingButton')}</button>
      </div>
    </form>
  </section>`;
}

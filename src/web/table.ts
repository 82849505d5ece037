import { html } from 'ghtml';

/** A column header: its text (escaped here), or `<th>` elements already made (`raw`). */
export type TableHeader = string | { raw: string };

/**
 * A data table as both front ends show one: in a frame that scrolls sideways on a narrow window, a
 * header cell per column, and `rows` (`<tr>` elements, HTML already escaped).
 */
export function dataTable(
  headers: readonly TableHeader[],
  rows: readonly string[],
  options: { id?: string; className?: string } = {},
): string {
  const head = headers
    .map((header) => (typeof header === 'string' ? html`<th scope="col">${header}</th>` : header.raw))
    .join('');
  const id = options.id === undefined ? '' : html` id="${options.id}"`;
  const className = options.className === undefined ? '' : html` class="${options.className}"`;
  return html`<div class="table-wrap" !${id}>
    <table!${className}>
      <thead>
        <tr>
          !${head}
        </tr>
      </thead>
      <tbody>
        !${rows.join('')}
      </tbody>
    </table>
  </div>`;
}

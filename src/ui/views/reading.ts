import { html } from 'ghtml';
import type { Preset } from '../../bulk/index.js';
import type { UploadSession } from '../session.js';
import type { T } from '../texts/index.js';
import { wantsKind, wantsPassword } from './errors.js';
import { filePicker } from './file-picker.js';
import { kindOptions } from './upload-form.js';

/**
 * Headers of quantities: the service takes none (one line per item), which staff sending orders should
 * be told.
 */
const QUANTITY = /수량|quantity|\bqty\b/i;

/** The file's headers that no column reads, and which of them are quantities. */
function unread(session: UploadSession): { unused: string[]; quantities: string[] } {
  const table = (session.send?.reading ?? session.check?.reading)?.table;
  if (!table) return { unused: [], quantities: [] };
  const used = new Set(Object.values(table.columns).flat());
  const unused = table.header.filter((name, position) => name.trim() !== '' && !used.has(position));
  return { unused, quantities: unused.filter((name) => QUANTITY.test(name)) };
}

function layoutSelect(t: T, session: UploadSession, layouts: readonly Preset[]): string {
  const table = (session.send?.reading ?? session.check?.reading)?.table;
  if (!table || !session.kind) return '';
  const ofKind = layouts.filter((preset) => preset.kind === session.kind);
  const chosen = session.options.columns?.endsWith('.json')
    ? '$mapped'
    : (session.options.preset ?? table.preset ?? '');
  const option = (value: string, label: string) =>
    html`<option value="${value}" !${chosen === value ? ' selected' : ''}>${label}</option>`;
  const found =
    table.preset && !session.options.preset
      ? ofKind.find((preset) => preset.name === table.preset)
      : undefined;
  return html`<div class="field">
    <label for="preset">${t('presetLabel')}</label
    ><select id="preset" name="preset">
      !${option('', t('presetOwn'))} !${chosen === '$mapped' ? option('$mapped', t('presetMapped')) : ''}
      !${ofKind
        .map((preset) =>
          option(
            preset.name,
            preset.saved
              ? t('presetSaved', { name: preset.name })
              : t.lang === 'ko'
                ? preset.titleKo
                : preset.title,
          ),
        )
        .join('')}</select
    >!${found ? html`<p class="hint">${t('presetFound', { name: t.lang === 'ko' ? found.titleKo : found.title })}</p>` : ''}
  </div>`;
}

/** The sheets of a workbook to choose from, with why the one read was chosen. */
function sheetSelect(t: T, session: UploadSession): string {
  const sheets = session.tabs?.sheets.filter((sheet) => sheet.worksheet) ?? [];
  if (sheets.length === 0 || session.original.format !== 'xlsx') return '';
  const reason = session.firstReading?.table?.sheetReason;
  return html`<div class="field">
    <label for="sheet">${t('sheetLabel')}</label
    ><select id="sheet" name="sheet">
      !${sheets
        .map((sheet) => {
          const selected = (session.options.sheet ?? session.firstReading?.table?.sheet) === sheet.name;
          const name = sheet.hidden ? t('hiddenSheet', { name: sheet.name }) : sheet.name;
          return html`<option value="${sheet.name}" !${selected ? ' selected' : ''}>${name}</option>`;
        })
        .join('')}</select
    >!${reason ? html`<p class="hint">${t(`sheetReason_${reason}`)}</p>` : ''}
  </div>`;
}

/** The row the header was found on, to read it from another. */
function headerRowField(t: T, session: UploadSession, headerRow: number | undefined): string {
  if (headerRow === undefined) return '';
  return html`<div class="field">
    <label for="header-row">${t('headerRowLabel')}</label
    ><input
      type="number"
      id="header-row"
      name="headerRow"
      min="1"
      max="30"
      value="${session.options.headerRow ?? headerRow}"
    />
  </div>`;
}

/** What the file is: its name, format, encoding, and the catalog added to it. */
function fileFacts(t: T, session: UploadSession, mapped: string | undefined): string {
  // Read by the first check; before it (the mapping step), as the mapping read the file's first rows.
  const encoding = session.firstReading?.encoding ?? mapped;
  return [
    html`<dt>${t('fileName')}</dt>
      <dd>${session.label}</dd>`,
    html`<dt>${t('format')}</dt>
      <dd>${session.original.format.toUpperCase()}</dd>`,
    encoding !== undefined && session.original.format === 'csv'
      ? html`<dt>${t('encoding')}</dt>
          <dd>${encoding}</dd>`
      : '',
    session.options.productsLabel
      ? html`<dt>${t('catalogLabel')}</dt>
          <dd>${session.options.productsLabel}</dd>`
      : '',
  ].join('');
}

/** The form that adds a catalog file of names and images to an upload of orders. */
function catalogForm(t: T, session: UploadSession, disabled: string): string {
  if (session.kind !== 'order' || session.fileRemoved) return '';
  return html`<form
    method="post"
    action="uploads/${session.id}/catalog"
    enctype="multipart/form-data"
    style="margin-top:0.75rem"
  >
    <fieldset class="row" !${disabled}>
      <div class="field">
        <label for="catalog">${t('catalogFile')}</label
        >!${filePicker(t, { id: 'catalog', name: 'catalog', required: true, accept: '.xlsx,.csv,.json,.ndjson' })}
      </div>
      <div>
        <button type="submit" class="secondary">${t('addCatalogButton')}</button>
      </div>
    </fieldset>
  </form>`;
}

/**
 * The workbook's password: where the file asks for one, the field a person types into at once (the page
 * opens with it focused, so the password and Enter read the file again).
 */
function passwordField(t: T, asked: boolean): string {
  return html`<div class="field">
    <label for="password">${t('passwordLabel')}</label
    ><input
      type="password"
      id="password"
      name="password"
      autocomplete="off"
      !${asked ? ' autofocus aria-invalid="true"' : ''}
    />
  </div>`;
}

/**
 * Where orders pulled from a marketplace come from: they are orders, read from its answers, so there is
 * nothing to read otherwise; products' names and images can still be added from a list.
 */
function pulledCard(t: T, session: UploadSession): string {
  return html` <section class="card" aria-labelledby="reading-title">
    <h2 id="reading-title">${t('pulledTitle')}</h2>
    <dl class="facts">
      <dt>${t('pulledFrom')}</dt>
      <dd>${session.label}</dd>
    </dl>
    !${catalogForm(t, session, session.open ? '' : ' disabled')}
  </section>`;
}

/**
 * How the file is read, and the choices to read it otherwise (kind, sheet, header row, layout, password);
 * `encoding`, the one the mapping step read a CSV in, until a check says how it was read.
 */
export function readingCard(
  t: T,
  session: UploadSession,
  layouts: readonly Preset[],
  encoding?: string,
): string {
  if (session.options.pulled) return pulledCard(t, session);
  const table = (session.send?.reading ?? session.check?.reading)?.table;
  const { unused, quantities } = unread(session);
  const disabled = session.open ? '' : ' disabled';
  const isSheet = session.original.format === 'csv' || session.original.format === 'xlsx';
  return html` <section class="card" aria-labelledby="reading-title">
    <h2 id="reading-title">${t('readingTitle')}</h2>
    <dl class="facts">!${fileFacts(t, session, encoding)}</dl>
    !${quantities.length > 0 && session.kind === 'order' ? html`<p class="hint">${t('quantityNotSent', { columns: quantities.join(', ') })}</p>` : ''}
    !${
      unused.length > 0
        ? html`<details>
            <summary>${t('notRead', { count: unused.length })}</summary>
            <p class="hint">${unused.join(', ')}</p>
          </details>`
        : ''
    }
    <form method="post" action="uploads/${session.id}/read" style="margin-top:0.75rem">
      <fieldset class="row" !${disabled}>
        <div class="field">
          <label for="kind">${t('kindLabel')}</label
          ><select id="kind" name="kind" !${wantsKind(session.error) ? ' autofocus' : ''}>
            !${kindOptions(t, session.kind ?? (session.error?.code === 'kind_filled_in' ? 'shipment' : undefined), false)}
          </select>
        </div>
        !${sheetSelect(t, session)} !${headerRowField(t, session, table?.headerRow)}
        !${layoutSelect(t, session, layouts)}
        !${session.original.format === 'xlsx' ? passwordField(t, wantsPassword(session.error)) : ''}
        <div>
          <button type="submit" class="secondary">${t('readAgain')}</button>
        </div>
      </fieldset>
    </form>
    !${isSheet && session.kind && !session.fileRemoved ? html`<p><a href="uploads/${session.id}/mapping">${t('mapLink')}</a></p>` : ''}
    !${catalogForm(t, session, disabled)}
  </section>`;
}

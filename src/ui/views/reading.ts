import { html } from 'ghtml';
import type { Preset } from '../../bulk/layout/presets.js';
import type { UploadSession } from '../session.js';
import type { T } from '../texts/index.js';
import { kindOptions } from './upload-form.js';

/** Headers of quantities: the service takes none (one line per item), which staff should be told. */
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

/** How the file is read, and the choices to read it otherwise (kind, sheet, header row, layout, password). */
export function readingCard(t: T, session: UploadSession, layouts: readonly Preset[]): string {
  const reading = session.send?.reading ?? session.check?.reading;
  const table = reading?.table;
  const sheets = session.tabs?.sheets.filter((sheet) => sheet.worksheet) ?? [];
  const sheetSelect =
    sheets.length > 0 && session.original.format === 'xlsx'
      ? html`<div class="field">
          <label for="sheet">${t('sheetLabel')}</label
          ><select id="sheet" name="sheet">
            !${sheets
              .map((sheet) => {
                const selected = (session.options.sheet ?? session.firstReading?.table?.sheet) === sheet.name;
                const name = sheet.hidden ? t('hiddenSheet', { name: sheet.name }) : sheet.name;
                return html`<option value="${sheet.name}" !${selected ? ' selected' : ''}>${name}</option>`;
              })
              .join('')}</select
          >!${session.firstReading?.table?.sheetReason ? html`<p class="hint">${t(`sheetReason_${session.firstReading.table.sheetReason}`)}</p>` : ''}
        </div>`
      : '';
  const headerRow = table
    ? html`<div class="field">
        <label for="header-row">${t('headerRowLabel')}</label
        ><input
          type="number"
          id="header-row"
          name="headerRow"
          min="1"
          max="30"
          value="${session.options.headerRow ?? table.headerRow}"
        />
      </div>`
    : '';
  const first = session.firstReading;
  const facts = [
    html`<dt>${t('fileName')}</dt>
      <dd>${session.label}</dd>`,
    html`<dt>${t('format')}</dt>
      <dd>${session.original.format.toUpperCase()}</dd>`,
    first && session.original.format === 'csv'
      ? html`<dt>${t('encoding')}</dt>
          <dd>${first.encoding}</dd>`
      : '',
    session.options.productsLabel
      ? html`<dt>${t('catalogLabel')}</dt>
          <dd>${session.options.productsLabel}</dd>`
      : '',
  ].join('');
  const { unused, quantities } = unread(session);
  const running = session.running || session.fileRemoved ? ' disabled' : '';
  const isSheet = session.original.format === 'csv' || session.original.format === 'xlsx';
  return html` <section class="card" aria-labelledby="reading-title">
    <h2 id="reading-title">${t('readingTitle')}</h2>
    <dl class="facts">!${facts}</dl>
    !${quantities.length > 0 ? html`<p class="hint">${t('quantityNotSent', { columns: quantities.join(', ') })}</p>` : ''}
    !${
      unused.length > 0
        ? html`<details>
            <summary>${t('notRead', { count: unused.length })}</summary>
            <p class="hint">${unused.join(', ')}</p>
          </details>`
        : ''
    }
    <form method="post" action="uploads/${session.id}/read" class="row" style="margin-top:0.75rem">
      <div class="field">
        <label for="kind">${t('kindLabel')}</label
        ><select id="kind" name="kind">
          !${kindOptions(t, session.kind, false)}
        </select>
      </div>
      !${sheetSelect} !${headerRow} !${layoutSelect(t, session, layouts)}
      !${session.original.format === 'xlsx' ? html`<div class="field"><label for="password">${t('passwordLabel')}</label><input type="password" id="password" name="password" autocomplete="off" /></div>` : ''}
      <div>
        <button type="submit" class="secondary" !${running}>${t('readAgain')}</button>
      </div>
    </form>
    !${isSheet && session.kind && !session.fileRemoved ? html`<p><a href="uploads/${session.id}/mapping">${t('mapLink')}</a></p>` : ''}
    !${
      session.kind === 'order' && !session.fileRemoved
        ? html`<form
            method="post"
            action="uploads/${session.id}/catalog"
            enctype="multipart/form-data"
            class="row"
            style="margin-top:0.75rem"
          >
            <div class="field">
              <label for="catalog">${t('catalogFile')}</label
              ><input type="file" id="catalog" name="catalog" required accept=".xlsx,.csv,.json,.ndjson" />
            </div>
            <div>
              <button type="submit" class="secondary" !${running}>${t('addCatalogButton')}</button>
            </div>
          </form>`
        : ''
    }
  </section>`;
}

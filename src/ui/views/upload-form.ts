import { KINDS_AS_WORKED } from '../../contract/kinds.js';
import { html } from 'ghtml';
import type { Preset, ResourceName } from '../../bulk/index.js';
import { bytes } from '../../util/bytes.js';
import type { UploadSession } from '../session.js';
import type { T } from '../texts/index.js';
import { hintOf, hintedField } from '../../web/field.js';
import { filePicker } from './file-picker.js';

export const KINDS: readonly ResourceName[] = KINDS_AS_WORKED;

export const kindOptions = (t: T, chosen: ResourceName | undefined, auto: boolean) =>
  [
    ...(auto ? [html`<option value="">${t('kindAuto')}</option>`] : []),
    ...KINDS.map(
      (kind) =>
        html`<option value="${kind}" !${chosen === kind ? ' selected' : ''}>${t(`kind_${kind}`)}</option>`,
    ),
  ].join('');

/**
 * The state of an upload in a list: its send's; before one, "checked", or "unread" while its file could
 * not be read (damaged, of another kind, locked without its password), so nothing was checked.
 */
export const stateOf = (session: UploadSession) =>
  session.send?.state ?? (session.error !== undefined && session.check === undefined ? 'unread' : 'checked');

/** Links to empty files with the headers of each layout and preset, to fill in. */
function templates(t: T, presets: readonly Preset[]): string {
  const own = KINDS.map(
    (kind) =>
      html`<li>
        <a href="templates/${kind}.csv" download>${t('templateOwn', { kind: t(`kind_${kind}`) })}</a>
      </li>`,
  );
  const marketplace = presets.map(
    (preset) =>
      html`<li>
        <a href="templates/${preset.name}.csv" download>${t.lang === 'ko' ? preset.titleKo : preset.title}</a>
      </li>`,
  );
  return html`<details class="templates">
    <summary>${t('templatesTitle')}</summary>
    <p class="hint">${t('templatesIntro')}</p>
    <ul>
      !${[...own, ...marketplace].join('')}
    </ul>
  </details>`;
}

/** The upload form: a file (dropped or chosen), what it holds, a password, a product list. */
export function uploadForm(
  t: T,
  options: {
    error: string | undefined;
    recent: readonly UploadSession[];
    maxBytes: number;
    keepDays: number;
    presets: readonly Preset[];
  },
): string {
  const list = options.recent.map(
    (session) =>
      html`<li>
        <a href="uploads/${session.id}">${session.label}</a>
        <span class="badge ${stateOf(session)}">${t(`state_${stateOf(session)}`)}</span>
      </li>`,
  );
  return html` <section class="card">
      <p class="hint">${t('uploadIntro')}</p>
      <div class="error-box" role="alert" data-form-error!${options.error ? '' : ' hidden'}>
        ${options.error ?? ''}
      </div>
      <form
        method="post"
        action="uploads"
        enctype="multipart/form-data"
        data-max-bytes="${options.maxBytes}"
        data-too-large="${t('tooLarge', { max: bytes(options.maxBytes) })}"
      >
        <div class="drop" data-drop>
          <label for="file" class="label">${t('dropHint')}</label><br />
          !${filePicker(t, {
            id: 'file',
            name: 'file',
            required: true,
            accept: '.xlsx,.xlsm,.csv,.tsv,.txt,.json,.ndjson,.jsonl',
          })}
        </div>
        <div class="row" style="margin-top:1rem">
          <div class="field">
            <label for="kind">${t('kindLabel')}</label>
            <select id="kind" name="kind">
              !${kindOptions(t, undefined, true)}
            </select>
          </div>
          <div class="field">
            <label for="password">${t('passwordLabel')}</label>
            <input type="password" id="password" name="password" autocomplete="off" />
          </div>
          !${hintedField(
            'catalog',
            t('catalogLabel'),
            filePicker(t, {
              id: 'catalog',
              name: 'catalog',
              accept: '.xlsx,.csv,.json,.ndjson',
              describedBy: hintOf('catalog'),
            }),
            t('catalogHint'),
          )}
        </div>
        <div class="actions"><button type="submit">${t('checkButton')}</button></div>
      </form>
      <p class="hint">${t('keptIntro', { days: options.keepDays })}</p>
      !${templates(t, options.presets)}
    </section>
    !${
      list.length > 0
        ? html`<section class="card" aria-labelledby="recent-title">
            <h2 id="recent-title">${t('recentTitle')}</h2>
            <ul>
              !${list}
            </ul>
          </section>`
        : ''
    }`;
}

import { html } from 'ghtml';
import type { JournalEntry } from '../../contract/local/index.js';
import { dataTable } from '../../web/table.js';
import type { ConsoleT } from '../texts.js';
import { listBody, when, type ListPage } from './layout.js';

/** A body as the journal kept it: JSON laid out, else as it came. */
function shownBody(t: ConsoleT, body: string | null): string {
  if (body === null || body === '') return html`<p class="hint">${t('noBody')}</p>`;
  let shown = body;
  try {
    shown = JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    // Not JSON (or cut): shown as it came.
  }
  return html`<pre class="body">${shown}</pre>`;
}

function requestRow(t: ConsoleT, entry: JournalEntry): string {
  const headers = Object.entries(entry.request.headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
  return html`<tr>
    <td>${when(entry.at)}</td>
    <td>${entry.method}</td>
    <td class="path">${entry.path}</td>
    <td><span class="badge ${entry.status >= 400 ? 'failed' : 'applied'}">${entry.status}</span></td>
    <td>${entry.target_id ?? ''}</td>
    <td>${entry.fault ?? ''}</td>
    <td>${`${entry.duration_ms} ms`}</td>
    <td>
      <details>
        <summary>${t('detailsHeader')}</summary>
        <p class="hint">${t('requestIdHeader')}: <code>${entry.request_id}</code></p>
        <pre class="body">${headers}</pre>
        <h3>${t('requestBody')}</h3>
        !${shownBody(t, entry.request.body)}
        <h3>${t('answerBody')}</h3>
        !${shownBody(t, entry.response.body)}
      </details>
    </td>
  </tr>`;
}

/** The request journal, newest first, the first page coming again every two seconds. */
export function requestsBody(t: ConsoleT, page: ListPage<JournalEntry>, before: string | undefined): string {
  const list = listBody(
    t,
    { name: 'requests', page, before, empty: t('noRequests'), trigger: 'every 2s' },
    (rows) =>
      html`<section class="card">
        !${dataTable(
          [
            t('receivedHeader'),
            t('methodHeader'),
            t('pathHeader'),
            t('statusHeader'),
            t('idHeader'),
            t('faultHeader'),
            t('durationHeader'),
            t('detailsHeader'),
          ],
          rows.map((entry) => requestRow(t, entry)),
        )}
      </section>`,
  );
  return html`<section class="card"><p>${t('requestsIntro')}</p></section>
    !${list}`;
}

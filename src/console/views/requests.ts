import { html } from 'ghtml';
import { NO_ANSWER, type JournalEntry } from '../../contract/local/index.js';
import { dataTable } from '../../web/table.js';
import type { ConsoleT } from '../texts.js';
import { listBody, PREFIX, RECORDS, when, type ListPage } from './layout.js';

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

/**
 * A request as a row of the journal, and its details in a row of their own below it, the table's whole
 * width, shown while the row's "Details" is open (by the page's CSS). The toggle comes first, so that
 * a narrow window shows it without scrolling the table sideways. The toggle stays open as the live
 * list is fetched again (`hx-preserve`: the element is kept across the swap, by its id).
 */
function requestRow(t: ConsoleT, entry: JournalEntry, columns: number): string {
  const headers = Object.entries(entry.request.headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
  const id = `request-${entry.seq}`;
  return html`<tr>
      <td>
        <details id="${id}" class="opens-below" hx-preserve>
          <summary aria-controls="${id}-details">${t('detailsHeader')}</summary>
        </details>
      </td>
      <td>${when(entry.at)}</td>
      <td>${entry.method}</td>
      <td class="path">${entry.path}</td>
      <td>
        <span class="badge ${entry.status >= 400 || entry.status === NO_ANSWER ? 'failed' : 'applied'}"
          >${entry.status === NO_ANSWER ? t('noAnswer') : String(entry.status)}</span
        >
      </td>
      <td>${entry.target_id ?? ''}</td>
      <td>${entry.fault ?? ''}</td>
      <td>${`${entry.duration_ms} ms`}</td>
    </tr>
    <tr class="opened-below" id="${id}-details">
      <td colspan="${String(columns)}">
        <div class="request-details">
          <p class="hint">${t('requestIdHeader')}: <code>${entry.request_id}</code></p>
          <pre class="body">${headers}</pre>
          <h3>${t('requestBody')}</h3>
          !${shownBody(t, entry.request.body)}
          <h3>${t('answerBody')}</h3>
          !${shownBody(t, entry.response.body)}
        </div>
      </td>
    </tr>`;
}

/** The methods the journal can be narrowed to. */
export const REQUEST_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** What the journal's page is narrowed to: a method, a path as sent, an answer's status, a record's id. */
export interface RequestsFilter {
  method?: (typeof REQUEST_METHODS)[number];
  path?: string;
  status?: number;
  id?: string;
}

/** The filter as the fields of the page's address. */
export function filterQuery(filter: RequestsFilter): Record<string, string> {
  return {
    ...(filter.method === undefined ? {} : { method: filter.method }),
    ...(filter.path === undefined ? {} : { path: filter.path }),
    ...(filter.status === undefined ? {} : { status: String(filter.status) }),
    ...(filter.id === undefined ? {} : { id: filter.id }),
  };
}

function filterForm(t: ConsoleT, filter: RequestsFilter): string {
  const methods = REQUEST_METHODS.map(
    (method) =>
      html`<option value="${method}" !${filter.method === method ? 'selected' : ''}>${method}</option>`,
  );
  const narrowed = Object.keys(filterQuery(filter)).length > 0;
  return html`<form
    method="get"
    action="${PREFIX}/requests"
    class="row search"
    role="search"
    aria-label="${t('requestsFilter')}"
  >
    <div class="field">
      <label for="filter-method">${t('methodHeader')}</label>
      <select id="filter-method" name="method">
        <option value="">${t('anyMethod')}</option>
        !${methods.join('')}
      </select>
    </div>
    <div class="field grow">
      <label for="filter-path">${t('pathFilter')}</label>
      <input
        id="filter-path"
        name="path"
        type="search"
        placeholder="/api/v1/orders/"
        value="${filter.path ?? ''}"
      />
    </div>
    <div class="field">
      <label for="filter-status">${t('statusFilter')}</label>
      <input
        id="filter-status"
        name="status"
        type="text"
        inputmode="numeric"
        pattern="0|[1-5][0-9][0-9]"
        size="5"
        value="${filter.status === undefined ? '' : String(filter.status)}"
      />
    </div>
    <div class="field grow">
      <label for="filter-id">${t('idFilter')}</label>
      <input id="filter-id" name="id" type="search" value="${filter.id ?? ''}" />
    </div>
    <div><button type="submit">${t('showButton')}</button></div>
    !${narrowed ? html`<div><a href="${PREFIX}/requests">${t('clearFilter')}</a></div>` : ''}
  </form>`;
}

/**
 * The request journal, newest first, narrowed as the filter says, the first page coming again every two
 * seconds.
 */
export function requestsBody(
  t: ConsoleT,
  page: ListPage<JournalEntry>,
  before: string | undefined,
  filter: RequestsFilter = {},
): string {
  const query = filterQuery(filter);
  const empty = Object.keys(query).length > 0 ? t('noMatchingRequests') : t('noRequests');
  // The toggles' column is named for those who hear the table; its "Details" say it to the eye.
  const headers = [
    { raw: html`<th scope="col"><span class="visually-hidden">${t('detailsHeader')}</span></th>` },
    t('receivedHeader'),
    t('methodHeader'),
    t('pathHeader'),
    t('statusHeader'),
    t('idHeader'),
    t('faultHeader'),
    t('durationHeader'),
  ];
  const list = listBody(
    t,
    { name: 'requests', page, before, empty, live: { every: '2s' }, query },
    (rows) =>
      html`<section class="card">
        !${dataTable(
          headers,
          rows.map((entry) => requestRow(t, entry, headers.length)),
          { className: RECORDS },
        )}
      </section>`,
  );
  return html`<section class="card">
      <p>${t('requestsIntro')}</p>
      !${filterForm(t, filter)}
    </section>
    !${list}`;
}

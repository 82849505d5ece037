import { html } from 'ghtml';
import { dataTable } from '../web/table.js';
import { bytes } from '../util/bytes.js';
import type { SendProgress } from '../bulk/context.js';
import type { UploadEntry } from '../bulk/ledger/ledger.js';
import { presets } from '../bulk/layout/presets.js';
import type { ReportLine } from '../bulk/report/report.js';
import type { ResourceName } from '../bulk/resources.js';
import type { Lang } from '../web/lang.js';
import { page } from '../web/page.js';
import { ROWS_SHOWN, type RefusedRow, type SessionError, type UploadSession } from './session.js';
import { noteIn, problemIn, problemsIn } from './said-texts.js';
import { uiTexts } from './texts.js';
import type { Note } from '../bulk/said.js';
import { count as number } from '../util/count.js';

type T = ReturnType<typeof uiTexts>;
const KINDS: readonly ResourceName[] = ['order', 'shipment', 'product'];
const OUTCOMES = [
  'accepted',
  'already_registered',
  'changed',
  'updated',
  'invalid',
  'rejected',
  'failed',
  'not_sent',
  'duplicate',
  'skipped',
] as const;

/** Who the page works as: the profile and the service, shown in every page's header. */
export interface ProfileView {
  name: string;
  baseUrl: string;
  accessKeyId: string | undefined;
  secretFrom: 'keychain' | 'file' | 'environment' | 'none';
}

/** A whole page of the UI, in `lang`, with the navigation and the profile in its header. */
export function uiPage(
  lang: Lang,
  options: { title: string; current: string; profile: ProfileView; body: string },
): string {
  const t = uiTexts(lang);
  const nav = [
    { href: '/', label: t('navUpload'), current: options.current === 'upload' },
    { href: '/history', label: t('navHistory'), current: options.current === 'history' },
    { href: '/status', label: t('navStatus'), current: options.current === 'status' },
  ];
  const { profile } = options;
  const aside = html`<span>${t('profile', { name: profile.name })}</span><span>${profile.baseUrl}</span
    ><span>${profile.accessKeyId ?? t('noCredentials')}</span>`;
  return page({
    lang,
    title: options.title,
    app: t('app'),
    assets: '/assets',
    nav,
    aside,
    body: options.body,
    skip: t('skip'),
    languageLabel: t('language'),
  });
}

/** An error said plainly, with what to do. */
export function errorBox(t: T, error: SessionError | undefined): string {
  if (!error) return '';
  const known: Record<string, Parameters<T>[0]> = {
    kind_unknown: 'kindUnknown',
    password_needed: 'passwordNeeded',
    password_wrong: 'passwordWrong',
  };
  const key = error.code === undefined ? undefined : known[error.code];
  const message = key ? t(key) : error.message;
  const hints = key ? [] : error.hints;
  return html`<div class="error-box" role="alert">
    <strong>${message}</strong>!${
      hints.length > 0
        ? html`<ul>
            !${hints.map((hint) => html`<li>${hint}</li>`)}
          </ul>`
        : ''
    }
  </div>`;
}

const kindOptions = (t: T, chosen: ResourceName | undefined, auto: boolean) =>
  [
    ...(auto ? [html`<option value="">${t('kindAuto')}</option>`] : []),
    ...KINDS.map(
      (kind) =>
        html`<option value="${kind}" !${chosen === kind ? ' selected' : ''}>${t(`kind_${kind}`)}</option>`,
    ),
  ].join('');

/** The upload form: a file (dropped or chosen), what it holds, a password, a catalog. */
export function uploadForm(
  t: T,
  error: string | undefined,
  recent: readonly UploadSession[],
  maxBytes: number,
): string {
  const list = recent.map(
    (session) =>
      html`<li>
        <a href="/uploads/${session.id}">${session.label}</a>
        !${session.send ? html`<span class="badge ${session.send.state}">${t(`state_${session.send.state}`)}</span>` : ''}
      </li>`,
  );
  return html` <section class="card">
      <p class="hint">${t('uploadIntro')}</p>
      <div class="error-box" role="alert" data-form-error!${error ? '' : ' hidden'}>${error ?? ''}</div>
      <form
        method="post"
        action="/uploads"
        enctype="multipart/form-data"
        data-max-bytes="${maxBytes}"
        data-too-large="${t('tooLarge', { max: bytes(maxBytes) })}"
      >
        <div class="drop" data-drop>
          <label for="file" class="label">${t('dropHint')}</label><br />
          <input
            type="file"
            id="file"
            name="file"
            required
            accept=".xlsx,.xlsm,.csv,.tsv,.txt,.json,.ndjson,.jsonl"
          />
          <p class="hint" data-file-name aria-live="polite">${t('noFileChosen')}</p>
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
          <div class="field">
            <label for="catalog">${t('catalogLabel')}</label>
            <input
              type="file"
              id="catalog"
              name="catalog"
              accept=".xlsx,.csv,.json,.ndjson"
              aria-describedby="catalog-hint"
            />
            <p class="hint" id="catalog-hint">${t('catalogHint')}</p>
          </div>
        </div>
        <div class="actions"><button type="submit">${t('checkButton')}</button></div>
      </form>
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

/** How the file is read, and the choices to read it otherwise (kind, sheet, header row, layout, password). */
function readingCard(t: T, session: UploadSession): string {
  const reading = session.send?.reading ?? session.check?.reading;
  const table = reading?.table;
  const kind = session.kind;
  const sheets = session.tabs?.sheets.filter((sheet) => sheet.worksheet) ?? [];
  const sheetSelect =
    sheets.length > 0 && session.current.format === 'xlsx'
      ? html`<div class="field">
          <label for="sheet">${t('sheetLabel')}</label
          ><select id="sheet" name="sheet">
            !${sheets
              .map((sheet) => {
                const selected = (session.options.sheet ?? table?.sheet) === sheet.name;
                const name = sheet.hidden ? t('hiddenSheet', { name: sheet.name }) : sheet.name;
                return html`<option value="${sheet.name}" !${selected ? ' selected' : ''}>${name}</option>`;
              })
              .join('')}</select
          >!${table?.sheetReason ? html`<p class="hint">${t(`sheetReason_${table.sheetReason}`)}</p>` : ''}
        </div>`
      : '';
  const ofKind = kind ? presets().filter((preset) => preset.kind === kind) : [];
  const chosenPreset = session.options.preset ?? table?.preset;
  const presetSelect =
    table && kind
      ? html`<div class="field">
          <label for="preset">${t('presetLabel')}</label
          ><select id="preset" name="preset">
            <option value="">${t('presetOwn')}</option>
            !${ofKind
              .map(
                (preset) =>
                  html`<option value="${preset.name}" !${chosenPreset === preset.name ? ' selected' : ''}>
                    ${preset.name}
                  </option>`,
              )
              .join('')}</select
          >!${table.preset && !session.options.preset ? html`<p class="hint">${t('presetFound', { name: table.preset })}</p>` : ''}
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
  // As the file came (a fixed copy is plain CSV): its format, a CSV's encoding, a workbook's sheet.
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
    first?.table?.sheet && sheetSelect === ''
      ? html`<dt>${t('sheetLabel')}</dt>
          <dd>${first.table.sheet}</dd>`
      : '',
    session.options.productsLabel
      ? html`<dt>${t('catalogLabel')}</dt>
          <dd>${session.options.productsLabel}</dd>`
      : '',
  ].join('');
  return html` <section class="card" aria-labelledby="reading-title">
    <h2 id="reading-title">${t('readingTitle')}</h2>
    <dl class="facts">!${facts}</dl>
    <form method="post" action="/uploads/${session.id}/read" class="row" style="margin-top:0.75rem">
      <div class="field">
        <label for="kind">${t('kindLabel')}</label
        ><select id="kind" name="kind">
          !${kindOptions(t, kind, false)}
        </select>
      </div>
      !${sheetSelect} !${headerRow} !${presetSelect}
      !${session.original.format === 'xlsx' ? html`<div class="field"><label for="password">${t('passwordLabel')}</label><input type="password" id="password" name="password" autocomplete="off" /></div>` : ''}
      <div>
        <button type="submit" class="secondary" !${session.running ? ' disabled' : ''}>
          ${t('readAgain')}
        </button>
      </div>
    </form>
    !${
      kind === 'order'
        ? html`<form
            method="post"
            action="/uploads/${session.id}/catalog"
            enctype="multipart/form-data"
            class="row"
            style="margin-top:0.75rem"
          >
            <div class="field">
              <label for="catalog">${t('catalogFile')}</label
              ><input type="file" id="catalog" name="catalog" required accept=".xlsx,.csv,.json,.ndjson" />
            </div>
            <div>
              <button type="submit" class="secondary" !${session.running ? ' disabled' : ''}>
                ${t('addCatalogButton')}
              </button>
            </div>
          </form>`
        : ''
    }
  </section>`;
}

/**
 * What the upload said that means something on the page: not the problems of each row (the table
 * shows them), nor the files and commands of the terminal (the page has its buttons and downloads).
 */
function pageNotes(notes: readonly Note[], session: UploadSession): Note[] {
  return notes.filter(({ text }) => {
    const line = text.trim();
    return (
      line !== '' &&
      !/^(row|line|record|… and) /.test(line) &&
      !line.includes(session.dir) &&
      !/\bintake [a-z]+ [a-z]+/.test(line)
    );
  });
}

/** What the upload advises that the results card says with its own hints, buttons and downloads. */
const PAGE_SAYS_ITSELF = new Set(['rejects_kept', 'rejects_file', 'run_again', 'changed', 'report_file']);

const numberOf = (value: unknown) => (typeof value === 'number' ? value : 0);

/** The check's counts, the notes, and the rows to fix in a table whose wrong cells can be edited. */
/** Whether the last check came after the last send began (the file was read again, fixed, or given a catalog). */
const checkedSinceSend = (session: UploadSession) =>
  !session.send || (session.check !== undefined && session.check.at > session.send.startedAt);

function checkCard(t: T, session: UploadSession): string {
  const check = session.check;
  if (!check) return '';
  // Once everything was sent, the check is history: shown again when there is something to fix or it is new.
  if (
    session.send?.state === 'finished' &&
    !checkedSinceSend(session) &&
    numberOf(check.summary.invalid) === 0
  ) {
    return '';
  }
  const { summary } = check;
  const invalid = numberOf(summary.invalid);
  const records = numberOf(summary.records);
  const counts = [
    ['count_records', records],
    ['count_valid', numberOf(summary.valid)],
    ['count_invalid', invalid],
    ['count_duplicates', numberOf(summary.duplicates_skipped)],
    ['count_skipped', numberOf(summary.not_shipped_skipped)],
  ] as const;
  const list = counts
    .filter(([key, count]) => count > 0 || key === 'count_invalid' || key === 'count_records')
    .map(
      ([key, count]) =>
        html`<li>
          <strong class="${key === 'count_invalid' && count > 0 ? 'bad' : ''}">${number(count)}</strong
          >${t(key)}
        </li>`,
    );
  const notes = pageNotes(check.notes, session);
  return html` <section class="card" aria-labelledby="check-title">
    <h2 id="check-title">${t('checkTitle')}</h2>
    <ul class="counts">
      !${list}
    </ul>
    !${
      notes.length > 0
        ? html`<ul class="notes">
            !${notes.map((note) => html`<li>${noteIn(t.lang, note).trim()}</li>`)}
          </ul>`
        : ''
    }
    !${invalid === 0 ? html`<p class="ok">${t('allValid')}</p>` : fixTable(t, session, check.refused, check.refusedCount)}
  </section>`;
}

/** The rows to fix, each wrong cell an input, each row with a box to drop it. */
function fixTable(t: T, session: UploadSession, refused: readonly RefusedRow[], total: number): string {
  const table = session.check?.reading?.table;
  const shown = refused.slice(0, ROWS_SHOWN);
  const json = !table;
  const positionsOf = (column: string | undefined) =>
    column === undefined ? [] : (table?.columns[column] ?? []);
  const header = table
    ? table.header.map((name) => html`<th scope="col">${name}</th>`).join('')
    : html`<th scope="col">${t('idHeader')}</th>`;
  const rows = shown.map((row) => {
    const wrong = new Map<number, string>();
    for (const problem of row.problems) {
      for (const position of positionsOf(problem.column)) wrong.set(position, problemIn(t.lang, problem));
    }
    const cells = Array.isArray(row.cells)
      ? (row.cells as string[]).map((value, position) => {
          const column = table?.header[position] ?? String(position + 1);
          const reason = wrong.get(position);
          const fixed = session.fixes.get(row.row)?.get(position);
          if (reason === undefined) return html`<td>${value}</td>`;
          const id = `cell-${row.row}-${position}`;
          return html`<td class="invalid">
            <input
              type="text"
              id="${id}"
              name="cell:${row.row}:${position}"
              value="${fixed ?? value}"
              aria-invalid="true"
              aria-describedby="${id}-why"
              aria-label="${t('cellLabel', { row: row.row, column })}"
            />
            <div class="reason" id="${id}-why">${reason}</div>
          </td>`;
        })
      : [html`<td><code>${JSON.stringify(row.cells).slice(0, 300)}</code></td>`];
    const dropId = `drop-${row.row}`;
    // What no marked cell says (a problem of the whole row, or of a column the sheet lacks).
    const unmarked = row.problems.filter((problem) => positionsOf(problem.column).length === 0);
    return html`<tr>
      <th scope="row">${row.row}</th>
      <td>
        <input
          type="checkbox"
          id="${dropId}"
          name="drop"
          value="${row.row}"
          aria-label="${t('dropRow', { row: row.row })}"
          !${session.dropped.has(row.row) ? ' checked' : ''}
        />
      </td>
      <td class="reason">${unmarked.length > 0 || json ? problemsIn(t.lang, unmarked) || row.reason : ''}</td>
      !${cells.join('')}
    </tr>`;
  });
  return html` <h3>${t('invalidTitle')}</h3>
    <p class="hint">${json ? t('jsonFixHint') : t('invalidIntro')}</p>
    <form method="post" action="/uploads/${session.id}/fixes">
      !${dataTable([t('rowHeader'), t('dropHeader'), t('reasonHeader'), { raw: header }], rows)}
      !${total > shown.length ? html`<p class="hint">${t('moreRows', { count: total - shown.length })}</p>` : ''}
      <div class="actions">
        <button type="submit" !${session.running ? ' disabled' : ''}>${t('saveFixes')}</button>
      </div>
    </form>`;
}

/** The send card: the button to send what is valid, or the progress while sending. */
function sendCard(t: T, session: UploadSession): string {
  if (session.running)
    return html`<section class="card" aria-labelledby="send-title">
      <h2 id="send-title">${t('sendTitle')}</h2>
      !${progressPanel(t, session)}
    </section>`;
  const valid = numberOf(session.check?.summary.valid);
  const kind = session.kind;
  if (!kind || !session.check) return '';
  // A finished send has its own buttons (update, send again); this one is for a new check.
  if (session.send && !checkedSinceSend(session)) return '';
  const invalid = numberOf(session.check.summary.invalid);
  return html` <section class="card" aria-labelledby="send-title">
    <h2 id="send-title">${t('sendTitle')}</h2>
    !${valid === 0 ? html`<p>${t('nothingToSend')}</p>` : ''}
    !${invalid > 0 && valid > 0 ? html`<p class="hint">${t('invalidStay')}</p>` : ''}
    <form method="post" action="/uploads/${session.id}/send">
      !${kind !== 'shipment' ? html`<p><input type="checkbox" id="update" name="update" value="1" /> <label for="update">${t('updateLabel')}</label></p>` : ''}
      <button type="submit" !${valid === 0 ? ' disabled' : ''}>
        ${t('sendButton', { count: valid, what: t(valid === 1 ? `what_${kind}_one` : `what_${kind}`) })}
      </button>
    </form>
  </section>`;
}

/**
 * The live progress of a send: what is done and left, the rate, retries and slow-downs, and Stop. The
 * facts are replaced every half second from the server's events (`progressFacts`); when the send is
 * over, the `done` event reloads the page's content with the results. Without scripts, the page
 * reloads itself every two seconds.
 */
export function progressPanel(t: T, session: UploadSession): string {
  const send = session.send;
  if (!send) return '';
  return html`<div id="progress" hx-ext="sse" sse-connect="/uploads/${session.id}/events" sse-close="done">
    <noscript><meta http-equiv="refresh" content="2" /></noscript>
    <p role="status">${send.stopping ? t('stopping') : t('sending')}</p>
    <div id="progress-facts" sse-swap="progress">!${progressFacts(t, session)}</div>
    <div
      hx-get="/uploads/${session.id}"
      hx-trigger="sse:done"
      hx-select="#main"
      hx-target="#main"
      hx-swap="outerHTML"
    ></div>
    <form method="post" action="/uploads/${session.id}/stop">
      <button type="submit" class="danger">${t('stopButton')}</button>
    </form>
  </div>`;
}

/** The figures of a send in progress: the bar, done and left, per second, retries, slow-downs. */
export function progressFacts(t: T, session: UploadSession): string {
  const send = session.send;
  if (!send) return '';
  const progress: SendProgress | undefined = send.progress?.();
  const seconds = Math.max(0.001, (Date.now() - send.startedAt) / 1000);
  const done = progress?.done ?? 0;
  const total = progress?.total ?? 0;
  const rate = done / seconds;
  const fact = (value: string, label: string) => html`<span><strong>${value}</strong> ${label}</span>`;
  return html`<label for="bar" class="label">${t('progressLabel')}</label>
    <progress id="bar" max="${Math.max(1, total)}" value="${done}">${done} / ${total}</progress>
    <div class="progress-facts">
      !${fact(number(done), t('done'))} !${fact(number(Math.max(0, total - done)), t('left'))}
      !${fact(rate < 10 ? rate.toFixed(1) : number(Math.round(rate)), t('perSecond'))}
      !${fact(number(progress?.retries ?? 0), t('retries'))}
      !${fact(number(progress?.slowedDown ?? 0), t('slowedDown'))}
      !${fact(number(progress?.notAccepted ?? 0), t('notAccepted'))}
    </div>`;
}

/** The results of the last send: counts, what to do, a filterable table, and downloads. */
function resultsCard(t: T, session: UploadSession, filter: string | undefined): string {
  const send = session.send;
  if (!send || send.state === 'running') return '';
  // What the page's own buttons and hints say (the commands to run again, the files) is left out.
  const advice = pageNotes(send.advice, session).filter(
    (note) => !PAGE_SAYS_ITSELF.has(note.said?.code ?? ''),
  );
  const counts = OUTCOMES.filter((outcome) => (send.counts[outcome] ?? 0) > 0).map(
    (outcome) =>
      html`<li>
        <strong>${number(send.counts[outcome] ?? 0)}</strong
        ><span class="badge ${outcome}">${t(`outcome_${outcome}`)}</span>
      </li>`,
  );
  const lines = send.lines.filter((line) => !filter || line.outcome === filter);
  // An invalid record's message is the check's problems with their rows: the page says them in its language.
  const problemsOfRow = new Map(send.refused.map((refused) => [refused.row, refused.problems]));
  const messageOf = (line: ReportLine) => {
    if (line.outcome !== 'invalid' || t.lang === 'en') return line.message;
    const found = line.rows.map((row) => problemsOfRow.get(row));
    if (found.some((problems) => problems === undefined || problems.length === 0)) return line.message;
    return line.rows.map((row, index) => `${row}행: ${problemsIn(t.lang, found[index] ?? [])}`).join(' / ');
  };
  const changed = send.counts.changed ?? 0;
  const failed = (send.counts.failed ?? 0) + (send.counts.not_sent ?? 0);
  const actions = [
    changed > 0
      ? html`<form method="post" action="/uploads/${session.id}/send">
          <input type="hidden" name="update" value="1" />
          <p>${t('changedHint', { count: changed })}</p>
          <button type="submit">${t('updateButton')}</button>
        </form>`
      : '',
    failed > 0 || send.state === 'stopped'
      ? html`<form method="post" action="/uploads/${session.id}/send">
          <p>${send.state === 'stopped' ? t('stoppedHint') : t('failedHint', { count: failed })}</p>
          <button type="submit">${t('resendButton')}</button>
        </form>`
      : '',
  ].join('');
  const options = [html`<option value="">${t('filterAll')}</option>`]
    .concat(
      OUTCOMES.filter((outcome) => (send.counts[outcome] ?? 0) > 0).map(
        (outcome) =>
          html`<option value="${outcome}" !${filter === outcome ? ' selected' : ''}>
            ${t(`outcome_${outcome}`)}
          </option>`,
      ),
    )
    .join('');
  const rows = lines.map(
    (line: ReportLine) =>
      html`<tr>
        <td>${line.rows.join(', ')}</td>
        <td>${line.id}</td>
        <td><span class="badge ${line.outcome}">${t(`outcome_${line.outcome}`)}</span></td>
        <td>${(line.fields ?? []).join(', ')}</td>
        <td class="message">${messageOf(line)}</td>
      </tr>`,
  );
  const table = session.send?.reading?.table;
  const downloads = [
    (send.counts.invalid ?? 0) + (send.counts.rejected ?? 0) > 0
      ? table
        ? html`<a class="button secondary" href="/uploads/${session.id}/rejects.xlsx" download
              >${t('rejectsXlsx')}</a
            ><a class="button secondary" href="/uploads/${session.id}/rejects.csv" download
              >${t('rejectsCsv')}</a
            >`
        : html`<a class="button secondary" href="/uploads/${session.id}/rejects.ndjson" download
            >${t('rejectsNdjson')}</a
          >`
      : '',
    html`<a class="button secondary" href="/uploads/${session.id}/report.csv" download>${t('reportCsv')}</a>`,
  ].join('');
  return html` <section class="card" aria-labelledby="results-title">
    <h2 id="results-title">
      ${t('resultsTitle')} <span class="badge ${send.state}">${t(`state_${send.state}`)}</span>
    </h2>
    !${errorBox(t, send.error)}
    <ul class="counts">
      !${counts}
    </ul>
    !${
      advice.length > 0
        ? html`<ul class="notes">
            !${advice.map((note) => html`<li>${noteIn(t.lang, note)}</li>`)}
          </ul>`
        : ''
    }
    <div class="actions">!${actions}</div>
    <form method="get" action="/uploads/${session.id}" class="row" style="margin:1rem 0 0.5rem">
      <div class="field">
        <label for="outcome">${t('filterLabel')}</label
        ><select id="outcome" name="outcome">
          !${options}
        </select>
      </div>
      <div><button type="submit" class="secondary">${t('filterButton')}</button></div>
    </form>
    !${dataTable(
      [t('rowHeader'), t('idHeader'), t('outcomeHeader'), t('fieldsHeader'), t('messageHeader')],
      rows,
    )}
    !${send.lines.length >= 1000 ? html`<p class="hint">${t('shownLines', { count: send.lines.length })}</p>` : ''}
    <h3>${t('downloads')}</h3>
    <div class="actions">!${downloads}</div>
  </section>`;
}

/** A file's page: how it reads, the check, sending, and the results. */
export function sessionBody(t: T, session: UploadSession, filter: string | undefined): string {
  const error = session.error ? html`<section class="card">!${errorBox(t, session.error)}</section>` : '';
  return [
    error,
    readingCard(t, session),
    resultsCard(t, session, filter),
    checkCard(t, session),
    sendCard(t, session),
    html`<p><a href="/">${t('newUpload')}</a></p>`,
  ].join('');
}

const when = (lang: Lang, ms: number) =>
  new Date(ms).toLocaleString(lang === 'ko' ? 'ko-KR' : 'en-GB', { dateStyle: 'short', timeStyle: 'medium' });

/** The uploads the ledger remembers, with a way to resume those that did not finish. */
export function historyBody(
  t: T,
  lang: Lang,
  service: { address: string; accessKeyId: string } | undefined,
  entries: readonly (UploadEntry & { resumable: boolean })[],
): string {
  if (!service) return html`<p class="error-box">${t('noTarget')}</p>`;
  const rows = entries.map((entry) => {
    const summary = entry.summary ?? {};
    const outcomes = OUTCOMES.filter((outcome) => numberOf(summary[outcome]) > 0)
      .map(
        (outcome) =>
          html`<span class="badge ${outcome}"
            >${t(`outcome_${outcome}`)} ${numberOf(summary[outcome])}</span
          >`,
      )
      .join(' ');
    const resume =
      entry.state !== 'finished'
        ? entry.resumable
          ? html`<form method="post" action="/history/${entry.id}/resume">
              <button type="submit" class="secondary">${t('resumeButton', { name: entry.input })}</button>
            </form>`
          : html`<span class="hint">${t('fileGone')}</span>`
        : '';
    return html`<tr>
      <td>${when(lang, entry.startedAt)}</td>
      <td>${entry.input}</td>
      <td>${t(`kind_${entry.kind}`)}</td>
      <td><span class="badge ${entry.state}">${t(`state_${entry.state}`)}</span></td>
      <td>!${outcomes}</td>
      <td>!${resume}</td>
    </tr>`;
  });
  return html` <section class="card">
    <p>${t('historyIntro', { service: service.address, key: service.accessKeyId })}</p>
    !${
      entries.length === 0
        ? html`<p>${t('historyEmpty')}</p>`
        : dataTable(
            [
              t('startedHeader'),
              t('fileName'),
              t('kindHeader'),
              t('stateHeader'),
              t('countsHeader'),
              {
                raw: html`<th scope="col">
                  <span class="visually-hidden">${t('resumeButton', { name: '' })}</span>
                </th>`,
              },
            ],
            rows,
          )
    }
  </section>`;
}

/** What the connection page shows: the profile, the credentials' check, the service's health and queue. */
export interface StatusView {
  profile: ProfileView;
  credentials: { valid: boolean; reason: string } | { error: string };
  health: string;
  queue: string;
}

export function statusBody(t: T, status: StatusView): string {
  const { profile, credentials } = status;
  const verdict =
    'error' in credentials
      ? html`<span class="bad">${t('unreachable', { reason: credentials.error })}</span>`
      : credentials.valid
        ? html`<span class="ok">${t('valid')}</span>`
        : html`<span class="bad">${t('invalid', { reason: credentials.reason })}</span>`;
  return html` <section class="card">
    <dl class="facts">
      <dt>${t('profileLabel')}</dt>
      <dd>${profile.name}</dd>
      <dt>${t('serviceLabel')}</dt>
      <dd>${profile.baseUrl}</dd>
      <dt>${t('keyLabel')}</dt>
      <dd>${profile.accessKeyId ?? t('noCredentials')}</dd>
      <dt>${t('secretFrom')}</dt>
      <dd>${t(`secret_${profile.secretFrom}`)}</dd>
      <dt>${t('credentialsLabel')}</dt>
      <dd id="credentials">!${verdict}</dd>
      <dt>${t('healthLabel')}</dt>
      <dd>${status.health}</dd>
      <dt>${t('queueLabel')}</dt>
      <dd>${status.queue}</dd>
    </dl>
    <div class="actions"><a class="button secondary" href="/status">${t('checkAgain')}</a></div>
  </section>`;
}

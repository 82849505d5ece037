import { errorWords } from './errors.js';
import { OUTCOMES as ALL_OUTCOMES } from '../../contract/kinds.js';
import { html } from 'ghtml';
import { dataTable } from '../../web/table.js';
import { invalidReasonIn, noteIn, problemsIn, type ReportLine } from '../../bulk/index.js';
import { pageColumnNames } from '../column-words.js';
import { count as number } from '../../util/count.js';
import { fieldsIn, lineIn, rowProblemsIn } from '../answers.js';
import type { UploadSession } from '../session.js';
import type { T } from '../texts/index.js';
import { numberOf, pageNotes } from './check.js';
import { day } from './layout.js';

/** The outcomes the results show (a dry run's `valid` is the check's, said there). */
const OUTCOMES = ALL_OUTCOMES.filter((outcome) => outcome !== 'valid');

/** What an upload's summary counts for each outcome (repeated and unshipped rows under their own keys). */
function countsOf(summary: Record<string, unknown>): Record<string, number> {
  return {
    ...Object.fromEntries(OUTCOMES.map((outcome) => [outcome, numberOf(summary[outcome])])),
    duplicate: numberOf(summary.duplicates_skipped),
    skipped: numberOf(summary.not_shipped_skipped),
  };
}

/**
 * How far an upload got, from its summary, as the page and History both say it: the records it had to
 * send (every valid one), those done, and those left (not sent, or with no answer).
 */
export function progressOf(summary: Record<string, unknown>): { total: number; done: number; left: number } {
  const total = numberOf(summary.records) - numberOf(summary.invalid);
  const left = numberOf(summary.not_sent) + numberOf(summary.failed);
  return { total, done: Math.max(0, total - left), left };
}

/** What the upload advises that the results card says with its own hints, buttons and downloads. */
const PAGE_SAYS_ITSELF = new Set([
  'rejects_kept',
  'rejects_file',
  'run_again',
  'changed',
  'report_file',
  'done',
  // The table of results names each record the service did not take, with its answer.
  'not_taken',
  'not_taken_record',
  'not_taken_more',
]);

type Send = NonNullable<UploadSession['send']>;

/** Each outcome's count as a badge, the rows dropped on the page among them. */
function countList(t: T, counts: Record<string, number>, dropped: number): string[] {
  const list = OUTCOMES.filter((outcome) => (counts[outcome] ?? 0) > 0).map(
    (outcome) =>
      html`<li>
        <strong>${number(counts[outcome] ?? 0)}</strong
        ><span class="badge ${outcome}">${t(`outcome_${outcome}`)}</span>
      </li>`,
  );
  if (dropped > 0)
    list.push(
      html`<li>
        <strong>${number(dropped)}</strong><span class="badge dropped">${t('outcome_dropped')}</span>
      </li>`,
    );
  return list;
}

/** What can be done next: update the changed records, or send again what was left. */
function nextSteps(t: T, session: UploadSession, send: Send, counts: Record<string, number>, left: number) {
  const changed = counts.changed ?? 0;
  const canSend = !session.fileRemoved;
  return [
    send.update && changed === 0 && (counts.updated ?? 0) > 0
      ? html`<p class="ok">${t('updateDone')}</p>`
      : '',
    changed > 0 && canSend && (session.kind ?? 'order') !== 'product'
      ? html`<form method="post" action="uploads/${session.id}/send">
          <input type="hidden" name="update" value="1" />
          <p>${t('changedHint', { count: changed })}</p>
          <button type="submit">${t('updateButton')}</button>
        </form>`
      : '',
    (left > 0 || send.state !== 'finished') && canSend
      ? html`<form method="post" action="uploads/${session.id}/send">
          !${send.state === 'finished' ? html`<p>${t('failedHint', { count: left })}</p>` : ''}
          <button type="submit">${t(send.state === 'finished' ? 'resendButton' : 'resumeSendButton')}</button>
        </form>`
      : '',
  ].join('');
}

/** A line's message in the page's language: an invalid record's problems row by row, else the answer. */
function lineMessage(t: T, session: UploadSession, send: Send): (line: ReportLine) => string {
  const kind = session.kind ?? 'order';
  const problemsOfRow = new Map(send.refused.map((refused) => [refused.row, refused.problems]));
  const named = pageColumnNames(t, send.reading?.table);
  const rowWord = (row: number) => (t.lang === 'ko' ? `${row}행` : `row ${row}`);
  return (line) => {
    if (line.outcome !== 'invalid') return lineIn(t.lang, line, kind, send.reading?.table);
    const found = line.rows.map((row) => problemsOfRow.get(row));
    if (found.some((problems) => problems === undefined || problems.length === 0)) {
      const problemsOf = (row: number) => problemsOfRow.get(row);
      return invalidReasonIn(t.lang, line.message, rowProblemsIn(t.lang, named, problemsOf));
    }
    return line.rows
      .map((row, index) => `${rowWord(row)}: ${problemsIn(t.lang, found[index] ?? [], named)}`)
      .join(' / ');
  };
}

/** The lines of the report, filtered by outcome, with the form that filters them. */
function linesTable(t: T, session: UploadSession, send: Send, filter: string | undefined): string {
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
  const messageOf = lineMessage(t, session, send);
  // In the sheet's order (a record by its first row), as the rows to fix are, not in the order answered.
  const firstRow = (line: ReportLine) => line.rows[0] ?? Number.POSITIVE_INFINITY;
  // Pulled orders have no rows a person knows: they are named by their ids alone.
  const withRows = session.options.pulled === undefined;
  const headers = [
    ...(withRows ? [t('rowHeader')] : []),
    t('idHeader'),
    t('outcomeHeader'),
    t('fieldsHeader'),
    t('messageHeader'),
  ];
  const [rowLabel, idLabel, outcomeLabel, fieldsLabel, messageLabel] = withRows ? headers : ['', ...headers];
  // Each cell carries its column's name: a narrow window shows a record as a card of labelled lines.
  const rows = send.lines
    .filter((line) => !filter || line.outcome === filter)
    .sort((a, b) => firstRow(a) - firstRow(b))
    .map((line: ReportLine) => {
      const fields = fieldsIn(t.lang, line.fields, send.reading?.table);
      return html`<tr>
        !${withRows ? html`<td class="nowrap" data-label="${rowLabel}">${line.rows.join(', ')}</td>` : ''}
        <td class="nowrap" data-label="${idLabel}">${line.id}</td>
        <td data-label="${outcomeLabel}">
          <span class="badge ${line.outcome}">${t(`outcome_${line.outcome}`)}</span>
        </td>
        <td data-label="${fieldsLabel}" class="${fields === '' ? 'empty' : ''}">${fields}</td>
        <td class="message" data-label="${messageLabel}">${messageOf(line)}</td>
      </tr>`;
    });
  return html`<form method="get" action="uploads/${session.id}" class="row" style="margin:1rem 0 0.5rem">
      <div class="field">
        <label for="outcome">${t('filterLabel')}</label
        ><select id="outcome" name="outcome">
          !${options}
        </select>
      </div>
      <div><button type="submit" class="secondary">${t('filterButton')}</button></div>
    </form>
    !${rows.length > 0 ? dataTable(headers, rows, { className: 'stacked' }) : ''}
    !${send.lines.length >= 1000 ? html`<p class="hint">${t('shownLines', { count: send.lines.length })}</p>` : ''}`;
}

/** The files to take away: the rows refused (as the file was, or NDJSON) and the whole report. */
function downloads(t: T, session: UploadSession, send: Send, refused: boolean): string {
  const table = send.reading?.table ?? session.firstReading?.table;
  const link = (file: string, label: string) =>
    html`<a class="button secondary" href="uploads/${session.id}/${file}" download>${label}</a>`;
  const rejects = !refused
    ? ''
    : table && session.locked
      ? // Locked by a password: given back locked, as a workbook only (CSV cannot be locked).
        link('rejects.xlsx', t('rejectsXlsxLocked'))
      : table
        ? link('rejects.xlsx', t('rejectsXlsx')) + link('rejects.csv', t('rejectsCsv'))
        : link('rejects.ndjson', t('rejectsNdjson'));
  const report = send.reportPath.endsWith('.xlsx')
    ? link('report.xlsx', t('reportXlsxLocked'))
    : link('report.csv', t('reportCsv'));
  return rejects + report;
}

/** The results of the last send: how it ended, counts, what to do, a filterable table, and downloads. */
export function resultsCard(
  t: T,
  session: UploadSession,
  filter: string | undefined,
  keptUntil: number,
): string {
  const send = session.send;
  // Not while the send settles either: what became of the file is known only once it has.
  if (!send || session.running) return '';
  const counts = send.summary ? countsOf(send.summary) : send.counts;
  const progress = send.summary ? progressOf(send.summary) : { total: 0, done: 0, left: 0 };
  const ended =
    send.state === 'stopped'
      ? t('resultStopped', progress)
      : send.state === 'failed'
        ? t('resultFailed', progress)
        : t('resultFinished', progress);
  const advice = pageNotes(send.advice, session).filter(
    (note) => !PAGE_SAYS_ITSELF.has(note.said?.code ?? ''),
  );
  const dropped = session.droppedRows.size;
  const refused = (counts.invalid ?? 0) + (counts.rejected ?? 0) + dropped > 0;
  // Orders pulled from a marketplace came in no file: there is none to say the fate of.
  const kept = session.options.pulled
    ? t('keptUntilPulled', { date: day(t.lang, keptUntil) })
    : t('keptUntil', {
        date: day(t.lang, keptUntil),
        file: session.fileRemoved ? t('fileGoneDone') : t('fileKept'),
      });
  return html` <section class="card" aria-labelledby="results-title">
    <h2 id="results-title">
      ${t('resultsTitle')} <span class="badge ${send.state}">${t(`state_${send.state}`)}</span>
    </h2>
    <p role="status" id="results-summary">${ended}</p>
    !${send.error ? html`<div class="error-box" role="alert"><strong>${errorWords(t, send.error).message}</strong></div>` : ''}
    <ul class="counts">
      !${countList(t, counts, dropped)}
    </ul>
    !${
      advice.length > 0
        ? html`<ul class="notes">
            !${advice.map((note) => html`<li>${noteIn(t.lang, note)}</li>`)}
          </ul>`
        : ''
    }
    <div class="actions">!${nextSteps(t, session, send, counts, progress.left)}</div>
    !${linesTable(t, session, send, filter)}
    <h3>${t('downloads')}</h3>
    <div class="actions">!${downloads(t, session, send, refused)}</div>
    <p class="hint">${kept}</p>
  </section>`;
}

import { SENDING_OUTCOMES } from '../../contract/kinds.js';
import { html } from 'ghtml';
import { dataTable } from '../../web/table.js';
import { FLAGS_LABEL, STDIN_LABEL, type UploadEntry } from '../../bulk/index.js';
import type { Lang } from '../../web/lang.js';
import type { UploadSession } from '../session.js';
import type { T } from '../texts/index.js';
import { numberOf, toSendOf } from './check.js';
import { when } from './layout.js';
import { progressOf } from './results.js';
import { stateOf } from './upload-form.js';

const OUTCOMES = SENDING_OUTCOMES;

/** One line of the history: an upload the ledger remembers, the page's session of it, or both. */
export interface HistoryLine {
  at: number;
  label: string;
  kind: string;
  state: string;
  summary: Record<string, unknown> | undefined;
  session: UploadSession | undefined;
  /** The ledger's entry, to resume an upload started from the terminal. */
  entry: (UploadEntry & { resumable: boolean }) | undefined;
}

/** How an upload names its input on the page: a file by its name; the flags or standard input in words. */
function inputName(t: T, label: string): string {
  if (label === FLAGS_LABEL) return t('inputFlags');
  return label === STDIN_LABEL ? t('inputStdin') : label;
}

/** Whether a page's upload can go on from where it ended: its send stopped or failed with records left. */
const resumable = (session: UploadSession, state: string, left: number) =>
  session.open && session.kind !== undefined && (state === 'stopped' || state === 'failed') && left > 0;

/** The button that goes on with an upload from where it ended, posting to `action`. */
const resumeForm = (t: T, action: string, label: string) =>
  html`<form method="post" action="${action}">
    <button type="submit" class="secondary">${t('resumeButton', { name: inputName(t, label) })}</button>
  </form>`;

/**
 * What the check of an upload not sent found: the records it would send (not those sent before) and those
 * to fix, so that a file checked and left is seen for what it still holds.
 */
function checkedCounts(t: T, session: UploadSession | undefined): string {
  const summary = session?.check?.summary;
  if (!summary) return '';
  const ready = toSendOf(summary);
  const invalid = numberOf(summary.invalid);
  return [
    ready > 0 ? html`<span class="badge checked">${t('readyCount', { count: ready })}</span>` : '',
    invalid > 0 ? html`<span class="badge invalid">${t('invalidCount', { count: invalid })}</span>` : '',
  ]
    .filter((badge) => badge !== '')
    .join(' ');
}

/** One upload of the history: when, which file, what it sent, how it ended, and what can be done. */
function historyRow(t: T, lang: Lang, line: HistoryLine): string {
  const summary = line.summary ?? {};
  const outcomes =
    line.state === 'checked'
      ? checkedCounts(t, line.session)
      : OUTCOMES.filter((outcome) => numberOf(summary[outcome]) > 0)
          .map(
            (outcome) =>
              html`<span class="badge ${outcome}"
                >${t(`outcome_${outcome}`)} ${numberOf(summary[outcome])}</span
              >`,
          )
          .join(' ');
  const { left } = line.summary ? progressOf(summary) : { left: 0 };
  const actions: string[] = [];
  if (line.session) {
    actions.push(
      html`<a href="uploads/${line.session.id}">${t('openResults', { name: inputName(t, line.label) })}</a>`,
    );
    // Stopped, or ended by a fault, with records left: resumed from here as one started at the terminal is.
    if (resumable(line.session, line.state, left))
      actions.push(resumeForm(t, `uploads/${line.session.id}/send`, line.label));
  } else if (line.entry && line.state !== 'finished') {
    actions.push(
      line.entry.resumable
        ? resumeForm(t, `history/${line.entry.id}/resume`, line.label)
        : html`<span class="hint">${t('fileGone')}</span>`,
    );
  }
  return html`<tr>
    <td class="nowrap" data-label="${t('startedHeader')}">${when(lang, line.at)}</td>
    <td data-label="${t('fileName')}">
      <div>
        ${inputName(t, line.label)}
        !${!line.session ? html`<span class="hint">${t('fromTerminal')}</span>` : ''}
      </div>
    </td>
    <td data-label="${t('kindHeader')}">${t(`kind_${line.kind}` as Parameters<T>[0])}</td>
    <td data-label="${t('stateHeader')}">
      <div>
        <span class="badge ${line.state}">${t(`state_${line.state}` as Parameters<T>[0])}</span>
        !${left > 0 && line.state !== 'finished' ? html`<div class="hint">${t('leftCount', { count: left })}</div>` : ''}
      </div>
    </td>
    <td class="${outcomes === '' ? 'empty' : ''}" data-label="${t('countsHeader')}">
      <div>!${outcomes}</div>
    </td>
    <td class="${actions.length === 0 ? 'empty' : ''}" data-label="${t('actionsHeader')}">
      !${actions.join('')}
    </td>
  </tr>`;
}

/** The uploads of this profile's service and key, newest first: their outcomes, results, and what is left. */
export function historyBody(
  t: T,
  lang: Lang,
  service: { address: string; accessKeyId: string } | undefined,
  lines: readonly HistoryLine[],
  kept: { keepDays: number; more: number | undefined },
): string {
  if (!service) return html`<p class="error-box">${t('noTarget')}</p>`;
  const rows = lines.map((line) => historyRow(t, lang, line));
  return html` <section class="card">
    <p>${t('historyIntro', { service: service.address, key: service.accessKeyId, days: kept.keepDays })}</p>
    !${kept.more === undefined ? '' : html`<p class="hint">${t('historyCut', { count: kept.more })}</p>`}
    !${
      lines.length === 0
        ? html`<p>${t('historyEmpty')}</p>`
        : dataTable(
            [
              t('startedHeader'),
              t('fileName'),
              t('kindHeader'),
              t('stateHeader'),
              t('countsHeader'),
              t('actionsHeader'),
            ],
            rows,
            { className: 'stacked' },
          )
    }
  </section>`;
}

/** The history's lines: the page's sessions (with their ledger entries) and the terminal's uploads. */
export function historyLines(
  sessions: readonly UploadSession[],
  entries: readonly (UploadEntry & { resumable: boolean })[],
): HistoryLine[] {
  const byPath = new Map(
    entries.filter((entry) => entry.path !== null).map((entry) => [entry.path as string, entry]),
  );
  const claimed = new Set<number>();
  const lines: HistoryLine[] = sessions.map((session) => {
    const entry = byPath.get(session.current.path) ?? byPath.get(session.original.path);
    if (entry) claimed.add(entry.id);
    return {
      at: session.send?.startedAt ?? session.createdAt,
      label: session.label,
      kind: session.kind ?? 'order',
      state: stateOf(session),
      summary: session.send?.summary ?? (entry?.summary as Record<string, unknown> | undefined),
      session,
      entry,
    };
  });
  for (const entry of entries) {
    if (
      claimed.has(entry.id) ||
      lines.some((line) => line.session && entry.path && entry.path.startsWith(line.session.dir))
    )
      continue;
    lines.push({
      at: entry.startedAt,
      label: entry.input,
      kind: entry.kind,
      state: entry.state,
      summary: (entry.summary ?? undefined) as Record<string, unknown> | undefined,
      session: undefined,
      entry,
    });
  }
  return lines.sort((a, b) => b.at - a.at);
}

import { html } from 'ghtml';
import { NOTHING_SHIPPED, noteIn, problemsIn, type Note } from '../../bulk/index.js';
import { pageColumnNames } from '../column-words.js';
import { count as number } from '../../util/count.js';
import type { RefusedRow, UploadSession } from '../session.js';
import type { T } from '../texts/index.js';
import { fixTable, warnedTable } from './fix-table.js';

export const numberOf = (value: unknown) => (typeof value === 'number' ? value : 0);

/** The valid records of a check that a send would send: those not sent before. */
export const toSendOf = (summary: Record<string, unknown>) =>
  Math.max(0, numberOf(summary.valid) - numberOf(summary.sent_by_earlier_runs));

/**
 * What the upload said that means something on the page: not the problems of each row (the table
 * shows them), nor the files and commands of the terminal (the page has its buttons and downloads).
 */
export function pageNotes(notes: readonly Note[], session: UploadSession): Note[] {
  return notes.filter(({ text, said }) => {
    const line = text.trim();
    // What many rows share is in the page's own table of rows (and its card of products).
    if (said?.code === 'ledger_wait' || said?.code === 'shared_problems') return false;
    return (
      line !== '' &&
      !/^(row|line|record|… and) /.test(line) &&
      !line.includes(session.dir) &&
      !/\bintake [a-z]+ [a-z]+/.test(line) &&
      // A flag is the terminal's: a note the page has its own words for is said in them instead.
      (said !== undefined || !/(^|\s)--[a-z]/.test(line))
    );
  });
}

/**
 * The sheet the chosen workbook was read from. Once rows are fixed on the page, the check reads Intake's
 * own copy of the rows (a CSV with no sheets, or a locked workbook's copy with a sheet of its own
 * naming), whose notes cannot say it: the first reading's are used, and the copy's left out.
 */
function sheetNote(session: UploadSession): Note[] {
  const first = session.firstReading?.table;
  if (!readsCopy(session) || first?.sheet === undefined) return [];
  const values = { sheet: first.sheet, file: session.label, reason: first.sheetReason ?? 'flag' };
  return [
    { text: `Reading sheet "${first.sheet}" of ${session.label}.`, said: { code: 'reading_sheet', values } },
  ];
}

/** Whether the check reads Intake's copy of the rows with the page's fixes, not the file chosen. */
const readsCopy = (session: UploadSession) => session.current.path !== session.original.path;

/** The check's notes the page shows: the sheet read, once, and what the counts and warnings do not say. */
function checkNotes(session: UploadSession, notes: readonly Note[]): Note[] {
  return [
    ...sheetNote(session),
    ...pageNotes(notes, session).filter(
      (note) => !(readsCopy(session) && note.said?.code === 'reading_sheet'),
    ),
  ].filter((note) => note.said?.code !== 'check_summary' && note.said?.code !== 'warnings');
}

/** Whether the last check came after the last send began (the file was read again, fixed, or given a catalog). */
export const checkedSinceSend = (session: UploadSession) =>
  !session.send || (session.check !== undefined && session.check.at > session.send.startedAt);

/**
 * The rows taken with a warning, each with what to look at: in a table whose warned cells can be changed
 * (sent with the rows to fix when there are some, `withFixes`), or as a list where the rows have no cells
 * to show (a JSON file).
 */
function warningsList(t: T, session: UploadSession, withFixes: boolean): string {
  const warnings = session.check?.warnings ?? [];
  if (warnings.length === 0) return '';
  const table = session.check?.reading?.table;
  const editable = warnedTable(t, session, warnings, withFixes);
  const items = () =>
    warnings.map(
      ({ row, problems }) =>
        html`<li>
          <strong>${t('cellLabel', { row, column: '' }).replace(/, $/, '')}</strong>
          ${problemsIn(t.lang, problems, pageColumnNames(t, table))}
        </li>`,
    );
  const count = numberOf(session.check?.summary.warnings) || warnings.length;
  // A shipment's word is about its tracking number; an order's about a phone the bot may not reach.
  const shipments = session.kind === 'shipment';
  const intro = shipments ? t('warningsIntro') : `${t('warningsIntro')} ${t('warningsPhones')}`;
  const fixHint = t(shipments ? 'warningsFixHintShipment' : 'warningsFixHint');
  // A download whose every number is a relay (Coupang's) would bury the page: shut, with its count.
  return html`<details class="warnings" !${count <= WARNINGS_OPEN ? ' open' : ''}>
    <summary id="warnings-title">${t('warningsTitle', { count })}</summary>
    <p class="hint">${intro}${editable === '' ? '' : ` ${fixHint}`}</p>
    !${
      editable === ''
        ? html`<ul>
            !${items().join('')}
          </ul>`
        : editable
    }
  </details>`;
}

/** Past this many rows taken with a warning, their list starts shut. */
const WARNINGS_OPEN = 10;

/** Whether a row's only problems are products the catalog lacks (the products card fills those at once). */
const onlyMissingProducts = (row: RefusedRow) =>
  row.problems.length > 0 && row.problems.every((problem) => problem.said?.code === 'missing_product_data');

/** A row's problems but the products the catalog lacks. */
const withoutMissingProducts = (row: RefusedRow): RefusedRow => ({
  ...row,
  problems: row.problems.filter((problem) => problem.said?.code !== 'missing_product_data'),
});

/**
 * The check's counts, notes and warnings; the products without a name or image (`products`, filled once
 * for every row naming them); and the other rows to fix, in a table whose wrong cells can be edited.
 */
export function checkCard(t: T, session: UploadSession, allColumns: boolean, products: string): string {
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
  const dropped = session.droppedRows.size;
  const counts = [
    ['count_records', records],
    ['count_valid', numberOf(summary.valid)],
    ['count_invalid', invalid],
    ['count_warnings', numberOf(summary.warnings)],
    ['count_sent_before', numberOf(summary.sent_by_earlier_runs)],
    ['count_duplicates', numberOf(summary.duplicates_skipped)],
    ['count_skipped', numberOf(summary.not_shipped_skipped)],
    ['count_dropped', dropped],
  ] as const;
  const list = counts
    .filter(([key, count]) => count > 0 || key === 'count_invalid' || key === 'count_records')
    .map(
      ([key, count]) =>
        html`<li>
          <strong class="${key === 'count_invalid' && count > 0 ? 'bad' : ''}">${number(count)}</strong
          >${t(key, { count })}
        </li>`,
    );
  const notes = checkNotes(session, check.notes);
  // With the products card above, a row's reasons leave out the products it asks for: said there once.
  const toFix = check.refused
    .filter((row) => !onlyMissingProducts(row))
    .map((row) => (products === '' ? row : withoutMissingProducts(row)));
  const units = Object.entries(summary).find(([key]) => ['rows', 'lines', 'records_read'].includes(key))?.[1];
  const empty = records === 0 && numberOf(units) === 0 && dropped === 0;
  const nothingShipped = records === 0 && numberOf(summary.not_shipped_skipped) > 0;
  const withFixes = !empty && !nothingShipped && invalid > 0 && toFix.length > 0;
  return html` <section class="card" aria-labelledby="check-title">
    <h2 id="check-title" !${session.freshCheck ? 'data-focus-on-load' : ''}>${t('checkTitle')}</h2>
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
    !${warningsList(t, session, withFixes)}
    !${
      empty
        ? html`<p class="error-box" role="alert">${t('headersOnly')}</p>`
        : nothingShipped
          ? html`<p class="error-box" role="alert">${noteIn(t.lang, NOTHING_SHIPPED)}</p>`
          : invalid === 0
            ? html`<p class="ok">${t('allValid')}</p>`
            : html`!${products}
              !${
                toFix.length > 0
                  ? fixTable(
                      t,
                      session,
                      toFix,
                      check.refusedCount - (check.refused.length - toFix.length),
                      allColumns,
                    )
                  : ''
              }`
    }
  </section>`;
}

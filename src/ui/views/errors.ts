import { html } from 'ghtml';
import type { SessionError } from '../session.js';
import type { T } from '../texts/index.js';
import { troubleIn, type Trouble } from '../answers.js';
import { isDiskFull } from '../../util/file-errors.js';
import { inputErrorKo } from '../../input/error-words-ko.js';

type WithSaid = SessionError & {
  said?: { code: string; values?: Readonly<Record<string, string | number>> };
};

/** What could not be written, in the words for a full disk when that is the reason, else with the reason. */
const unwritten = (
  t: T,
  reason: string | number | undefined,
  full: 'notKeptFull' | 'unsavedFull',
  other: 'notKept' | 'unsaved',
) => (isDiskFull({ code: reason }) ? t(full) : t(other, { reason: String(reason) }));

/** An upload error's words on the page: its own for what it knows, else the message with its hints. */
export function errorWords(t: T, error: WithSaid): { message: string; hints: readonly string[] } {
  const values = error.said?.values ?? {};
  const file = String(values.file ?? '');
  switch (error.said?.code ?? error.code) {
    case 'kind_unknown':
      return { message: t('kindUnknown'), hints: [] };
    case 'kind_filled_in':
      return { message: t('kindFilledIn'), hints: [] };
    case 'password_needed':
      return { message: t('passwordNeeded'), hints: [] };
    case 'password_wrong':
      return { message: t('passwordWrong'), hints: [] };
    case 'empty_file':
      return { message: t('emptyFile', { file }), hints: [] };
    case 'other_format':
      return { message: t(`other_${String(values.kind)}` as Parameters<T>[0], { file }), hints: [] };
    case 'no_header':
      return { message: t('noHeader', { file }), hints: [] };
    case 'damaged_file':
      return { message: t('damagedFile', { file }), hints: [] };
    case 'not_xlsx':
      return { message: t('notXlsx', { file }), hints: [] };
    case 'too_large':
      return {
        message: t('tooLarge', { name: file, size: String(values.size), max: String(values.max) }),
        hints: [],
      };
    case 'not_kept':
      return { message: unwritten(t, values.reason, 'notKeptFull', 'notKept'), hints: [] };
    case 'unsaved':
      return { message: unwritten(t, values.reason, 'unsavedFull', 'unsaved'), hints: [] };
    case 'ENOSPC':
    case 'EDQUOT':
      return { message: t('diskFull'), hints: [] };
    case 'columns_missing':
      return { message: t('columnsMissing'), hints: [] };
    case 'unreachable':
    case 'service_refused':
    case 'no_credentials':
      return { message: troubleIn(t.lang, error.said as Trouble), hints: [] };
    default:
      // Hints are the terminal's (commands and flags): the page has its own controls for them. The
      // message is said in Korean as the terminal says it (a CSV with a quote left open, a JSON array
      // not closed), where the page has no words of its own for it.
      return { message: t.lang === 'ko' ? inputErrorKo(error.message) : error.message, hints: [] };
  }
}

/** An error said plainly, with what to do. */
export function errorBox(t: T, error: WithSaid | undefined): string {
  if (!error) return '';
  const { message, hints } = errorWords(t, error);
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

/** Whether an error is one the choice of what the file holds answers. */
export const wantsKind = (error: WithSaid | undefined) =>
  error?.code === 'kind_unknown' || error?.code === 'kind_filled_in';

/** Whether an error is one a password answers (the workbook is locked, or the one given is not its). */
export const wantsPassword = (error: WithSaid | undefined) => {
  const code = error?.said?.code ?? error?.code;
  return code === 'password_needed' || code === 'password_wrong';
};

/** Whether an error is one the mapping step answers (the header is not one Intake reads). */
export const wantsMapping = (error: WithSaid | undefined) =>
  error?.said?.code === 'columns_missing' || error?.said?.code === 'no_header';

import { html } from 'ghtml';
import type { Preset } from '../../bulk/index.js';
import type { MappingView } from '../mapping.js';
import type { UploadSession } from '../session.js';
import type { T } from '../texts/index.js';
import { checkCard } from './check.js';
import { editsCard } from './edits.js';
import { errorBox, errorWords, wantsMapping } from './errors.js';
import { mappingCard } from './mapping.js';
import { missingProducts, productsCard } from './products.js';
import { readingCard } from './reading.js';
import { resultsCard } from './results.js';
import { sendCard } from './send.js';
import { noticeBox } from './notice.js';

/** What a file's page shows besides the session itself. */
export interface SessionPage {
  filter: string | undefined;
  allColumns: boolean;
  layouts: readonly Preset[];
  /** The mapping step, when the header is not one Intake reads (or the person asked for it). */
  mapping: MappingView | undefined;
  mappingProblem?: string;
  productsProblem?: string;
  keptUntil: number;
}

/** A way to remove an upload and its results, behind a second click. */
function removeForm(t: T, session: UploadSession): string {
  if (session.running) return '';
  return html`<details class="remove">
    <summary>${t('remove')}</summary>
    <form method="post" action="uploads/${session.id}/remove">
      <button type="submit" class="danger">${t('removeSession', { name: session.label })}</button>
    </form>
  </details>`;
}

/** A file's page: how it reads, the check and its fixes, the products, sending, and the results. */
export function sessionBody(t: T, session: UploadSession, page: SessionPage): string {
  const notice = session.notice ? noticeBox(session.notice, session.noticeWarns) : '';
  // A header Intake does not read is no failure: the mapping below is the way on, and says why it is asked.
  const asksMapping = page.mapping !== undefined && wantsMapping(session.error);
  const mapping = page.mapping
    ? mappingCard(t, session.id, page.mapping, {
        problem: page.mappingProblem,
        why: asksMapping && session.error ? errorWords(t, session.error).message : undefined,
      })
    : '';
  const error =
    session.error && !asksMapping ? html`<section class="card">!${errorBox(t, session.error)}</section>` : '';
  const unsaved = session.unsaved
    ? html`<section class="card">
        !${errorBox(t, {
          code: 'unsaved',
          message: '',
          hints: [],
          said: { code: 'unsaved', values: { reason: session.unsaved } },
        })}
      </section>`
    : '';
  const table = session.check?.reading?.table;
  const products =
    session.kind === 'order' && !session.fileRemoved
      ? productsCard(
          t,
          session.id,
          missingProducts(session.check?.refused ?? [], table),
          page.productsProblem,
        )
      : '';
  return [
    notice,
    unsaved,
    error,
    mapping,
    readingCard(t, session, page.layouts, page.mapping?.encoding),
    resultsCard(t, session, page.filter, page.keptUntil),
    checkCard(t, session, page.allColumns, products),
    editsCard(t, session),
    sendCard(t, session),
    // After a pull, what comes next (ship, push the tracking numbers) is on the marketplaces page.
    session.options.pulled
      ? html`<p class="actions"><a href="marketplaces">${t('backToMarketplaces')}</a></p>`
      : html`<p class="actions"><a href="./">${t('newUpload')}</a></p>`,
    removeForm(t, session),
  ].join('');
}

import { html } from 'ghtml';
import { dataTable } from '../../web/table.js';
import type { Lang } from '../../web/lang.js';
import { page } from '../../web/page.js';
import { consoleTexts, type ConsoleT } from '../texts.js';

/** Where the console lives on the service. */
export const PREFIX = '/console';

/** A time as the console shows it: the service's clock, in UTC, to the minute. */
export const when = (iso: string | null | undefined) =>
  iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '';

/** A whole page of the console: navigation, the merchant signed in, the clock and the body. */
export function consolePage(
  lang: Lang,
  options: { title: string; current: string; merchantId?: string; body: string },
): string {
  const t = consoleTexts(lang);
  const nav = options.merchantId
    ? [
        ['conversations', t('navConversations')],
        ['orders', t('navOrders')],
        ['products', t('navProducts')],
        ['jobs', t('navJobs')],
        ['rewards', t('navRewards')],
        ['faults', t('navFaults')],
        ['marketplaces', t('navMarketplaces')],
      ].map(([path, label]) => ({
        href: `${PREFIX}/${path}`,
        label: label as string,
        current: options.current === path,
      }))
    : [];
  const aside = options.merchantId
    ? html`<span>${t('signedInAs', { merchant: options.merchantId })}</span>
        <form method="post" action="${PREFIX}/sign-out" class="inline">
          <button type="submit" class="link">${t('signOut')}</button>
        </form>`
    : '';
  return page({
    lang,
    title: options.title,
    app: t('app'),
    assets: `${PREFIX}/assets`,
    nav,
    aside,
    body: options.body,
    skip: t('skip'),
    languageLabel: t('language'),
  });
}

/** A state as a badge (`queued`, `applied`, `sent`…). */
export const stateBadge = (t: ConsoleT, state: string) =>
  html`<span class="badge ${state}">${t(`state_${state}` as Parameters<ConsoleT>[0])}</span>`;

/** A list of records in a card, with a header per column. */
export function tableCard(
  t: ConsoleT,
  headers: readonly Parameters<ConsoleT>[0][],
  rows: readonly string[],
): string {
  return html`<section class="card">
    !${dataTable(
      headers.map((header) => t(header)),
      rows,
    )}
  </section>`;
}

/** A card that says there is nothing to list yet. */
export const emptyCard = (text: string) => html`<section class="card"><p>${text}</p></section>`;

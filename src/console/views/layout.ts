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
  options: { title: string; current: string; merchantId?: string; body: string; here?: string },
): string {
  const t = consoleTexts(lang);
  const nav = options.merchantId
    ? [
        ['conversations', t('navConversations')],
        ['orders', t('navOrders')],
        ['products', t('navProducts')],
        ['jobs', t('navJobs')],
        ['rewards', t('navRewards')],
        ['requests', t('navRequests')],
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
    ...(options.here === undefined ? {} : { here: options.here }),
  });
}

/** A state as a badge (`queued`, `applied`, `sent`…). */
export const stateBadge = (t: ConsoleT, state: string) =>
  html`<span class="badge ${state}">${t(`state_${state}` as Parameters<ConsoleT>[0])}</span>`;

/**
 * The class of the console's tables of records: ids, times, states and numbers read whole (the table
 * scrolls sideways in a narrow window); a cell of names or sentences (`wraps`) wraps at a readable width.
 */
export const RECORDS = 'records';

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
      { className: RECORDS },
    )}
  </section>`;
}

/** A card that says there is nothing to list yet. */
export const emptyCard = (text: string) => html`<section class="card"><p>${text}</p></section>`;

/**
 * The merchant's stream for a page that only wants to know of changes: from the event the page was read
 * at (what came between its reading and its stream's connecting is told too), else from now on.
 */
export const eventsSince = (asOf: number | undefined) =>
  `${PREFIX}/events?${asOf === undefined ? 'since=now' : `after=${asOf}`}`;

/** A page of a list (newest first) as the console shows it. */
export interface ListPage<T> {
  rows: T[];
  total: number;
  /** The `before` of the next (older) page, if there is one. */
  next: string | undefined;
  /** The merchant's newest event when the page was read: its stream tells what came after. */
  asOf?: number;
}

/**
 * Where a list stands and how to move along it: how many rows of how many, the newest page, and the
 * next older one. `at` gives the address of a page (`undefined`: the newest).
 */
export function pager(
  t: ConsoleT,
  page: ListPage<unknown>,
  at: (before: string | undefined) => string,
  first: boolean,
): string {
  const newest = first ? '' : html`<a href="${at(undefined)}">${t('newest')}</a>`;
  const older = page.next === undefined ? '' : html`<a href="${at(page.next)}" rel="next">${t('older')}</a>`;
  return html`<nav class="pager" aria-label="${t('pages')}">
    <span>${t('shownOf', { shown: page.rows.length, total: page.total })}</span> !${newest} !${older}
  </nav>`;
}

/** When a live list is fetched again: on events of the merchant's stream, or every so often. */
export type Live = { events: readonly string[] } | { every: string };

/** Changes to the merchant's records, as a list of them hears them. */
export const CHANGES: Live = { events: ['accepted', 'applied', 'failed', 'review', 'reward', 'message'] };

/** Fetches at once on one of `events`, then at most once a second while they keep coming. */
export const atOnce = (events: readonly string[]) =>
  events.map((type) => `sse:${type} throttle:1s`).join(', ');

/**
 * Fetches `url`'s element `id` again once `events` have stopped coming for a moment: htmx's throttle
 * drops the events that come while the list is being fetched (until its answer replaces the list, or a
 * second has passed), so the last change of a burst (an order applied just after it was taken) could
 * otherwise stay unshown. Hidden; it only listens.
 */
export function whenQuiet(url: string, id: string, events: readonly string[]): string {
  const trigger = events.map((type) => `sse:${type} delay:1500ms`).join(', ');
  return html`<div
    hidden
    hx-get="${url}"
    hx-trigger="${trigger}"
    hx-target="#${id}"
    hx-select="#${id}"
    hx-swap="outerHTML"
  ></div>`;
}

/**
 * A list that stays current: on its first page, fetched again (the list alone, swapped in place) when
 * `live` says (events of the merchant's stream, or a time); older pages stay as they were read.
 */
export function liveList(
  id: string,
  url: string,
  live: Live | undefined,
  body: string,
  asOf?: number,
): string {
  if (live === undefined) return html`<div id="${id}">!${body}</div>`;
  const trigger = 'every' in live ? `every ${live.every}` : atOnce(live.events);
  const list = html`<div
    id="${id}"
    hx-get="${url}"
    hx-trigger="${trigger}"
    hx-select="#${id}"
    hx-swap="outerHTML"
  >
    !${body}
  </div>`;
  if ('every' in live) return list;
  // The stream is held by a wrapper the swap leaves in place (a swapped one would connect again, and again).
  return html`<div hx-ext="sse" sse-connect="${eventsSince(asOf)}">
    !${whenQuiet(url, id, live.events)}!${list}
  </div>`;
}

/** A page of a list, live on its first page, with where it stands; `empty` when there is nothing at all. */
export function listBody<T>(
  t: ConsoleT,
  list: {
    name: string;
    page: ListPage<T>;
    before: string | undefined;
    empty: string;
    live: Live;
    /** What the list is narrowed to (a filter's fields), kept in every address of its pages. */
    query?: Readonly<Record<string, string>>;
  },
  table: (rows: readonly T[]) => string,
): string {
  const at = (before: string | undefined) => {
    const search = new URLSearchParams({ ...list.query, ...(before === undefined ? {} : { before }) });
    return `${PREFIX}/${list.name}${search.size > 0 ? `?${search.toString()}` : ''}`;
  };
  const first = list.before === undefined;
  const body =
    list.page.total === 0 ? emptyCard(list.empty) : pager(t, list.page, at, first) + table(list.page.rows);
  return liveList(`${list.name}-list`, at(list.before), first ? list.live : undefined, body, list.page.asOf);
}

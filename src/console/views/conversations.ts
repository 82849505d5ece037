import { html } from 'ghtml';
import type { ConsoleT } from '../texts.js';
import { bubble } from './bubble.js';
import type { ConversationPage } from '../../server/local/browse.js';
import { atOnce, eventsSince, PREFIX, whenQuiet } from './layout.js';

/** A buyer the bot writes to, in the list: the recipient, phone, and how many messages. */
export interface Buyer {
  key: string;
  name: string;
  cellphone: string;
  messages: number;
}

/** One buyer's conversation, a page of it (the latest sent, or older ones), with its key in an address. */
export type Conversation = ConversationPage & { key: string };

/** Where the conversations page is: its search and page of buyers, and the position of an older page. */
export interface PanelAddress {
  q?: string | undefined;
  page?: string | undefined;
  before?: string | undefined;
}

/** The panel's own address, for the page to refresh it live. */
const panelUrl = (conversation: Conversation | undefined, address: PanelAddress) =>
  `${PREFIX}/conversations/panel?${new URLSearchParams(
    definedOnly({ ...address, buyer: conversation?.key }),
  ).toString()}`;

/** How much of the sent messages the page shows, and the way to older ones and back to the latest. */
function sentPager(t: ConsoleT, conversation: Conversation, address: PanelAddress): string {
  const { sent, counts, older, latest } = conversation;
  if (counts.sent <= sent.length && latest) return '';
  const at = { q: address.q, page: address.page, buyer: conversation.key };
  const newest = latest ? '' : html`<a href="${conversationsUrl(at)}">${t('latestMessages')}</a>`;
  const earlier = older
    ? html`<a href="${conversationsUrl({ ...at, before: older })}" rel="next">${t('olderMessages')}</a>`
    : '';
  return html`<nav class="pager" aria-label="${t('messagePages')}">
    <span>${t(latest ? 'latestShown' : 'olderShown', { shown: sent.length, total: counts.sent })}</span>
    !${newest} !${earlier}
  </nav>`;
}

/** The scheduled messages: the soonest, and how many there are when not all are shown. */
function scheduledList(t: ConsoleT, conversation: Conversation): string {
  const { scheduled, counts } = conversation;
  if (scheduled.length === 0) return '';
  const cut =
    counts.scheduled > scheduled.length
      ? html`<p class="hint">${t('soonestShown', { shown: scheduled.length, total: counts.scheduled })}</p>`
      : '';
  return html`<h3 id="due-title">${t('scheduledTitle')}</h3>
    !${cut}
    <ol class="phone due" aria-labelledby="due-title">
      !${scheduled.map((message) => bubble(t, message)).join('')}
    </ol>`;
}

/** The conversation panel, refreshed live by the page when the bot sends a message. */
export function conversationPanel(
  t: ConsoleT,
  conversation: Conversation | undefined,
  address: PanelAddress,
): string {
  const body = conversation
    ? html`<h2 id="conversation-title">${t('conversationWith', { name: conversation.name })}</h2>
        <p class="hint">${conversation.cellphone}</p>
        !${sentPager(t, conversation, address)}
        <ol class="phone" aria-labelledby="conversation-title">
          !${conversation.sent.map((message) => bubble(t, message)).join('')}
        </ol>
        !${scheduledList(t, conversation)}`
    : html`<p class="hint">${t('chooseConversation')}</p>`;
  return html`<div
    id="conversation"
    hx-get="${panelUrl(conversation, address)}"
    hx-trigger="sse:message, sse:applied"
    hx-swap="outerHTML"
  >
    !${body}
  </div>`;
}

/** What the conversations page shows: a page of buyers (searched), how many in all, the one open. */
export interface ConversationsView {
  buyers: Buyer[];
  total: number;
  /** Whether the merchant's bot has written to anyone at all. */
  any: boolean;
  q: string;
  page: number;
  more: boolean;
  selected: Conversation | undefined;
  /** Where the open conversation's older page starts (a message's `due:id`), when one is asked for. */
  before: string | undefined;
  /** The merchant's newest event when the page was read. */
  asOf: number;
}

/** The entries of `query` that have a value. */
const definedOnly = (query: Record<string, string | undefined>): [string, string][] =>
  Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined);

const conversationsUrl = (query: Record<string, string | undefined>) => {
  const defined = definedOnly(query);
  return `${PREFIX}/conversations${defined.length > 0 ? `?${new URLSearchParams(defined).toString()}` : ''}`;
};

/** The buyers of this page, with the one open marked, and the way to older ones. */
function buyerList(t: ConsoleT, view: ConversationsView): string {
  const { q, page } = view;
  const search = q ? q : undefined;
  const items = view.buyers.map(
    (buyer) =>
      html`<li>
        <a
          href="${conversationsUrl({ q: search, page: page > 1 ? String(page) : undefined, buyer: buyer.key })}"
          !${view.selected?.key === buyer.key ? ' aria-current="true"' : ''}
        >
          <strong>${buyer.name}</strong> <span class="hint">${buyer.cellphone}</span><br />
          <span class="hint">${t('messagesCount', { count: buyer.messages })}</span>
        </a>
      </li>`,
  );
  if (items.length === 0) return html`<p>${view.any ? t('noMatch', { q }) : t('noConversations')}</p>`;
  const newest = page > 1 ? html`<a href="${conversationsUrl({ q: search })}">${t('newest')}</a>` : '';
  const older = view.more
    ? html`<a href="${conversationsUrl({ q: search, page: String(page + 1) })}" rel="next">${t('older')}</a>`
    : '';
  return html`<nav class="pager" aria-label="${t('pages')}">
      <span>${t('buyersTotal', { shown: items.length, total: view.total })}</span> !${newest} !${older}
    </nav>
    <ul class="buyers">
      !${items.join('')}
    </ul>`;
}

/**
 * The bot's conversations: a search, the buyers (the first page comes again by itself when the bot
 * writes, so a new buyer appears), and the open conversation, live.
 */
export function conversationsBody(t: ConsoleT, view: ConversationsView): string {
  const { q, selected, page } = view;
  const address = { q: q || undefined, page: page > 1 ? String(page) : undefined };
  const here = conversationsUrl({ ...address, buyer: selected?.key });
  const live =
    page === 1
      ? html` hx-get="${here}" hx-trigger="${atOnce(['message'])}" hx-select="#buyers" hx-swap="outerHTML"`
      : '';
  return html`<div hx-ext="sse" sse-connect="${eventsSince(view.asOf)}">
    <form method="get" action="${PREFIX}/conversations" class="row search" role="search">
      <div class="field grow">
        <label for="q">${t('searchLabel')}</label>
        <input id="q" name="q" type="search" value="${q}" />
      </div>
      <div><button type="submit">${t('searchButton')}</button></div>
    </form>
    <p class="hint">${t('live')}</p>
    !${page === 1 ? whenQuiet(here, 'buyers', ['message']) : ''}
    <div class="split">
      <section class="card list" id="buyers" aria-label="${t('conversationsTitle')}" !${live}>
        !${buyerList(t, view)}
      </section>
      <section class="card" aria-live="polite">
        !${conversationPanel(t, selected, {
          ...address,
          before: view.before,
        })}
      </section>
    </div>
  </div>`;
}

import { html } from 'ghtml';
import { dataTable } from '../web/table.js';
import type {
  BotMessage,
  FaultsState,
  LocalJob,
  LocalOrder,
  LocalProduct,
  LocalReview,
  QueueRun,
} from '../contract/local.js';
import { REVIEW_KINDS } from '../contract/kinds.js';
import type { Lang } from '../web/lang.js';
import { page } from '../web/page.js';
import type { ConsoleT } from './texts.js';
import { consoleTexts } from './texts.js';

const PREFIX = '/console';

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

export function signInBody(t: ConsoleT, error: string | undefined, accessKeyId = ''): string {
  return html`<section class="card narrow">
    <p>${t('signInIntro')}</p>
    !${error ? html`<div class="error-box" role="alert">${error}</div>` : ''}
    <form method="post" action="${PREFIX}/sign-in">
      <div class="field">
        <label for="access-key-id">${t('accessKeyId')}</label>
        <input
          id="access-key-id"
          name="access_key_id"
          autocomplete="username"
          required
          value="${accessKeyId}"
        />
      </div>
      <div class="field">
        <label for="secret">${t('secretAccessKey')}</label>
        <input
          id="secret"
          name="secret_access_key"
          type="password"
          autocomplete="current-password"
          required
        />
      </div>
      <div class="actions"><button type="submit">${t('signInButton')}</button></div>
    </form>
  </section>`;
}

/** The clock and the queue: the service's time, advance it, apply what is queued. */
export function clockCard(t: ConsoleT, now: string, back: string, ran?: QueueRun): string {
  const choices = ['1h', '6h', '1d', '2d', '3d', '7d'];
  // With scripts the forms answer in place (htmx swaps this card), so that the page is not reloaded
  // and its live parts (a conversation) show what the clock made happen; without, they post and return.
  const swap = `hx-target="#clock" hx-swap="outerHTML"`;
  return html`<section class="card" id="clock" aria-labelledby="clock-title">
    <h2 id="clock-title">${t('clockTitle')}</h2>
    <p id="clock-now">${t('clockNow', { now: when(now) })}</p>
    !${
      ran
        ? html`<p class="ok" role="status">
            ${t('clockRan', { now: when(ran.now), applied: ran.applied, failed: ran.failed, sent: ran.sent })}
          </p>`
        : ''
    }
    <div class="row">
      <form
        method="post"
        action="${PREFIX}/clock/advance"
        hx-post="${PREFIX}/clock/advance"
        !${swap}
        class="row"
      >
        <input type="hidden" name="back" value="${back}" />
        <div class="field">
          <label for="advance-by">${t('advanceBy')}</label>
          <select id="advance-by" name="by">
            !${choices.map((choice) => html`<option value="${choice}">${choice}</option>`).join('')}
          </select>
        </div>
        <div><button type="submit">${t('advanceButton')}</button></div>
      </form>
      <form method="post" action="${PREFIX}/queue/apply" hx-post="${PREFIX}/queue/apply" !${swap}>
        <input type="hidden" name="back" value="${back}" />
        <button type="submit" class="secondary">${t('applyButton')}</button>
      </form>
    </div>
  </section>`;
}

/** A buyer the bot writes to: the recipient and phone its messages go to. */
export interface Conversation {
  key: string;
  name: string;
  cellphone: string;
  messages: BotMessage[];
}

const digits = (text: string) => text.replace(/\D/g, '');
/** A phone's digits as dialled at home: `+82 10-…` (Korea's country code) is `010-…`. */
const nationalDigits = (text: string) => {
  const all = digits(text);
  return text.trim().startsWith('+82') || all.startsWith('8210') ? `0${all.slice(2)}` : all;
};

/** The merchant's messages grouped by buyer (recipient and phone), the most recent conversation first. */
export function conversationsOf(messages: readonly BotMessage[]): Conversation[] {
  const byBuyer = new Map<string, Conversation>();
  for (const message of messages) {
    const key = `${digits(message.to.cellphone)}:${message.to.name}`;
    const conversation = byBuyer.get(key) ?? {
      key,
      name: message.to.name,
      cellphone: message.to.cellphone,
      messages: [],
    };
    conversation.messages.push(message);
    byBuyer.set(key, conversation);
  }
  const last = (conversation: Conversation) =>
    Math.max(...conversation.messages.map((message) => Date.parse(message.sent_at ?? message.due_at)));
  return [...byBuyer.values()].sort((a, b) => last(b) - last(a));
}

/** Whether a conversation matches a search: an order id, a phone (digits only), a recipient, a product. */
export function matches(conversation: Conversation, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (q === '') return true;
  const qDigits = nationalDigits(q);
  if (qDigits.length >= 4 && nationalDigits(conversation.cellphone).includes(qDigits)) return true;
  if (conversation.name.toLowerCase().includes(q)) return true;
  return conversation.messages.some(
    (message) =>
      message.order_id.toLowerCase().includes(q) ||
      message.items.some((item) => item.product_name.toLowerCase().includes(q)),
  );
}

/** One message as the buyer's phone shows it: kind, text, products with their images, when. */
function bubble(t: ConsoleT, message: BotMessage): string {
  const items = message.items.map(
    (item) =>
      html`<li class="product">
        <figure>
          <img src="${item.image_url}" alt="${item.product_name}" loading="lazy" data-product-image />
          <figcaption class="image-missing" hidden>
            ${t('imageUnavailable')} <span class="url">${item.image_url}</span>
          </figcaption>
        </figure>
        <div>
          <strong>${item.product_name}</strong>
          !${item.options.length > 0 ? html`<div class="hint">${item.options.join(', ')}</div>` : ''}
        </div>
      </li>`,
  );
  const time =
    message.status === 'sent'
      ? t('sentAt', { at: when(message.sent_at) })
      : t('dueAt', { at: when(message.due_at) });
  return html`<li class="bubble ${message.status}" data-message-id="${message.id}">
    <div class="bubble-head">
      <span class="badge">${t(`kind_${message.kind}`)}</span>
      <a href="${PREFIX}/orders/${encodeURIComponent(message.order_id)}"
        >${t('order', { id: message.order_id })}</a
      >
    </div>
    <p class="text">${message.text}</p>
    !${
      items.length > 0
        ? html`<ul class="products">
            !${items.join('')}
          </ul>`
        : ''
    }
    <div class="bubble-time">${time}</div>
  </li>`;
}

/** The conversation panel, refreshed live by the page when the bot sends a message. */
export function conversationPanel(
  t: ConsoleT,
  conversation: Conversation | undefined,
  panelUrl: string,
): string {
  const sent = conversation?.messages.filter((message) => message.status === 'sent') ?? [];
  const due = conversation?.messages.filter((message) => message.status === 'scheduled') ?? [];
  const body = conversation
    ? html`<h2 id="conversation-title">${t('conversationWith', { name: conversation.name })}</h2>
        <p class="hint">${conversation.cellphone}</p>
        <ol class="phone" aria-labelledby="conversation-title">
          !${sent.map((message) => bubble(t, message)).join('')}
        </ol>
        !${
          due.length > 0
            ? html`<h3 id="due-title">${t('scheduledTitle')}</h3>
                <ol class="phone due" aria-labelledby="due-title">
                  !${due.map((message) => bubble(t, message)).join('')}
                </ol>`
            : ''
        }`
    : html`<p class="hint">${t('chooseConversation')}</p>`;
  return html`<div
    id="conversation"
    hx-get="${panelUrl}"
    hx-trigger="sse:message, sse:applied"
    hx-swap="outerHTML"
  >
    !${body}
  </div>`;
}

export function conversationsBody(
  t: ConsoleT,
  options: { conversations: Conversation[]; all: number; q: string; selected: Conversation | undefined },
): string {
  const { conversations, q, selected } = options;
  const panelUrl = `${PREFIX}/conversations/panel?${new URLSearchParams({
    ...(q ? { q } : {}),
    ...(selected ? { buyer: selected.key } : {}),
  }).toString()}`;
  const list = conversations.map(
    (conversation) =>
      html`<li>
        <a
          href="${PREFIX}/conversations?${new URLSearchParams({ ...(q ? { q } : {}), buyer: conversation.key }).toString()}"
          !${selected?.key === conversation.key ? ' aria-current="true"' : ''}
        >
          <strong>${conversation.name}</strong> <span class="hint">${conversation.cellphone}</span><br />
          <span class="hint">${t('messagesCount', { count: conversation.messages.length })}</span>
        </a>
      </li>`,
  );
  const empty =
    conversations.length > 0 ? '' : options.all === 0 ? t('noConversations') : t('noMatch', { q });
  return html`<div hx-ext="sse" sse-connect="${PREFIX}/events">
    <form method="get" action="${PREFIX}/conversations" class="row search" role="search">
      <div class="field grow">
        <label for="q">${t('searchLabel')}</label>
        <input id="q" name="q" type="search" value="${q}" />
      </div>
      <div><button type="submit">${t('searchButton')}</button></div>
    </form>
    <p class="hint">${t('live')}</p>
    <div class="split">
      <section class="card list" aria-label="${t('conversationsTitle')}">
        !${
          empty
            ? html`<p>${empty}</p>`
            : html`<ul class="buyers">
                !${list.join('')}
              </ul>`
        }
      </section>
      <section class="card" aria-live="polite">!${conversationPanel(t, selected, panelUrl)}</section>
    </div>
  </div>`;
}

const stateBadge = (t: ConsoleT, state: string) =>
  html`<span class="badge ${state}">${t(`state_${state}` as Parameters<ConsoleT>[0])}</span>`;

export function ordersBody(t: ConsoleT, orders: readonly LocalOrder[]): string {
  if (orders.length === 0) return html`<section class="card"><p>${t('noOrders')}</p></section>`;
  const rows = orders.map(
    (order) =>
      html`<tr>
        <td><a href="${PREFIX}/orders/${encodeURIComponent(order.id)}">${order.id}</a></td>
        <td>!${stateBadge(t, order.state)}</td>
        <td>${order.recipient_name}<br /><span class="hint">${order.recipient_cellphone}</span></td>
        <td>${order.member_id ?? t('guest')}</td>
        <td>${order.items.map((item) => item.product_name).join(', ')}</td>
        <td>
          ${order.shipments.map((shipment) => `${shipment.carrier_name} ${shipment.tracking_number}`).join(', ')}
        </td>
        <td>${when(order.requested_at)}</td>
      </tr>`,
  );
  return table(
    t,
    [
      'idHeader',
      'stateHeader',
      'recipientHeader',
      'memberHeader',
      'itemsHeader',
      'shipmentsHeader',
      'requestedHeader',
    ],
    rows,
  );
}

export function orderBody(
  t: ConsoleT,
  order: LocalOrder,
  messages: readonly BotMessage[],
  reviewed: ReadonlySet<string>,
  notice: string | undefined,
): string {
  const items = order.items.map((item) => {
    const review = reviewed.has(item.id)
      ? html`<span class="ok">✓</span>`
      : order.state === 'applied'
        ? html`<form
            method="post"
            action="${PREFIX}/orders/${encodeURIComponent(order.id)}/reviews"
            class="row"
          >
            <input type="hidden" name="item_id" value="${item.id}" />
            <select name="kind" aria-label="${t('reviewKind', { item: item.id })}">
              !${REVIEW_KINDS.map((kind) => html`<option value="${kind}">${t(`review_${kind}`)}</option>`).join('')}
            </select>
            <button type="submit" class="secondary" aria-label="${t('simulateReview', { item: item.id })}">
              ${t('reviewHeader')}
            </button>
          </form>`
        : '';
    return html`<tr>
      <td>${item.id}</td>
      <td>${item.product_name}<br /><span class="hint url">${item.product_image_url}</span></td>
      <td>${item.product_option.join(', ')}</td>
      <td>!${review}</td>
    </tr>`;
  });
  const shipments = order.shipments.map(
    (shipment) =>
      html`<tr>
        <td>${shipment.carrier_name}</td>
        <td>${shipment.tracking_number}</td>
        <td>${shipment.order_item_ids.join(', ')}</td>
        <td>${when(shipment.created_at)}</td>
      </tr>`,
  );
  return html`!${notice ? html`<p class="ok" role="status">${notice}</p>` : ''}
    <section class="card">
      <dl class="facts">
        <dt>${t('stateHeader')}</dt>
        <dd>!${stateBadge(t, order.state)}</dd>
        <dt>${t('recipientHeader')}</dt>
        <dd>${order.recipient_name} ${order.recipient_cellphone}</dd>
        <dt>${t('memberHeader')}</dt>
        <dd>${order.member_id ?? t('guest')}</dd>
        <dt>${t('requestedHeader')}</dt>
        <dd>${when(order.requested_at)}</dd>
      </dl>
      <h2>${t('itemsHeader')}</h2>
      !${dataTable([t('idHeader'), t('productHeader'), t('optionsHeader'), t('reviewHeader')], items)}
      <h2>${t('shipmentHistory')}</h2>
      !${
        shipments.length === 0
          ? html`<p>${t('noShipments')}</p>`
          : dataTable(
              [t('carrierHeader'), t('trackingHeader'), t('itemsHeader'), t('createdHeader')],
              shipments,
            )
      }
      <h2>${t('messagesTitle')}</h2>
      <ol class="phone">
        !${messages.map((message) => bubble(t, message)).join('')}
      </ol>
    </section>`;
}

export function productsBody(t: ConsoleT, products: readonly LocalProduct[]): string {
  if (products.length === 0) return html`<section class="card"><p>${t('noProducts')}</p></section>`;
  const rows = products.map(
    (product) =>
      html`<tr>
        <td>${product.id}</td>
        <td>${product.name}</td>
        <td class="url">${product.image_url}</td>
        <td>!${stateBadge(t, product.state)}</td>
        <td>${when(product.refreshed_at)}</td>
      </tr>`,
  );
  return table(t, ['idHeader', 'nameHeader', 'imageHeader', 'stateHeader', 'refreshedHeader'], rows);
}

export function jobsBody(t: ConsoleT, jobs: readonly LocalJob[]): string {
  if (jobs.length === 0) return html`<section class="card"><p>${t('noJobs')}</p></section>`;
  const rows = jobs.map(
    (job) =>
      html`<tr>
        <td>${job.seq}</td>
        <td>${t(`jobKind_${job.kind}`)}</td>
        <td>${job.target_id}</td>
        <td>!${stateBadge(t, job.state)}</td>
        <td>${when(job.received_at)}</td>
        <td>${when(job.due_at)}</td>
        <td>${job.reason ?? ''}</td>
      </tr>`,
  );
  return table(
    t,
    ['idHeader', 'kindHeader', 'idHeader', 'stateHeader', 'receivedHeader', 'dueHeader', 'reasonHeader'],
    rows,
  );
}

export function rewardsBody(t: ConsoleT, reviews: readonly LocalReview[]): string {
  if (reviews.length === 0) return html`<section class="card"><p>${t('noReviews')}</p></section>`;
  const rows = reviews.map(
    (review) =>
      html`<tr>
        <td><a href="${PREFIX}/orders/${encodeURIComponent(review.order_id)}">${review.order_id}</a></td>
        <td>${review.item_id}</td>
        <td>${t(`review_${review.kind}`)}</td>
        <td>${review.reward ? `${review.reward.rewards} (${review.reward.member_id})` : t('noReward')}</td>
        <td>${review.reward?.reason ?? ''}</td>
        <td>${when(review.created_at)}</td>
      </tr>`,
  );
  return table(
    t,
    ['idHeader', 'itemsHeader', 'kindHeader', 'pointsHeader', 'reasonHeader', 'createdHeader'],
    rows,
  );
}

export function faultsBody(t: ConsoleT, state: FaultsState, error: string | undefined, spec: string): string {
  const rows = state.rules.map(
    (rule) =>
      html`<tr>
        <td>${[rule.method, rule.path].filter(Boolean).join(' ') || t('allRequests')}</td>
        <td>
          ${rule.kind}${rule.latency_ms ? ` ${rule.latency_ms.min}-${rule.latency_ms.max}ms` : ''}${rule.retry_after_seconds !== undefined ? ` (Retry-After: ${rule.retry_after_seconds})` : ''}
        </td>
        <td>${`${Number((rule.share * 100).toFixed(4))}%`}</td>
        <td>${state.injected[rule.kind] ?? 0}</td>
      </tr>`,
  );
  return html`<section class="card">
    <p>${t('faultsIntro')}</p>
    !${
      rows.length === 0
        ? html`<p id="faults-state">${t('faultsNone')}</p>`
        : dataTable([t('whereHeader'), t('faultHeader'), t('shareHeader'), t('injectedHeader')], rows, {
            id: 'faults-state',
          })
    }
    !${error ? html`<div class="error-box" role="alert">${error}</div>` : ''}
    <form method="post" action="${PREFIX}/faults">
      <div class="field">
        <label for="spec">${t('specLabel')}</label>
        <input id="spec" name="spec" value="${spec}" aria-describedby="spec-hint" />
        <p class="hint" id="spec-hint">${t('specHint')}</p>
      </div>
      <div class="actions"><button type="submit">${t('setFaults')}</button></div>
    </form>
    <form method="post" action="${PREFIX}/faults/clear">
      <button type="submit" class="danger">${t('clearFaults')}</button>
    </form>
  </section>`;
}

function table(t: ConsoleT, headers: readonly Parameters<ConsoleT>[0][], rows: readonly string[]): string {
  return html`<section class="card">
    !${dataTable(
      headers.map((header) => t(header)),
      rows,
    )}
  </section>`;
}

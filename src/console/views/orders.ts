import { html } from 'ghtml';
import type { BotMessage, LocalOrder } from '../../contract/local/index.js';
import type { ItemReview } from '../../server/storage/reviews.js';
import { REVIEW_KINDS } from '../../contract/kinds.js';
import { dataTable } from '../../web/table.js';
import type { ConsoleT } from '../texts.js';
import { bubble } from './bubble.js';
import { CHANGES, listBody, PREFIX, RECORDS, stateBadge, tableCard, when, type ListPage } from './layout.js';

/** The merchant's orders, newest first, each with its state, recipient, items and shipments. */
export function ordersBody(t: ConsoleT, page: ListPage<LocalOrder>, before: string | undefined): string {
  return listBody(t, { name: 'orders', page, before, empty: t('noOrders'), live: CHANGES }, (rows) =>
    ordersTable(t, rows),
  );
}

function ordersTable(t: ConsoleT, orders: readonly LocalOrder[]): string {
  const rows = orders.map(
    (order) =>
      html`<tr>
        <td><a href="${PREFIX}/orders/${encodeURIComponent(order.id)}">${order.id}</a></td>
        <td>!${stateBadge(t, order.state)}</td>
        <td>${order.recipient_name}<br /><span class="hint">${order.recipient_cellphone}</span></td>
        <td>${order.member_id ?? t('guest')}</td>
        <td class="wraps">${order.items.map((item) => item.product_name).join(', ')}</td>
        <td>
          ${order.shipments.map((shipment) => `${shipment.carrier_name} ${shipment.tracking_number}`).join(', ')}
        </td>
        <td>${when(order.requested_at)}</td>
      </tr>`,
  );
  return tableCard(
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

/** A review as its item's row and the page's notice say it: its kind and the points it earned. */
export function reviewSaid(t: ConsoleT, review: ItemReview): string {
  const kind = t(`review_${review.kind}`);
  return review.points === null
    ? t('reviewedGuest', { kind })
    : t('reviewedPoints', { kind, count: review.points });
}

/** An item of an order, with its review: done, or the form to simulate one once the order is applied. */
function itemRow(
  t: ConsoleT,
  order: LocalOrder,
  item: LocalOrder['items'][number],
  reviewed: ItemReview | undefined,
): string {
  const review = reviewed
    ? html`<span class="ok">✓ ${reviewSaid(t, reviewed)}</span>`
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
  const options = item.product_option.join(', ');
  return html`<tr>
    <td data-label="${t('idHeader')}">${item.id}</td>
    <td class="wraps" data-label="${t('productHeader')}">
      <div>${item.product_name}<br /><span class="hint url">${item.product_image_url}</span></div>
    </td>
    <td class="wraps${options === '' ? ' empty' : ''}" data-label="${t('optionsHeader')}">${options}</td>
    <td data-label="${t('reviewHeader')}">!${review}</td>
  </tr>`;
}

/** The bot's messages about an order, saying so when only the first of them are shown. */
function orderMessages(
  t: ConsoleT,
  order: LocalOrder,
  messages: { results: readonly BotMessage[]; has_more: boolean },
): string {
  if (messages.results.length === 0) return html`<p>${t('noMessages')}</p>`;
  const cut = messages.has_more
    ? html`<p class="hint">${t('orderMessagesCut', { shown: messages.results.length, id: order.id })}</p>`
    : '';
  return html`!${cut}
    <ol class="phone">
      !${messages.results.map((message) => bubble(t, message)).join('')}
    </ol>`;
}

export function orderBody(
  t: ConsoleT,
  order: LocalOrder,
  messages: { results: readonly BotMessage[]; has_more: boolean },
  reviewed: ReadonlyMap<string, ItemReview>,
  notice: string | undefined,
): string {
  const items = order.items.map((item) => itemRow(t, order, item, reviewed.get(item.id)));
  const shipments = order.shipments.map(
    (shipment) =>
      html`<tr>
        <td data-label="${t('carrierHeader')}">${shipment.carrier_name}</td>
        <td data-label="${t('trackingHeader')}">${shipment.tracking_number}</td>
        <td data-label="${t('itemsHeader')}">${shipment.order_item_ids.join(', ')}</td>
        <td data-label="${t('createdHeader')}">${when(shipment.created_at)}</td>
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
      !${dataTable([t('idHeader'), t('productHeader'), t('optionsHeader'), t('reviewHeader')], items, {
        className: `${RECORDS} stacked`,
      })}
      <h2>${t('shipmentHistory')}</h2>
      !${
        shipments.length === 0
          ? html`<p>${t('noShipments')}</p>`
          : dataTable(
              [t('carrierHeader'), t('trackingHeader'), t('itemsHeader'), t('createdHeader')],
              shipments,
              { className: `${RECORDS} stacked` },
            )
      }
      <h2>${t('messagesTitle')}</h2>
      !${orderMessages(t, order, messages)}
    </section>`;
}

import { html } from 'ghtml';
import type { BotMessage } from '../../contract/local/index.js';
import type { ConsoleT } from '../texts.js';
import { PREFIX, when } from './layout.js';

/** One message as the buyer's phone shows it: kind, text, products with their images, when. */
export function bubble(t: ConsoleT, message: BotMessage): string {
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

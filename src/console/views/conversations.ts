import { html } from 'ghtml';
import type { BotMessage } from '../../contract/local/index.js';
import type { ConsoleT } from '../texts.js';
import { PREFIX } from './layout.js';
import { bubble } from './bubble.js';

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

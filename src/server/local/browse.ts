import type { BotMessage, LocalJob, LocalOrder, LocalProduct, LocalReview } from '../../contract/index.js';
import { wholeNumber } from '../../contract/local/queries.js';
import { homeDigits } from '../../util/phone.js';
import { messageView, type BotSettings } from '../bot/messages.js';
import type { QueueWorker } from '../queue/worker.js';
import type { ConversationSearch } from '../storage/conversations.js';
import type { MessageRow } from '../storage/messages.js';
import type { ItemReview } from '../storage/reviews.js';
import type { Store } from '../storage/store.js';
import { jobView, orderView, productView, reviewView } from './views.js';
import { positionOf, productPositionOf, readNumberedPosition, readPosition } from './position.js';

/** How many rows a page of the console shows. */
export const PAGE_SIZE = 50;

/** A page of a list, newest first: its rows, how many there are in all, and where the next page begins. */
export interface Page<T> {
  rows: T[];
  total: number;
  /** The `before` of the next (older) page; undefined on the last. */
  next: string | undefined;
}

/** A buyer the bot writes to: the recipient and phone its messages go to. */
export interface Conversation {
  key: string;
  name: string;
  cellphone: string;
  messages: number;
  last: number;
}

/** How many messages of a conversation a page shows, of those sent and of those scheduled. */
export const CONVERSATION_PAGE = 100;

/** A page of one buyer's conversation. */
export interface ConversationPage {
  name: string;
  cellphone: string;
  /** Sent messages, oldest first: the latest, or those before the position asked for. */
  sent: BotMessage[];
  /** The soonest scheduled messages. */
  scheduled: BotMessage[];
  counts: { sent: number; scheduled: number };
  /** Where the older sent messages go on (`before`), when there are more. */
  older: string | undefined;
  /** Whether the page ends with the latest message sent. */
  latest: boolean;
}

/** A conversation's key in an address: its recipient and phone. */
export const conversationKey = (name: string, cellphone: string) =>
  Buffer.from(JSON.stringify([name, cellphone])).toString('base64url');

function fromKey(key: string): [string, string] | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(key, 'base64url').toString()) as unknown;
    // Two texts, as a conversation's key is made; a NUL is in no recipient (the contract refuses it).
    return Array.isArray(parsed) &&
      parsed.length === 2 &&
      parsed.every((part) => typeof part === 'string' && !part.includes('\u0000'))
      ? (parsed as [string, string])
      : undefined;
  } catch {
    return undefined;
  }
}

/** A page's `before` as the /local queries read a number (`wholeNumber`). */
const BEFORE = wholeNumber();

/**
 * A number from a page's `before`, or undefined (the first page): digits only, and no larger than a
 * number both engines hold exactly (a larger one is past every row anyway).
 */
export function beforeNumber(before: string | undefined): number | undefined {
  const read = before === undefined ? undefined : BEFORE.safeParse(before);
  return read?.success ? read.data : undefined;
}

/** What a search says to look for: the text, and a phone's home digits when it has at least four. */
export function searchOf(query: string): ConversationSearch | undefined {
  const text = query.trim();
  if (text === '') return undefined;
  const digits = homeDigits(text);
  return digits.length >= 4 ? { text, digits } : { text };
}

/**
 * The console's reads: each list a page at a time, newest first, with its total (no list is cut
 * silently however long it grows), and the bot's conversations grouped and searched by the database.
 */
export class Browse {
  readonly #store: Store;
  readonly #bot: BotSettings;
  readonly #worker: QueueWorker;

  constructor(options: { store: Store; bot: BotSettings; worker: QueueWorker }) {
    this.#store = options.store;
    this.#bot = options.bot;
    this.#worker = options.worker;
  }

  async orders(merchantId: string, before?: string): Promise<Page<LocalOrder>> {
    const rows = await this.#store.orders.newest(merchantId, beforeNumber(before), PAGE_SIZE + 1);
    const views: LocalOrder[] = [];
    for (const row of rows.slice(0, PAGE_SIZE)) {
      const view = await orderView(this.#store, this.#bot, merchantId, row.id);
      if (view) views.push(view);
    }
    const last = rows[PAGE_SIZE - 1];
    return {
      rows: views,
      total: await this.#store.orders.count(merchantId),
      next: rows.length > PAGE_SIZE && last ? String(last.job_seq) : undefined,
    };
  }

  async products(merchantId: string, before?: string): Promise<Page<LocalProduct>> {
    const rows = await this.#store.products.newest(merchantId, readPosition(before), PAGE_SIZE + 1);
    const last = rows[PAGE_SIZE - 1];
    return {
      rows: rows.slice(0, PAGE_SIZE).map(productView),
      total: await this.#store.products.count(merchantId),
      next: rows.length > PAGE_SIZE && last ? productPositionOf(last) : undefined,
    };
  }

  async jobs(merchantId: string, before?: string): Promise<Page<LocalJob>> {
    const rows = await this.#store.jobs.newest(merchantId, beforeNumber(before), PAGE_SIZE + 1);
    const last = rows[PAGE_SIZE - 1];
    return {
      rows: rows.slice(0, PAGE_SIZE).map((job) => jobView(job, this.#worker.dueAt(job))),
      total: await this.#store.jobs.count(merchantId),
      next: rows.length > PAGE_SIZE && last ? String(last.seq) : undefined,
    };
  }

  async reviews(merchantId: string, before?: string): Promise<Page<LocalReview>> {
    const rows = await this.#store.reviews.newest(merchantId, beforeNumber(before), PAGE_SIZE + 1);
    const last = rows[PAGE_SIZE - 1];
    return {
      rows: rows.slice(0, PAGE_SIZE).map(reviewView),
      total: await this.#store.reviews.count(merchantId),
      next: rows.length > PAGE_SIZE && last ? String(last.id) : undefined,
    };
  }

  /** A page of the buyers the bot writes to, the latest conversation first, matching `query`. */
  async conversations(
    merchantId: string,
    query: string,
    page: number,
  ): Promise<Page<Conversation> & { page: number }> {
    const search = searchOf(query);
    const rows = await this.#store.conversations.list(merchantId, search, {
      offset: (page - 1) * PAGE_SIZE,
      limit: PAGE_SIZE + 1,
    });
    return {
      rows: rows.slice(0, PAGE_SIZE).map((row) => ({
        key: conversationKey(row.name, row.cellphone),
        name: row.name,
        cellphone: row.cellphone,
        messages: Number(row.messages),
        last: Number(row.last),
      })),
      total: await this.#store.conversations.count(merchantId, search),
      next: rows.length > PAGE_SIZE ? String(page + 1) : undefined,
      page,
    };
  }

  /** Which items of an order were reviewed (by item id), how, and the points each review earned. */
  async reviewedItems(
    merchantId: string,
    order: { items: readonly { id: string }[] },
  ): Promise<Map<string, ItemReview>> {
    const itemIds = order.items.map((item) => item.id);
    const reviewed = await this.#store.reviews.reviewedOf(merchantId, itemIds);
    return new Map(reviewed.map((review) => [review.item_id, review]));
  }

  /**
   * The messages to one buyer (by the key of its conversation): a page of those sent, oldest first, the
   * latest (or those before `before`, a message's `due:id`), and the soonest scheduled, with how many
   * there are of each.
   */
  async conversation(
    merchantId: string,
    key: string,
    before?: string,
  ): Promise<ConversationPage | undefined> {
    const recipient = fromKey(key);
    if (!recipient) return undefined;
    const [name, cellphone] = recipient;
    const buyer = { name, cellphone };
    const counts = await this.#store.conversations.counts(merchantId, buyer);
    if (counts.sent + counts.scheduled === 0) return undefined;
    const from = readNumberedPosition(before);
    const conversations = this.#store.conversations;
    const sent = await conversations.messages(merchantId, buyer, {
      status: 'sent',
      before: from,
      limit: CONVERSATION_PAGE + 1,
    });
    const scheduled = await conversations.messages(merchantId, buyer, {
      status: 'scheduled',
      limit: CONVERSATION_PAGE,
    });
    const shown = sent.slice(0, CONVERSATION_PAGE);
    const oldest = shown.at(-1);
    return {
      name,
      cellphone,
      sent: await this.#views(shown.reverse()),
      scheduled: await this.#views(scheduled),
      counts,
      older: sent.length > CONVERSATION_PAGE && oldest ? positionOf(oldest.due_at, oldest.id) : undefined,
      latest: from === undefined,
    };
  }

  async #views(rows: readonly MessageRow[]): Promise<BotMessage[]> {
    const views: BotMessage[] = [];
    for (const row of rows) views.push(await messageView(this.#store, this.#bot, row));
    return views;
  }
}

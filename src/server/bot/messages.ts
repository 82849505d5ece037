import { DAY_MS, SELF_DELIVERY, type BotMessage, type Carrier } from '../../contract/index.js';
import type { MessageRow } from '../storage/messages.js';
import type { Store } from '../storage/store.js';
import type { MerchantTime } from '../clock.js';
import { messageText } from './texts.js';

/** How the bot times its messages. */
export interface BotSettings {
  /** Days from a carrier shipment to its (simulated) delivery, when the review request is due. */
  deliveryDays: number;
  carriers: ReadonlyMap<string, Carrier>;
}

/**
 * Plans the messages of an applied shipment. A carrier shipment: the shipping notice now, and a review
 * request once it is delivered. Self delivery: one purchase-thanks message, due the merchant's N days
 * after the order's creation request.
 */
export async function scheduleShipmentMessages(
  store: Store,
  settings: BotSettings,
  merchantId: string,
  shipmentId: number,
  now: number,
): Promise<void> {
  const shipment = await store.shipments.get(shipmentId);
  const order = shipment && (await store.orders.get(merchantId, shipment.order_id));
  if (!shipment || !order) return;
  const base = { merchant_id: merchantId, order_id: order.id, shipment_id: shipmentId };
  if (shipment.company_code === SELF_DELIVERY) {
    if ((await store.messages.ofKind(merchantId, order.id, 'thanks')).length > 0) return;
    const days = (await store.merchants.findById(merchantId))?.thanks_delay_days ?? 0;
    await store.messages.schedule({ ...base, kind: 'thanks', due_at: order.requested_at + days * DAY_MS });
    return;
  }
  await store.messages.schedule({ ...base, kind: 'shipment', due_at: now });
  await store.messages.schedule({
    ...base,
    kind: 'review_request',
    due_at: now + settings.deliveryDays * DAY_MS,
  });
}

/**
 * A message as the buyer reads it, from what is stored now: the recipient (a PATCH before sending counts),
 * the products of the shipment's items with their current names and images, the carrier.
 */
export async function renderMessage(
  store: Store,
  settings: BotSettings,
  message: MessageRow,
): Promise<BotMessage> {
  const order = await store.orders.get(message.merchant_id, message.order_id);
  const shipment = await store.shipments.get(message.shipment_id);
  const itemIds = shipment ? await store.shipments.itemIds(shipment.id) : [];
  const items: BotMessage['items'] = [];
  for (const itemId of itemIds) {
    const item = await store.orders.getItem(message.merchant_id, itemId);
    const product = item && (await store.products.get(message.merchant_id, item.product_id));
    items.push({
      item_id: itemId,
      product_id: item?.product_id ?? '',
      product_name: product?.name ?? item?.product_name ?? '',
      image_url: product?.image_url ?? item?.product_image_url ?? '',
      options: item?.product_option ? (JSON.parse(item.product_option) as string[]) : [],
    });
  }
  const selfDelivery = shipment?.company_code === SELF_DELIVERY;
  const carrier =
    shipment && !selfDelivery
      ? {
          code: shipment.company_code,
          name: settings.carriers.get(shipment.company_code)?.name ?? shipment.company_code,
        }
      : null;
  const to = { name: order?.recipient_name ?? '', cellphone: order?.recipient_cellphone ?? '' };
  return {
    id: message.id,
    order_id: message.order_id,
    kind: message.kind,
    status: message.sent_at === null ? 'scheduled' : 'sent',
    due_at: new Date(message.due_at).toISOString(),
    sent_at: message.sent_at === null ? null : new Date(message.sent_at).toISOString(),
    to,
    text: messageText(
      message.kind,
      { name: to.name, member: Boolean(order?.member_id) },
      carrier && shipment ? { name: carrier.name, tracking: shipment.tracking_number } : undefined,
    ),
    items,
    carrier,
    tracking_number: shipment && !selfDelivery ? shipment.tracking_number : null,
  };
}

/** A message for the outbox listing: as it was sent, or a preview while it waits. */
export async function messageView(
  store: Store,
  settings: BotSettings,
  message: MessageRow,
): Promise<BotMessage> {
  return message.content === null
    ? renderMessage(store, settings, message)
    : (JSON.parse(message.content) as BotMessage);
}

/**
 * The outbox's part of each worker pass: "sends" every message that is due (nothing leaves the machine;
 * the message is rendered and kept as sent) and says when the next one is due.
 */
export class Outbox {
  readonly #store: Store;
  readonly #settings: BotSettings;
  readonly #onSent: (tx: Store, merchantId: string, message: BotMessage) => void;
  sent = 0;

  constructor(
    store: Store,
    settings: BotSettings,
    onSent: (tx: Store, merchantId: string, message: BotMessage) => void = () => {},
  ) {
    this.#store = store;
    this.#settings = settings;
    this.#onSent = onSent;
  }

  /**
   * Sends what is due by each merchant's clock in batches, each taken and marked sent in one transaction
   * (on PostgreSQL, messages another process is sending are passed over, so each is sent once); says
   * when the next one is due, in real time.
   */
  readonly run = async (time: MerchantTime): Promise<number | undefined> => {
    for (const merchant of await this.#store.merchants.all())
      await this.#sendDue(merchant.id, time.now(merchant.id));
    let next: number | undefined;
    for (const { merchant_id: merchantId, due_at: dueAt } of await this.#store.messages.nextDue()) {
      const real = Number(dueAt) - time.offsetOf(merchantId);
      next = Math.min(next ?? real, real);
    }
    return next;
  };

  async #sendDue(merchantId: string, now: number): Promise<void> {
    for (;;) {
      const sent = await this.#store.transaction(async (tx) => {
        const batch: { merchantId: string; content: BotMessage }[] = [];
        for (const message of await tx.messages.due(merchantId, now, 500)) {
          const content = await renderMessage(tx, this.#settings, message);
          content.status = 'sent';
          content.sent_at = new Date(now).toISOString();
          await tx.messages.markSent(message.id, now, JSON.stringify(content));
          // Told with the transaction that marks it sent: heard once it is, never twice.
          this.#onSent(tx, message.merchant_id, content);
          batch.push({ merchantId: message.merchant_id, content });
        }
        return batch;
      });
      if (sent.length === 0) break;
      this.sent += sent.length;
    }
  }
}

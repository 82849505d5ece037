import { isRelayPhone, type Connector, type PulledLine } from './connector.js';
import { MarketplaceError } from './errors.js';

/** Why lines of an order were not sent to the service. */
export type NotSentReason = 'cancelled' | 'claimed' | 'waiting' | 'relay_phone' | 'no_phone';

export interface NotSent {
  orderId: string;
  lineIds: string[];
  reason: NotSentReason;
  /** For people: the marketplace's state, or the phone. */
  detail: string;
  /** The phone the bot cannot reach (`relay_phone`). */
  phone?: string;
}

/** An order as the service takes it (the same JSON `intake order create` reads). */
export interface PulledOrder {
  id: string;
  recipient_name: string;
  recipient_cellphone: string;
  items: {
    id: string;
    product: { id: string; name: string; image_url?: string };
    product_option?: string[];
  }[];
}

/** What a pull found: the orders to send, and the lines it did not send, with why. */
export interface PullPlan {
  orders: PulledOrder[];
  notSent: NotSent[];
}

/** What a product is known as locally (the catalog): a name and an image, either possibly missing. */
export type ProductLookup = (productId: string) => { name?: string; image_url?: string } | undefined;

/** The product a line of an order already sent was sent with, when it had a name and an image. */
export type SentProduct = (lineId: string) => { name: string; image_url: string } | undefined;

const NOT_SENT_STATES: ReadonlySet<string> = new Set(['cancelled', 'claimed', 'waiting']);

/**
 * Turns pulled lines into the service's orders: one order per marketplace order, one item per line that
 * is paid (or already sent out); cancelled lines, claims and unpaid lines are reported, not sent. An order
 * whose phone the messaging bot cannot reach (a 050x relay number, or none) is reported whole. Product
 * images come from the catalog (filled from the marketplace's product API beforehand), except for a line
 * of an order sent before (`sent`): a pull reads back over the last one, and an order sent then must be
 * built as it was, or a catalog edit since would make it "differ" from what the service has.
 */
export function planOrders(
  lines: readonly PulledLine[],
  products: ProductLookup,
  sent: SentProduct = () => undefined,
): PullPlan {
  const byOrder = new Map<string, PulledLine[]>();
  for (const line of lines) byOrder.set(line.orderId, [...(byOrder.get(line.orderId) ?? []), line]);
  const orders: PulledOrder[] = [];
  const notSent: NotSent[] = [];
  for (const [orderId, orderLines] of byOrder) {
    const taken = orderLines.filter((line) => !NOT_SENT_STATES.has(line.state));
    for (const reason of ['cancelled', 'claimed', 'waiting'] as const) {
      const left = orderLines.filter((line) => line.state === reason);
      if (left.length > 0) {
        notSent.push({
          orderId,
          lineIds: left.map((line) => line.lineId),
          reason,
          detail: [...new Set(left.map((line) => line.stateText))].join(', '),
        });
      }
    }
    if (taken.length === 0) continue;
    const first = taken[0] as PulledLine;
    const phone = first.recipientPhone.trim();
    if (phone === '' || isRelayPhone(phone)) {
      notSent.push({
        orderId,
        lineIds: taken.map((line) => line.lineId),
        reason: phone === '' ? 'no_phone' : 'relay_phone',
        detail: phone === '' ? 'no phone' : `${phone} is a relay number the messaging bot cannot reach`,
        ...(phone === '' ? {} : { phone }),
      });
      continue;
    }
    orders.push({
      id: orderId,
      recipient_name: first.recipientName,
      recipient_cellphone: phone,
      items: taken.map((line) => {
        const known = sent(line.lineId) ?? products(line.productId);
        const image = known?.image_url;
        return {
          id: line.lineId,
          product: {
            id: line.productId,
            name: known?.name ?? line.productName,
            ...(image ? { image_url: image } : {}),
          },
          ...(line.option ? { product_option: [line.option] } : {}),
        };
      }),
    });
  }
  return { orders, notSent };
}

/**
 * Asks the marketplace's product API about each product of the lines that the catalog has no image for
 * (once per product), and gives what it said to `remember`. A product it does not know, or that has no
 * image, is left for the check to report; a lookup refused for the caller stops the pull.
 */
export async function lookUpProducts(
  connector: Connector,
  lines: readonly PulledLine[],
  known: ProductLookup,
  remember: (products: { id: string; name: string; image_url?: string }[]) => void,
): Promise<{ looked: number; found: number; failed: string[] }> {
  const wanted = new Map<string, string>();
  for (const line of lines) {
    if (NOT_SENT_STATES.has(line.state) || known(line.productId)?.image_url) continue;
    wanted.set(line.productId, line.productRef ?? line.productId);
  }
  const found: { id: string; name: string; image_url?: string }[] = [];
  const failed: string[] = [];
  for (const [id, ref] of wanted) {
    try {
      const facts = await connector.product(ref);
      if (facts)
        found.push({ id, name: facts.name, ...(facts.imageUrl ? { image_url: facts.imageUrl } : {}) });
      else failed.push(id);
    } catch (error) {
      if (error instanceof MarketplaceError && (error.kind === 'blocked' || error.kind === 'auth'))
        throw error;
      failed.push(id);
    }
  }
  if (found.length > 0) remember(found);
  return { looked: wanted.size, found: found.length, failed };
}

import { AbortedError } from '../client/errors.js';
import {
  kstIso,
  type PulledLine,
  type PushLine,
  type PushOutcome,
  type PushOutcomeKind,
} from '../marketplaces/connector.js';
import type { Marketplace } from '../marketplaces/names.js';
import { runWords } from '../marketplaces/run-words.js';
import { terminalLang } from '../util/terminal-lang.js';
import type { PullPlan } from '../marketplaces/pull.js';
import type { MarketplaceState } from '../marketplaces/state.js';
import type { Factory } from './factory.js';
import { dataDir } from './paths.js';

/**
 * The stages of a pull and a push that every front end shares (the CLI's `intake pull|push`, the page of
 * `intake ui`): they draw on the profile through the Factory and say nothing themselves but through `log`.
 */

const DAY_MS = 86_400_000;

export const PUSH_OUTCOMES: readonly PushOutcomeKind[] = [
  'pushed',
  'already_pushed',
  'skipped',
  'refused',
  'failed',
];

/** What a pull found, before anything is sent: its window, the lines, and the orders they make. */
export interface PulledPlan {
  marketplace: Marketplace;
  /** Where the window ends: the cursor once its orders are all answered. */
  until: number;
  lines: PulledLine[];
  plan: PullPlan;
  looked: { looked: number; found: number; failed: string[] };
}

/**
 * Reads the marketplace's lines changed since the cursor (less the connector's overlap; `sinceMs` to
 * choose; a day back the first time), looks up the products the catalog lacks an image for (kept in the
 * catalog), and plans the orders. With `remember`, the lines are kept for `push` to find.
 */
export async function planPull(
  f: Factory,
  marketplace: Marketplace,
  options: { sinceMs?: number; remember: boolean },
): Promise<PulledPlan> {
  const [{ openConnector, openMarketplaceState }, { openCatalog }, { lookUpProducts, planOrders }] =
    await Promise.all([
      import('./marketplaces.js'),
      import('./catalog.js'),
      import('../marketplaces/pull.js'),
    ]);
  const { connector } = await openConnector(f, marketplace);
  const state = await openMarketplaceState(f);
  const catalog = await openCatalog(f);
  try {
    const now = f.now().getTime();
    const cursor = state.cursor(marketplace);
    const from = options.sinceMs ?? (cursor !== undefined ? cursor - connector.overlapMs : now - DAY_MS);
    const words = runWords(terminalLang(f.env));
    f.log.info(words.pulling(marketplace, kstIso(from)));
    const lines = await connector.pull({ from: new Date(from), to: new Date(now) });
    const known = (id: string) => {
      const entry = catalog.get(id);
      return entry
        ? {
            ...(entry.name ? { name: entry.name } : {}),
            ...(entry.image_url ? { image_url: entry.image_url } : {}),
          }
        : undefined;
    };
    const looked = await lookUpProducts(connector, lines, known, (products) =>
      catalog.set(products, marketplace),
    );
    if (looked.looked > 0) {
      f.log.info(words.looked(marketplace, looked.found, looked.looked, looked.failed));
    }
    // An order the service may have (sent before, even without a definite answer) is built with the
    // products it was sent with; any other with the catalog as it is now, which its lines then remember.
    const sent = await ordersSent(
      f,
      lines.map((line) => line.orderId),
    );
    const pinned = state.sentProducts(
      marketplace,
      lines.filter((line) => sent.has(line.orderId)).map((line) => line.lineId),
    );
    const plan = planOrders(lines, known, (lineId) => pinned.get(lineId));
    if (options.remember) {
      const unsent = plan.orders.filter((order) => !sent.has(order.id));
      state.rememberLines(marketplace, lines, wholeProducts(unsent));
    }
    return { marketplace, until: now, lines, plan, looked };
  } finally {
    catalog.close();
    state.close();
  }
}

/**
 * Which of these orders the upload ledger says may be with the service: sent, answered or not, and not
 * refused. Without credentials (a dry run) none was sent.
 */
async function ordersSent(f: Factory, orderIds: Iterable<string>): Promise<Set<string>> {
  const [{ Ledger }, { ledgerTargetIfAny }] = await Promise.all([
    import('../bulk/index.js'),
    import('./ledger-target.js'),
  ]);
  const sent = new Set<string>();
  const target = await ledgerTargetIfAny(f);
  if (target === undefined) return sent;
  const ledger = new Ledger(dataDir(f.env), () => f.now().getTime());
  try {
    ledger.useTarget(target);
    for (const orderId of new Set(orderIds)) {
      const state = ledger.records.get('order', orderId)?.state;
      if (state !== undefined && state !== 'rejected') sent.add(orderId);
    }
    return sent;
  } finally {
    ledger.close();
  }
}

/** The product of each planned line that has both a name and an image, by line id. */
function wholeProducts(orders: PullPlan['orders']): Map<string, { name: string; image_url: string }> {
  const products = new Map<string, { name: string; image_url: string }>();
  for (const order of orders) {
    for (const item of order.items) {
      const { name, image_url: image } = item.product;
      if (name && image) products.set(item.id, { name, image_url: image });
    }
  }
  return products;
}

/** The orders of a plan as NDJSON, the text an upload reads. */
export function ordersText(plan: PullPlan): string {
  return plan.orders.map((order) => JSON.stringify(order)).join('\n') + '\n';
}

/** Every order of the window had its answer: the next pull starts at `until`. */
export async function settlePull(f: Factory, marketplace: Marketplace, until: number): Promise<void> {
  const { openMarketplaceState } = await import('./marketplaces.js');
  const state = await openMarketplaceState(f);
  try {
    state.setCursor(marketplace, until);
  } finally {
    state.close();
  }
}

/**
 * The lines to push: every line pulled from the marketplace that the ledger has a shipment for (sent to
 * the service by this profile), and that is not settled for that number (pushed, or decided).
 */
export async function linesToPush(
  f: Factory,
  marketplace: Marketplace,
  state: MarketplaceState,
): Promise<PushLine[]> {
  const [{ Ledger }, { ledgerTarget }] = await Promise.all([
    import('../bulk/index.js'),
    import('./ledger-target.js'),
  ]);
  const ledger = new Ledger(dataDir(f.env), () => f.now().getTime());
  try {
    ledger.useTarget(await ledgerTarget(f));
    const lines: PushLine[] = [];
    for (const pulled of state.lines(marketplace)) {
      const shipped = ledger.records.shippedItem(pulled.line_id);
      if (!shipped) continue;
      const line = {
        orderId: pulled.order_id,
        lineId: pulled.line_id,
        companyCode: shipped.companyCode,
        trackingNumber: shipped.trackingNumber,
      };
      if (!state.isSettled(marketplace, line)) lines.push(line);
    }
    return lines;
  } finally {
    ledger.close();
  }
}

/** How a push ended: the lines it had, and how many of each outcome. */
export interface PushResult {
  lines: PushLine[];
  counts: Record<PushOutcomeKind, number>;
}

/**
 * Pushes the lines to push, exactly once each: each batch is written `pushing` before its request leaves
 * and its outcomes after (the connector reads the lines again just before). `stopped()` true ends it
 * before the next batch; `told` hears each outcome; `dryRun` only finds the lines.
 */
export async function pushPulled(
  f: Factory,
  marketplace: Marketplace,
  hooks: { dryRun?: boolean; stopped?: () => boolean; told?: (outcome: PushOutcome) => void } = {},
): Promise<PushResult> {
  const { openConnector, openMarketplaceState } = await import('./marketplaces.js');
  const state = await openMarketplaceState(f);
  const counts = Object.fromEntries(PUSH_OUTCOMES.map((kind) => [kind, 0])) as Record<
    PushOutcomeKind,
    number
  >;
  try {
    const lines = await linesToPush(f, marketplace, state);
    if (lines.length === 0 || hooks.dryRun) return { lines, counts };
    const { connector } = await openConnector(f, marketplace);
    f.log.info(runWords(terminalLang(f.env)).pushing(marketplace, lines.length));
    await connector.push(lines, {
      sending: (batch) => {
        // A stop: what is on the wire finishes; nothing more leaves.
        if (hooks.stopped?.()) throw new AbortedError({ notTaken: true });
        state.sending(marketplace, batch);
      },
      outcomes: (outcomes) => {
        state.outcomes(marketplace, outcomes);
        for (const outcome of outcomes) {
          counts[outcome.outcome] += 1;
          hooks.told?.(outcome);
        }
      },
    });
    return { lines, counts };
  } finally {
    state.close();
  }
}

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Factory } from '../../cli/factory.js';
import { withPageCredentials } from './credentials.js';
import { readingKeys } from './keep-keys.js';
import { marketplaceKeys } from './marketplace-keys.js';
import { keyExpiry } from '../../marketplaces/key-expiry.js';
import { MARKETPLACES, type Marketplace } from '../../marketplaces/names.js';
import type { MarketplaceServices, PushedLine } from '../../ui/state.js';
import type { UploadSession } from '../../ui/session.js';

/** What the page of `intake ui` asks of the marketplaces, through the same stages as `intake pull|push`. */
export function marketplaceServices(f: Factory): MarketplaceServices {
  const runs = () => import('../../cli/marketplace-runs.js');
  return {
    async list() {
      const [{ keptKeys }, { openMarketplaceState }] = await Promise.all([
        import('../../cli/marketplace-credentials.js'),
        import('../../cli/marketplaces.js'),
      ]);
      const state = await openMarketplaceState(f);
      try {
        return await Promise.all(
          MARKETPLACES.map(async (name) => {
            const lastPull = state.cursor(name);
            const kept = await keptKeys(f, name);
            if ('unreadable' in kept) {
              return { name, from: undefined, lastPull, notices: [], unreadable: kept.unreadable.why };
            }
            const { found } = kept;
            const { notices } = found ? keyExpiry(name, found.value, f.now().getTime()) : { notices: [] };
            return { name, from: found?.where, lastPull, notices };
          }),
        );
      } finally {
        state.close();
      }
    },
    async pull(marketplace, dir) {
      const { planPull, ordersText } = await runs();
      const pulled = await withPageCredentials(async () => {
        await f.credentials();
        return readingKeys(() => planPull(f, marketplace, { remember: true }));
      });
      const { plan } = pulled;
      let path: string | undefined;
      if (plan.orders.length > 0) {
        path = join(dir, `${marketplace}-orders.ndjson`);
        await writeFile(path, ordersText(plan), { mode: 0o600 });
      }
      return {
        path,
        orders: plan.orders.length,
        lines: pulled.lines.length,
        notSent: plan.notSent,
        until: pulled.until,
      };
    },
    async settle(marketplace, until) {
      const { settlePull } = await runs();
      await settlePull(f, marketplace, until);
    },
    async push(marketplace) {
      const { pushPulled } = await runs();
      const lines: PushedLine[] = [];
      // The ledger of the profile's account says what was sent: its credentials first.
      const { counts } = await withPageCredentials(async () => {
        await f.credentials();
        return readingKeys(() =>
          pushPulled(f, marketplace, {
            told: (outcome) =>
              lines.push({
                orderId: outcome.line.orderId,
                lineId: outcome.line.lineId,
                trackingNumber: outcome.line.trackingNumber,
                outcome: outcome.outcome,
                message: outcome.message,
              }),
          }),
        );
      });
      return { lines, counts };
    },
    ...marketplaceKeys(f),
  };
}

/** Once a pull's orders were all answered (none failed), the next pull starts where it ended. */
export async function settleIfPulled(services: MarketplaceServices, session: UploadSession): Promise<void> {
  const pulled = session.options.pulled;
  const send = session.send;
  if (!pulled || send?.state !== 'finished' || (send.counts.failed ?? 0) > 0) return;
  await services.settle(pulled.marketplace as Marketplace, pulled.until);
}

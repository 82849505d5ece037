import type { ServiceContext } from '../context.js';
import type { Arrival } from '../ingest/accept.js';

/**
 * Stores a create through the group commit and wakes the worker for when it is due. Resolves once the
 * create is committed, so the caller answers 202 only for what is on disk.
 */
export async function accepted(
  service: ServiceContext,
  merchantId: string,
  accept: (arrival: Arrival) => number,
): Promise<void> {
  const arrival: Arrival = { merchantId, now: 0, delayFraction: Math.random() };
  await service.ingest.run(() => {
    arrival.now = service.clock.now();
    return accept(arrival);
  });
  service.worker.notify(
    service.worker.dueAt({ received_at: arrival.now, delay_fraction: arrival.delayFraction }),
  );
}
